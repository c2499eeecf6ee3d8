#!/usr/bin/env bash
# The project's one test command (README, CI): installs what a fresh Debian machine lacks,
# starts a private RabbitMQ node on loopback unless AMQP_URL points at a running broker, a private
# 3-node cluster for the cluster suites (ports 5714-5716, TEST_CLUSTER_PORT), and a private
# PostgreSQL server unless TEST_DATABASE_URL points at one, checks that the committed generated
# protobuf code matches Protos/, then builds and runs
# every test (unit, engine and integration tests against the real broker).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"

# Each step's heading carries the time since the start, and the run ends with its total, so a slow
# CI run shows which step took the time.
step() { printf 'test: [%dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }

step "installing what this machine lacks (scripts/install-dependencies.sh)"
scripts/install-dependencies.sh

started_broker=""
if [ -z "${AMQP_URL:-}" ]; then
    name=${RABBITMQ_LOCAL_NAME:-subs-test}
    port=${RABBITMQ_LOCAL_PORT:-5672}
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        echo "test: a broker already listens on 127.0.0.1:$port; using it"
    else
        scripts/rabbitmq-local.sh start "$name" "$port"
        started_broker="$name"
    fi
    export AMQP_URL="amqp://guest:guest@127.0.0.1:$port/"
fi
# The 3-node cluster of the cluster suites (ClusterFailoverTests, BrokerClusterTests, ScaleOutProofTests;
# docs/broker-cluster.md), started once, in the background while the package builds (a start
# takes 20-40 s of both cores), and shared by the suites through TEST_CLUSTER_NAME/PORT.
cluster_name=subs-test-cluster-$$
cluster_port=${TEST_CLUSTER_PORT:-5714}
mkdir -p .build
scripts/rabbitmq-local.sh cluster-start "$cluster_name" "$cluster_port" 3 > .build/test-cluster.log 2>&1 &
cluster_starter=$!
stop_cluster() {
    wait "$cluster_starter" 2>/dev/null || true
    scripts/rabbitmq-local.sh cluster-stop "$cluster_name" 3 > /dev/null 2>&1 || true
    rm -rf "$repo/.rabbitmq/$cluster_name"-[0-9]* "$repo/.rabbitmq/$cluster_name.cookie"
}
# PostgreSQL for the store contract and the PostgreSQL end-to-end tests: a private server of
# Debian's postgresql-15 (scripts/postgres-local.sh) unless TEST_DATABASE_URL names one. Its
# directory is under /tmp (the server runs as the postgres user, who may not reach the checkout);
# a server started here begins empty (each test creates a database of its own).
started_postgres=""
if [ -z "${TEST_DATABASE_URL:-}" ]; then
    export POSTGRES_LOCAL_BASE=${POSTGRES_LOCAL_BASE:-${TMPDIR:-/tmp}/subscriptions-postgres}
    pg_name=${POSTGRES_TEST_NAME:-subs-test-pg}
    pg_port=${POSTGRES_TEST_PORT:-5433}
    if (exec 3<>"/dev/tcp/127.0.0.1/$pg_port") 2>/dev/null; then
        echo "test: a PostgreSQL server already listens on 127.0.0.1:$pg_port; using it"
    else
        scripts/postgres-local.sh reset "$pg_name"
        scripts/postgres-local.sh start "$pg_name" "$pg_port"
        started_postgres="$pg_name"
    fi
    export TEST_DATABASE_URL="postgres://subscriptions:subscriptions-local-dev@127.0.0.1:$pg_port/subscriptions"
fi
# The containers' images that need nothing built here (Debian minbase bases, RabbitMQ,
# PostgreSQL; scripts/compose-e2e.sh images) are made in the background while the package
# builds: downloads and unpacking more than CPU. Kept between runs by tag. Only in a full run.
compose_images=""
if [ $# -eq 0 ]; then
    scripts/compose-e2e.sh images > .build/compose-images.log 2>&1 &
    compose_images=$!
fi
cleanup() {
    step "done; stopping the private servers"
    if [ -n "$compose_images" ]; then kill "$compose_images" 2>/dev/null; wait "$compose_images" 2>/dev/null; fi || true
    [ -n "$started_broker" ] && scripts/rabbitmq-local.sh stop "$started_broker" || true
    [ -n "$started_postgres" ] && scripts/postgres-local.sh stop "$started_postgres" || true
    stop_cluster
}
trap cleanup EXIT
# Broker-backed suites skip themselves when AMQP_URL is unreachable (a developer's `swift test`
# without a broker, or without rabbitmq-server for private nodes); here the suites run anyway
# and fail: a skip must never turn a CI run green.
export REQUIRE_BROKER=1
export REQUIRE_POSTGRES=1

step "checking generated protobuf code against Protos/"
scripts/check-generated-code.sh

# The rules of .swift-format (import order, naming, doc-comment style, …), not the layout: the pretty
# printer's layout differs from the tree's, and reformatting everything would only churn
# (CONTRIBUTING.md, "Formatting"). Generated protobuf code is not ours to format.
step "swift format lint"
find Sources Tests -name '*.swift' -not -path '*/Generated/*' -print0 \
    | xargs -0 swift format lint --strict --parallel --debug-disable-pretty-print

step "checking that the engine's money and time arithmetic is checked (CONTRIBUTING.md)"
scripts/check-arithmetic.sh

step "checking the console's embedded files against Console/"
scripts/check-console-assets.sh

step "checking Compose/ offline (compose-spec schema, docker-compose config, broker definitions)"
scripts/check-compose.sh

step "checking that the tree says what the product is, not how it was built (no narration)"
scripts/check-narration.sh

# ONE build for everything that follows: release (what users deploy), with -enable-testing for
# the suites' @testable imports and WIRE_ENCODING_CHECK (every event and reply the consumer
# writes by hand is compared with swift-protobuf's bytes, as in debug builds). The suites, the
# chaos run, the checks of the real services and the benchmark all use its binaries
# (E2E_BIN_DIR); a second, --static-swift-stdlib build as in Compose/Dockerfile would compile the
# package again (CONTRIBUTING.md, "One build"). TEST_BUILD=debug builds and tests the debug
# configuration instead (quicker to rebuild while working on one suite).
build=${TEST_BUILD:-release}
case "$build" in
release) build_flags=(-c release -Xswiftc -enable-testing -Xswiftc -DWIRE_ENCODING_CHECK) ;;
debug) build_flags=(-c debug) ;;
*) echo "test: TEST_BUILD must be release or debug, got '$build'"; exit 2 ;;
esac
step "building: swift build ${build_flags[*]} --build-tests"
mkdir -p .build
if ! swift build "${build_flags[@]}" --build-tests > .build/test-build.log 2>&1; then
    cat .build/test-build.log
    echo "test: the build failed"
    exit 1
