# The event log check of scripts/check-analytics.sh --stream (sourced by it: log, py, examples,
# repo, runtimes, runtime_command, count, idle, restart_port are set). docs/event-stream.md.
#
#   A   COUNT sample events (and a few undecodable, future-subtype and duplicate ones) go into a
#       fresh stream bound to a fresh exchange, before any reader starts;
#   1.  Python, C and Swift readers start --from first, expecting A and the live batches B1, B2;
#   T   the next whole second after they started; B1 is published after it: events signed
#       at T, after it and 1 ms before it (appended late), duplicates, an undecodable one;
#   R   with --restart-broker PORT the private node is stopped and started again here, under
#       the readers, which reconnect and resume after the last offset they read;
#   B2  more events, after the restart;
#   2.  each reader's tally must equal A + B1 + B2: every event once, none out of its
#       subscription's sequence order, the live ones too, none lost in the restart;
#   3.  readers started --from T must count exactly the events signed at or after T.

prefix="analytics-stream-$(date +%s)-$$"
stream_exchange=$prefix.events
stream=$stream_exchange.log
work=$(mktemp -d "${TMPDIR:-/tmp}/check-event-stream.XXXXXX")
node=""
reader_pids=()

stream_cleanup() {
    local status=$?
    for pid in "${reader_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    if [ -n "$node" ]; then
        "$repo/scripts/rabbitmq-local.sh" stop "$node" >/dev/null 2>&1 || true
        rm -rf "$repo/.rabbitmq/$node"
    else
        "$py" - "$stream" "$stream_exchange" <<'PY' || true
import os, sys, pika
connection = pika.BlockingConnection(pika.URLParameters(os.environ["AMQP_URL"]))
channel = connection.channel()
channel.queue_delete(sys.argv[1])
channel.exchange_delete(sys.argv[2])
connection.close()
PY
    fi
    if [ "$status" = 0 ]; then rm -rf "$work"; else log "outputs kept in $work"; fi
}
trap stream_cleanup EXIT

if [ -n "$restart_port" ]; then
    node="analytics-stream-$$"
    log "starting the private node $node on 127.0.0.1:$restart_port (restarted under the readers)"
    "$repo/scripts/rabbitmq-local.sh" start "$node" "$restart_port" >/dev/null
    export AMQP_URL="amqp://guest:guest@127.0.0.1:$restart_port/"
fi

publish() { # publish NAME ARGS...: sample events into the stream; expected tallies in $work/NAME*.json
    local name=$1; shift
    "$py" "$examples/publish-sample-events.py" --exchange "$stream_exchange" --stream "$stream" \
        --expected-out "$work/$name.json" "$@" > /dev/null
}
total_of() { "$py" -c 'import json, sys; print(sum(json.load(open(f))["total"] for f in sys.argv[1:]))' "$@"; }
merge() { # merge OUT IN...: the sum of tallies
    local out=$1; shift
    "$py" - "$@" > "$out" <<'PY'
import json, sys
merged = {"by_type": {}, "duplicates": 0, "out_of_order": 0, "total": 0, "undecodable": 0}
for path in sys.argv[1:]:
    tally = json.load(open(path))
    for key, value in tally["by_type"].items():
        merged["by_type"][key] = merged["by_type"].get(key, 0) + value
    for key in ("duplicates", "out_of_order", "total", "undecodable"):
        merged[key] += tally[key]
sys.stdout.write(json.dumps(merged, sort_keys=True) + "\n")
PY
}
start_readers() { # start_readers LABEL FROM EXPECT
    reader_pids=()
    for runtime in "${runtimes[@]}"; do
        $(runtime_command "$runtime") --exchange "$stream_exchange" --from "$2" --expect "$3" --idle-timeout "$idle" \
            --json-out "$work/$runtime.$1.json" > /dev/null 2> "$work/$runtime.$1.stderr" &
        reader_pids+=($!)
    done
}
wait_readers() { # wait_readers LABEL EXPECTED: 0 when every reader's tally equals EXPECTED
    local failed=0
    for pid in "${reader_pids[@]}"; do wait "$pid" || { log "a reader (pid $pid) exited with $?"; failed=1; }; done
    reader_pids=()
    for runtime in "${runtimes[@]}"; do
        if [ ! -f "$work/$runtime.$1.json" ]; then
            log "$runtime --from $1 wrote no tally:"; cat "$work/$runtime.$1.stderr" >&2; failed=1
        elif ! diff -u --label expected --label "$runtime --from $1" "$2" "$work/$runtime.$1.json"; then
            cat "$work/$runtime.$1.stderr" >&2; failed=1
        else
            log "  $runtime --from $1: $(tail -1 "$work/$runtime.$1.stderr")"
        fi
    done
    return $failed
}

# A: history, before any reader.
log "A: $count events (+3 undecodable, 2 with a future subtype, 20 published twice) into $stream"
publish A --count "$count" --undecodable 3 --future-subtype 2 --duplicates 20 --seed 11
# B1 and B2 counts are fixed here, so the readers know what to expect before they are published:
# B1 = 500 + 1 undecodable + 5 duplicates + 2 at T + 2 before T, B2 = 500 + 5 duplicates.
live=$((510 + 505))
expect_all=$(( $(total_of "$work/A.json") + live ))

# 1. Readers from first, started before the live batches.
start_readers first first "$expect_all"
sleep 2
from_time=$("$py" -c 'import math, time; print(math.ceil(time.time()) + 1)')
"$py" -c 'import sys, time; time.sleep(max(0, int(sys.argv[1]) - time.time()))' "$from_time"
from_iso=$(date -u -d "@$from_time" +%FT%TZ)
log "B1: 500 live events after $from_iso (+2 signed at it, 2 signed 1 ms before it, 5 twice, 1 undecodable)"
publish B1 --count 500 --undecodable 1 --duplicates 5 --first-sequence 100000 --seed 12 \
    --from-time "$from_time" --at-from-time 2 --before-from-time 2 --expected-from-out "$work/B1.from.json"
if [ -n "$node" ]; then
    log "R: restarting the broker under the readers"
    "$repo/scripts/rabbitmq-local.sh" stop "$node" >/dev/null
    "$repo/scripts/rabbitmq-local.sh" start "$node" "$restart_port" >/dev/null
else
    log "R: no broker restart (give --restart-broker PORT for a private node to restart)"
fi
log "B2: 500 live events (+5 twice)"
publish B2 --count 500 --duplicates 5 --first-sequence 200000 --seed 13 \
    --from-time "$from_time" --expected-from-out "$work/B2.from.json"

# 2. Everything, once, in order, the restart included.
merge "$work/expected.first.json" "$work/A.json" "$work/B1.json" "$work/B2.json"
failed=0
wait_readers first "$work/expected.first.json" || failed=1

# 3. From the time: exactly what was signed at or after it.
merge "$work/expected.time.json" "$work/B1.from.json" "$work/B2.from.json"
start_readers time "$from_iso" "$(total_of "$work/expected.time.json")"
wait_readers time "$work/expected.time.json" || failed=1

if [ "$failed" != 0 ]; then log "FAILED"; exit 1; fi
log "OK: Python, C and Swift read $expect_all messages of $stream from first (in order, once each, the live ones and a broker restart included: ${node:-no restart}) and exactly $(total_of "$work/expected.time.json") from $from_iso"
