#!/usr/bin/env bash
# The gRPC front door against a Python grpcio client generated from Protos/ (Examples/grpc-python,
# docs/grpc.md): makes two API keys (app, operator) and their tokens with subscriptionsctl, then
# runs Examples/grpc-python/check_grpc.py, which starts both services on a private bus prefix
# (the producer with GRPC_PORT) and checks a purchase and its replay, a read with an app key,
# errors as gRPC status codes with Apple's code in the status details, the refused tokens, and
# the deadlines (gRPC's own, else REPLY_TIMEOUT).
#
# Usage: scripts/check-grpc.sh [--bin DIR]   (DIR: the built executables, default E2E_BIN_DIR,
# else .build/debug). Env: AMQP_URL (default amqp://guest:guest@127.0.0.1:5672/). Needs python3,
# protoc and grpc_python_plugin (scripts/install-dependencies.sh). Exit 0 when every check passed.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=${E2E_BIN_DIR:-$repo/.build/debug}
while [ $# -gt 0 ]; do
    case "$1" in
    --bin) bin=$(cd "$2" && pwd); shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "check-grpc: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done
export AMQP_URL=${AMQP_URL:-amqp://guest:guest@127.0.0.1:5672/}
log() { echo "check-grpc: $*" >&2; }

for tool in subscriptionsctl subscriptions-producer subscriptions-consumer; do
    [ -x "$bin/$tool" ] || { log "$bin/$tool is missing: run swift build first"; exit 2; }
done

# grpcio in a venv of its own (reinstalled only when the requirements change); the stubs
# generated from Protos/ as the analytics example generates its classes.
venv=$repo/.build-tools/grpc-venv
requirements=$repo/Examples/grpc-python/requirements.txt
if [ ! -x "$venv/bin/python" ]; then
    log "creating $venv"
    python3 -m venv "$venv"
fi
if ! cmp -s "$requirements" "$venv/.requirements.txt"; then
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$venv/.requirements.txt"
fi
"$repo/Examples/grpc-python/generate.sh" >/dev/null

work=$(mktemp -d "${TMPDIR:-/tmp}/check-grpc.XXXXXX")
keep_work=0
cleanup() { [ "$keep_work" = 1 ] || rm -rf "$work"; }
trap cleanup EXIT

ctl=$bin/subscriptionsctl
issuer=$(python3 -c 'import uuid; print(uuid.uuid4())')
"$ctl" key create --keys-file "$work/keys.json" --out "$work" --key-id GRPCAPPKEY --issuer-id "$issuer" \
    --bundle-id com.example.news --role app >/dev/null
"$ctl" key create --keys-file "$work/keys.json" --out "$work" --key-id GRPCOPSKEY --issuer-id "$issuer" \
    --role operator >/dev/null
app_token=$("$ctl" token --key "$work/AuthKey_GRPCAPPKEY.p8" --key-id GRPCAPPKEY --issuer-id "$issuer" --bundle-id com.example.news)
operator_token=$("$ctl" token --key "$work/AuthKey_GRPCOPSKEY.p8" --key-id GRPCOPSKEY --issuer-id "$issuer")
read -r producer_port consumer_port grpc_port < <(python3 - <<'PY'
import socket
sockets = [socket.socket() for _ in range(3)]
for s in sockets:
    s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in sockets])
PY
)

log "running the grpcio client against the services (logs in $work if it fails)"
if ! timeout 600 "$venv/bin/python" "$repo/Examples/grpc-python/check_grpc.py" \
    --bin "$bin" --keys "$work/keys.json" --operator-token "$operator_token" --app-token "$app_token" \
    --catalog "$repo/Config/catalog.example.json" --amqp-url "$AMQP_URL" \
    --bus-prefix "grpc-$(python3 -c 'import uuid; print(uuid.uuid4().hex[:8])')" \
    --producer-port "$producer_port" --consumer-port "$consumer_port" --grpc-port "$grpc_port" --work "$work"; then
    keep_work=1
    log "FAILED; producer log tail:"
    tail -n 30 "$work/producer.log" >&2 || true
    log "consumer log tail:"
    tail -n 30 "$work/consumer.log" >&2 || true
    exit 1
fi
