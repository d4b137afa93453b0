#!/usr/bin/env bash
# Load benchmark (`make bench-load`, as root): the site under gunicorn on a throwaway PostgreSQL
# server, driven by wrk from this machine as many phones at once:
#   A        the public standings page of a 250-team tournament after two played rounds;
#   B-get    the tables' private links, GET only (phones looking at their table);
#   B-entry  the tables' private links, GET the page then POST the sheet; the first POST per
#            table wins, every later one gets 409 "already submitted" by design (not an error).
#   C-50, C-200  results arriving, as on the day, from 50 and from 200 phones: three quarters of
#            the connections on the public standings, a quarter on the table links (4 GETs to one
#            POST of a sheet; two wrk processes at once), while scripts/bench_results_arriving.py
#            submits and confirms one sheet a second on the last tables of round 3 (nobody else
#            posts to them) and polls the public page every 50 ms: the delay from the confirm's
#            answer to the first page showing the table's teams with their new totals, and the
#            pages asked more than 2 s after a confirmation that still lack it. The phones read
#            between requests (scripts/wrk/think.lua), their mean pause sized so that together
#            they ask about the day's load, BENCH_STANDINGS_RATE (350) standings and
#            BENCH_TABLES_RATE (60) table link requests a second: a bit less, as each phone also
#            waits for its answers (the slower the server, the fewer requests), a bit more on the
#            table links, whose long pauses the 1.5 s cap shortens.
#   C-200-flat   the same with no think time: every connection asks again the moment it has its
#            answer. Not the day (200 phones reloading without pause); printed for reference, the
#            most the machine serves, where by Little's law p95 is at least 200 / requests a second.
#   P        500 phones polling the public standings every 30 s, open loop, a new connection per
#            poll, each sending the ETag of its own last answer (scripts/bench_polls.py), while the
#            driver confirms a result a second for 60 s, then 60 s without results: p50/p95 and the
#            share of 304 Not Modified, in a tournament of its own.
# Prints requests/s, p50/p95/p99 latency and errors per scenario and URL set, the delays, met or
# missed per target, and at the very end one `BENCH_RESULT {json}` line per target
# (scripts/bench_load_summary.py). A missed target still exits 0 (this is a measurement); a
# failing setup exits non-zero.
# The server is the one `manage.py serve` runs on the day (keezen_site/gunicorn_conf.py: gthread,
# keep-alive). Knobs (environment): BENCH_WORKERS, BENCH_THREADS (that file's), BENCH_DURATION
# (20s: scenarios A, B-entry and the results-arriving runs), BENCH_TEAMS (250),
# BENCH_STANDINGS_RATE (350) and BENCH_TABLES_RATE (60) (the day's load in the paced
# results-arriving runs, requests a second), BENCH_SCENARIOS ("A B C").
# Why not sync workers, which gave tighter latencies flat out: phones read between requests and
# keep their connection; a sync worker closes each one (no keep-alive), so wrk cannot pace
# phones on it, and a slow phone on the venue's Wi-Fi would hold a whole worker.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
PG_MAJOR=15
export DEBIAN_FRONTEND=noninteractive
# shellcheck source=.ci/pg.sh
. "$ROOT/.ci/pg.sh"  # pg_install, pg_start, pg_stop, free_port

PY=$ROOT/.venv/bin/python
CORES=$(nproc)
# The server the day runs (keezen_site/gunicorn_conf.py: gthread, cores + 1 processes, 4 threads,
# keep-alive 5 s); BENCH_WORKERS and BENCH_THREADS override its processes and threads.
export KEEZEN_WORKERS=${BENCH_WORKERS:-${KEEZEN_WORKERS:-}}
export KEEZEN_THREADS=${BENCH_THREADS:-${KEEZEN_THREADS:-}}
WORKERS=$("$PY" -c 'import runpy; print(runpy.run_path("keezen_site/gunicorn_conf.py")["workers"])')
THREADS=$("$PY" -c 'import runpy; print(runpy.run_path("keezen_site/gunicorn_conf.py")["threads"])')
# Scenarios to run (A, B, C, P, H: all by default; e.g. BENCH_SCENARIOS=C for the results arriving
# only, BENCH_SCENARIOS=H for the two hosts only).
SCENARIOS=${BENCH_SCENARIOS:-A B C P H}
wanted() { [[ " $SCENARIOS " == *" $1 "* ]]; }
# Only the paced runs set WRK_THINK_MS (scripts/wrk/think.lua); one from outside would pace all.
unset WRK_THINK_MS
DURATION=${BENCH_DURATION:-20s}
TEAMS=${BENCH_TEAMS:-250}
STANDINGS_RATE=${BENCH_STANDINGS_RATE:-350}
TABLES_RATE=${BENCH_TABLES_RATE:-60}
# Results arriving: NAME:CONNECTIONS:PACING per run (paced: phones that read; flat: no pause);
# a quarter of the connections on the table links.
ARRIVING="C-50:50:paced C-200:200:paced C-200-flat:200:flat"
wanted C || ARRIVING=""

