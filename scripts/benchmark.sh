#!/usr/bin/env bash
# Measures the consumer end to end with the load generator: purchase commands published
# straight to the commands exchange, each one decoded, applied by the engine, committed to
# SQLite (group commit), its event published with confirms, and answered. Prints the
# figures `subscriptions-load` reports for a few in-flight levels.
#
#   scripts/benchmark.sh [debug|release] [COMMANDS]      default: release 5000
#
# Uses AMQP_URL, or starts a private broker on 127.0.0.1:5672 like scripts/test.sh.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
configuration=${1:-release}
commands=${2:-5000}

started_broker=""
if [ -z "${AMQP_URL:-}" ]; then
    if ! (exec 3<>/dev/tcp/127.0.0.1/5672) 2>/dev/null; then
        scripts/rabbitmq-local.sh start subs-bench 5672
        started_broker=subs-bench
    fi
    export AMQP_URL="amqp://guest:guest@127.0.0.1:5672/"
fi

flags=(-c "$configuration")
# The same flags as the Dockerfile, scripts/run.sh and scripts/test.sh: one release build.
[ "$configuration" = release ] && flags+=(--static-swift-stdlib)
swift build "${flags[@]}" --product subscriptions-consumer >/dev/null
swift build "${flags[@]}" --product subscriptions-load >/dev/null
bin=$(swift build "${flags[@]}" --show-bin-path)

work=$(mktemp -d)
prefix="bench-$(date +%s)"
consumer_pid=""
cleanup() {
    [ -n "$consumer_pid" ] && kill -TERM "$consumer_pid" 2>/dev/null && wait "$consumer_pid" 2>/dev/null || true
    [ -n "$started_broker" ] && scripts/rabbitmq-local.sh stop "$started_broker" || true
    rm -rf "$work"
}
trap cleanup EXIT

BUS_PREFIX=$prefix CLOCK=manual DATABASE_PATH=$work/bench.sqlite CATALOG_PATH=$repo/Config/catalog.example.json \
    HTTP_PORT=0 LOG_LEVEL=warning "$bin/subscriptions-consumer" 2>"$work/consumer.log" &
consumer_pid=$!
sleep 3

echo "benchmark: $configuration build, $(nproc) cores, consumer prefetch 64, broker $(rabbitmqctl version 2>/dev/null || echo 3.10)"
for in_flight in 1 50 500; do
    count=$commands
    [ "$in_flight" = 1 ] && count=$((commands / 10))
    echo "--- $in_flight in flight"
    BUS_PREFIX=$prefix "$bin/subscriptions-load" --commands "$count" --in-flight "$in_flight"
done
echo "--- consumer resident memory: $(ps -o rss= -p "$consumer_pid" | awk '{printf "%.1f MiB", $1/1024}')"
