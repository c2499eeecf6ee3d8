#!/usr/bin/env bash
# What one HTTP purchase costs the producer (docs/producer.md, "CPU per request"):
#
#   scripts/producer-load.sh PRODUCER [REQUESTS] [CONNECTIONS]
#
# Starts a private RabbitMQ node on $AB_PORT (default 5682), the subscriptions-consumer beside
# PRODUCER (or $CONSUMER) on a fresh database, and PRODUCER (a subscriptions-producer binary) on
# $HTTP_LOAD_PORT (default 8098) with an operator key it creates; sends 500 purchases of warm-up,
# then REQUESTS (default 5000) purchases of distinct customers over CONNECTIONS (default 50)
# HTTP/1.1 keep-alive connections, one token for all (scripts/lib/http_purchase_load.py), and
# prints the requests per second, the statuses, and the producer's and the consumer's CPU per
# request. Figures only: nothing is asserted.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"

[ $# -ge 1 ] || { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
producer=$(realpath "$1")
requests=${2:-5000}
connections=${3:-50}
bin=$(dirname "$producer")
consumer=${CONSUMER:-$bin/subscriptions-consumer}
ctl=${SUBSCRIPTIONSCTL:-$bin/subscriptionsctl}
port=${AB_PORT:-5682}
http_port=${HTTP_LOAD_PORT:-8098}
node=subs-producer-load
work=$repo/.build/producer-load-work
# shellcheck source=lib/consumer-runs.sh
source scripts/lib/consumer-runs.sh
require_executables producer-load "$producer" "$consumer" "$ctl"
export AMQP_URL="amqp://guest:guest@127.0.0.1:$port/"
producer_pid=""
cleanup() {
    [ -n "$producer_pid" ] && kill -TERM "$producer_pid" 2>/dev/null && wait "$producer_pid" 2>/dev/null || true
    cleanup_consumer_run
}
trap cleanup EXIT
fresh_broker
rm -rf "$work" && mkdir -p "$work"
issuer=57246542-96fe-1a63-e053-0824d011072a
"$ctl" key create --keys-file "$work/keys.json" --out "$work" --key-id LOADKEY001 --issuer-id "$issuer" --role operator > /dev/null
token=$("$ctl" token --key "$work/AuthKey_LOADKEY001.p8" --key-id LOADKEY001 --issuer-id "$issuer")
BUS_PREFIX=producer-load CLOCK=system DATABASE_PATH="$work/db.sqlite" CATALOG_PATH=Config/catalog.example.json HTTP_PORT=0 \
    LOG_LEVEL=warning "$consumer" 2>> "$work/consumer.log" &
consumer_pid=$!
BUS_PREFIX=producer-load HTTP_PORT=$http_port AUTH_KEYS="$work/keys.json" CATALOG_PATH=Config/catalog.example.json \
    LOG_LEVEL=warning "$producer" 2>> "$work/producer.log" &
producer_pid=$!
healthy() { python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2)' "$1" 2>/dev/null; }
for _ in $(seq 1 100); do healthy "http://127.0.0.1:$http_port/health" && break; sleep 0.2; done
cpu() { awk -v hz="$(getconf CLK_TCK)" '{ print ($14 + $15) / hz }' "/proc/$1/stat"; }
python3 scripts/lib/http_purchase_load.py "$http_port" /v1/purchases "$token" 500 20 > /dev/null
producer_before=$(cpu "$producer_pid") consumer_before=$(cpu "$consumer_pid")
result=$(python3 scripts/lib/http_purchase_load.py "$http_port" /v1/purchases "$token" "$requests" "$connections")
producer_after=$(cpu "$producer_pid") consumer_after=$(cpu "$consumer_pid")
echo "producer-load: $result"
awk -v p0="$producer_before" -v p1="$producer_after" -v c0="$consumer_before" -v c1="$consumer_after" -v n="$requests" \
    'BEGIN { printf "producer-load: producer CPU %.0f µs per request, consumer %.0f µs\n", (p1 - p0) * 1e6 / n, (c1 - c0) * 1e6 / n }'