section() { printf '\n==================== %s ====================\n' "$*"; }
took() { printf -- '---- %s took %ds\n' "$1" "$(( SECONDS - $2 ))"; }
BEGAN=$SECONDS

GUNICORN_PID=""
LAYOUT_PID=""  # scenario H: python -m devtools.servers bench (Redis, the worker, the hosts, nginx)
WRK_PID=""
BG_PIDS=()  # the processes of a results-arriving run (two wrk and the driver)
BENCH_TMP=""

cleanup() {
    status=$?
    set +e
    [ "$status" -ne 0 ] && echo "error: the load benchmark failed (exit status $status)" >&2
    [ -n "$WRK_PID" ] && kill -TERM "$WRK_PID" 2>/dev/null && wait "$WRK_PID" 2>/dev/null
    for pid in "${BG_PIDS[@]}"; do
        kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
    done
    [ -n "$LAYOUT_PID" ] && kill -TERM "$LAYOUT_PID" 2>/dev/null && wait "$LAYOUT_PID" 2>/dev/null
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
    # The machine-readable lines last of all, after the servers' goodbyes.
    [ "$status" -eq 0 ] && [ -n "$BENCH_TMP" ] && [ -s "$BENCH_TMP/bench_results" ] && cat "$BENCH_TMP/bench_results"
    [ -n "$BENCH_TMP" ] && rm -rf "$BENCH_TMP"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---------------------------------------------------------------------------------------------
section "Setup"
start=$SECONDS
# Other work on the machine changes every figure: shown again in the summary.
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
if ! command -v wrk >/dev/null; then
    echo "wrk not found; installing Debian's wrk"
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends wrk </dev/null >/dev/null
fi
pg_install
BENCH_TMP=$(mktemp -d /tmp/keezen-bench.XXXXXX)
# Every gunicorn worker (each thread, with gthread) keeps its own connection (CONN_MAX_AGE):
# leave room for all of them, and for manage.py.
# Scenario H adds two hosts and a worker, each process with a pool of up to THREADS + 4.
MAX_CONNECTIONS=$(( WORKERS * (THREADS + 4) * 3 + 50 ))
pg_start keezen-bench-pg keezen "-c max_connections=$MAX_CONNECTIONS -c shared_buffers=128MB"

export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/keezen"
export ALLOWED_HOSTS=127.0.0.1,localhost
# Automatic backups run as on the day (after every result), into the throwaway folder.
export KEEZEN_BACKUP_DIR="$BENCH_TMP/backups"
unset DJANGO_DEBUG
"$PY" manage.py migrate --noinput -v 0
"$PY" manage.py collectstatic --noinput -v 0
"$PY" manage.py bench_load_data --teams "$TEAMS" --out "$BENCH_TMP/data.json"

# The tables for wrk's Lua and the results-arriving driver's own (scripts/bench_load_tables.py).
# shellcheck disable=SC2046
"$PY" scripts/bench_load_tables.py "$BENCH_TMP" "$DURATION" $(for run in $ARRIVING; do echo "${run%%:*}"; done)
STANDINGS_PATH=$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["standings_url"])' "$BENCH_TMP/data.json")
TABLE_COUNT=$("$PY" -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["tables"]))' "$BENCH_TMP/data.json")
WRK_TABLE_COUNT=$(grep -c 'token =' "$BENCH_TMP/tables-wrk.lua")

PORT=$(free_port)
BASE=http://127.0.0.1:$PORT
GUNICORN_ARGS=(keezen_site.wsgi --config keezen_site/gunicorn_conf.py --bind "127.0.0.1:$PORT"
               --error-logfile - --log-level warning)
