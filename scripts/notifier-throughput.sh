#!/usr/bin/env bash
# How fast the notifier follows the command path (docs/notifications.md, "Throughput"):
#
#   scripts/notifier-throughput.sh CONSUMER [COMMANDS]
#
# Starts a private RabbitMQ node on $AB_PORT (default 5682), a minimal keep-alive HTTP receiver
# on $RECEIVER_PORT (default 8099, scripts/lib/notification_receiver.py) and CONSUMER (a
# subscriptions-consumer binary) with NOTIFICATION_URLS pointing at it, on a fresh database; sends
# COMMANDS (default 20000) purchases at 500 in flight with the subscriptions-load beside CONSUMER
# (or $LOAD), then prints the seconds from the first command until the commands were answered,
# until every notification was stored (rows in the notifier's database) and until the receiver
# had every POST, and the consumer's CPU seconds. Figures only: nothing is asserted.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"

[ $# -ge 1 ] || { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
consumer=$(realpath "$1")
commands=${2:-20000}
load=${LOAD:-$(dirname "$consumer")/subscriptions-load}
port=${AB_PORT:-5682}
receiver_port=${RECEIVER_PORT:-8099}
node=subs-notifier
work=$repo/.build/notifier-throughput-work
# shellcheck source=lib/consumer-runs.sh
source scripts/lib/consumer-runs.sh
require_executables notifier-throughput "$consumer" "$load"
export AMQP_URL="amqp://guest:guest@127.0.0.1:$port/"
receiver_pid=""
cleanup() {
    [ -n "$receiver_pid" ] && kill "$receiver_pid" 2>/dev/null || true
    cleanup_consumer_run
}
trap cleanup EXIT
fresh_broker
rm -rf "$work" && mkdir -p "$work"
python3 scripts/lib/notification_receiver.py "$receiver_port" "$work/received" &
receiver_pid=$!
BUS_PREFIX=notifier CLOCK=system DATABASE_PATH="$work/db.sqlite" CATALOG_PATH=Config/catalog.example.json HTTP_PORT=0 \
    LOG_LEVEL=warning NOTIFICATION_URLS="http://127.0.0.1:$receiver_port/notifications" "$consumer" 2>> "$work/consumer.log" &
consumer_pid=$!
sleep 2
now() { date +%s.%N; }
since() { awk -v now="$(now)" -v start="$1" 'BEGIN { printf "%.1f", now - start }'; }
# Rows in the notifier's table (python3's sqlite3: no sqlite3 command-line tool needed).
stored_rows() {
    python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT COUNT(*) FROM notification").fetchone()[0])' \
        "$work/db.notifications.sqlite" 2>/dev/null || true
}
start=$(now)
BUS_PREFIX=notifier "$load" run --commands "$commands" --in-flight 500 | grep -E 'throughput' || true
answered=$(since "$start")
stored="" delivered=""
deadline=$(( $(date +%s) + 600 ))
while [ -z "$stored" ] || [ -z "$delivered" ]; do
    [ "$(date +%s)" -lt "$deadline" ] || { echo "notifier-throughput: not done after 10 minutes" >&2; break; }
    rows=$(stored_rows)
    posts=$(cat "$work/received" 2>/dev/null || true)
    rows=${rows:-0} posts=${posts:-0}  # the receiver rewrites its file: it can be empty for a moment
    [ -z "$stored" ] && [ "$rows" -ge "$commands" ] && stored=$(since "$start")
    [ -z "$delivered" ] && [ "$posts" -ge "$commands" ] && delivered=$(since "$start")
    sleep 0.2
done
cpu=$(awk -v hz="$(getconf CLK_TCK)" '{ printf "%.1f", ($14 + $15) / hz }' "/proc/$consumer_pid/stat")
echo "notifier-throughput: $commands purchases answered after $answered s;" \
    "notifications stored after ${stored:--} s, delivered after ${delivered:--} s; consumer CPU $cpu s"
