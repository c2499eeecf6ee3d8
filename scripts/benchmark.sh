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
#   7. the consumer on PostgreSQL (DATABASE_URL, a private server started for the run) with 1, 2
#      and 3 replicas at 500 in flight, the same commands as SQLite's row above, with the ratio
#      to SQLite, each process's CPU per command (the replicas, PostgreSQL's processes, the
#      broker) and the statements per command (pg_stat_statements); then one replica at the
#      offered rate (docs/scale-out.md, "Capacity measured here").
#   8. the front door (scripts/lib/benchmark-front-door.sh): the producer over HTTP (wrk at 2, 64
#      and 256 connections, an offered rate, status reads, a mixed workload) and gRPC beside the
#      bus at 500 in flight on the same broker and consumer, each process's CPU per request, and
#      the ratios HTTP / bus and gRPC / bus.
#
#   scripts/benchmark.sh [COMMANDS] [SUBSCRIPTIONS]     defaults: 20000 1000000
#   scripts/benchmark.sh --small                         a short run proving it works (CI): 2000 5000
#
# BENCH_BIN_DIR=DIR uses the binaries in DIR instead of building (release, --static-swift-stdlib).
# The PostgreSQL server is Debian's postgresql-15 run by scripts/postgres-local.sh on
# 127.0.0.1:5684 (BENCH_POSTGRES_PORT), its directory under /tmp, removed at the end.
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
    front_seconds=3
    front_requests=1000
    front_seed=200
else
    commands=${1:-20000}
    subscriptions=${2:-1000000}
    rate=${RATE:-1000}
    replay_idle=10
    # Each front door row: wrk's rows last FRONT_SECONDS, the load tool's FRONT_REQUESTS requests.
    front_seconds=${FRONT_SECONDS:-20}
    front_requests=${FRONT_REQUESTS:-20000}
    front_seed=1000
fi
# The rows at 500 in flight (ceiling and product), whose ratio is the headline: long enough to
# be steady.
long=$((commands * 3))

if [ -n "${BENCH_BIN_DIR:-}" ]; then
    # Binaries built already (scripts/test.sh: its one release build, with -enable-testing). The
    # physical path: `.build/release` is a symbolic link, which `find` below would not enter.
    bin=$(cd "$BENCH_BIN_DIR" && pwd -P)
    for product in subscriptions-consumer subscriptions-load subscriptions-stages subscriptions-producer subscriptionsctl analytics-tally; do
        [ -x "$bin/$product" ] || { echo "benchmark: $bin/$product is missing (BENCH_BIN_DIR)" >&2; exit 2; }
    done
    echo "benchmark: using the binaries in $bin"
else
    # The same flags as the Dockerfile and scripts/run.sh: one release build.
    flags=(-c release --static-swift-stdlib)
    # subscriptions-stages too: other flags would compile the package a second time.
    for product in subscriptions-consumer subscriptions-load subscriptions-stages subscriptions-producer subscriptionsctl analytics-tally; do
        swift build "${flags[@]}" --product "$product" >/dev/null
    done
    bin=$(swift build "${flags[@]}" --show-bin-path)
fi
stages_bin=$bin

echo "benchmark: release build, $(nproc) cores, RabbitMQ $(rabbitmqctl version 2>/dev/null || echo 3.10), quorum commands queue, $(date -u +%FT%TZ)"
# Figures of one run are comparable with each other, not with another machine's or hour's: the
# load before the run says how busy the machine was.
echo "benchmark: load average before the run:$(uptime | sed 's/.*load average://') ($(nproc) cores)"