SERVER="gunicorn, $WORKERS workers (gthread, $THREADS threads each, keep-alive 5 s)"
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
# Every phone's browser asks for compressed answers; the public standings answer them gzip-compressed
# (tournaments/services/published_standings.py). The table links' own requests
# (scripts/wrk/table_entry.lua) carry no such header: their pages are never compressed.
PHONE_ENCODING="Accept-Encoding: gzip, deflate"
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
wrk_to "$BENCH_TMP/warm-A.out" -t2 -c16 -d3s "$BASE$STANDINGS_PATH"  # warm up every worker
if wanted A; then
    section "Scenario A: public standings ($TEAMS teams), 64 connections, $DURATION"
    run_wrk A -t2 -c64 -d"$DURATION" --latency -H "$PHONE_ENCODING" -s scripts/wrk/report.lua "$BASE$STANDINGS_PATH"
fi

# ---------------------------------------------------------------------------------------------
wrk_to "$BENCH_TMP/warm-B.out" -t2 -c16 -d2s -s scripts/wrk/table_entry.lua "$BASE" -- "$BENCH_TMP/tables.lua" get "$PORT"
if wanted B; then
    section "Scenario B-get: table links, GET only ($TABLE_COUNT tables), 64 connections, 10s"
    run_wrk B-get -t2 -c64 -d10s --latency -s scripts/wrk/table_entry.lua "$BASE" -- "$BENCH_TMP/tables.lua" get "$PORT"

# ---------------------------------------------------------------------------------------------
    section "Scenario B-entry: table links, GET + POST sheet ($WRK_TABLE_COUNT tables), 64 connections, $DURATION"
    run_wrk B-entry -t2 -c64 -d"$DURATION" --latency -s scripts/wrk/table_entry.lua "$BASE" -- "$BENCH_TMP/tables-wrk.lua" mixed "$PORT"
fi

# ---------------------------------------------------------------------------------------------
# Results arriving: two wrk at once (standings; table links) and the driver, all in the
# background (so that Ctrl-C stops them at once, see wrk_to); then their outputs in turn.
# arriving NAME TOTAL PACING BASE PORT DIR STANDINGS_PATH [SCHEME [HEADER]]: one run against BASE,
# with DIR's tables (tables-wrk.lua, driver-NAME.json); SCHEME is the posts' Referer's (https
# behind nginx), HEADER one more header on every wrk request ("Connection: close": phones that
# reconnect for every request). Its line for the summary is added to ARRIVING_RUNS.
ARRIVING_RUNS=()
arriving() {
    local name=$1 total=$2 pacing=$3 base=$4 port=$5 dir=$6 standings=$7 scheme=${8:-http} header=${9:-}
    local on_tables=$(( total / 4 ))
    local on_standings=$(( total - on_tables ))
    local think_standings=0 think_tables=0 how="no think time: every connection asks again at once"
    local extra=()
    [ -n "$header" ] && extra=(-H "$header")
    if [ "$pacing" = paced ]; then
        think_standings=$(( on_standings * 1000 / STANDINGS_RATE ))
        think_tables=$(( on_tables * 1000 / TABLES_RATE ))
        how="each phone reads a while (mean $think_standings ms on the standings, $think_tables ms on a table link): together about $STANDINGS_RATE + $TABLES_RATE requests/s"
    fi
    [ -n "$header" ] && how="$how; $header"
    ARRIVING_RUNS+=("$name:$total:$on_standings:$on_tables:$think_standings:$think_tables")
    section "Scenario $name: results arriving on $base, 1 confirmation/s; $on_standings connections on the standings, $on_tables on the table links (GET + POST 4:1), $DURATION; $how"
    "$PY" scripts/bench_results_arriving.py "$base" "$standings" "$dir/driver-$name.json" \
        "$BENCH_TMP/$name-driver.json" --duration "$DURATION" --origin "$scheme://127.0.0.1:$port" \
        >"$BENCH_TMP/$name-driver.out" 2>&1 &
    BG_PIDS=($!)
    WRK_THINK_MS=$think_standings wrk -t2 -c"$on_standings" -d"$DURATION" --latency -H "$PHONE_ENCODING" "${extra[@]}" \
        -s scripts/wrk/report.lua "$base$standings" >"$BENCH_TMP/$name-standings.out" 2>&1 &
    BG_PIDS+=($!)
    WRK_THINK_MS=$think_tables wrk -t2 -c"$on_tables" -d"$DURATION" --latency "${extra[@]}" -s scripts/wrk/table_entry.lua \
        "$base" -- "$dir/tables-wrk.lua" some "$port" "$scheme" >"$BENCH_TMP/$name-tables.out" 2>&1 &
    BG_PIDS+=($!)
    local failed="" pid part
    for pid in "${BG_PIDS[@]}"; do
        wait "$pid" || failed=1
    done
    BG_PIDS=()
    for part in standings tables; do
        echo "---- wrk, $part"
        cat "$BENCH_TMP/$name-$part.out"
        grep '^WRK_RESULT ' "$BENCH_TMP/$name-$part.out" > "$BENCH_TMP/$name-$part.result" \
            || { echo "error: wrk printed no WRK_RESULT line for $name ($part)" >&2; exit 1; }
    done
    echo "---- results-arriving driver"
    cat "$BENCH_TMP/$name-driver.out"
    [ -z "$failed" ] && [ -s "$BENCH_TMP/$name-driver.json" ] \
        || { echo "error: the results-arriving run $name failed" >&2; exit 1; }
}
for run in $ARRIVING; do
    IFS=: read -r name total pacing <<<"$run"
    arriving "$name" "$total" "$pacing" "$BASE" "$PORT" "$BENCH_TMP" "$STANDINGS_PATH"
