#!/usr/bin/env bash
# Compares two consumer builds under the same load, in alternating pairs on one broker
# (docs/benchmarks.md, "Comparing two builds under load"):
#
#   scripts/consumer-ab.sh CONSUMER_A CONSUMER_B [PAIRS] [COMMANDS]
#
# CONSUMER_A and CONSUMER_B are subscriptions-consumer binaries; the load comes from the
# subscriptions-load beside CONSUMER_A (or $LOAD), the same for both unless $LOAD_B. One private
# RabbitMQ node ($AB_NODE, default subs-ab) on $AB_PORT (default 5682) serves every run; each run starts the consumer on a
# fresh database, sends 2,000 purchases of warm-up, then COMMANDS (default 20000) purchases at
# $IN_FLIGHT (default 500) in flight, or at an offered $RATE per second if set, and prints the
# throughput, the consumer's, the broker's and the load tool's CPU per command and the reply
# p99. PAIRS (default 6) alternate the order: A first in odd pairs, B first in even ones. At the
# end: the medians, and in how many pairs B used less CPU and ran faster. Figures only: nothing
# is asserted. On this shared machine one pair decides nothing; the method of docs/benchmarks.md
# is a dozen pairs and their medians.
# LOAD_ARGS_A and LOAD_ARGS_B add options to the measured `run` of A or B: the same binary twice
# with LOAD_ARGS_A="--command-ids random" compares the load's command ids instead of two builds.
# ENV_A and ENV_B add environment settings (NAME=VALUE, space-separated) to the consumer of A or
# B: the same binary twice with ENV_B="BATCH_LIMIT=512" compares two settings.
# LOAD_B is the load tool of B's runs (default: the same as A's): the same consumer twice with
# LOAD=OLD_TOOL LOAD_B=NEW_TOOL compares two load tools by their own CPU per command.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"

[ $# -ge 2 ] || { sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
consumer_a=$(realpath "$1")
consumer_b=$(realpath "$2")
pairs=${3:-6}
commands=${4:-20000}
load=${LOAD:-$(dirname "$consumer_a")/subscriptions-load}
load_b=${LOAD_B:-$load}
port=${AB_PORT:-5682}
node=${AB_NODE:-subs-ab}
work=$repo/.build/consumer-ab-work
# shellcheck source=lib/consumer-runs.sh
source scripts/lib/consumer-runs.sh
require_executables consumer-ab "$consumer_a" "$consumer_b" "$load" "$load_b"
if [ -n "${RATE:-}" ]; then mode=(--rate "$RATE"); else mode=(--in-flight "${IN_FLIGHT:-500}"); fi
export AMQP_URL="amqp://guest:guest@127.0.0.1:$port/"
trap cleanup_consumer_run EXIT
fresh_broker
broker_pid=$(scripts/rabbitmq-local.sh pid "$node")

# One run of $1 with its own database and bus prefix, $3 added to the load's options, $4 to the
# consumer's environment (both split on spaces) and $5 the load tool; prints "throughput cpu p99
# broker-cpu load-cpu".
run() {
    local consumer=$1 prefix=$2 load=$5
    local -a load_args settings
    read -r -a load_args <<< "$3"
    read -r -a settings <<< "$4"
    rm -rf "$work" && mkdir -p "$work"
    env "${settings[@]}" BUS_PREFIX=$prefix CLOCK=system DATABASE_PATH="$work/db.sqlite" CATALOG_PATH=Config/catalog.example.json \
        HTTP_PORT=0 LOG_LEVEL=warning "$consumer" 2>> "$work/consumer.log" &
    consumer_pid=$!
    BUS_PREFIX=$prefix "$load" run --commands 2000 "${mode[@]}" > /dev/null
    local report
    report=$(BUS_PREFIX=$prefix "$load" run --commands "$commands" "${mode[@]}" "${load_args[@]}" --probe-pid "$consumer_pid" --broker-pid "$broker_pid")
    stop_consumer
    local throughput cpu p99 broker tool
    throughput=$(sed -n 's/.*throughput \([0-9]*\) commands\/s.*/\1/p' <<< "$report")
    cpu=$(sed -n 's/.*consumer CPU: \([0-9]*\) µs per command.*/\1/p' <<< "$report")
    p99=$(sed -n 's/.*p99 \([0-9.]*\) .*/\1/p' <<< "$report")
    broker=$(sed -n 's/.*broker CPU: \([0-9]*\) µs per command.*/\1/p' <<< "$report")
    tool=$(sed -n 's/.*load tool CPU: \([0-9]*\) µs per command.*/\1/p' <<< "$report")
    echo "${throughput:-0} ${cpu:-0} ${p99:-0} ${broker:-0} ${tool:-0}"
}

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "consumer-ab: A = $consumer_a"
echo "consumer-ab: B = $consumer_b"
[ "$load_b" = "$load" ] || echo "consumer-ab: the load tool of A = $load, of B = $load_b"
echo "consumer-ab: $pairs pairs of $commands purchases at ${mode[*]}, 2,000 of warm-up each"
results=$work-results
: > "$results"
for pair in $(seq 1 "$pairs"); do
    if [ $((pair % 2)) -eq 1 ]; then order="A B"; else order="B A"; fi
    for which in $order; do
        if [ "$which" = A ]; then
            binary=$consumer_a args=${LOAD_ARGS_A:-} settings=${ENV_A:-} tool_binary=$load
        else
            binary=$consumer_b args=${LOAD_ARGS_B:-} settings=${ENV_B:-} tool_binary=$load_b
        fi
        read -r throughput cpu p99 broker tool <<< "$(run "$binary" "ab$pair$which" "$args" "$settings" "$tool_binary")"
        echo "pair $pair $which: $throughput commands/s, $cpu µs of consumer CPU per command, reply p99 $p99 ms, broker $broker µs, load tool $tool µs"
        echo "$pair $which $throughput $cpu $broker $tool" >> "$results"
    done
done
for which in A B; do
    echo "$which: median $(awk -v w="$which" '$2 == w { print $3 }' "$results" | median) commands/s," \
        "$(awk -v w="$which" '$2 == w { print $4 }' "$results" | median) µs per command;" \
        "broker $(awk -v w="$which" '$2 == w { print $5 }' "$results" | median) µs per command;" \
        "load tool $(awk -v w="$which" '$2 == w { print $6 }' "$results" | median) µs per command"
done
awk '{ t[$1, $2] = $3; c[$1, $2] = $4; n = ($1 > n ? $1 : n) }
     END { for (p = 1; p <= n; p++) { if (c[p, "B"] < c[p, "A"]) cpu++; if (t[p, "B"] > t[p, "A"]) thr++ }
           printf "B used less CPU in %d of %d pairs and ran faster in %d\n", cpu, n, thr }' "$results"
rm -f "$results"
