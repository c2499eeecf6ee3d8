#!/usr/bin/env bash
# Counts what a command costs the consumer, by SQL statement, by file and in allocations
# (docs/benchmarks.md, "Counting what a command costs"):
#
#   scripts/consumer-counters.sh [CONSUMER] [COMMANDS]
#
# Builds scripts/lib/consumer-counters.c with $CC (cc, else the toolchain's clang) into
# .build/, preloads it into CONSUMER (default .build-plain/release/subscriptions-consumer) and
# sends COMMANDS (default 20000) purchases at $IN_FLIGHT (default 500) in flight from the
# subscriptions-load beside it (or $LOAD), on a fresh database and a private RabbitMQ node on
# $COUNTERS_PORT (default 5682).
# Prints per command: each statement's steps and the CPU its callers spent inside sqlite3_step
# (a commit's WAL writes included), each file's bytes written, write calls and syncs, and
# the allocation calls. Everything the process did is counted, its start included, and divided
# by COMMANDS. The counters slow the consumer down: its CPU figures are for comparing
# statements with each other, not with benchmark runs. Figures only: nothing is asserted.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"

case "${1:-}" in -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
consumer=$(realpath "${1:-.build-plain/release/subscriptions-consumer}")
commands=${2:-20000}
load=${LOAD:-$(dirname "$consumer")/subscriptions-load}
port=${COUNTERS_PORT:-5682}
node=subs-counters
work=$repo/.build/consumer-counters-work
library=$repo/.build/consumer-counters.so
# shellcheck source=lib/consumer-runs.sh
source scripts/lib/consumer-runs.sh
require_executables consumer-counters "$consumer" "$load"
mkdir -p "$repo/.build"
compiler=${CC:-$(command -v cc || command -v clang || echo cc)}
"$compiler" -O2 -shared -fPIC -o "$library" scripts/lib/consumer-counters.c -ldl -lpthread
export AMQP_URL="amqp://guest:guest@127.0.0.1:$port/"

trap cleanup_consumer_run EXIT
rm -rf "$work"
mkdir -p "$work"
fresh_broker

BUS_PREFIX=counters CLOCK=system DATABASE_PATH="$work/db.sqlite" CATALOG_PATH=Config/catalog.example.json \
    HTTP_PORT=0 LOG_LEVEL=warning CONSUMER_COUNTERS_OUT="$work/counters.tsv" LD_PRELOAD="$library" \
    "$consumer" 2>> "$work/consumer.log" &
consumer_pid=$!
BUS_PREFIX=counters "$load" run --commands "$commands" --in-flight "${IN_FLIGHT:-500}" --probe-pid "$consumer_pid" \
    | grep -E "throughput|consumer CPU"
stop_consumer
[ -s "$work/counters.tsv" ] || { echo "consumer-counters: the consumer wrote no counters" >&2; exit 1; }

echo "per command, statements by CPU inside sqlite3_step:"
awk -F'\t' -v n="$commands" '$1 == "statement" && $2 > 0 { printf "%8.2f µs %6.2f steps  %s\n", $3 * 1e6 / n, $2 / n, $4 }' \
    "$work/counters.tsv" | sort -rn | awk 'NR <= 15' # awk reads to the end: head would cut sort off (SIGPIPE)
awk -F'\t' -v n="$commands" -v work="$work/" '
    $1 == "file" { path = $5; sub(work, "", path); files = files sprintf("%10.0f bytes %6.2f writes %8.4f syncs  %s\n", $2 / n, $3 / n, $4 / n, path); bytes += $2 }
    $1 == "allocations" { allocations = sprintf("%.1f malloc, %.1f calloc, %.1f realloc, %.1f free", $2 / n, $3 / n, $4 / n, $5 / n) }
    END {
        printf "per command, files written (%.0f bytes in all):\n%s", bytes / n, files
        print "per command, allocation calls: " allocations
    }' "$work/counters.tsv"
