#!/usr/bin/env bash
# Throughput of the consumer on PostgreSQL with 1, 2 and 3 replicas (and on SQLite for
# comparison), as printed by `subscriptions-load run`: figures, not assertions (docs/scale-out.md,
# "Capacity measured here"). Each run gets a fresh bus prefix and a fresh database.
#
#   scripts/scale-out-figures.sh [COMMANDS] [IN_FLIGHT]
#
# Needs a broker (AMQP_URL, default amqp://guest:guest@127.0.0.1:5672/), a PostgreSQL server
# (SERVER_URL, default the test server of scripts/test.sh on 127.0.0.1:5433, whose user may
# CREATE DATABASE) and built binaries (BIN_DIR, default .build/debug; a release build gives the
# figures of record: swift build -c release, BIN_DIR=.build/release).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
commands=${1:-3000}
in_flight=${2:-200}
amqp=${AMQP_URL:-amqp://guest:guest@127.0.0.1:5672/}
server=${SERVER_URL:-postgres://subscriptions:subscriptions-local-dev@127.0.0.1:5433/subscriptions}
bin=${BIN_DIR:-$repo/.build/debug}
psql=$(command -v psql || ls /usr/lib/postgresql/*/bin/psql | tail -n 1)
work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    pids=()
}
trap 'cleanup; rm -rf "$work"' EXIT

run() { # STORE REPLICAS
    local store=$1 replicas=$2 prefix database_url=""
    prefix=scale-$(date +%s)-$RANDOM
    if [ "$store" = postgres ]; then
        local name=${prefix//-/_}
        "$psql" -X -q "$server" -c "CREATE DATABASE $name" >/dev/null
        database_url=${server%/*}/$name
    fi
    for index in $(seq 1 "$replicas"); do
        env AMQP_URL="$amqp" BUS_PREFIX="$prefix" HTTP_PORT=0 LOG_LEVEL=warning EVENT_ARCHIVE=off \
            CATALOG_PATH="$repo/Config/catalog.example.json" DATABASE_PATH="$work/$prefix.sqlite" \
            ${database_url:+DATABASE_URL="$database_url"} \
            "$bin/subscriptions-consumer" > "$work/$prefix-$index.log" 2>&1 &
        pids+=($!)
    done
    sleep 3
    "$bin/subscriptions-load" run --amqp-url "$amqp" --bus-prefix "$prefix" --commands "$commands" \
        --in-flight "$in_flight" --label "$store, $replicas consumer(s)" 2>&1 | grep -v "^$" || true
    cleanup
}

echo "scale-out figures: $commands purchases, $in_flight in flight, binaries of $bin, $(nproc) cores"
run sqlite 1
for replicas in 1 2 3; do run postgres "$replicas"; done