done

# ---------------------------------------------------------------------------------------------
# Scenario P: phones that poll every 30 s and send back their answer's ETag (issue 34).
POLLS_JSON=""
if wanted P; then
    section "Scenario P: 500 phones polling the standings every 30 s with If-None-Match; a result a second for 60 s, then none"
    POLLS_TMP=$BENCH_TMP/polls
    mkdir -p "$POLLS_TMP"
    "$PY" manage.py bench_load_data --teams "$TEAMS" --out "$POLLS_TMP/data.json"
    "$PY" scripts/bench_load_tables.py "$POLLS_TMP" 60s P
    POLLS_STANDINGS=$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["standings_url"])' "$POLLS_TMP/data.json")
    "$PY" scripts/bench_results_arriving.py "$BASE" "$POLLS_STANDINGS" "$POLLS_TMP/driver-P.json" \
        "$BENCH_TMP/P-driver.json" --duration 60s --origin "http://127.0.0.1:$PORT" >"$BENCH_TMP/P-driver.out" 2>&1 &
    BG_PIDS=($!)
    "$PY" scripts/bench_polls.py "$BASE" "$POLLS_STANDINGS" "$BENCH_TMP/P-polls.json" --phones 500 --every 30 \
        --duration 120 --busy 60 >"$BENCH_TMP/P-polls.out" 2>&1 &
    BG_PIDS+=($!)
    failed=""
    for pid in "${BG_PIDS[@]}"; do
        wait "$pid" || failed=1
    done
    BG_PIDS=()
    cat "$BENCH_TMP/P-polls.out"
    echo "---- results-arriving driver"
    cat "$BENCH_TMP/P-driver.out"
    [ -z "$failed" ] && [ -s "$BENCH_TMP/P-polls.json" ] || { echo "error: scenario P failed" >&2; exit 1; }
    POLLS_JSON=$BENCH_TMP/P-polls.json
