#!/usr/bin/env bash
# Load benchmark (`make bench-load`, as root): the site under gunicorn on a throwaway PostgreSQL
# server, driven by wrk from this machine as many phones at once:
#   A        the public standings page of a 250-team tournament after two played rounds;
#   B-get    the tables' private links, GET only (phones looking at their table);
#   B-entry  the tables' private links, GET the page then POST the sheet; the first POST per
#            table wins, every later one gets 409 "already submitted" by design (not an error).
# Prints requests/s, p50/p95/p99 latency and errors per scenario, and the target for A.
# A missed target still exits 0 (this is a measurement); a failing setup exits non-zero.
# Knobs (environment): BENCH_WORKER_CLASS (sync, default, or gthread), BENCH_THREADS (4, gthread
# only), BENCH_WORKERS (2 x cores + 1), BENCH_DURATION (20s, scenario A and B-entry), BENCH_TEAMS (250).
# Why sync: on 2 cores, gthread with 4 threads gave about 20 % more requests/s on the standings
# but a longer tail (p99 up to 530 ms) and wrk timeouts (> 2 s) in every scenario; sync gave no
# errors and tighter latencies.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
PG_MAJOR=15
export DEBIAN_FRONTEND=noninteractive
# shellcheck source=.ci/pg.sh
. "$ROOT/.ci/pg.sh"  # pg_install, pg_start, pg_stop, free_port

PY=$ROOT/.venv/bin/python
CORES=$(nproc)
WORKERS=${BENCH_WORKERS:-$(( 2 * CORES + 1 ))}
WORKER_CLASS=${BENCH_WORKER_CLASS:-sync}
THREADS=${BENCH_THREADS:-4}
DURATION=${BENCH_DURATION:-20s}
TEAMS=${BENCH_TEAMS:-250}
# Targets for scenario A (public standings).
TARGET_RPS=300
TARGET_P95_MS=200

section() { printf '\n==================== %s ====================\n' "$*"; }
took() { printf -- '---- %s took %ds\n' "$1" "$(( SECONDS - $2 ))"; }
BEGAN=$SECONDS

GUNICORN_PID=""
WRK_PID=""
BENCH_TMP=""

cleanup() {
    status=$?
    set +e
    [ "$status" -ne 0 ] && echo "error: the load benchmark failed (exit status $status)" >&2
    [ -n "$WRK_PID" ] && kill -TERM "$WRK_PID" 2>/dev/null && wait "$WRK_PID" 2>/dev/null
    if [ -n "$GUNICORN_PID" ] && kill -0 "$GUNICORN_PID" 2>/dev/null; then
        echo "Stopping gunicorn (pid $GUNICORN_PID)"
        kill -TERM "$GUNICORN_PID" 2>/dev/null
        for _ in $(seq 1 50); do
            kill -0 "$GUNICORN_PID" 2>/dev/null || break
            sleep 0.2
        done
        kill -KILL "$GUNICORN_PID" 2>/dev/null
        wait "$GUNICORN_PID" 2>/dev/null
    fi
    if [ "$status" -ne 0 ] && [ -n "$BENCH_TMP" ] && [ -s "$BENCH_TMP/gunicorn.log" ]; then
        echo "---- last lines of the gunicorn log"
        tail -n 30 "$BENCH_TMP/gunicorn.log"
    fi
    pg_stop "$status"
    [ -n "$BENCH_TMP" ] && rm -rf "$BENCH_TMP"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---------------------------------------------------------------------------------------------
section "Setup"
start=$SECONDS
if ! command -v wrk >/dev/null; then
    echo "wrk not found; installing Debian's wrk"
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends wrk </dev/null >/dev/null
fi
pg_install
BENCH_TMP=$(mktemp -d /tmp/keezen-bench.XXXXXX)
# Every gunicorn worker (each thread, with gthread) keeps its own connection (CONN_MAX_AGE):
# leave room for all of them, and for manage.py.
MAX_CONNECTIONS=$(( WORKERS * THREADS + 50 ))
pg_start keezen-bench-pg keezen "-c max_connections=$MAX_CONNECTIONS -c shared_buffers=128MB"

export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/keezen"
export ALLOWED_HOSTS=127.0.0.1,localhost
unset DJANGO_DEBUG
"$PY" manage.py migrate --noinput -v 0
"$PY" manage.py collectstatic --noinput -v 0
"$PY" manage.py bench_load_data --teams "$TEAMS" --out "$BENCH_TMP/data.json"

# The tables for wrk's Lua (token and codes are letters, digits, '-' and '_').
"$PY" - "$BENCH_TMP/data.json" "$BENCH_TMP/tables.lua" <<'PYEOF'
import json, sys
data = json.load(open(sys.argv[1]))
with open(sys.argv[2], "w") as out:
    out.write("return {\n")
    for t in data["tables"]:
        codes = ", ".join(json.dumps(c) for c in t["codes"])
        out.write(f"  {{token = {json.dumps(t['token'])}, codes = {{{codes}}}}},\n")
    out.write("}\n")
PYEOF
STANDINGS_PATH=$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["standings_url"])' "$BENCH_TMP/data.json")
TABLE_COUNT=$("$PY" -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["tables"]))' "$BENCH_TMP/data.json")

