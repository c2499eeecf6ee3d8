#!/usr/bin/env bash
# End-to-end check of the three analytics consumers (Examples/analytics-python, -c, -swift)
# against a broker: each must report the same tally of subscriptions.events as the expected one.
#
#   scripts/check-analytics.sh --sample [--count N]
#       publish N sample events (+ undecodable and future-enum ones) with
#       Examples/publish-sample-events.py, which also writes the expected tally
#   scripts/check-analytics.sh --expect-tally FILE [--run CMD]
#       events come from someone else (e.g. the consumer service in an e2e run); FILE is
#       their expected tally in the consumers' format (key order and spacing free). CMD,
#       if given, is run once the queues are bound (it may publish and write FILE). With
#       --stream-after, the three then read the event log (<exchange>.log) --from first too
#       and must count the same events (what the services published went into the stream).
#   scripts/check-analytics.sh --stream [--count N] [--restart-broker PORT]
#       the event log (docs/event-stream.md): N sample events (default 10,000) go into a
#       stream first; readers started then --from first must count all of them, in each
#       subscription's sequence order and each once, then the live ones published after; a
#       broker restart between two live batches (--restart-broker: on a private node on PORT,
#       which the check starts and stops) loses none; readers started --from a time count
#       exactly the events signed at or after it.
#
# Other options: --idle-timeout S (consumers stop after S s without a message; default 20),
# --keep-queues (leave the check queues on the broker), --exchange NAME (the events exchange,
# default subscriptions.events), --fresh-exchange (the exchange must not exist yet: the
# consumers start first and create it, which proves any start order works; it is deleted at
# the end). Env: AMQP_URL (default
# amqp://guest:guest@127.0.0.1:5672/); ANALYTICS_SWIFT_BIN, the Swift example (default
# analytics-tally in $E2E_BIN_DIR, else .build/release or .build/debug: `swift build
# --product analytics-tally`). Exit 0 when the expected, Python, C and Swift tallies are equal
# and nothing is left in the queues; otherwise non-zero with a diff.
#
# Needs python3 (venv), protoc, protoc-c, librabbitmq-dev, libprotobuf-c-dev, make, cc, and
# the Swift example built.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
examples=$repo/Examples
export AMQP_URL=${AMQP_URL:-amqp://guest:guest@127.0.0.1:5672/}

mode="" count="" expect_file="" run_cmd="" idle="" keep_queues=0 exchange=subscriptions.events fresh_exchange=0
stream_after=0 restart_port=""
while [ $# -gt 0 ]; do
    case "$1" in
    --sample) mode=sample ;;
    --stream) mode=stream ;;
    --stream-after) stream_after=1 ;;
    --restart-broker) restart_port=$2; shift ;;
    --count) count=$2; shift ;;
    --expect-tally) mode=tally; expect_file=$2; shift ;;
    --run) run_cmd=$2; shift ;;
    --idle-timeout) idle=$2; shift ;;
    --keep-queues) keep_queues=1 ;;
    --exchange) exchange=$2; shift ;;
    --fresh-exchange) fresh_exchange=1 ;;
    -h|--help) sed -n '2,38p' "$0"; exit 0 ;;
    *) echo "check-analytics: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done
