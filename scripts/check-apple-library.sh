#!/usr/bin/env bash
# Apple's own Python library (app-store-server-library) against the real services: makes a
# signing identity and two API keys (app, operator) with subscriptionsctl, then runs
# Examples/app-store-server-library/check_apple_library.py, which starts a notification
# receiver and both services on a private bus prefix (CLOCK=manual) and checks every public method
# of Apple's AppStoreServerAPIClient (it fails on one not called or answered "no such route",
# 4049000), every signature with Apple's SignedDataVerifier, the 401s, the notification retry
# schedule, and retention messaging against a Get Retention Message endpoint that verifies every
# request with Apple's library (docs/signing-and-auth.md, docs/notifications.md,
# docs/retention-messaging.md).
#
# Usage: scripts/check-apple-library.sh [--bin DIR]   (DIR: the built executables, default
# E2E_BIN_DIR, else .build/debug). Env: AMQP_URL (default amqp://guest:guest@127.0.0.1:5672/). Needs python3 and
# the package built (swift build). Exit 0 when every check passed.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=${E2E_BIN_DIR:-$repo/.build/debug}
while [ $# -gt 0 ]; do
    case "$1" in
    --bin) bin=$(cd "$2" && pwd); shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "check-apple-library: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done
export AMQP_URL=${AMQP_URL:-amqp://guest:guest@127.0.0.1:5672/}
log() { echo "check-apple-library: $*" >&2; }

for tool in subscriptionsctl subscriptions-producer subscriptions-consumer; do
    [ -x "$bin/$tool" ] || { log "$bin/$tool is missing: run swift build first"; exit 2; }
done

# Apple's library in a venv of its own (reinstalled only when the requirements change).
venv=$repo/.build-tools/apple-library-venv
requirements=$repo/Examples/app-store-server-library/requirements.txt
if [ ! -x "$venv/bin/python" ]; then
    log "creating $venv"
    python3 -m venv "$venv"
fi
if ! cmp -s "$requirements" "$venv/.requirements.txt"; then
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$venv/.requirements.txt"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/check-apple-library.XXXXXX")
keep_work=0
cleanup() { [ "$keep_work" = 1 ] || rm -rf "$work"; }
trap cleanup EXIT

ctl=$bin/subscriptionsctl
issuer=$(python3 -c 'import uuid; print(uuid.uuid4())')
"$ctl" identity create --out "$work/identity" >/dev/null
"$ctl" key create --keys-file "$work/keys.json" --out "$work" --key-id APPLIBKEY1 --issuer-id "$issuer" \
    --bundle-id com.example.news --role app >/dev/null
"$ctl" key create --keys-file "$work/keys.json" --out "$work" --key-id OPERATOR01 --issuer-id "$issuer" \
    --role operator >/dev/null
read -r producer_port consumer_port < <(python3 - <<'PY'
import socket
sockets = [socket.socket() for _ in range(2)]
for s in sockets:
    s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in sockets])
PY
)

log "running Apple's client and verifier against the services (logs in $work if it fails)"
if ! "$venv/bin/python" "$repo/Examples/app-store-server-library/check_apple_library.py" \
    --bin "$bin" --identity "$work/identity" --keys "$work/keys.json" \
    --app-key "$work/AuthKey_APPLIBKEY1.p8" --app-key-id APPLIBKEY1 \
    --operator-key "$work/AuthKey_OPERATOR01.p8" --operator-key-id OPERATOR01 --issuer-id "$issuer" \
    --catalog "$repo/Config/catalog.example.json" --amqp-url "$AMQP_URL" \
    --bus-prefix "apple-$(python3 -c 'import uuid; print(uuid.uuid4().hex[:8])')" \
    --producer-port "$producer_port" --consumer-port "$consumer_port" --work "$work"; then
    keep_work=1
    log "FAILED; consumer log tail:"
    tail -n 40 "$work/consumer.log" >&2 || true
    log "producer log tail:"
    tail -n 20 "$work/producer.log" >&2 || true
    exit 1
fi
