#!/usr/bin/env bash
# Runs the product on this machine: installs what a fresh Debian 12 machine lacks, starts a
# private RabbitMQ node on 127.0.0.1:5672 (management UI on :15672) unless AMQP_URL points
# at a broker, builds both services (release), and runs the consumer and the producer until
# Ctrl-C / SIGTERM, which stops them gracefully, then the broker.
#
#   scripts/run.sh                  # system clock
#   CLOCK=manual scripts/run.sh     # test clock, moved by POST /v1/test-clock/advance
#   STORE=postgres scripts/run.sh   # the consumer's state in a private PostgreSQL server
#                                   # (scripts/postgres-local.sh, 127.0.0.1:${POSTGRES_LOCAL_PORT:-5434}),
#                                   # unless DATABASE_URL names a database; stopped with the rest
#
# Configuration: the environment variables of docs/configuration.md (AMQP_URL, DATABASE_PATH,
# CATALOG_PATH, CLOCK, PRODUCER_PORT, CONSUMER_PORT, GRPC_PORT, LOG_LEVEL, NOTIFICATION_URLS, ...).
# On first run it creates a signing identity (.data/identity) and two API keys, an app key and
# an operator key (.data/keys), and prints how to mint a token (docs/signing-and-auth.md);
# SIGNING_IDENTITY and AUTH_KEYS, when set, are used instead.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"

scripts/install-dependencies.sh

started_broker=""
if [ -z "${AMQP_URL:-}" ]; then
    port=${RABBITMQ_LOCAL_PORT:-5672}
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        echo "run: a broker already listens on 127.0.0.1:$port; using it"
    else
        RABBITMQ_LOCAL_PLUGINS="rabbitmq_management rabbitmq_prometheus" scripts/rabbitmq-local.sh start subs "$port"
        started_broker=subs
    fi
    export AMQP_URL="amqp://guest:guest@127.0.0.1:$port/"
fi

started_postgres=""
case "${STORE:-sqlite}" in
sqlite) ;;
postgres)
    if [ -z "${DATABASE_URL:-}" ]; then
        pg_port=${POSTGRES_LOCAL_PORT:-5434}
        if (exec 3<>"/dev/tcp/127.0.0.1/$pg_port") 2>/dev/null; then
            echo "run: a PostgreSQL server already listens on 127.0.0.1:$pg_port; using it"
        else
            # Under /tmp by default: the server runs as the postgres user, who may not reach the checkout.
            POSTGRES_LOCAL_BASE=${POSTGRES_LOCAL_BASE:-${TMPDIR:-/tmp}/subscriptions-postgres} \
                scripts/postgres-local.sh start subs-pg "$pg_port"
            started_postgres=subs-pg
        fi
        export DATABASE_URL="postgres://subscriptions:subscriptions-local-dev@127.0.0.1:$pg_port/subscriptions"
    fi
    ;;
*)
    echo "run: STORE must be sqlite or postgres, not '$STORE'" >&2
    exit 2
    ;;
esac

echo "run: building the services (release)"
swift build -c release --static-swift-stdlib --product subscriptions-consumer
swift build -c release --static-swift-stdlib --product subscriptions-producer
swift build -c release --static-swift-stdlib --product subscriptionsctl
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)

mkdir -p .data
# Signing identity and API keys, made once (docs/signing-and-auth.md).
issuer_file=.data/keys/issuer-id
if [ -z "${SIGNING_IDENTITY:-}" ] && [ ! -f .data/identity/leaf-key.pem ]; then
    "$bin/subscriptionsctl" identity create --out .data/identity
fi
if [ -z "${AUTH_KEYS:-}" ] && [ ! -f .data/keys/keys.json ]; then
    mkdir -p .data/keys
    python3 -c 'import uuid; print(uuid.uuid4())' > "$issuer_file"
    "$bin/subscriptionsctl" key create --keys-file .data/keys/keys.json --out .data/keys --key-id APPKEY0001 \
        --issuer-id "$(cat "$issuer_file")" --bundle-id com.example.news --role app > /dev/null
    "$bin/subscriptionsctl" key create --keys-file .data/keys/keys.json --out .data/keys --key-id OPERATOR01 \
        --issuer-id "$(cat "$issuer_file")" --role operator > /dev/null
fi
export SIGNING_IDENTITY=${SIGNING_IDENTITY:-$repo/.data/identity}
export AUTH_KEYS=${AUTH_KEYS:-$repo/.data/keys/keys.json}
export DATABASE_PATH=${DATABASE_PATH:-$repo/.data/subscriptions.sqlite}
export CATALOG_PATH=${CATALOG_PATH:-$repo/Config/catalog.example.json}
export CLOCK=${CLOCK:-system}

pids=()
stop() {
    trap - INT TERM EXIT
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    if [ -n "$started_broker" ]; then scripts/rabbitmq-local.sh stop "$started_broker" || true; fi
    if [ -n "$started_postgres" ]; then
        POSTGRES_LOCAL_BASE=${POSTGRES_LOCAL_BASE:-${TMPDIR:-/tmp}/subscriptions-postgres} scripts/postgres-local.sh stop "$started_postgres" || true
    fi
}
trap stop INT TERM EXIT

HTTP_PORT=${CONSUMER_PORT:-8081} "$bin/subscriptions-consumer" & pids+=($!)
HTTP_PORT=${PRODUCER_PORT:-8080} GRPC_PORT=${GRPC_PORT:-9090} "$bin/subscriptions-producer" & pids+=($!)

if [ -n "${DATABASE_URL:-}" ]; then store_line="PostgreSQL ${DATABASE_URL%%://*}://…@${DATABASE_URL#*@}"; else store_line="SQLite $DATABASE_PATH"; fi
cat <<INFO
run: producer  http://127.0.0.1:${PRODUCER_PORT:-8080}  (API, /openapi.yaml, /health, /metrics)
run: gRPC      127.0.0.1:${GRPC_PORT:-9090}  (subscriptions.v1.SubscriptionCommands, docs/grpc.md)
run: consumer  http://127.0.0.1:${CONSUMER_PORT:-8081}  (/health, /metrics)
run: broker    $AMQP_URL   (management UI http://127.0.0.1:15672 when started here)
run: store     $store_line
run: events    exchange subscriptions.events (topic, routing key TYPE.SUBTYPE)
run: signing   identity $SIGNING_IDENTITY (root certificate: $SIGNING_IDENTITY/root.pem, DER root.cer)
run: API keys  $AUTH_KEYS
INFO
if [ -f "$issuer_file" ]; then
    cat <<INFO
run: tokens    (60 minutes each; docs/signing-and-auth.md)
  operator (every route):  export TOKEN=\$($bin/subscriptionsctl token --key $repo/.data/keys/AuthKey_OPERATOR01.p8 --key-id OPERATOR01 --issuer-id $(cat "$issuer_file"))
  app (Apple's routes):    $bin/subscriptionsctl token --key $repo/.data/keys/AuthKey_APPKEY0001.p8 --key-id APPKEY0001 --issuer-id $(cat "$issuer_file") --bundle-id com.example.news
  then:                    curl -H "Authorization: Bearer \$TOKEN" ...
INFO
fi
cat <<INFO
run: Ctrl-C stops everything
INFO
wait -n "${pids[@]}"
