#!/usr/bin/env bash
# The consumer against the broker's own ceiling, in ONE run on the same broker (docs/benchmarks.md):
#
#   1. ceiling: `subscriptions-load relay` stands in for the consumer (consume, publish an event and
#      a reply with confirms, ack after the confirms) and the load generator drives it at 500 in flight;
#   2. product: the release consumer at 1, 50 and 500 commands in flight and at a fixed offered rate,
#      with reply latency p50/p90/p99/max, its CPU time per command and its peak resident memory;
#      the ceiling and the product at 500 in flight run 3 x COMMANDS (60,000 by default): 20,000
#      lasted under 4 seconds there, too short to tell 10 % apart;
#   3. the ratio product / ceiling at 500 in flight;
#   4. a mass renewal-date extension over SUBSCRIPTIONS subscriptions seeded by purchases, timed,
#      with the consumer's resident memory sampled throughout;
#   5. the stage benchmarks (subscriptions-stages): each stage alone, ops/s and allocations per op;
#      they run first, before the broker starts, on a quiet machine;
#   6. the event log (docs/event-stream.md): the stream the consumer filled during 4 (a
#      SUBSCRIBED event per seeded purchase, the extension's events) read from `first` by the
#      Python, C and Swift examples, events/s each, beside the live rate (the events the consumer
#      published per second during the seed), and the stream's bytes on disk per event (with the
#      private broker only: its data directory is known).
#
#   scripts/benchmark.sh [COMMANDS] [SUBSCRIPTIONS]     defaults: 20000 1000000
#   scripts/benchmark.sh --small                         a short run proving it works (CI): 2000 5000
#
# BENCH_BIN_DIR=DIR uses the binaries in DIR instead of building (release, --static-swift-stdlib).
# Uses AMQP_URL, or starts a fresh private broker on 127.0.0.1:5682 (BENCH_BROKER_PORT) for the run
# and removes it afterwards. The broker's CPU per command is printed beside the consumer's (with
# the machine's budget: what the cores allow at those costs) for the private broker, or for the
# process BENCH_BROKER_PID names when AMQP_URL is given. Nothing here
# asserts a time: it prints figures; compare figures from one run (shared machines are noisy).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
if [ "${1:-}" = "--small" ]; then
    commands=2000
    subscriptions=5000
    rate=500
    replay_idle=5
else
    commands=${1:-20000}
    subscriptions=${2:-1000000}
    rate=${RATE:-1000}
    replay_idle=10
fi
# The rows at 500 in flight (ceiling and product), whose ratio is the headline: long enough to
# be steady.
long=$((commands * 3))

if [ -n "${BENCH_BIN_DIR:-}" ]; then
    # Binaries built already (scripts/test.sh: its one release build, with -enable-testing). The
    # physical path: `.build/release` is a symbolic link, which `find` below would not enter.
    bin=$(cd "$BENCH_BIN_DIR" && pwd -P)
    for product in subscriptions-consumer subscriptions-load subscriptions-stages analytics-tally; do
        [ -x "$bin/$product" ] || { echo "benchmark: $bin/$product is missing (BENCH_BIN_DIR)" >&2; exit 2; }
    done
    echo "benchmark: using the binaries in $bin"
else
    # The same flags as the Dockerfile and scripts/run.sh: one release build.
    flags=(-c release --static-swift-stdlib)
    # subscriptions-stages too: other flags would compile the package a second time.
    for product in subscriptions-consumer subscriptions-load subscriptions-stages analytics-tally; do
        swift build "${flags[@]}" --product "$product" >/dev/null
    done
    bin=$(swift build "${flags[@]}" --show-bin-path)
fi
stages_bin=$bin

echo "benchmark: release build, $(nproc) cores, RabbitMQ $(rabbitmqctl version 2>/dev/null || echo 3.10), quorum commands queue, $(date -u +%FT%TZ)"

