#!/usr/bin/env bash
# Runs schemathesis over docs/openapi.yaml against the real services: a consumer on the test
# clock with the example catalog and a fresh database, and a producer, both built by
# `swift build` (.build/debug, or E2E_BIN_DIR), on a private bus prefix of the broker at
# AMQP_URL. Checks: positive_data_acceptance (a request the document allows is not refused
# with 400/422 by the validators) and not_a_server_error. Zero failures or the script fails.
# Requests name real subscriptions seeded first (scripts/schemathesis_seed.py), so they reach
# the engine; a refusal the engine answers on such a subscription's state is not a schema failure.
#
# The document states every rule the validators check that JSON Schema can express. The few
# it cannot (a SKU used once per request, values that must exist in the catalog) are stated in
# its descriptions, and scripts/schemathesis_hooks.py keeps generated data within them; see
# docs/producer.md, "The OpenAPI document".
#
# Usage: scripts/check-schemathesis.sh [--max-examples N]   (default 25 per operation)
# Env: AMQP_URL (default amqp://guest:guest@127.0.0.1:5672/), E2E_BIN_DIR, SCHEMATHESIS_SEED (17).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
export AMQP_URL=${AMQP_URL:-amqp://guest:guest@127.0.0.1:5672/}
examples=25
while [ $# -gt 0 ]; do
    case "$1" in
    --max-examples) examples=$2; shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "check-schemathesis: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done
log() { echo "check-schemathesis: $*" >&2; }

venv=$repo/.build-tools/schemathesis-venv
requirements=$repo/scripts/schemathesis-requirements.txt
if [ ! -x "$venv/bin/python" ]; then
    log "creating $venv"
    python3 -m venv "$venv"
fi
if ! cmp -s "$requirements" "$venv/.requirements.txt"; then
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$venv/.requirements.txt"
fi

bin=${E2E_BIN_DIR:-$repo/.build/debug}
work=$(mktemp -d "${TMPDIR:-/tmp}/check-schemathesis.XXXXXX")
prefix=schemathesis-$(date +%s)-$$
free_port() { "$venv/bin/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
producer_port=$(free_port)
consumer_port=$(free_port)
pids=()
cleanup() {
    local status=$?
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    if [ "$status" = 0 ]; then rm -rf "$work"; else log "logs kept in $work"; fi
}
trap cleanup EXIT

# Every API route needs a bearer token (docs/signing-and-auth.md): an operator key opens them all.
issuer=$("$venv/bin/python" -c 'import uuid; print(uuid.uuid4())')
"$bin/subscriptionsctl" identity create --out "$work/identity" >/dev/null
"$bin/subscriptionsctl" key create --keys-file "$work/keys.json" --out "$work" --key-id SCHEMATHES --issuer-id "$issuer" \
    --role operator >/dev/null
token=$("$bin/subscriptionsctl" token --key "$work/AuthKey_SCHEMATHES.p8" --key-id SCHEMATHES --issuer-id "$issuer")

BUS_PREFIX=$prefix HTTP_PORT=$consumer_port CLOCK=manual DATABASE_PATH=$work/subscriptions.sqlite \
    CATALOG_PATH=$repo/Config/catalog.example.json SIGNING_IDENTITY=$work/identity LOG_LEVEL=warning \
    "$bin/subscriptions-consumer" > "$work/consumer.log" 2>&1 &
pids+=($!)
BUS_PREFIX=$prefix HTTP_PORT=$producer_port SIGNING_IDENTITY=$work/identity AUTH_KEYS=$work/keys.json LOG_LEVEL=warning \
    "$bin/subscriptions-producer" > "$work/producer.log" 2>&1 &
pids+=($!)
healthy() { "$venv/bin/python" -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2)' "$1" 2>/dev/null; }
for url in "http://127.0.0.1:$consumer_port/health" "http://127.0.0.1:$producer_port/health"; do
    for _ in $(seq 1 300); do
        healthy "$url" && break
        sleep 0.2
    done
    healthy "$url" || { log "$url did not become healthy"; cat "$work"/*.log >&2; exit 1; }
done

# Real subscriptions (in-app and Advanced Commerce) whose ids the hooks put into every request
# that names one: the fuzzing then reaches the engine instead of a 404 at the lookup.
"$venv/bin/python" scripts/schemathesis_seed.py "http://127.0.0.1:$producer_port" "$token" "$work/seeded-ids.json"

log "fuzzing docs/openapi.yaml against http://127.0.0.1:$producer_port ($examples examples per operation)"
# A generous deadline: the check is about what the API accepts, not about its latency.
SCHEMATHESIS_IDS=$work/seeded-ids.json SCHEMATHESIS_HOOKS=schemathesis_hooks PYTHONPATH=$repo/scripts \
    "$venv/bin/st" run docs/openapi.yaml --url "http://127.0.0.1:$producer_port" \
    --checks positive_data_acceptance,not_a_server_error --mode positive \
    --phases examples,coverage,fuzzing --max-examples "$examples" --workers 2 --seed "${SCHEMATHESIS_SEED:-17}" \
    --header "X-Request-Timeout: 30000" --header "Authorization: Bearer $token" --generation-database none --no-color \
    | tee "$work/schemathesis.txt"
