#!/usr/bin/env bash
# The fault-injection run users can repeat (docs/reliability.md): a private broker node, the
# consumer's database on a small tmpfs, and `subscriptions-load chaos`, which starts both
# services, sends a seeded stream of mixed commands (HTTP and AMQP), kills the consumer with
# SIGKILL, kills and restarts the producer, restarts the broker node and fills the disk at
# moments drawn from the seed, then prints the table and exits non-zero when anything was lost
# or applied twice.
#
#   scripts/chaos.sh                       100,000 commands, release build, random seed (printed)
#   scripts/chaos.sh --seed 42             the same stream and fault moments again
#   scripts/chaos.sh --short               CI: 5,000 commands, one fault of each kind, debug build
#   scripts/chaos.sh --cluster …           a 3-node broker cluster (ports CHAOS_BROKER_PORT…+2, 5717 by
#                                          default): the services get the three URLs; node 1 restarts
#   scripts/chaos.sh --commands 20000 …    any option of `subscriptions-load chaos --help`
#
# Environment: CHAOS_BROKER_NAME (chaos), CHAOS_BROKER_PORT (5710), CHAOS_DISK_MB (tmpfs size,
# 1024; 256 with --short), CHAOS_BUILD (release; debug with --short), CHAOS_SKIP_BUILD=1 (use
# the binaries already built). Needs root to mount the
# tmpfs (CI runs as root); without it the run stops and says so.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"

args=()
build=${CHAOS_BUILD:-release}
disk_mb=${CHAOS_DISK_MB:-1024}
nodes=1
for argument in "$@"; do
    if [ "$argument" = "--cluster" ]; then
        nodes=3
    elif [ "$argument" = "--short" ]; then
        args+=(--commands 5000 --faults-per-kind 1 --advances 20 --simulated-days 10 --disk-full-seconds 30 --in-flight 32)
        build=${CHAOS_BUILD:-debug}
        disk_mb=${CHAOS_DISK_MB:-256}
    else
        args+=("$argument")
    fi
done
broker_name=${CHAOS_BROKER_NAME:-chaos}
broker_port=${CHAOS_BROKER_PORT:-5710}
if [ "$nodes" -gt 1 ]; then
    broker_name=${CHAOS_BROKER_NAME:-chaos-cluster}
    broker_port=${CHAOS_BROKER_PORT:-5717}
fi

flags=(-c "$build")
[ "$build" = release ] && flags+=(--static-swift-stdlib)
bin=$(swift build "${flags[@]}" --show-bin-path)
if [ "${CHAOS_SKIP_BUILD:-}" = 1 ]; then
    echo "chaos: using the $build binaries in $bin"  # scripts/test.sh has just built them
else
    echo "chaos: building ($build)"
    for product in subscriptions-consumer subscriptions-producer subscriptions-load; do
        swift build "${flags[@]}" --product "$product" > /dev/null
    done
fi

work=$(mktemp -d /tmp/chaos-run.XXXXXX)
data="$work/data"
mkdir -p "$data" "$work/logs"
mounted=""
cleanup() {
    if [ "$nodes" -gt 1 ]; then
        scripts/rabbitmq-local.sh cluster-stop "$broker_name" "$nodes" > /dev/null 2>&1 || true
        rm -rf "$repo/.rabbitmq/$broker_name"-[0-9]* "$repo/.rabbitmq/$broker_name.cookie"
    else
        scripts/rabbitmq-local.sh stop "$broker_name" > /dev/null 2>&1 || true
    fi
    if [ -n "$mounted" ]; then umount "$data" || true; fi
}
trap cleanup EXIT

# The consumer's disk: a tmpfs of its own, so filling it hurts nothing else.
if mount -t tmpfs -o "size=${disk_mb}m" tmpfs "$data" 2> "$work/mount.err"; then
    mounted=yes
    echo "chaos: consumer database on a ${disk_mb} MiB tmpfs at $data"
else
    echo "chaos: cannot mount a tmpfs at $data ($(cat "$work/mount.err")); run as root" >&2
    exit 2
fi

if [ "$nodes" -gt 1 ]; then
    scripts/rabbitmq-local.sh cluster-stop "$broker_name" "$nodes" > /dev/null 2>&1 || true
    rm -rf "$repo/.rabbitmq/$broker_name"-[0-9]* "$repo/.rabbitmq/$broker_name.cookie"
    scripts/rabbitmq-local.sh cluster-start "$broker_name" "$broker_port" "$nodes"
else
    scripts/rabbitmq-local.sh stop "$broker_name" > /dev/null 2>&1 || true
    rm -rf "$repo/.rabbitmq/$broker_name"
    scripts/rabbitmq-local.sh start "$broker_name" "$broker_port"
fi

status=0
"$bin/subscriptions-load" chaos \
    --bin-directory "$bin" --data-directory "$data" --work-directory "$work/logs" \
    --catalog "$repo/Config/catalog.example.json" --broker-script "$repo/scripts/rabbitmq-local.sh" \
    --broker-name "$broker_name" --broker-port "$broker_port" --broker-nodes "$nodes" "${args[@]}" || status=$?
if [ "$status" -ne 0 ]; then
    echo "chaos: failed (exit $status); the services' logs are in $work/logs"
    for log in "$work"/logs/*.log; do
        echo "--- $log (last lines)"
        tail -n 15 "$log"
    done
else
    echo "chaos: logs in $work/logs"
fi
exit "$status"