[ -n "$mode" ] || { echo "check-analytics: give --sample, --stream or --expect-tally FILE" >&2; exit 2; }
if [ "$mode" = stream ]; then count=${count:-10000} idle=${idle:-90}; else count=${count:-200} idle=${idle:-20}; fi
case "$expect_file" in /*|"") ;; *) expect_file=$PWD/$expect_file ;; esac

log() { echo "check-analytics: $*" >&2; }

# 1. Tools: venv with the pinned requirements (reinstalled only when they change),
#    generated Python classes, C consumer; the Swift one is built with the package.
# shellcheck source=scripts/lib/analytics-tools.sh
source "$repo/scripts/lib/analytics-tools.sh"
swift_tally=${ANALYTICS_SWIFT_BIN:-}
if [ -z "$swift_tally" ]; then
    for dir in "${E2E_BIN_DIR:-}" "$repo/.build/release" "$repo/.build/debug"; do
        if [ -n "$dir" ] && [ -x "$dir/analytics-tally" ]; then swift_tally=$dir/analytics-tally; break; fi
    done
fi
[ -x "$swift_tally" ] || { log "the Swift example is not built: swift build --product analytics-tally (or set ANALYTICS_SWIFT_BIN)"; exit 1; }
# One command line per runtime, the same options after it.
runtime_command() { # python|c|swift
    case "$1" in
    python) echo "$py $examples/analytics-python/tally.py" ;;
    c) echo "$c_tally" ;;
    swift) echo "$swift_tally" ;;
    esac
}
runtimes=(python c swift)

if [ "$mode" = stream ]; then
    # shellcheck source=scripts/lib/check-event-stream.sh
    source "$repo/scripts/lib/check-event-stream.sh"
    exit $?
fi

# 2. Fresh queues of our own, declared and bound before any event is published.
q_py=analytics.check.python q_c=analytics.check.c q_swift=analytics.check.swift
work=$(mktemp -d "${TMPDIR:-/tmp}/check-analytics.XXXXXX")
pids=()

queues() { # queues delete|count|exchange-exists|exchange-delete NAME...
    "$py" - "$@" <<'PY'
import os, sys, pika
op, names = sys.argv[1], sys.argv[2:]
connection = pika.BlockingConnection(pika.URLParameters(os.environ["AMQP_URL"]))
channel = connection.channel()
for name in names:
    if op == "delete":
        channel.queue_delete(name)
    elif op == "exchange-delete":
        channel.exchange_delete(name)
    elif op == "exchange-exists":
        try:
            channel.exchange_declare(name, passive=True)
            print("yes")
        except pika.exceptions.ChannelClosedByBroker:  # 404: not found
            print("no")
            channel = connection.channel()
    else:
        print(name, channel.queue_declare(name, passive=True).method.message_count)
connection.close()
PY
}

cleanup() {
    local status=$?
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    if [ "$keep_queues" = 0 ]; then queues delete "$q_py" "$q_c" "$q_swift" || true; fi
    if [ "$stream_after" = 1 ] && [ "$keep_queues" = 0 ]; then queues delete "$exchange.log" || true; fi
    if [ "$fresh_exchange" = 1 ]; then queues exchange-delete "$exchange" || true; fi
    if [ "$status" = 0 ]; then rm -rf "$work"; else log "outputs kept in $work"; fi
}
trap cleanup EXIT

queues delete "$q_py" "$q_c" "$q_swift"
if [ "$fresh_exchange" = 1 ]; then
    # Start order: the consumers come first, before any service has declared the exchange.
    [ "$(queues exchange-exists "$exchange")" = no ] || { log "$exchange already exists (--fresh-exchange)"; exit 1; }
    log "$exchange does not exist yet: the analytics consumers declare it before any service starts"
fi
"$py" "$examples/analytics-python/tally.py" --exchange "$exchange" --queue "$q_py" --declare-only
"$c_tally" --exchange "$exchange" --queue "$q_c" --declare-only
"$swift_tally" --exchange "$exchange" --queue "$q_swift" --declare-only

# 3. How many messages to wait for: known up front in sample mode, read from FILE when it
#    already exists, else none (the consumers stop on the idle timeout).
undecodable=3 future=2
expect=0
if [ "$mode" = sample ]; then
    expect=$((count + undecodable + future))
elif [ -f "$expect_file" ]; then
    expect=$("$py" -c 'import json,sys; print(json.load(open(sys.argv[1]))["total"])' "$expect_file")
fi

# 4. The three consumers run while the events arrive.
for runtime in "${runtimes[@]}"; do
    queue_var=q_$runtime; [ "$runtime" = python ] && queue_var=q_py
    $(runtime_command "$runtime") --exchange "$exchange" --queue "${!queue_var}" --expect "$expect" \
        --idle-timeout "$idle" --json-out "$work/$runtime.json" > "$work/$runtime.stdout" 2> "$work/$runtime.stderr" &
    pids+=($!)
done

if [ "$mode" = sample ]; then
    log "publishing $count sample events + $undecodable undecodable + $future with a future subtype"
    "$py" "$examples/publish-sample-events.py" --exchange "$exchange" --count "$count" --undecodable "$undecodable" \
        --future-subtype "$future" --expected-out "$work/expected.raw.json" >/dev/null
    expect_file=$work/expected.raw.json
elif [ -n "$run_cmd" ]; then
    log "running: $run_cmd"
    bash -c "$run_cmd"
fi

failed=0
for pid in "${pids[@]}"; do wait "$pid" || { log "a consumer (pid $pid) exited with $?"; failed=1; }; done
pids=()
[ -f "$expect_file" ] || { log "expected tally $expect_file does not exist"; exit 1; }

# 5. Compare. The consumers' files must equal the canonical form of the expected tally
#    byte for byte (one line, keys sorted: the format both consumers write).
"$py" -c 'import json,sys; sys.stdout.write(json.dumps(json.load(open(sys.argv[1])), sort_keys=True) + "\n")' \
    "$expect_file" > "$work/expected.json"
for consumer in "${runtimes[@]}"; do
    if [ ! -f "$work/$consumer.json" ]; then
        log "$consumer wrote no tally"; failed=1
    elif ! diff -u --label expected --label "$consumer" "$work/expected.json" "$work/$consumer.json"; then
        failed=1
    fi
done
# Left-over messages mean a consumer stopped at --expect while more had been sent.
while read -r queue ready; do
    if [ "$ready" != 0 ]; then log "$queue still holds $ready message(s)"; failed=1; fi
done < <(queues count "$q_py" "$q_c" "$q_swift")

# 6. The same events in the event log the services keep: read --from first by all three, each
#    event once and in its subscription's order (docs/event-stream.md).
if [ "$stream_after" = 1 ] && [ "$failed" = 0 ]; then
    "$py" -c 'import json, sys
t = json.load(open(sys.argv[1]))
t.update(duplicates=0, out_of_order=0)
sys.stdout.write(json.dumps(t, sort_keys=True) + "\n")' "$work/expected.json" > "$work/expected.stream.json"
    total=$("$py" -c 'import json,sys; print(json.load(open(sys.argv[1]))["total"])' "$work/expected.json")
    pids=()
    for runtime in "${runtimes[@]}"; do
        $(runtime_command "$runtime") --exchange "$exchange" --from first --expect "$total" --idle-timeout "$idle" \
            --json-out "$work/$runtime.stream.json" > /dev/null 2> "$work/$runtime.stream.stderr" &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid" || { log "a reader of the event log (pid $pid) failed"; failed=1; }; done
    pids=()
    for runtime in "${runtimes[@]}"; do
        diff -u --label expected --label "$runtime --from first" "$work/expected.stream.json" "$work/$runtime.stream.json" \
            || failed=1
    done
    [ "$failed" = 0 ] && log "OK: the event log ${exchange}.log read --from first gives the same tally in Python, C and Swift"
fi

if [ "$failed" != 0 ]; then log "FAILED"; exit 1; fi
log "OK: expected, Python, C and Swift tallies are identical: $(cat "$work/expected.json")"