# The stages first, on a quiet machine: no private broker yet, no database of the runs below.
# Run after the mass extension (until 2026-12-01), with the broker holding what a million
# commands left and the consumer's files still on disk, though both were idle, a price change
# measured 80-87 thousand per second where the same binary measures about 140 thousand on a
# quiet machine. Timed on the consumer's allocator (jemalloc, preloaded: linked into this binary
# it crashed beside the malloc interposer), and counted in a second run under the interposer
# (glibc's allocator underneath; the count does not depend on it). docs/benchmarks.md, "The
# stages: a quiet machine and the consumer's allocator".
echo "=== stages (subscriptions-stages, on a quiet machine: operations/s on jemalloc as the consumer runs; allocations counted by ordo-one's malloc interposer)"
stage_operations=$((commands > 20000 ? 20000 : commands))
# The jemalloc the consumer beside them links, as the loader resolves it.
jemalloc=$(ldd "$bin/subscriptions-consumer" | awk '/libjemalloc/ { print $3; exit }')
[ -n "$jemalloc" ] || echo "benchmark: the consumer links no jemalloc; the stages are timed on glibc's allocator" >&2
timed=$(LD_PRELOAD=$jemalloc "$stages_bin/subscriptions-stages" --catalog Config/catalog.example.json --operations "$stage_operations")
interposer=$(find "$stages_bin" -maxdepth 1 -name 'libMallocInterposerSwift.so' | head -1)
if [ -n "$interposer" ]; then
    counted=$(LD_PRELOAD=$interposer "$stages_bin/subscriptions-stages" --catalog Config/catalog.example.json --allocations \
        --operations "$stage_operations")
    # Each stage's line of the timed run, its allocations (the last column) from the counted run.
    awk 'NR == FNR { allocations[substr($0, 1, 46)] = $NF; next }
         FNR == 1 { print; next }
         { sub(/ +-$/, ""); printf "%s %10s\n", $0, allocations[substr($0, 1, 46)] }' \
        <(echo "$counted") <(echo "$timed")
else
    echo "$timed"
fi

started_broker=""
if [ -z "${AMQP_URL:-}" ]; then
    # A fresh private node of its own (not a broker already on 5672, which may carry thousands of
    # queues left by test runs: their Raft ticks cost the run CPU). Removed again at the end.
    bench_port=${BENCH_BROKER_PORT:-5682}
    rm -rf "$repo/.rabbitmq/subs-bench"
    scripts/rabbitmq-local.sh start subs-bench "$bench_port"
    started_broker=subs-bench
    export AMQP_URL="amqp://guest:guest@127.0.0.1:$bench_port/"
    BENCH_BROKER_PID=$(scripts/rabbitmq-local.sh pid subs-bench)
fi
# The broker's Erlang VM, whose CPU the load tool reports beside the consumer's.
broker_args=()
if [ -n "${BENCH_BROKER_PID:-}" ]; then broker_args=(--broker-pid "$BENCH_BROKER_PID"); fi

