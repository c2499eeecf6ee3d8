#!/usr/bin/env bash
# Compares two consumer builds on the mass extension, in alternating runs from one seeded
# snapshot (docs/benchmarks.md, "Comparing two builds on the mass extension"):
#
#   scripts/mass-extension-ab.sh CONSUMER_A CONSUMER_B [PAIRS] [SUBSCRIPTIONS]
#
# CONSUMER_A and CONSUMER_B are subscriptions-consumer binaries. SUBSCRIPTIONS (default
# 1000000) are seeded once, by CONSUMER_A and the subscriptions-load beside it (or $LOAD), into
# $AB_SNAPSHOT (default .build/mass-extension-snapshot-SUBSCRIPTIONS), which later runs reuse:
# delete it when the store's schema changes. Each run copies the snapshot, starts a fresh
# private RabbitMQ node on $AB_PORT (default 5682), starts the consumer on the copy, waits until
# it consumes (a migration at start is not timed), requests a 7-day extension of the product
# and prints the elapsed time, the consumer's CPU per subscription and its peak RSS, PAIRS
# (default 2) times, B first in odd pairs and A in even ones. Seeding a million takes about 5
# minutes, a run about 2. Figures only: nothing is asserted; one pair decides nothing here.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"

[ $# -ge 2 ] || { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
consumer_a=$(realpath "$1")
consumer_b=$(realpath "$2")
pairs=${3:-2}
subscriptions=${4:-1000000}
load=${LOAD:-$(dirname "$consumer_a")/subscriptions-load}
port=${AB_PORT:-5682}
node=subs-ab
snapshot=${AB_SNAPSHOT:-$repo/.build/mass-extension-snapshot-$subscriptions}
work=$repo/.build/mass-extension-ab-work
# shellcheck source=lib/consumer-runs.sh
source scripts/lib/consumer-runs.sh
require_executables mass-extension-ab "$consumer_a" "$consumer_b" "$load"
export AMQP_URL="amqp://guest:guest@127.0.0.1:$port/"
trap cleanup_consumer_run EXIT

# Starts $1 on the files in $work and waits until it consumes commands.
start_consumer() {
    : > "$work/consumer.log"
    BUS_PREFIX=ab CLOCK=system DATABASE_PATH="$work/db.sqlite" CATALOG_PATH=Config/catalog.example.json HTTP_PORT=0 \
        LOG_LEVEL=info "$1" 2>> "$work/consumer.log" &
    consumer_pid=$!
    for _ in $(seq 1 600); do
        grep -q "consuming commands" "$work/consumer.log" && return 0
        kill -0 "$consumer_pid" 2>/dev/null || { echo "mass-extension-ab: the consumer exited:" >&2; tail -5 "$work/consumer.log" >&2; exit 1; }
        sleep 0.2
    done
    echo "mass-extension-ab: the consumer did not start consuming in 120 s" >&2
    exit 1
}

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

if [ ! -d "$snapshot" ]; then
    echo "mass-extension-ab: seeding $subscriptions subscriptions into $snapshot"
    fresh_broker
    rm -rf "$work" && mkdir -p "$work"
    start_consumer "$consumer_a"
    BUS_PREFIX=ab "$load" seed --subscriptions "$subscriptions" --probe-pid "$consumer_pid" | tail -3
    stop_consumer
    rm -f "$work/consumer.log"
    mkdir -p "$(dirname "$snapshot")"
    cp -a "$work" "$snapshot"
fi

ticks_per_second=$(getconf CLK_TCK)
run() {
    local label=$1 consumer=$2
    fresh_broker
    rm -rf "$work" && cp -a "$snapshot" "$work"
    start_consumer "$consumer"
    local before
    before=$(cpu_ticks "$consumer_pid")
    local report
    report=$(BUS_PREFIX=ab "$load" mass-extend --probe-pid "$consumer_pid")
    local ticks=$(($(cpu_ticks "$consumer_pid") - before))
    stop_consumer
    local elapsed rss
    elapsed=$(sed -n 's/.*elapsed \([0-9.]*\) s.*/\1/p' <<< "$report")
    rss=$(sed -n 's/.*VmHWM) \([0-9.]*\) MiB.*/\1/p' <<< "$report")
    echo "$label: ${elapsed:-?} s, $((ticks * 1000000 / ticks_per_second / subscriptions)) µs of consumer CPU per subscription, peak RSS ${rss:-?} MiB"
}

echo "mass-extension-ab: A = $consumer_a"
echo "mass-extension-ab: B = $consumer_b"
# The order alternates: the first run of a pair was the slower in 5 of 6 pairs of one binary
# against another of the same speed (docs/benchmarks.md), so B first in odd pairs, A in even.
for pair in $(seq 1 "$pairs"); do
    if [ $((pair % 2)) -eq 1 ]; then
        run "pair $pair, B" "$consumer_b"
        run "pair $pair, A" "$consumer_a"
    else
        run "pair $pair, A" "$consumer_a"
        run "pair $pair, B" "$consumer_b"
    fi
done