PORT=$(free_port)
BASE=http://127.0.0.1:$PORT
GUNICORN_ARGS=(keezen_site.wsgi --bind "127.0.0.1:$PORT" --workers "$WORKERS" --worker-class "$WORKER_CLASS"
               --error-logfile - --log-level warning)
SERVER="gunicorn, $WORKERS workers ($WORKER_CLASS)"
if [ "$WORKER_CLASS" = gthread ]; then
    GUNICORN_ARGS+=(--threads "$THREADS")
    SERVER="gunicorn, $WORKERS workers (gthread, $THREADS threads each)"
fi
# No access log (gunicorn's default); DJANGO_DEBUG is unset above. Django's log (a warning per
# 404, a traceback per 500) and gunicorn's go to a file, looked at after the run.
"$ROOT/.venv/bin/gunicorn" "${GUNICORN_ARGS[@]}" >"$BENCH_TMP/gunicorn.log" 2>&1 &
GUNICORN_PID=$!
echo "Started $SERVER on $BASE"

ready=""
for _ in $(seq 1 150); do
    kill -0 "$GUNICORN_PID" 2>/dev/null || { echo "error: gunicorn exited" >&2; exit 1; }
    if [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE$STANDINGS_PATH")" = 200 ]; then
        ready=1
        break
    fi
    sleep 0.2
done
[ -n "$ready" ] || { echo "error: $BASE$STANDINGS_PATH did not answer 200 within 30 s" >&2; exit 1; }
page_kb=$(( $(curl -s "$BASE$STANDINGS_PATH" | wc -c) / 1024 ))
table_status=$(curl -s -o /dev/null -w '%{http_code}' "$BASE/s/$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["tables"][0]["token"])' "$BENCH_TMP/data.json")/")
echo "Standings page: HTTP 200, $page_kb KB; a table link answers HTTP $table_status"
if [ "$table_status" = 404 ]; then
    echo "note: the table links /s/<token>/ answer 404 (not there yet?): scenario B measures 404 answers"
fi
took "Setup" "$start"

# wrk in the background, so that Ctrl-C or TERM stops the benchmark at once (bash runs a trap
# only once a foreground command ends, but interrupts `wait`); output in $BENCH_TMP/NAME.out.
wrk_to() {
    local out=$1
    shift
    wrk "$@" >"$out" 2>&1 &
    WRK_PID=$!
    wait "$WRK_PID"
    WRK_PID=""
}
# Runs wrk, shows its output, and keeps its WRK_RESULT line in $BENCH_TMP/NAME.result.
run_wrk() {
    local name=$1
    shift
    wrk_to "$BENCH_TMP/$name.out" "$@"
    cat "$BENCH_TMP/$name.out"
    grep '^WRK_RESULT ' "$BENCH_TMP/$name.out" > "$BENCH_TMP/$name.result" \
        || { echo "error: wrk printed no WRK_RESULT line for $name" >&2; exit 1; }
}
# field NAME KEY: a value of a scenario's WRK_RESULT line.
field() { tr ' ' '\n' < "$BENCH_TMP/$1.result" | sed -n "s/^$2=//p"; }

# ---------------------------------------------------------------------------------------------
section "Scenario A: public standings ($TEAMS teams), 64 connections, $DURATION"
wrk_to "$BENCH_TMP/warm-A.out" -t2 -c16 -d3s "$BASE$STANDINGS_PATH"  # warm up every worker
run_wrk A -t2 -c64 -d"$DURATION" --latency -s scripts/wrk/report.lua "$BASE$STANDINGS_PATH"

