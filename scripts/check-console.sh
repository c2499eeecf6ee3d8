#!/usr/bin/env bash
# The console in a real browser (docs/console.md, "Browser test"): headless Chromium (Debian's
# chromium and chromium-driver, installed by scripts/install-dependencies.sh) driven by Selenium
# (PyPI, in .build-tools/console-venv) against the real services: a consumer on the test clock
# with the example catalog and a fresh database, and a producer, both from `swift build`
# (.build/debug, or E2E_BIN_DIR), on a private bus prefix of the broker at AMQP_URL.
#
# scripts/console_browser_test.py makes a subscription through the API that goes through a
# price increase with consent and a renewal, then in the page: finds it, checks the timeline's
# marks, opens an event by mouse and by keyboard, advances the test clock and sees the next
# renewal appear, watches live events with a filter, replays a dead letter, reads the health
# panel, and redraws at a narrow width; every request must stay on the producer's origin.
# Screenshots go to .build/console-screenshots/ (CI artifacts).
#
# Usage: scripts/check-console.sh   Env: AMQP_URL (default amqp://guest:guest@127.0.0.1:5672/),
# E2E_BIN_DIR, CONSOLE_SCREENSHOTS (default .build/console-screenshots).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
export AMQP_URL=${AMQP_URL:-amqp://guest:guest@127.0.0.1:5672/}
log() { echo "check-console: $*" >&2; }

bin=${E2E_BIN_DIR:-$repo/.build/debug}
for tool in subscriptionsctl subscriptions-producer subscriptions-consumer; do
    [ -x "$bin/$tool" ] || { log "$bin/$tool is missing: run swift build first"; exit 2; }
done
for tool in /usr/bin/chromium /usr/bin/chromedriver; do
    [ -x "$tool" ] || { log "$tool is missing: scripts/install-dependencies.sh installs chromium and chromium-driver"; exit 2; }
done

venv=$repo/.build-tools/console-venv
requirements=$repo/scripts/console-requirements.txt
if [ ! -x "$venv/bin/python" ]; then
    log "creating $venv"
    python3 -m venv "$venv"
fi
if ! cmp -s "$requirements" "$venv/.requirements.txt"; then
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$venv/.requirements.txt"
fi

screenshots=${CONSOLE_SCREENSHOTS:-$repo/.build/console-screenshots}
rm -rf "$screenshots"
mkdir -p "$screenshots"
work=$(mktemp -d "${TMPDIR:-/tmp}/check-console.XXXXXX")
prefix=console-$(date +%s)-$$
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

issuer=$("$venv/bin/python" -c 'import uuid; print(uuid.uuid4())')
"$bin/subscriptionsctl" identity create --out "$work/identity" >/dev/null
"$bin/subscriptionsctl" key create --keys-file "$work/keys.json" --out "$work" --key-id CONSOLEOP1 --issuer-id "$issuer" \
    --role operator >/dev/null
token=$("$bin/subscriptionsctl" token --key "$work/AuthKey_CONSOLEOP1.p8" --key-id CONSOLEOP1 --issuer-id "$issuer")

# STATUS_INTERVAL=1: the health panel gets two reports (commands per second) within seconds.
BUS_PREFIX=$prefix HTTP_PORT=$consumer_port CLOCK=manual DATABASE_PATH=$work/subscriptions.sqlite STATUS_INTERVAL=1 \
    CATALOG_PATH=$repo/Config/catalog.example.json SIGNING_IDENTITY=$work/identity LOG_LEVEL=warning \
    "$bin/subscriptions-consumer" > "$work/consumer.log" 2>&1 &
pids+=($!)
BUS_PREFIX=$prefix HTTP_PORT=$producer_port SIGNING_IDENTITY=$work/identity AUTH_KEYS=$work/keys.json LOG_LEVEL=warning \
    "$bin/subscriptions-producer" > "$work/producer.log" 2>&1 &
pids+=($!)

started=$(date +%s)
if ! SE_OFFLINE=true "$venv/bin/python" "$repo/scripts/console_browser_test.py" \
    --base "http://127.0.0.1:$producer_port" --consumer "http://127.0.0.1:$consumer_port" --token "$token" \
    --amqp-url "$AMQP_URL" --bus-prefix "$prefix" --screenshots "$screenshots"; then
    log "FAILED after $(( $(date +%s) - started )) s; consumer log tail:"
    tail -n 30 "$work/consumer.log" >&2 || true
    log "producer log tail:"
    tail -n 30 "$work/producer.log" >&2 || true
    exit 1
fi
log "passed in $(( $(date +%s) - started )) s; screenshots in ${screenshots#"$repo"/}: $(ls "$screenshots" | tr '\n' ' ')"