fi
# The project builds without warnings: any warning in our own sources fails the run.
if grep -E "^$repo/(Sources|Tests)/.*warning:" .build/test-build.log; then
    echo "test: the build printed warnings in the project's sources"
    exit 1
fi

E2E_BIN_DIR=$(swift build "${build_flags[@]}" --show-bin-path)
export E2E_BIN_DIR

# The operators' CLI prepares commands with the producer's mapping (SubscriptionCommands) but
# links no server: no Hummingbird, no gRPC, no Prometheus in its binary (docs/architecture.md).
if nm "$E2E_BIN_DIR/subscriptionsctl" | grep -qE "Hummingbird|GRPCCore|Prometheus"; then
    echo "test: subscriptionsctl links a server library (Hummingbird, gRPC or Prometheus)"
    exit 1
fi

if ! wait "$cluster_starter"; then
    cat .build/test-cluster.log
    echo "test: the test cluster did not start"
    exit 1
fi
export TEST_CLUSTER_NAME=$cluster_name TEST_CLUSTER_PORT=$cluster_port
step "running against AMQP_URL=$AMQP_URL (cluster suites: $(scripts/rabbitmq-local.sh cluster-urls "$cluster_name" "$cluster_port" 3))"
if [ $# -eq 0 ]; then
    # The cluster suites stop and start a node of the test cluster: they run alone, right after
    # the others (docs/broker-cluster.md), and are skipped, saying so, in the main run.
    TEST_CLUSTER_SUITES=later swift test "${build_flags[@]}" --skip-build
    step "the cluster suites, alone: ClusterFailoverTests, BrokerClusterTests, ScaleOutProofTests (the scale-out proof prints its figures)"
    swift test "${build_flags[@]}" --skip-build --filter "ClusterFailoverTests|BrokerClusterTests|ScaleOutProofTests"
else
    swift test "${build_flags[@]}" --skip-build "$@"
fi
stop_cluster

# The wire contract is a contract: the Python (Google protobuf) and C (protobuf-c) analytics
# consumers must tally the events the Swift services published exactly as the Swift side
# counted them. Only in a full run (no arguments for swift test).
# The consumers start on a bus prefix of their own, before the services: the events exchange
# does not exist yet, they declare it, and the services' declaration then agrees with theirs
# (README, "Consuming events": any start order works).
if [ $# -eq 0 ]; then
    step "analytics consumers (Python, C, Swift) against events of the real services, started before them, then over the event log"
    tally_dir=$(mktemp -d)
    analytics_prefix=analytics-$(date +%s)-$$
    scripts/check-analytics.sh --exchange "$analytics_prefix.events" --fresh-exchange --stream-after \
        --expect-tally "$tally_dir/tally.json" --idle-timeout 30 --run \
        "env E2E_BUS_PREFIX=$analytics_prefix E2E_TALLY_OUT=$tally_dir/tally.json swift test ${build_flags[*]} --skip-build --filter AnalyticsFeedTests"
    rm -rf "$tally_dir"

    # The event log (docs/event-stream.md): readers started after 10,000 events read them all
    # from first, in each subscription's order, then the live ones, across a restart of a
    # private node (ANALYTICS_STREAM_PORT, default 5718); readers from a time get exactly what
    # was signed at or after it.
    step "the event log: Python, C and Swift readers from first and from a time, a broker restart under them"
    scripts/check-analytics.sh --stream --count 10000 --restart-broker "${ANALYTICS_STREAM_PORT:-5718}"
fi

# The library products as a dependency: a throw-away package names this one by version (a git
# tag of the committed tree), builds against SubscriptionMessages and decodes protoc's event.
if [ $# -eq 0 ]; then
    step "a package depending on this one by version reads an event (scripts/check-library-by-version.sh)"
    scripts/check-library-by-version.sh
fi

# Faults (docs/reliability.md): the short chaos run, 5,000 mixed commands over HTTP and AMQP
# while the consumer is SIGKILLed, the producer killed and restarted, a private broker node
# restarted and the consumer's tmpfs filled, once each; it fails when anything was lost or
# applied twice. Uses the build above. Only in a full run.
if [ $# -eq 0 ]; then
    step "scripts/chaos.sh --short (faults: nothing lost, nothing applied twice)"
    CHAOS_BUILD=$build CHAOS_SKIP_BUILD=1 scripts/chaos.sh --short --seed "${CHAOS_SEED:-$(date +%s)}"
fi

# The consumer's whole command path under libFuzzer (triage, the bus check, the engine on an
# in-memory store, then 400 days of timers), from its committed corpus, briefly: no trap, no
# refusal without a message (docs/reliability.md, "Fuzzing"). scripts/fuzz.sh runs it longer.
if [ $# -eq 0 ]; then
    step "scripts/fuzz.sh command-path (FUZZ_SECONDS=${FUZZ_SECONDS:-30})"
    FUZZ_SECONDS=${FUZZ_SECONDS:-30} scripts/fuzz.sh command-path
fi

# The OpenAPI document is a contract too: schemathesis generates requests it allows and the real
# services must accept them (positive_data_acceptance) without a server error. Only in a full run.
if [ $# -eq 0 ]; then
    step "schemathesis over docs/openapi.yaml against the real services"
    scripts/check-schemathesis.sh --max-examples 50
fi

# Apple's own Python library (app-store-server-library) as an app backend uses it: its client
# with a generated key calls every endpoint it has for this service, its SignedDataVerifier
# verifies every signed field and notification against the generated root, a bad token gets
# 401, and a failing receiver gets its notification on the retry schedule (test clock).
# Only in a full run.
if [ $# -eq 0 ]; then
    step "Apple's app-store-server-library against the real services"
    scripts/check-apple-library.sh
fi

# The gRPC front door with a Python grpcio client generated from Protos/ (docs/grpc.md): a purchase
# and its replay, a read, errors as gRPC status codes with Apple's code in the details, refused
# tokens, deadlines. Only in a full run.
if [ $# -eq 0 ]; then
    step "a Python grpcio client against the gRPC front door of the real services"
    scripts/check-grpc.sh
fi

# The console in a real browser: headless Chromium (Debian's) driven by Selenium against the real
# services; screenshots in .build/console-screenshots/ (CI artifacts). Only in a full run.
if [ $# -eq 0 ]; then
    step "the console in headless Chromium against the real services"
    scripts/check-console.sh
fi

# The Dockerfile's runtime image: its build links the Swift runtime statically, and the binaries
# built above need no other shared library than the image's packages (scripts/check-compose.sh,
# part 5; the toolchain's Swift libraries of this build are the ones the image links statically).
# Only in a full run.
if [ $# -eq 0 ]; then
    step "the shared-library check of the runtime image, on the binaries built above"
    RELEASE_BIN_DIR=$E2E_BIN_DIR scripts/check-compose.sh
fi

# The benchmark works (docs/benchmarks.md): a short run of scripts/benchmark.sh on the build
# above prints the ceiling, the product at 1/50/500 in flight and at an offered rate, the
# ratio, the front door over HTTP and gRPC beside the bus, a mass extension and the stage
# benchmarks. Figures only: nothing asserts a time. Only
# in a full run.
if [ $# -eq 0 ]; then
    step "scripts/benchmark.sh --small (proves the benchmark runs; its figures are not checked)"
    # The broker this script started (AMQP_URL): its Erlang VM's pid, for the broker's CPU.
    broker_pid=""
    if [ -n "$started_broker" ]; then broker_pid=$(scripts/rabbitmq-local.sh pid "$started_broker"); fi
    benchmark=$(BENCH_BROKER_PID=$broker_pid BENCH_BIN_DIR=$E2E_BIN_DIR scripts/benchmark.sh --small)
    echo "$benchmark"
    # Every bus run (the ceiling, 1/50/500 in flight, the offered rate, the front door's
    # reference, and PostgreSQL's four) measured the broker's CPU too, and so printed the
    # machine's budget. Not checked on a broker this script did not start (its pid is unknown
    # here).
    if [ -n "$broker_pid" ]; then
        machine_lines=$(grep -cE "^  broker CPU: [1-9][0-9]* µs per command; load tool CPU: [0-9]+ µs" <<< "$benchmark" || true)
        [ "$machine_lines" -eq 10 ] && [ "$(grep -c "^  machine CPU: [0-9]* µs per command" <<< "$benchmark" || true)" -eq 10 ] \
            || { echo "test: benchmark.sh printed the broker's CPU for $machine_lines bus runs, not 10" >&2; exit 1; }
    fi
    # PostgreSQL's rows: each run's processes and statements, and the table beside SQLite.
    [ "$(grep -cE "^  statements per command: [0-9.]+ \(pg_stat_statements: [1-9][0-9]* statements" <<< "$benchmark" || true)" -eq 4 ] \
        && [ "$(grep -cE "^  PostgreSQL +[123] +[0-9]+ +[0-9]+ %" <<< "$benchmark" || true)" -eq 3 ] \
        || { echo "test: benchmark.sh did not print PostgreSQL's rows (statements per command, 1/2/3 replicas beside SQLite)" >&2; exit 1; }
    # The front door's rows ran (docs/benchmarks.md, "The front door"): wrk's three HTTP rows got
    # a 2xx for every purchase, the eight rows (HTTP and gRPC) printed the producer's CPU, and the
    # ratios to the bus were printed.
    [ "$(grep -cE "^http purchases \(wrk\), [0-9]+ connections: [1-9][0-9]* requests, 0 not 2xx" <<< "$benchmark" || true)" -eq 3 ] \
        || { echo "test: benchmark.sh's wrk rows did not all answer 2xx to every purchase" >&2; exit 1; }
    [ "$(grep -cE "^  producer CPU: [1-9][0-9]* µs per request" <<< "$benchmark" || true)" -eq 8 ] \
        || { echo "test: benchmark.sh printed the producer's CPU for fewer than 8 front door rows" >&2; exit 1; }
    grep -qE "^=== ratio to the bus .* HTTP purchases at 64 connections [0-9]+ requests/s = [0-9]+ %; gRPC" <<< "$benchmark" \
        || { echo "test: benchmark.sh printed no ratio of the front door to the bus" >&2; exit 1; }

    # The measuring tools of docs/benchmarks.md work: the counters see one subscription row and
    # one processed-command record inserted per purchase, and the comparison prints its medians
    # (its A side with random command ids, so both kinds the load tool sends are exercised).
    step "scripts/consumer-counters.sh, consumer-ab.sh, notifier-throughput.sh and producer-load.sh, small"
    counters=$(LOAD=$E2E_BIN_DIR/subscriptions-load scripts/consumer-counters.sh "$E2E_BIN_DIR/subscriptions-consumer" 2000)
    echo "$counters"
    for statement in "INSERT INTO subscription (id" "INSERT INTO processed_command"; do
        awk -v statement="$statement" 'index($0, statement) && / 1\.00 steps / { found = 1 } END { exit !found }' <<< "$counters" \
            || { echo "test: consumer-counters did not count one '$statement' per purchase" >&2; exit 1; }
    done
    ab=$(LOAD_ARGS_A="--command-ids random" scripts/consumer-ab.sh "$E2E_BIN_DIR/subscriptions-consumer" "$E2E_BIN_DIR/subscriptions-consumer" 1 1000)
    echo "$ab"
    grep -q "^B: median [0-9.]* commands/s, [0-9.]* µs per command;.* load tool [0-9.]* µs per command" <<< "$ab" \
        || { echo "test: consumer-ab printed no medians" >&2; exit 1; }
    notifier=$(LOAD=$E2E_BIN_DIR/subscriptions-load scripts/notifier-throughput.sh "$E2E_BIN_DIR/subscriptions-consumer" 1000)
    echo "$notifier"
    grep -q "notifications stored after [0-9.]* s, delivered after [0-9.]* s" <<< "$notifier" \
        || { echo "test: notifier-throughput did not see every notification stored and delivered" >&2; exit 1; }
    producer=$(scripts/producer-load.sh "$E2E_BIN_DIR/subscriptions-producer" 300 10)
    echo "$producer"
    grep -q "statuses {b'200': 300}" <<< "$producer" \
        || { echo "test: producer-load did not get 300 answers 200" >&2; exit 1; }
    # The load tool ends (status 3) once the process it measures is gone, instead of waiting for
    # replies that never come: here a `sleep` stands in for a consumer that crashes, and nothing
    # consumes the commands, so without the watchdog the run would wait until `timeout`.
    sleep 2 &
    probed=$!
    watchdog_status=0
    BUS_PREFIX="watchdog-check-$$" timeout 60 "$E2E_BIN_DIR/subscriptions-load" run --commands 100000 --in-flight 50 \
        --probe-pid "$probed" > /dev/null 2>&1 || watchdog_status=$?
    [ "$watchdog_status" -eq 3 ] \
        || { echo "test: subscriptions-load ended with status $watchdog_status, not 3, when its --probe-pid process exited" >&2; exit 1; }
fi

# The two containers, run for real (Compose/README.md, "Run it here"): the service images from the
# binaries built above (nothing compiled again), Compose/compose.yaml started with the local
# images, the end-to-end suites and the analytics consumers through the containers, a SIGKILL
# of the consumer container in the middle of 3,000 commands, a broker restart, `docker stop` of
# each service and the consumer scaled to 2; the images' size, user and content printed and
# checked. The 3-node cluster overlay (three Erlang VMs on the CI machine's two cores) only on
# request: COMPOSE_E2E_PARTS="e2e faults scale cluster". Every container, network and volume it
# made is removed, also on failure. Only in a full run.
if [ $# -eq 0 ]; then
    step "the two containers: scripts/compose-e2e.sh"
    if ! wait "$compose_images"; then
        compose_images=""
        cat .build/compose-images.log
        echo "test: the containers' base images were not made"
        exit 1
    fi
    compose_images=""
    COMPOSE_E2E_PARTS=${COMPOSE_E2E_PARTS:-e2e faults scale} SWIFT_TEST_FLAGS="${build_flags[*]}" scripts/compose-e2e.sh
fi
