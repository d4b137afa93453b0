# A throwaway PostgreSQL server on 127.0.0.1, for .ci/run and scripts/bench_load.sh. Source it
# (bash, as root), then:
#   pg_install               install postgresql-$PG_MAJOR when missing; check the postgres user
#   pg_start PREFIX [DB] [OPTS]
#                            initdb in a new /tmp/PREFIX.XXXXXX, start the server on a free port
#                            with extra server options OPTS ("-c name=value ..."), create database
#                            DB (default keezen) and print its version. Sets PG_TMP, PG_DATA,
#                            PG_LOG, PG_PORT; the URL is postgres://postgres@127.0.0.1:$PG_PORT/DB.
#   pg_stop [STATUS]         stop the server if it runs, show the end of its log when STATUS is
#                            not 0, remove PG_TMP. Safe to call more than once, and before pg_start.
#   free_port                print a free TCP port on 127.0.0.1
# Call pg_stop from an EXIT trap set before pg_start, so the server never outlives the script.
# ROOT must be the repository (for its .venv).

PG_MAJOR=${PG_MAJOR:-15}
PG_BIN=/usr/lib/postgresql/$PG_MAJOR/bin
PG_TMP=""
PG_DATA=""
PG_LOG=""
PG_PORT=""

free_port() {
    "$ROOT/.venv/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

as_postgres() { (cd "$PG_TMP" && runuser -u postgres -- "$@"); }

pg_install() {
    if [ ! -x "$PG_BIN/initdb" ]; then
        echo "PostgreSQL $PG_MAJOR not found; installing postgresql-$PG_MAJOR"
        DEBIAN_FRONTEND=noninteractive apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "postgresql-$PG_MAJOR" </dev/null
        # Debian starts a default cluster on 5432; we use our own throwaway one.
        pg_ctlcluster "$PG_MAJOR" main stop 2>/dev/null || true
    fi
    id -u postgres >/dev/null 2>&1 || { echo "error: there is no 'postgres' user to run the server" >&2; return 1; }
}

pg_start() {
    local prefix=$1 db=${2:-keezen} opts=${3:-}
    PG_TMP=$(mktemp -d "/tmp/$prefix.XXXXXX")
    PG_DATA=$PG_TMP/data
    PG_LOG=$PG_TMP/server.log
    chown postgres:postgres "$PG_TMP"
    chmod 700 "$PG_TMP"

    PG_PORT=$(free_port)

    echo "initdb in $PG_DATA"
    as_postgres "$PG_BIN/initdb" -D "$PG_DATA" --auth=trust --username=postgres \
        --encoding=UTF8 --no-locale --no-sync >/dev/null

    echo "Starting PostgreSQL $PG_MAJOR on 127.0.0.1:$PG_PORT"
    # A throwaway server: no durability needed, so skip the fsyncs. Room for the tests of many
    # parallel requests, each on its own connection (tests/test_code_locks.py), on every test worker
    # at once (make test runs pytest-xdist: one test database per worker).
    as_postgres "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_LOG" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_TMP -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400${opts:+ $opts}" \
        start >/dev/null
    as_postgres "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres "$db"
    as_postgres "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d "$db" -Atc 'SELECT version()'
}

pg_stop() {
    local status=${1:-0} pid
    [ -n "$PG_TMP" ] || return 0
    if [ -f "$PG_DATA/postmaster.pid" ]; then
        echo "Stopping PostgreSQL (data in $PG_TMP)"
        as_postgres "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w -t 30 stop >/dev/null 2>&1 \
            || as_postgres "$PG_BIN/pg_ctl" -D "$PG_DATA" -m immediate -w -t 30 stop >/dev/null 2>&1
        if [ -f "$PG_DATA/postmaster.pid" ]; then
            pid=$(head -1 "$PG_DATA/postmaster.pid")
            [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null
        fi
    fi
    if [ "$status" -ne 0 ] && [ -s "$PG_LOG" ]; then
        echo "---- last lines of the PostgreSQL log"
        tail -n 30 "$PG_LOG"
    fi
    rm -rf "$PG_TMP"
    PG_TMP=""
    return 0
}