# ---------------------------------------------------------------------------------------------
section "Scenario B-get: table links, GET only ($TABLE_COUNT tables), 64 connections, 10s"
wrk_to "$BENCH_TMP/warm-B.out" -t2 -c16 -d2s -s scripts/wrk/table_entry.lua "$BASE" -- "$BENCH_TMP/tables.lua" get "$PORT"
run_wrk B-get -t2 -c64 -d10s --latency -s scripts/wrk/table_entry.lua "$BASE" -- "$BENCH_TMP/tables.lua" get "$PORT"

# ---------------------------------------------------------------------------------------------
section "Scenario B-entry: table links, GET + POST sheet ($TABLE_COUNT tables), 64 connections, $DURATION"
run_wrk B-entry -t2 -c64 -d"$DURATION" --latency -s scripts/wrk/table_entry.lua "$BASE" -- "$BENCH_TMP/tables.lua" mixed "$PORT"

if ! kill -0 "$GUNICORN_PID" 2>/dev/null; then
    echo "error: gunicorn died during the benchmark" >&2
    exit 1
fi
server_errors=$(grep -c -E '^(Internal Server Error|Traceback)' "$BENCH_TMP/gunicorn.log" || true)
worker_trouble=$(grep -c -E 'WORKER TIMEOUT|\[(ERROR|CRITICAL)\]' "$BENCH_TMP/gunicorn.log" || true)
if [ "$server_errors" -gt 0 ] || [ "$worker_trouble" -gt 0 ]; then
    echo "---- the server logged $server_errors errors and $worker_trouble worker problems; the first lines:"
    grep -E -m 20 -A 3 '^(Internal Server Error|Traceback)|WORKER TIMEOUT|\[(ERROR|CRITICAL)\]' "$BENCH_TMP/gunicorn.log"
fi

# ---------------------------------------------------------------------------------------------
section "Summary ($SERVER, PostgreSQL $PG_MAJOR, $CORES cores, wrk on the same machine)"
a_rps=$(field A rps); a_p95=$(field A p95_ms)
a_errors=$(( $(field A non_2xx_3xx) + $(field A socket_errors) ))
verdict() { if [ "$1" = 1 ]; then echo PASS; else echo FAIL; fi; }
rps_ok=$(awk -v v="$a_rps" -v t="$TARGET_RPS" 'BEGIN { print (v >= t) ? 1 : 0 }')
p95_ok=$(awk -v v="$a_p95" -v t="$TARGET_P95_MS" 'BEGIN { print (v <= t) ? 1 : 0 }')
err_ok=$([ "$a_errors" -eq 0 ] && echo 1 || echo 0)

printf '%-10s %9s %9s %9s %9s  %s\n' scenario "req/s" "p50 ms" "p95 ms" "p99 ms" "responses / errors"
printf '%-10s %9s %9s %9s %9s  %s\n' A "$a_rps" "$(field A p50_ms)" "$a_p95" "$(field A p99_ms)" \
    "non-2xx/3xx $(field A non_2xx_3xx), socket errors $(field A socket_errors) (connect $(field A connect), read $(field A read), write $(field A write), timeout $(field A timeout))"
for name in B-get B-entry; do
    printf '%-10s %9s %9s %9s %9s  %s\n' "$name" "$(field "$name" rps)" "$(field "$name" p50_ms)" \
        "$(field "$name" p95_ms)" "$(field "$name" p99_ms)" \
        "2xx $(field "$name" s2xx), 3xx $(field "$name" s3xx), 409 $(field "$name" s409) (expected), 429 $(field "$name" s429), other 4xx $(( $(field "$name" s4xx_other) + $(field "$name" s404) )) (404: $(field "$name" s404)), 5xx $(field "$name" s5xx); errors (5xx + socket) $(( $(field "$name" s5xx) + $(field "$name" socket_errors) ))"
done
echo
echo "Targets, scenario A (public standings):"
printf '  %-28s %-12s %s\n' "≥ $TARGET_RPS requests/s" "$a_rps" "$(verdict "$rps_ok")"
printf '  %-28s %-12s %s\n' "p95 ≤ $TARGET_P95_MS ms" "$a_p95 ms" "$(verdict "$p95_ok")"
printf '  %-28s %-12s %s\n' "no errors" "$a_errors" "$(verdict "$err_ok")"
if [ "$(field B-entry s404)" -gt 0 ] || [ "$(field B-get s404)" -gt 0 ]; then
    echo "note: scenario B got 404 answers: the table links may not exist yet."
fi
took "Load benchmark (end to end)" "$BEGAN"