# The stages first, on a quiet machine: no private broker yet, no database of the runs below.
# Run after the mass extension, with the broker holding what a million
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
replica_pids=()
postgres_base=""
stop() {
    if [ -n "$pid" ]; then
        kill -TERM "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
        pid=""
    fi
    for replica in "${replica_pids[@]}"; do kill -TERM "$replica" 2>/dev/null || true; done
    for replica in "${replica_pids[@]}"; do wait "$replica" 2>/dev/null || true; done
    replica_pids=()
}
producer_pid=""
cleanup() {
    if [ -n "$producer_pid" ]; then kill -TERM "$producer_pid" 2>/dev/null || true; fi
    stop
    if [ -n "$postgres_base" ]; then
        POSTGRES_LOCAL_BASE=$postgres_base scripts/postgres-local.sh reset subs-bench-pg >/dev/null || true
        rm -rf "$postgres_base"
    fi
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

# shellcheck source=scripts/lib/benchmark-front-door.sh
source "$repo/scripts/lib/benchmark-front-door.sh"

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
    replay_rate=$(awk '/^tally: read/ {gsub(/[(\/s)]/, "", $8); print $8}' "$work/replay-$runtime.err")
    printf '  %-6s %9s events from first at %8s events/s = %6s x the live rate of %s events/s (the seed)\n' \
        "$runtime" "$events" "$replay_rate" "$(awk -v r="$replay_rate" -v l="$live" 'BEGIN { printf "%.1f", (l > 0 ? r / l : 0) }')" "$live"
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


# The consumer on PostgreSQL beside SQLite's row above (same broker, same purchases, 500 in
# flight): one, two and three replicas, each on a fresh database of a private server. Each
# process's CPU per command is read from /proc around the load (utime + stime): the replicas,
# every process of the PostgreSQL server (its backends, WAL writer, checkpointer) and the
# broker; the statements per command from pg_stat_statements (every statement of every replica's
# connections: commands, outbox relay, scheduler). docs/scale-out.md, "Capacity measured here".
echo "=== PostgreSQL: subscriptions-consumer with DATABASE_URL (private PostgreSQL 15, synchronous_commit on), 1, 2 and 3 replicas"
postgres_base=$(mktemp -d /tmp/subs-bench-postgres.XXXXXX)
chmod 755 "$postgres_base"
postgres_port=${BENCH_POSTGRES_PORT:-5684}
export POSTGRES_LOCAL_BASE=$postgres_base
POSTGRES_LOCAL_SETTINGS="shared_preload_libraries = 'pg_stat_statements'" scripts/postgres-local.sh start subs-bench-pg "$postgres_port" >/dev/null
postmaster=$(head -1 "$postgres_base/subs-bench-pg/data/postmaster.pid")
server_url=$(scripts/postgres-local.sh url subs-bench-pg)
bench_psql() { scripts/postgres-local.sh psql subs-bench-pg -- -tA "$@"; }
bench_psql -c "CREATE EXTENSION IF NOT EXISTS pg_stat_statements" >/dev/null
ticks=$(getconf CLK_TCK)

# "pid ticks" for each process given (user + system CPU so far).
cpu_of() { for process in "$@"; do awk -v p="$process" '{ print p, $14 + $15 }' "/proc/$process/stat" 2>/dev/null || true; done; }
# Seconds of CPU the processes of the AFTER sample spent since the BEFORE sample (a process
# started in between counts from zero).
cpu_spent() { awk -v hz="$ticks" 'NR == FNR { before[$1] = $2; next } { spent += $2 - before[$1] } END { printf "%.6f", spent / hz }' "$1" "$2"; }
server_processes() { echo "$postmaster"; pgrep -P "$postmaster"; }

# Starts REPLICAS consumers on a fresh database; runs the load tool with the remaining arguments
# and prints its block and the processes' CPU and statements per command.
postgres_run() {
    local replicas=$1 label=$2
    shift 2
    prefix="bench-pg-$(date +%s%N | tail -c 9)"
    local database=${prefix//-/_}
    scripts/postgres-local.sh create-database subs-bench-pg "$database" >/dev/null
    local url=${server_url%/*}/$database
    for index in $(seq 1 "$replicas"); do
        BUS_PREFIX=$prefix CLOCK=system DATABASE_URL=$url DATABASE_PATH=$work/$prefix-$index.sqlite EVENT_ARCHIVE=off \
            CATALOG_PATH=$repo/Config/catalog.example.json HTTP_PORT=0 LOG_LEVEL=warning \
            "$bin/subscriptions-consumer" 2>>"$work/consumer-postgres.log" &
        replica_pids+=($!)
    done
    sleep 3
    bench_psql -c "SELECT pg_stat_statements_reset()" >/dev/null
    cpu_of "${replica_pids[@]}" > "$work/replicas.before"
    cpu_of $(server_processes) > "$work/server.before"
    cpu_of ${BENCH_BROKER_PID:-} > "$work/broker.before"
    load run "$@" --label "$label" --probe-pid "${replica_pids[0]}" "${broker_args[@]}" | tee "$work/postgres-run.txt"
    cpu_of "${replica_pids[@]}" > "$work/replicas.after"
    cpu_of $(server_processes) > "$work/server.after"
    cpu_of ${BENCH_BROKER_PID:-} > "$work/broker.after"
    local statements answered
    statements=$(bench_psql -c \
        "SELECT COALESCE(SUM(calls), 0) FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = '$database')")
    answered=$(awk '/ commands, / { print $(NF - 4) }' "$work/postgres-run.txt" | tr -d ':')
    awk -v r="$(cpu_spent "$work/replicas.before" "$work/replicas.after")" -v s="$(cpu_spent "$work/server.before" "$work/server.after")" \
        -v b="$(cpu_spent "$work/broker.before" "$work/broker.after")" -v n="$answered" -v q="$statements" -v replicas="$replicas" \
        -v broker="${BENCH_BROKER_PID:-}" 'BEGIN {
            n = n > 0 ? n : 1
            printf "  CPU per command: consumer replicas %.0f µs (%d processes), PostgreSQL %.0f µs (all its processes)", r * 1e6 / n, replicas, s * 1e6 / n
            if (broker != "") printf ", broker %.0f µs", b * 1e6 / n
            printf "\n  statements per command: %.3f (pg_stat_statements: %d statements, %d commands)\n", q / n, q, n
        }'
    stop
}

postgres_rows=()
for replicas in 1 2 3; do
    postgres_run "$replicas" "postgres, $replicas replica(s), 500 in flight" --commands "$long" --in-flight 500
    postgres_rows+=("$replicas $(awk '/throughput/ { print $5 }' "$work/postgres-run.txt") $(awk '/reply latency/ { for (i = 1; i <= NF; i++) if ($i == "p99") print $(i + 1) }' "$work/postgres-run.txt")")
done
postgres_run 1 "postgres, 1 replica, offered $rate commands/s" --commands "$commands" --rate "$rate"
postgres_rate_p99=$(awk '/reply latency/ { for (i = 1; i <= NF; i++) if ($i == "p99") print $(i + 1) }' "$work/postgres-run.txt")

sqlite_p99=$(awk '/reply latency/ { for (i = 1; i <= NF; i++) if ($i == "p99") print $(i + 1) }' "$work/product.txt")
echo "=== PostgreSQL beside SQLite at 500 in flight ($long purchases each, one run, load average $(cut -d ' ' -f 1-3 /proc/loadavg))"
printf '  %-10s %8s %12s %9s %10s\n' store replicas commands/s "of SQLite" "p99 ms"
printf '  %-10s %8s %12s %9s %10s\n' SQLite 1 "$product" "100 %" "$sqlite_p99"
for row in "${postgres_rows[@]}"; do
    read -r replicas throughput p99 <<< "$row"
    printf '  %-10s %8s %12s %9s %10s\n' PostgreSQL "$replicas" "$throughput" \
        "$(awk -v p="$throughput" -v s="$product" 'BEGIN { printf "%.0f %%", 100 * p / s }')" "$p99"
done
echo "  PostgreSQL, 1 replica, offered $rate commands/s: reply p99 $postgres_rate_p99 ms"