work=$(mktemp -d)
pid=""
stop() {
    if [ -n "$pid" ]; then
        kill -TERM "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
        pid=""
    fi
}
cleanup() {
    stop
    if [ -n "$started_broker" ]; then
        scripts/rabbitmq-local.sh stop "$started_broker" >/dev/null || true
        rm -rf "$repo/.rabbitmq/$started_broker"
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# Starts the consumer on a fresh bus prefix and database; $1 = CLOCK.
start_consumer() {
    prefix="bench-$(date +%s%N | tail -c 9)"
    BUS_PREFIX=$prefix CLOCK=$1 DATABASE_PATH=$work/$prefix.sqlite CATALOG_PATH=$repo/Config/catalog.example.json \
        HTTP_PORT=0 LOG_LEVEL=warning "$bin/subscriptions-consumer" 2>>"$work/consumer.log" &
    pid=$!
    sleep 2
}

load() { BUS_PREFIX=$prefix "$bin/subscriptions-load" "$@"; }

echo "=== ceiling: subscriptions-load relay (AMQPClient: consume, publish event + reply with confirms, ack after confirms)"
prefix="ceiling-$(date +%s%N | tail -c 9)"
BUS_PREFIX=$prefix "$bin/subscriptions-load" relay >/dev/null 2>>"$work/relay.log" &
pid=$!
sleep 2
load run --commands "$long" --in-flight 500 --label "ceiling, 500 in flight" --probe-pid "$pid" "${broker_args[@]}" | tee "$work/ceiling.txt"
stop

echo "=== product: subscriptions-consumer (CLOCK=system as deployed, engine, SQLite group commit with synchronous=FULL, events and replies confirmed)"
start_consumer system
load run --commands $((commands / 10)) --in-flight 1 --probe-pid "$pid" "${broker_args[@]}"
load run --commands "$commands" --in-flight 50 --probe-pid "$pid" "${broker_args[@]}"
load run --commands "$long" --in-flight 500 --probe-pid "$pid" "${broker_args[@]}" | tee "$work/product.txt"
load run --commands "$commands" --rate "$rate" --probe-pid "$pid" "${broker_args[@]}"
stop

ceiling=$(awk '/throughput/ {print $5}' "$work/ceiling.txt")
product=$(awk '/throughput/ {print $5}' "$work/product.txt")
echo "=== ratio at 500 in flight: product $product / ceiling $ceiling commands/s = $(awk -v p="$product" -v c="$ceiling" 'BEGIN { printf "%.0f %%", 100 * p / c }')"

echo "=== mass renewal-date extension over $subscriptions subscriptions (system clock: the scheduler runs it in batches)"
start_consumer system
load seed --subscriptions "$subscriptions" --probe-pid "$pid" | tee "$work/seed.txt"
load mass-extend --probe-pid "$pid"
stop

echo "=== the event log $prefix.events.log read from first (the examples: Python pika, C rabbitmq-c, Swift AMQPClient; prefetch 1000)"
# shellcheck source=scripts/lib/analytics-tools.sh
source "$repo/scripts/lib/analytics-tools.sh"
live=$(awk '/throughput/ {print $5}' "$work/seed.txt")
for runtime in swift c python; do
    case "$runtime" in
    swift) reader=("$bin/analytics-tally") ;;
    c) reader=("$c_tally") ;;
    python) reader=("$py" "$repo/Examples/analytics-python/tally.py") ;;
    esac
    # Ends once nothing came for a while (the rate is from the first delivery to the last).
    "${reader[@]}" --exchange "$prefix.events" --from first --idle-timeout "$replay_idle" --json-out "$work/replay-$runtime.json" \
        > /dev/null 2> "$work/replay-$runtime.err"
    events=$(awk '/^tally: read/ {print $3}' "$work/replay-$runtime.err")
    rate=$(awk '/^tally: read/ {gsub(/[(\/s)]/, "", $8); print $8}' "$work/replay-$runtime.err")
    printf '  %-6s %9s events from first at %8s events/s = %6s x the live rate of %s events/s (the seed)\n' \
        "$runtime" "$events" "$rate" "$(awk -v r="$rate" -v l="$live" 'BEGIN { printf "%.1f", (l > 0 ? r / l : 0) }')" "$live"
done
cmp -s "$work/replay-swift.json" "$work/replay-c.json" && cmp -s "$work/replay-swift.json" "$work/replay-python.json" \
    || echo "  the three tallies differ: $(cat "$work"/replay-*.json)"
if [ -n "$started_broker" ]; then
    stream_dir=$(find "$repo/.rabbitmq/$started_broker" -type d -path "*/stream/*" -name "__${prefix//[.-]/_}_events_log_*" | head -1)
    if [ -n "$stream_dir" ] && [ -n "$events" ] && [ "$events" -gt 0 ]; then
        bytes=$(du -sb "$stream_dir" | awk '{print $1}')
        echo "  on disk: $bytes bytes for $events events = $((bytes / events)) bytes per event, $(awk -v b="$bytes" -v e="$events" 'BEGIN { printf "%.2f", b / e * 1e6 / 1e9 }') GB per million events ($stream_dir)"
    fi
fi