fi

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
# Scenario H: two hosts behind nginx beside one host behind nginx (README, "A large event on
# servers"): keezen serve in server mode on 127.0.0.2 and 127.0.0.3, a worker, Redis, the
# balancers (devtools/servers.py), a tournament of their own; the results-arriving run at 50 and
# 200 phones that reconnect for every request (Connection: close, as phones polling every 30 s
# do), and /robots.txt on the same balancer, flat out, as the most that path serves.
C_RUNS=${#ARRIVING_RUNS[@]}
if wanted H; then
    section "Scenario H: two hosts behind nginx, beside one"
    start=$SECONDS
    HOSTS_TMP=$BENCH_TMP/hosts
    mkdir -p "$HOSTS_TMP"
    if ! command -v redis-server >/dev/null || [ ! -x /usr/sbin/nginx ]; then
        echo "Installing Debian's redis-server and nginx-light"
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends redis-server nginx-light </dev/null >/dev/null
    fi
    "$PY" manage.py bench_load_data --teams "$TEAMS" --out "$HOSTS_TMP/data.json"
    "$PY" scripts/bench_load_tables.py "$HOSTS_TMP" "$DURATION" H1-50 H2-50 H1-200 H2-200
    HOSTS_STANDINGS=$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["standings_url"])' "$HOSTS_TMP/data.json")
    "$PY" -m devtools.servers bench "$HOSTS_TMP/layout" >"$HOSTS_TMP/layout.log" 2>&1 &
    LAYOUT_PID=$!
    for _ in $(seq 1 600); do
        [ -s "$HOSTS_TMP/layout/ports.env" ] && break
        kill -0 "$LAYOUT_PID" 2>/dev/null || { cat "$HOSTS_TMP/layout.log"; echo "error: the two hosts did not start" >&2; exit 1; }
        sleep 0.2
    done
    [ -s "$HOSTS_TMP/layout/ports.env" ] || { echo "error: the two hosts did not start within 120 s" >&2; exit 1; }
    # shellcheck disable=SC1091
    . "$HOSTS_TMP/layout/ports.env"
    echo "One host behind nginx on 127.0.0.1:$ONE_HOST_PORT, two hosts behind nginx on 127.0.0.1:$TWO_HOSTS_PORT"
    # Every process of every host warmed up: a gunicorn process's first requests (its URLs, templates
    # and table of static files made) take seconds, which a cold host's first run counted as timeouts.
    for port in "$ONE_HOST_PORT" "$TWO_HOSTS_PORT"; do
        wrk_to "$BENCH_TMP/warm-H.out" -t2 -c16 -d5s "http://127.0.0.1:$port/robots.txt"
        wrk_to "$BENCH_TMP/warm-H.out" -t2 -c16 -d5s -H "$PHONE_ENCODING" "http://127.0.0.1:$port$HOSTS_STANDINGS"
        wrk_to "$BENCH_TMP/warm-H.out" -t2 -c16 -d3s -s scripts/wrk/table_entry.lua "http://127.0.0.1:$port" -- \
            "$HOSTS_TMP/tables.lua" get "$port" https
    done
    took "Two-host setup" "$start"
    for connections in 50 200; do
        for hosts in 1 2; do
            port=$ONE_HOST_PORT
            [ "$hosts" = 2 ] && port=$TWO_HOSTS_PORT
            section "Scenario R$hosts-$connections: /robots.txt through nginx to $hosts host(s), $connections connections, reconnecting, 10s"
            run_wrk "R$hosts-$connections" -t2 -c"$connections" -d10s --latency -H "Connection: close" -s scripts/wrk/report.lua \
                "http://127.0.0.1:$port/robots.txt"
            arriving "H$hosts-$connections" "$connections" paced "http://127.0.0.1:$port" "$port" "$HOSTS_TMP" \
                "$HOSTS_STANDINGS" https "Connection: close"
        done
    done
    kill -0 "$LAYOUT_PID" 2>/dev/null \
        || { cat "$HOSTS_TMP/layout.log"; echo "error: a part of the two-host layout stopped during the runs" >&2; exit 1; }
    kill -TERM "$LAYOUT_PID" 2>/dev/null && wait "$LAYOUT_PID" 2>/dev/null
    LAYOUT_PID=""
    errors=$(cat "$HOSTS_TMP"/layout/host-*.log "$HOSTS_TMP"/layout/worker.log | grep -c -E '^(Internal Server Error|Traceback)' || true)
    if [ "$errors" -gt 0 ]; then
        echo "---- the hosts and the worker logged $errors errors; the first lines:"
        grep -h -m 10 -A 3 -E '^(Internal Server Error|Traceback)' "$HOSTS_TMP"/layout/host-*.log "$HOSTS_TMP"/layout/worker.log
    fi
fi
HOSTS_RUNS=("${ARRIVING_RUNS[@]:C_RUNS}")
ARRIVING_RUNS=("${ARRIVING_RUNS[@]:0:C_RUNS}")

# ---------------------------------------------------------------------------------------------
section "Summary ($SERVER, PostgreSQL $PG_MAJOR, $CORES cores, wrk on the same machine)"
echo "Load average (1, 5, 15 min) before the benchmark: $LOAD_BEFORE; now: $(cut -d' ' -f1-3 /proc/loadavg)"
"$PY" scripts/bench_load_summary.py "$BENCH_TMP" --teams "$TEAMS" --server "$SERVER, PostgreSQL $PG_MAJOR, $CORES cores" \
    --duration "$DURATION" --arriving "${ARRIVING_RUNS[@]}" --hosts "${HOSTS_RUNS[@]}" ${POLLS_JSON:+--polls "$POLLS_JSON"} \
    --bench-results "$BENCH_TMP/bench_results"
for name in B-get B-entry; do
    if [ -s "$BENCH_TMP/$name.result" ] && [ "$(field "$name" s404)" -gt 0 ]; then
        echo "note: scenario $name got 404 answers: the table links may not exist yet."
    fi
done
took "Load benchmark (end to end)" "$BEGAN"
