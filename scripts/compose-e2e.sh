#!/usr/bin/env bash
# The two containers, run for real (Compose/README.md, "Run it here"): builds every image from
# Debian's packages and the release binaries of the test run, starts Compose/compose.yaml as it
# is (images and host ports given through its variables), and checks through the containers:
#
#   1. every container healthy, with its time to healthy; the images' size, user and content
#      (no compiler, no tool but the healthcheck's bash, no secret in a layer or the history)
#   2. the end-to-end suites from the host against the published ports (an HTTP purchase with a
#      bearer token, a price increase with consent and a mass extension on the test clock), and
#      the Python, C and Swift analytics consumers tallying the events
#   3. faults: SIGKILL of the consumer container's process in the middle of a few thousand
#      commands (the restart policy brings it back; every command applied once, counted from the
#      events and the database in its volume), `docker restart` of the broker, `docker stop` of
#      each service (within its grace period, exit 0, its broker connection closed cleanly)
#   4. the other shapes: the consumer scaled to 2 on PostgreSQL, and compose.cluster.yaml's
#      three broker nodes (up, healthy, one command through, down)
#
#   E2E_BIN_DIR=.build/release scripts/compose-e2e.sh          (scripts/test.sh runs it so)
#   scripts/compose-e2e.sh images                               only install, start the engine, build the base images
#
# Nothing is pulled from an image registry: the base images are Debian minbase trees
# (debootstrap) imported under local tags and kept between runs (COMPOSE_E2E_REFRESH=1 makes
# them again); RabbitMQ comes from Debian 13's rabbitmq-server (4.0: the public image's major
# version, whose settings compose.cluster.yaml uses), PostgreSQL from Debian 12's postgresql-15,
# the services from Compose/Dockerfile's runtime-prebuilt target. Installs docker.io, debootstrap
# and docker-compose when missing; starts dockerd when none answers and stops only a dockerd it
# started. Every container, network and volume it made is removed at its end, also on failure;
# its service images too (COMPOSE_E2E_KEEP=1 keeps the default stack running, with its images,
# env file and secrets, and leaves out the cluster part; the script prints how to remove it).
#
# Environment: E2E_BIN_DIR (the binaries: subscriptions-producer, -consumer, -load,
# subscriptionsctl, analytics-tally), COMPOSE_E2E_PARTS (below), SWIFT_TEST_FLAGS (the flags of that build, for `swift test --skip-build`;
# default "-c release"), COMPOSE_E2E_PACKAGE (the package whose test build that is, default this
# one), COMPOSE_E2E_PORTS (host ports to choose from, default 5880-5899),
# DEBIAN_MIRROR and DEBIAN_SECURITY_MIRROR (default deb.debian.org), COMPOSE_E2E_COMMANDS
# (commands of the SIGKILL run, default 3000), COMPOSE_E2E_SUITES (the suites' filter),
# COMPOSE_E2E_HEALTHY_TIMEOUT (seconds for the stack to become healthy, default 240),
# COMPOSE_E2E_OVERLAY (one more compose file laid over every stack the run starts, to try other
# settings).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
mode=${1:-all}
case "$mode" in all | images) ;; *) echo "compose-e2e: unknown argument $mode (all, images)" >&2; exit 2 ;; esac

# COMPOSE_E2E_PARTS: the parts after the stack's start and the image facts, default all of
# "e2e faults scale cluster" (a part needs none of the others).
parts=${COMPOSE_E2E_PARTS:-e2e faults scale cluster}
part() { [[ " $parts " == *" $1 "* ]]; }
start=$SECONDS
log() { printf 'compose-e2e: [%dm%02ds] %s\n' $(((SECONDS - start) / 60)) $(((SECONDS - start) % 60)) "$*"; }
fail() { log "FAIL: $*"; exit 1; }

mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
security_mirror=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
local_images=$repo/Compose/local-images
out=$repo/.build/compose-e2e            # logs kept after the run (CI artifacts)
mkdir -p "$out"
work=$(mktemp -d "${TMPDIR:-/tmp}/compose-e2e.XXXXXX")
export DOCKER_BUILDKIT=0 COMPOSE_DOCKER_CLI_BUILD=0

# ---- cleanup: what this run made, and only that ------------------------------------------------
projects=()
started_dockerd=""
service_tag=""
cleanup() {
    local status=$?
    set +e
    local keep=""
    if [ "${COMPOSE_E2E_KEEP:-0}" = 1 ] && [ ${#projects[@]} -gt 0 ]; then
        keep=1
        for project in "${projects[@]}"; do
            log "COMPOSE_E2E_KEEP=1: $project stays up (its env file and secrets in $work); to remove it:"
            log "    docker-compose -p $project --env-file $env_file ${project_files[$project]} down -v && rm -rf $work"
        done
    else
        for project in "${projects[@]}"; do
            [ "$status" = 0 ] || project_logs "$project" > "$out/$project.log" 2>&1
            remove_project "$project"
        done
        if [ -n "$service_tag" ]; then
            docker rmi -f "subscriptions-producer:$service_tag" "subscriptions-consumer:$service_tag" > /dev/null 2>&1
            # The legacy builder's image of the stage that held the binaries (Compose/Dockerfile).
            docker images -q --filter dangling=true --filter label=org.subscriptions.stage=prebuilt-root \
                | xargs -r "$docker_cli" rmi > /dev/null 2>&1
        fi
    fi
    if [ -z "$keep" ]; then
        for mounted in $(findmnt -rn -o TARGET | grep "^$work/" | sort -r); do umount -l "$mounted"; done
        rm -rf --one-file-system "$work"
    fi
    if [ -n "$started_dockerd" ] && [ -n "$keep" ]; then
        log "COMPOSE_E2E_KEEP=1: the dockerd this run started stays (pid $started_dockerd)"
    elif [ -n "$started_dockerd" ]; then
        log "stopping the dockerd this run started (pid $started_dockerd)"
        kill -TERM "$started_dockerd" 2>/dev/null
        for _ in $(seq 60); do kill -0 "$started_dockerd" 2>/dev/null || break; sleep 0.5; done
        kill -0 "$started_dockerd" 2>/dev/null && { log "dockerd did not stop within 30 s: SIGKILL"; kill -KILL "$started_dockerd"; }
    fi
    [ "$status" = 0 ] || log "failed (status $status); logs in $out"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- 0. tools and the engine ---------------------------------------------------------------------
missing=()
command -v dockerd > /dev/null || missing+=(docker.io)
command -v debootstrap > /dev/null || missing+=(debootstrap)
command -v docker-compose > /dev/null || missing+=(docker-compose)
if [ ${#missing[@]} -gt 0 ]; then
    log "installing ${missing[*]} (Debian's packages)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" > "$out/apt.log" 2>&1 \
        || { apt-get update > /dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
            "${missing[@]}" > "$out/apt.log" 2>&1; } || { cat "$out/apt.log"; fail "could not install ${missing[*]}"; }
fi
# Debian's client when installed (it speaks the daemon's API version); docker-compose talks to the
# daemon itself.
docker_cli=docker
[ -x /usr/bin/docker ] && docker_cli=/usr/bin/docker
docker() { "$docker_cli" "$@"; }
if docker info > /dev/null 2>&1; then
    log "using the Docker engine that answers ($(docker version -f '{{.Server.Version}}'))"
else
    log "no Docker engine answers: starting dockerd (log: $out/dockerd.log)"
    dockerd > "$out/dockerd.log" 2>&1 &
    started_dockerd=$!
    for _ in $(seq 120); do
        docker info > /dev/null 2>&1 && break
        kill -0 "$started_dockerd" 2>/dev/null || break
        sleep 0.5
    done
    if ! docker info > /dev/null 2>&1; then
        tail -30 "$out/dockerd.log"
        fail "dockerd did not start (the step needs a kernel that runs containers: overlay2 or vfs, cgroups, iptables)"
    fi
    log "dockerd $(docker version -f '{{.Server.Version}}') answers ($(docker info -f '{{.Driver}}, cgroup {{.CgroupDriver}}'))"
fi

# ---- 1. images -------------------------------------------------------------------------------------
# A Debian minbase tree of SUITE imported as subscriptions-local/debian:SUITE (kept between runs):
# the security and updates suites configured, no recommends, no docs, man pages or locales
# (as debian:*-slim).
base_image() {
    local suite=$1 tag=subscriptions-local/debian:$1 root
    if [ "${COMPOSE_E2E_REFRESH:-0}" != 1 ] && docker image inspect "$tag" > /dev/null 2>&1; then
        log "base image $tag: kept from an earlier run"
        return
    fi
    log "base image $tag: debootstrap --variant=minbase $suite ($mirror)"
    root=$work/rootfs-$suite
    debootstrap --variant=minbase "$suite" "$root" "$mirror" > "$out/debootstrap-$suite.log" 2>&1 \
        || { tail -20 "$out/debootstrap-$suite.log"; fail "debootstrap $suite failed"; }
    rm -f "$root"/var/cache/apt/archives/*.deb
    cat > "$root/etc/apt/sources.list" <<EOF
deb $mirror $suite main
deb $mirror $suite-updates main
deb $security_mirror $suite-security main
EOF
    printf '%s\n' 'path-exclude /usr/share/doc/*' 'path-include /usr/share/doc/*/copyright' 'path-exclude /usr/share/man/*' \
        'path-exclude /usr/share/info/*' 'path-exclude /usr/share/locale/*' 'path-include /usr/share/locale/locale.alias' \
        > "$root/etc/dpkg/dpkg.cfg.d/excludes"
    printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' > "$root/etc/apt/apt.conf.d/90-no-recommends"
    tar -C "$root" --exclude='./dev/*' --exclude='./proc/*' --exclude='./sys/*' -c . \
        | docker import --change 'CMD ["bash"]' - "$tag-debootstrap" > /dev/null
    rm -rf --one-file-system "$root"
    # Upgraded from the security and updates suites in one more layer.
    build_image "$tag" "$out/base-$suite.log" - <<EOF
FROM $tag-debootstrap
RUN apt-get update && apt-get -y upgrade && apt-get clean && rm -rf /var/lib/apt/lists/*
EOF
    docker rmi "$tag-debootstrap" > /dev/null
}

# docker build (the legacy builder: nothing pulled, no frontend image) TAG LOG ARGS...
build_image() {
    local tag=$1 logfile=$2
    shift 2
    docker build --force-rm --pull=false -t "$tag" "$@" > "$logfile" 2>&1 \
        || { tail -40 "$logfile"; fail "docker build of $tag failed (log: $logfile)"; }
}

# An image of Compose/local-images (NAME.Dockerfile) on BASE, tagged by the hash of its recipe
# and its base image, so a changed recipe or a new base makes a new one; older tags are removed.
local_image() {
    local name=$1 base=$2 hash tag
    hash=$( (cat "$local_images/$name".* "$local_images/$name"-* 2>/dev/null; docker image inspect -f '{{.Id}}' "$base") | sha256sum | cut -c1-12)
    tag=subscriptions-local/$name:$hash
    if docker image inspect "$tag" > /dev/null 2>&1; then
        log "image $tag: kept from an earlier run" >&2
    else
        log "image $tag: building from $name.Dockerfile on $base" >&2
        build_image "$tag" "$out/image-$name.log" --build-arg "BASE_IMAGE=$base" -f "$local_images/$name.Dockerfile" "$local_images"
        for old in $(docker images --format '{{.Repository}}:{{.Tag}}' "subscriptions-local/$name" | grep -vx "$tag"); do
            docker rmi "$old" > /dev/null 2>&1 || true
        done
    fi
    echo "$tag"
}

base_image bookworm
base_image trixie
RABBITMQ_IMAGE=$(local_image rabbitmq subscriptions-local/debian:trixie)
POSTGRES_IMAGE=$(local_image postgres subscriptions-local/debian:bookworm)
export RABBITMQ_IMAGE POSTGRES_IMAGE
if [ "$mode" = images ]; then
    log "images ready: $RABBITMQ_IMAGE, $POSTGRES_IMAGE (the service images are made from E2E_BIN_DIR by a full run)"
    exit 0
fi

# ---- 2. the service images from the binaries of the test run -------------------------------------
bin=${E2E_BIN_DIR:?set E2E_BIN_DIR to the release binaries (scripts/test.sh exports it)}
for tool in subscriptions-producer subscriptions-consumer subscriptions-load subscriptionsctl; do
    [ -x "$bin/$tool" ] || fail "no $bin/$tool (E2E_BIN_DIR)"
done
# The build context: the binaries, the toolchain's Swift runtime libraries they load (none for a
# --static-swift-stdlib build), and what the Dockerfile copies from the repository.
context=$work/context
mkdir -p "$context/prebuilt/swift-runtime" "$context/Compose"
cp -r Config "$context/"
cp Compose/healthcheck.sh Compose/service-rootfs.sh "$context/Compose/"
cp "$bin/subscriptions-producer" "$bin/subscriptions-consumer" "$context/prebuilt/"
toolchain_libraries=$(cd "$(dirname "$(readlink -f "$(command -v swift)")")/../lib/swift/linux" 2>/dev/null && pwd -P || true)
if [ -n "$toolchain_libraries" ]; then
    for library in $(ldd "$bin/subscriptions-producer" "$bin/subscriptions-consumer" | awk '$2 == "=>" {print $3}' | sort -u); do
        case "$(readlink -f "$library")" in "$toolchain_libraries"/*) cp -L "$library" "$context/prebuilt/swift-runtime/" ;; esac
    done
fi
service_tag=e2e-$$
export IMAGE_TAG=$service_tag
# The libraries' stage under a tag of its own: kept between runs as the builds' cache, and where
# removing this run's images stops.
previous_packages=$(docker image inspect -f '{{.Id}}' subscriptions-local/runtime-packages:bookworm 2>/dev/null || true)
build_image subscriptions-local/runtime-packages:bookworm "$out/image-runtime-packages.log" --target runtime-packages \
    --build-arg RUNTIME_IMAGE=subscriptions-local/debian:bookworm -f Compose/Dockerfile "$context"
# A new base or package list made a new one: the previous one is only a stale cache now.
if [ -n "$previous_packages" ] && [ "$previous_packages" != "$(docker image inspect -f '{{.Id}}' subscriptions-local/runtime-packages:bookworm)" ]; then
    docker rmi "$previous_packages" > /dev/null 2>&1 || true
fi
log "service images subscriptions-{producer,consumer}:$service_tag from $bin ($(ls "$context/prebuilt/swift-runtime" | wc -l) Swift runtime libraries)"
build_image "subscriptions-producer:$service_tag" "$out/image-producer.log" --target runtime-prebuilt \
    --build-arg RUNTIME_IMAGE=subscriptions-local/debian:bookworm --build-arg PRODUCT=subscriptions-producer \
    --build-arg HTTP_PORT=8080 --build-arg REVISION="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" \
    -f Compose/Dockerfile "$context"
build_image "subscriptions-consumer:$service_tag" "$out/image-consumer.log" --target runtime-prebuilt \
    --build-arg RUNTIME_IMAGE=subscriptions-local/debian:bookworm --build-arg PRODUCT=subscriptions-consumer \
    --build-arg HTTP_PORT=8081 --build-arg REVISION="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" \
    -f Compose/Dockerfile "$context"

# ---- the stack: ports, credentials, compose ------------------------------------------------------
# Free loopback ports from COMPOSE_E2E_PORTS for every port compose publishes.
read -r producer_port amqp_port management_port < <(python3 - "${COMPOSE_E2E_PORTS:-5880-5899}" 3 <<'PY'
import socket, sys
first, last = map(int, sys.argv[1].split("-"))
free = []
for port in range(first, last + 1):
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            continue
    free.append(port)
    if len(free) == int(sys.argv[2]):
        break
print(*free)
PY
)
[ -n "$management_port" ] || fail "fewer than 3 free ports in ${COMPOSE_E2E_PORTS:-5880-5899}"
export PRODUCER_HOST_PORT=$producer_port RABBITMQ_HOST_PORT=$amqp_port RABBITMQ_MANAGEMENT_HOST_PORT=$management_port
export PRODUCER_BIND=127.0.0.1 CONSUMER_CLOCK=manual LOG_LEVEL=info

# Credentials, made as an operator makes them (Compose/init-env.sh), in this run's own env file
# and secrets folder: random passwords of every broker user and PostgreSQL, the Erlang cookie,
# the signing identity and API keys. The host reaches the broker as subscriptions-e2e (all
# permissions on the vhost: the suites declare queues of their own and publish commands
# directly), which exists only with RABBITMQ_E2E_PASSWORD; OPERATOR_COMMAND_USERS= lets its
# operator commands (the test clock, mass extensions) through, as the compose e2e profile does.
env_file=$work/compose.env
SUBSCRIPTIONSCTL=$bin/subscriptionsctl Compose/init-env.sh "$env_file" > "$out/init-env.log" 2>&1 \
    || { cat "$out/init-env.log"; fail "Compose/init-env.sh failed"; }
printf 'RABBITMQ_E2E_PASSWORD=%s\nOPERATOR_COMMAND_USERS=\n' "$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')" >> "$env_file"
env_value() { sed -n "s/^$1=//p" "$env_file" | tail -1; }
amqp_host_url="amqp://subscriptions-e2e:$(env_value RABBITMQ_E2E_PASSWORD)@127.0.0.1:$amqp_port/"
credentials=$(env_value SUBSCRIPTIONS_SECRETS)
operator_key=$credentials/operator/AuthKey_OPERATOR01.p8
issuer_id=$(cat "$credentials/operator/issuer-id")

declare -A project_files
compose() { # compose PROJECT ARGS...
    local project=$1
    shift
    # shellcheck disable=SC2086 # the file list is a word list
    docker-compose --project-name "$project" --env-file "$env_file" ${project_files[$project]} \
        ${COMPOSE_E2E_OVERLAY:+-f "$COMPOSE_E2E_OVERLAY"} "$@"
}
project_logs() { compose "$1" logs --no-color --timestamps 2>&1 | tail -400; }
remove_project() {
    local project=$1
    compose "$project" down --volumes --remove-orphans --timeout 20 > /dev/null 2>&1
    # Whatever `down` left (a container compose no longer knows): by the project's label.
    docker ps -aq --filter "label=com.docker.compose.project=$project" | xargs -r "$docker_cli" rm -f -v > /dev/null 2>&1
    docker volume ls -q --filter "label=com.docker.compose.project=$project" | xargs -r "$docker_cli" volume rm > /dev/null 2>&1
    docker network ls -q --filter "label=com.docker.compose.project=$project" | xargs -r "$docker_cli" network rm > /dev/null 2>&1
    local left
    left=$( (docker ps -aq --filter "label=com.docker.compose.project=$project"
        docker volume ls -q --filter "label=com.docker.compose.project=$project"
        docker network ls -q --filter "label=com.docker.compose.project=$project") | wc -l)
    local kept=()
    for other in "${projects[@]}"; do [ "$other" = "$project" ] || kept+=("$other"); done
    projects=("${kept[@]}")
    if [ "$left" = 0 ]; then log "$project: every container, volume and network removed"; else log "FAIL: $project: $left objects left"; return 1; fi
}
# `up` for PROJECT once every image its services name is here: compose would pull a missing one.
compose_up() {
    local project=$1 image
    shift
    for image in $(compose "$project" config | python3 -c '
import sys, yaml
services = yaml.safe_load(sys.stdin)["services"]
print("\n".join(sorted({s["image"] for s in services.values() if not s.get("profiles")})))'); do
        docker image inspect "$image" > /dev/null 2>&1 || fail "$project: image $image is not here (nothing is pulled)"
    done
    compose "$project" up -d --no-build "$@" > "$out/up-$project.log" 2>&1 || { cat "$out/up-$project.log"; fail "$project: compose up failed"; }
}
container_of() { compose "$1" ps -q "$2" | head -1; }
containers_of() { docker ps -aq --filter "label=com.docker.compose.project=$1"; }
service_of() { docker inspect -f '{{index .Config.Labels "com.docker.compose.service"}}' "$1"; }

# Waits until every container of PROJECT runs healthy (TIMEOUT s); prints each one's time from
# its (last) start to the first healthy check seen. A container that exits for good (not
# restarting) fails the run.
wait_healthy() {
    local project=$1 timeout=$2 deadline=$((SECONDS + $2)) id state pending
    declare -A healthy_at=()
    while :; do
        pending=0
        for id in $(containers_of "$project"); do
            [ -n "${healthy_at[$id]:-}" ] && continue
            state=$(docker inspect -f '{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}' "$id")
            case "$state" in
            "running healthy") healthy_at[$id]=$(date +%s.%N) ;;
            running* | created* | restarting*) pending=$((pending + 1)) ;;
            *) project_logs "$project" | tail -60; fail "$project: $(service_of "$id") is $state" ;;
            esac
        done
        [ "$pending" = 0 ] && break
        if [ $SECONDS -ge $deadline ]; then
            project_logs "$project" | tail -60
            fail "$project: not every container healthy within ${timeout} s: $(for id in $(containers_of "$project"); do
                printf '%s=%s ' "$(service_of "$id")" "$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{end}}' "$id")"; done)"
        fi
        sleep 0.5
    done
    # Time to healthy from Docker's own record: the end of the first passing health check after
    # the container's (last) start, minus that start. Only containers started since SINCE.
    docker inspect "${!healthy_at[@]}" | python3 -c '
import datetime, json, sys
def t(value):
    return datetime.datetime.fromisoformat(value[:26].rstrip("Z") + "+00:00").timestamp()
for c in json.load(sys.stdin):
    started = t(c["State"]["StartedAt"])
    if started < float(sys.argv[1]):
        continue
    passed = [t(e["End"]) for e in c["State"]["Health"]["Log"] if e["ExitCode"] == 0 and t(e["Start"]) >= started]
    print(c["Name"].lstrip("/"), "%.1f" % (min(passed) - started) if passed else "?")
' "${3:-0}" | sort > "$work/healthy-$project"
    log "$project: every container healthy${3:+ (started since the step began, seconds from start to healthy: $(awk '{printf "%s %s s; ", $1, $2}' "$work/healthy-$project"))}"
}

psql_in() { # psql_in PROJECT SQL: one value, from the database in the postgres volume
    docker exec "$(container_of "$1" postgres)" psql -U "$(env_value POSTGRES_USER)" -d subscriptions -Atc "$2"
}

# ---- 3. the default stack: up, healthy --------------------------------------------------------------
main=subscriptions-e2e-$$
project_files[$main]="-f $repo/Compose/compose.yaml"
projects+=("$main")
log "$main: up (rabbitmq $RABBITMQ_IMAGE, postgres $POSTGRES_IMAGE, services :$service_tag; producer on 127.0.0.1:$producer_port, AMQP $amqp_port, management $management_port)"
up_at=$(date +%s.%N)
compose_up "$main"
wait_healthy "$main" "${COMPOSE_E2E_HEALTHY_TIMEOUT:-240}" "$up_at"
log "$main: up and healthy $(awk -v a="$up_at" -v b="$(date +%s.%N)" 'BEGIN {printf "%.0f", b - a}') s after compose up began"

# ---- 4. image facts ---------------------------------------------------------------------------------
# Size, user, time to healthy; the service images' files: the service, bash (the healthcheck's
# shell), the healthcheck, shared libraries and data, nothing else executable. No secret in any
# image's history or the service images' files: neither a PEM private key block nor any secret
# of this run (the passwords, the Erlang cookie, the issuer id, the first line of every private
# key of the credentials folder).
secrets=$work/secrets.txt
{ sed -n 's/^[A-Z_]*_PASSWORD=//p' "$env_file"; cat "$credentials/erlang.cookie"; echo; echo "$issuer_id"
    find "$credentials" \( -name '*key*.pem' -o -name '*.p8' \) -exec sed -n 2p {} \; ; } | grep . > "$secrets"
find_secrets() { # find_secrets PATH...: prints the files (or "-" for stdin) holding a secret
    python3 - "$secrets" "$@" <<'PY'
import os, re, sys
secrets = [line.strip().encode() for line in open(sys.argv[1]) if line.strip()]
block = re.compile(rb"-----BEGIN [A-Z ]*PRIVATE KEY-----\r?\n[A-Za-z0-9+/=]{40}")
def holds(data):
    # A PEM key block in a text file; shared libraries (ELF) carry known self-test keys
    # (GnuTLS's FIPS tests), so in those only the run's own secrets count.
    return (not data.startswith(b"\x7fELF") and block.search(data)) or any(secret in data for secret in secrets)
for path in sys.argv[2:]:
    if path == "-":
        if holds(sys.stdin.buffer.read()): print("-")
        continue
    for folder, _, files in os.walk(path):
        for name in files:
            file = os.path.join(folder, name)
            if os.path.isfile(file) and not os.path.islink(file) and holds(open(file, "rb").read()):
                print(file)
PY
}
image_facts() {
    local image=$1 service=$2 size user id uid runs_as healthy
    size=$(docker image inspect -f '{{.Size}}' "$image")
    user=$(docker image inspect -f '{{.Config.User}}' "$image")
    # The user of the container's main process (the broker's entrypoint starts as root, as the
    # public image's does, and runs the server as rabbitmq).
    id=$(container_of "$main" "$service")
    uid=$(docker top "$id" -o pid,uid | awk 'NR == 2 {print $2}')
    # Its name in the container's /etc/passwd, read with bash alone (every image here has bash).
    runs_as=$(docker exec "$id" bash -c 'while IFS=: read -r name _ uid _; do [ "$uid" = "$1" ] && echo "$name"; done < /etc/passwd' - "$uid")
    runs_as="${runs_as:-?} ($uid)"
    healthy=$(awk -v s="${main}[-_]${service}[-_]1" '$1 ~ s {print $2}' "$work/healthy-$main")
    printf '    %-44s %6.1f MB  image user %-12s process user %-14s healthy %s s after its start\n' "$image" \
        "$(awk -v b="$size" 'BEGIN {print b / 1e6}')" "${user:-root}" "$runs_as" "${healthy:-?}"
    [ -n "$uid" ] && [ "$uid" != 0 ] || fail "$image: its main process runs as root"
    [ -z "$(docker history --no-trunc --format '{{.CreatedBy}}' "$image" | find_secrets -)" ] || fail "$image: its history holds a secret"
}
check_service_files() {
    local image=$1 listing container unexpected found
    container=$(docker create "$image")
    mkdir -p "$work/export"
    docker export "$container" | tar -C "$work/export" -x
    listing=$(docker export "$container" | tar -tv)
    docker rm "$container" > /dev/null
    # Executable regular files but the service, bash, the healthcheck, the loader and libraries.
    # (Docker's own files of every container aside: .dockerenv, /etc/hosts, hostname, resolv.conf.)
    unexpected=$(awk '$1 ~ /^-..x/ {print $6}' <<<"$listing" | grep -vxE '\.dockerenv|dev/console|etc/(hostname|hosts|resolv\.conf)' \
        | grep -vE '^(usr/local/bin/(service|healthcheck)|usr/bin/bash|usr/lib64/ld-linux-x86-64\.so\.2|.*\.so(\.[0-9.]+)?)$' || true)
    [ -z "$unexpected" ] || fail "$image holds executables beyond the service and the healthcheck's bash: $(echo $unexpected)"
    for tool in sh dash ls cat cp apt apt-get dpkg perl python3 curl wget gcc cc clang ld as swiftc swift make; do
        if awk '{print $6}' <<<"$listing" | grep -Eq "^usr/(s?bin|local/bin)/$tool$"; then fail "$image holds $tool"; fi
    done
    found=$(find_secrets "$work/export")
    [ -z "$found" ] || fail "$image: files hold a secret: $found"
    rm -rf "$work/export"
    echo "      $(grep -c '^-' <<<"$listing") files; executable: the service, the healthcheck, bash, the loader; no other tool, no secret"
}
log "image facts (size uncompressed, user, start to healthy)"
image_facts "$RABBITMQ_IMAGE" rabbitmq
image_facts "$POSTGRES_IMAGE" postgres
for service in producer consumer; do
    image_facts "subscriptions-$service:$service_tag" "$service"
    case "$(docker image inspect -f '{{.Config.User}}' "subscriptions-$service:$service_tag")" in
    "" | root | 0 | root:* | 0:*) fail "subscriptions-$service:$service_tag runs as root" ;; esac
    check_service_files "subscriptions-$service:$service_tag"
done

# An HTTP purchase through the producer on PORT with the operator's bearer token; prints the
# status and the originalTransactionId. Without a token it must be refused (401).
http_purchase() { # http_purchase PORT CUSTOMER [no-token]
    local token=""
    [ "${3:-}" = no-token ] || token=$("$bin/subscriptionsctl" token --key "$operator_key" --key-id OPERATOR01 --issuer-id "$issuer_id")
    python3 - "$1" "$2" "$token" <<'PY'
import json, sys, urllib.error, urllib.request
port, customer, token = sys.argv[1:]
headers = {"Content-Type": "application/json"}
if token:
    headers["Authorization"] = f"Bearer {token}"
body = json.dumps({"customerId": customer, "productId": "news.basic.monthly", "storefront": "USA"}).encode()
request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/purchases", data=body, headers=headers)
try:
    with urllib.request.urlopen(request, timeout=30) as response:
        print(response.status, json.load(response).get("originalTransactionId", "-"))
except urllib.error.HTTPError as error:
    print(error.code, "-")
PY
}
# Commands the consumer container ID counted on its /metrics (from the host, on its address);
# with AT_LEAST, polls every 50 ms until the count reaches it (at most TIMEOUT s) and prints it.
consumer_commands() { # consumer_commands ID [AT_LEAST TIMEOUT]
    python3 - "$(docker inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}' "$1" | awk '{print $1}')" \
        "${2:-0}" "${3:-0}" <<'PY'
import sys, time, urllib.request
address, at_least, timeout = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
def count():
    text = urllib.request.urlopen(f"http://{address}:8081/metrics", timeout=10).read().decode()
    return int(sum(float(line.split()[-1]) for line in text.splitlines() if line.startswith("subscriptions_commands_total{")))
deadline = time.monotonic() + timeout
value = count()
while value < at_least and time.monotonic() < deadline:
    time.sleep(0.05)
    value = count()
print(value)
PY
}

log "an HTTP purchase through the producer container"
http_check=$(http_purchase "$producer_port" "compose-e2e-smoke-$$")
[ "${http_check%% *}" = 200 ] || fail "HTTP purchase with the operator's bearer token answered $http_check"
[ "$(http_purchase "$producer_port" "compose-e2e-anonymous-$$" no-token)" = "401 -" ] || fail "a purchase without a token was not refused"
log "    with the operator's bearer token: 200 (originalTransactionId ${http_check#* }); without a token: 401"

# ---- 5. end to end through the containers --------------------------------------------------------------
# The suites run on the host against the published ports (E2E_EXTERNAL_SERVICES=1): the producer
# verifies the operator's bearer tokens with the keys file mounted into its container, the
# consumer runs the manual test clock (CONSUMER_CLOCK=manual).
if part e2e; then
    read -r -a swift_test_flags <<< "${SWIFT_TEST_FLAGS:--c release}"
    package=${COMPOSE_E2E_PACKAGE:-$repo}
    external_env=(E2E_EXTERNAL_SERVICES=1 E2E_PRODUCER_URL="http://127.0.0.1:$producer_port" E2E_AMQP_URL="$amqp_host_url"
        AMQP_URL="$amqp_host_url" REQUIRE_BROKER=1 E2E_OPERATOR_KEY="$operator_key" E2E_OPERATOR_KEY_ID=OPERATOR01
        E2E_ISSUER_ID="$issuer_id")
    # One after the other (--no-parallel): against external services every test shares the one
    # consumer and its manual clock, so a test that advances the clock runs the renewals and
    # queued mass extensions another test is still looking at (run in parallel, a declined price
    # increase was answered "no communicated price increase", a mass extension was complete
    # before its clock moved).
    suites=${COMPOSE_E2E_SUITES:-ProducerScenarioTests|ScenarioCatalogTests|RefundFlowTests|PreviewTests|FirstHourTests}
    log "end-to-end suites through the containers: $suites"
    env "${external_env[@]}" swift test --package-path "$package" "${swift_test_flags[@]}" --skip-build --no-parallel --filter "$suites" > "$out/suites.log" 2>&1 \
        || { tail -80 "$out/suites.log"; fail "end-to-end suites failed against the containers (log: $out/suites.log)"; }
    grep -E "^(✔|✘|􁁛|􀢄)? ?Test run with|Executed [0-9]+ tests" "$out/suites.log" | tail -2 | sed 's/^/    /'

    log "analytics consumers (Python, C and Swift) tally the events of the containers' consumer"
    tally=$work/tally.json
    env "${external_env[@]}" scripts/check-analytics.sh --expect-tally "$tally" --idle-timeout 30 \
        --run "env E2E_TALLY_OUT=$tally swift test --package-path $package ${swift_test_flags[*]} --skip-build --filter AnalyticsFeedTests" \
        > "$out/analytics.log" 2>&1 || { tail -40 "$out/analytics.log"; fail "analytics check failed (log: $out/analytics.log)"; }
    tail -1 "$out/analytics.log" | sed 's/^/    /'
fi

# ---- 6. faults on containers ------------------------------------------------------------------------------
# pika and protobuf for the events tap: the venv and classes of the analytics example, made as
# scripts/check-analytics.sh makes them.
venv=$repo/.build-tools/analytics-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
cmp -s Examples/analytics-python/requirements.txt "$venv/.requirements.txt" || {
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r Examples/analytics-python/requirements.txt
    cp Examples/analytics-python/requirements.txt "$venv/.requirements.txt"; }
Examples/analytics-python/generate.sh > /dev/null
py=$venv/bin/python
export ANALYTICS_GENERATED=$repo/Examples/analytics-python/generated
events() { AMQP_URL=$amqp_host_url "$py" scripts/lib/compose_events.py "$@"; }
load() { AMQP_URL=$amqp_host_url BUS_PREFIX=subscriptions "$bin/subscriptions-load" run "$@"; }
json_field() { python3 -c 'import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$1" "$2"; }
# Waits until the consumer container of PROJECT has been restarted more than BEFORE times and is healthy.
wait_restarted() {
    local project=$1 before=$2 id deadline=$((SECONDS + 120))
    id=$(container_of "$project" consumer)
    until [ "$(docker inspect -f '{{.RestartCount}} {{.State.Status}}' "$id")" = "$((before + 1)) running" ]; do
        [ $SECONDS -lt $deadline ] || fail "$project: the consumer was not restarted by its restart policy within 120 s"
        sleep 0.2
    done
}

if part faults; then
    # 6a. SIGKILL in the middle of a stream: the restart policy brings the consumer back, and every
    # command is applied once. Docker counts `docker kill` as a stop by hand and does not restart
    # after it (restart: unless-stopped ignores a container stopped by hand), so the signal goes to
    # the container's process from the host, as a crash or the kernel's OOM killer would end it.
    commands=${COMPOSE_E2E_COMMANDS:-3000}
    tap=compose-e2e.sigkill-tap
    events bind "$tap"
    processed_before=$(psql_in "$main" "SELECT count(*) FROM processed_command")
    subscriptions_before=$(psql_in "$main" "SELECT count(*) FROM subscription")
    consumer=$(container_of "$main" consumer)
    counted_before=$(consumer_commands "$consumer")
    log "SIGKILL of the consumer container in the middle of $commands purchases (AMQP, 32 in flight)"
    load --commands "$commands" --in-flight 32 --drain-timeout 300 --label "SIGKILL run" > "$out/sigkill-load.log" 2>&1 &
    load_pid=$!
    # The kill comes once a tenth of the commands are applied, read from the consumer's /metrics
    # (polled every 50 ms; the database is counted after the run).
    reached=$(consumer_commands "$consumer" $((counted_before + commands / 10)) 300)
    [ "$reached" -ge $((counted_before + commands / 10)) ] || fail "fewer than $((commands / 10)) commands applied within 300 s"
    kill -0 "$load_pid" 2>/dev/null || { cat "$out/sigkill-load.log"; fail "the load tool ended before the kill"; }
    restarts=$(docker inspect -f '{{.RestartCount}}' "$consumer")
    consumer_pid=$(docker inspect -f '{{.State.Pid}}' "$consumer")
    [ "$consumer_pid" -gt 1 ] || fail "the consumer container has no running process (pid $consumer_pid)"
    kill -KILL "$consumer_pid"
    applied_at_kill=$((reached - counted_before))
    killed_at=$SECONDS
    killed_epoch=$(date +%s.%N)
    wait_restarted "$main" "$restarts"
    wait_healthy "$main" 120 "$killed_epoch"
    log "    killed once $applied_at_kill of $commands were applied; restarted by its policy (restart count $restarts -> $(docker inspect -f '{{.RestartCount}}' "$consumer")) and healthy after $((SECONDS - killed_at)) s"
    wait "$load_pid" || { cat "$out/sigkill-load.log"; fail "the load tool failed"; }
    sed 's/^/    /' "$out/sigkill-load.log" | head -3
    grep -q "^SIGKILL run: $commands commands, 0 not OK" "$out/sigkill-load.log" || fail "not every command was answered OK"
    processed=$(($(psql_in "$main" "SELECT count(*) FROM processed_command") - processed_before))
    created=$(($(psql_in "$main" "SELECT count(*) FROM subscription") - subscriptions_before))
    seen=$(events drain "$tap" --expect "$commands" --idle 5 --timeout 300)
    log "    database (postgres volume): $processed commands recorded, $created subscriptions created; events: $seen"
    [ "$processed" = "$commands" ] || fail "$processed commands recorded for $commands sent"
    [ "$created" = "$commands" ] || fail "$created subscriptions created by $commands purchases"
    [ "$(json_field "$seen" events_of_type)" = "$commands" ] || fail "$(json_field "$seen" events_of_type) SUBSCRIBED events for $commands purchases"
    [ "$(json_field "$seen" subscriptions)" = "$commands" ] || fail "SUBSCRIBED events for $(json_field "$seen" subscriptions) subscriptions, not $commands"
    [ "$(json_field "$seen" pairs_with_two_ids)" = 0 ] || fail "a subscription's event came under two message ids (applied twice)"
    [ "$(json_field "$seen" undecodable)" = 0 ] || fail "undecodable events"
    log "    every command applied exactly once ($(json_field "$seen" duplicate_deliveries) duplicate deliveries of the same message id, allowed)"

    # 6b. `docker restart` of the broker: the services reconnect, commands flow again.
    log "docker restart of the broker"
    rabbitmq=$(container_of "$main" rabbitmq)
    restarted_at=$SECONDS
    restarted_epoch=$(date +%s.%N)
    docker restart "$rabbitmq" > /dev/null
    wait_healthy "$main" 240 "$restarted_epoch"
    log "    broker back and every container healthy after $((SECONDS - restarted_at)) s"
    load --commands 200 --in-flight 16 --drain-timeout 120 --label "after the broker restart" > "$out/broker-restart-load.log" 2>&1 \
        || { cat "$out/broker-restart-load.log"; fail "commands after the broker restart failed"; }
    grep -q "^after the broker restart: 200 commands, 0 not OK" "$out/broker-restart-load.log" \
        || { cat "$out/broker-restart-load.log"; fail "not every command after the broker restart was answered OK"; }
    log "    200 purchases after the restart: every one answered OK"

    # 6c. `docker stop` of each service: SIGTERM, a graceful end within the grace period, exit 0,
    # logged. Graceful means the service closed its broker connection itself (the broker logs
    # "closing AMQP connection (... - subscriptions-SERVICE ...)" at info; a process that just
    # dies leaves "client unexpectedly closed TCP connection" instead). The consumer logs
    # "command consumer stopped" when its command stream has ended.
    grace=10   # compose.yaml sets no stop_grace_period: Docker's 10 s
    rabbitmq=$(container_of "$main" rabbitmq)
    for service in producer consumer; do
        id=$(container_of "$main" "$service")
        since=$(date -u +%Y-%m-%dT%H:%M:%S)
        stop_started=$(date +%s.%N)
        docker stop -t "$grace" "$id" > /dev/null
        took=$(awk -v a="$stop_started" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
        code=$(docker inspect -f '{{.State.ExitCode}}' "$id")
        sleep 1
        closed=$(docker logs --since "$since" "$rabbitmq" 2>&1 | grep -c "\[info\].*closing AMQP connection (.* - subscriptions-$service," || true)
        unexpected=$(docker logs --since "$since" "$rabbitmq" 2>&1 | grep -c "unexpectedly closed" || true)
        last=$(docker logs --tail 1 "$id" 2>&1 | cut -c1-160)
        log "    docker stop $service: ended after $took s (grace $grace s), exit code $code; the broker logged $closed clean close(s) of its connections, $unexpected unexpected; its last line: $last"
        [ "$code" = 0 ] || fail "$service exited with $code after SIGTERM"
        awk -v t="$took" -v g="$grace" 'BEGIN {exit !(t < g)}' || fail "$service took $took s, not within its $grace s grace period"
        [ "$closed" -ge 1 ] && [ "$unexpected" = 0 ] || fail "$service did not close its broker connection itself"
        [ "$service" != consumer ] || docker logs --tail 40 "$id" 2>&1 | grep -q "command consumer stopped" \
            || fail "the consumer did not log the end of its command stream"
    done
fi

# ---- 7. the other shapes ------------------------------------------------------------------------------------
if part scale; then
    # 7a. The consumer scaled to 2 on the PostgreSQL of the default stack.
    log "--scale consumer=2 on PostgreSQL"
    scaled_at=$(date +%s.%N)
    compose_up "$main" --scale consumer=2
    wait_healthy "$main" 180 "$scaled_at"
    replicas=$(compose "$main" ps -q consumer)
    [ "$(wc -w <<<"$replicas")" = 2 ] || fail "$(wc -w <<<"$replicas") consumer containers, not 2"
    declare -A counted_before=()
    for id in $replicas; do counted_before[$id]=$(consumer_commands "$id"); done
    processed_before=$(psql_in "$main" "SELECT count(*) FROM processed_command")
    load --commands 1000 --in-flight 32 --drain-timeout 120 --label "two replicas" > "$out/scale-load.log" 2>&1 \
        || { cat "$out/scale-load.log"; fail "commands to two replicas failed"; }
    grep -q "^two replicas: 1000 commands, 0 not OK" "$out/scale-load.log" || { cat "$out/scale-load.log"; fail "not every command answered OK by two replicas"; }
    processed=$(($(psql_in "$main" "SELECT count(*) FROM processed_command") - processed_before))
    shares=""
    for id in $replicas; do
        share=$(($(consumer_commands "$id") - counted_before[$id]))
        shares+="$share "
        [ "$share" -gt 0 ] || fail "a replica applied no command"
    done
    [ "$processed" = 1000 ] || fail "$processed commands recorded for 1000 sent to two replicas"
    log "    1000 purchases: every one answered OK and recorded once; the replicas applied $(echo $shares | sed 's/ / and /')"
fi
if [ "${COMPOSE_E2E_KEEP:-0}" = 1 ]; then
    part cluster && log "COMPOSE_E2E_KEEP=1: the default stack stays up, so the cluster part (the same host ports) is left out"
    parts=${parts//cluster/}
else
    remove_project "$main"
fi

if part cluster; then
    # 7b. compose.cluster.yaml: three broker nodes.
    cluster=subscriptions-e2e-cluster-$$
    project_files[$cluster]="-f $repo/Compose/compose.yaml -f $repo/Compose/compose.cluster.yaml"
    projects+=("$cluster")
    log "$cluster: up (three broker nodes)"
    cluster_at=$(date +%s.%N)
    compose_up "$cluster"
    wait_healthy "$cluster" 480 "$cluster_at"
    log "$cluster: up and healthy $(awk -v a="$cluster_at" -v b="$(date +%s.%N)" 'BEGIN {printf "%.0f", b - a}') s after compose up began"
    nodes=$(docker exec "$(container_of "$cluster" rabbitmq)" rabbitmqctl -q cluster_status --formatter json \
        | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["running_nodes"]))')
    [ "$nodes" = 3 ] || fail "the cluster runs $nodes nodes, not 3"
    http_check=$(http_purchase "$producer_port" "compose-e2e-cluster-$$")
    [ "${http_check%% *}" = 200 ] || fail "HTTP purchase through the cluster answered $http_check"
    # cluster.conf's membership reconciliation grows both quorum queues to the three nodes.
    deadline=$((SECONDS + 180))
    until members=$(docker exec "$(container_of "$cluster" rabbitmq)" rabbitmqctl -q list_queues name members --formatter json \
        | python3 -c 'import json,sys; print(" ".join("%s:%d" % (q["name"], len(q["members"])) for q in json.load(sys.stdin) if q["name"].startswith("subscriptions.commands")))') \
        && [ "$(tr ' ' '\n' <<<"$members" | grep -vc ':3$')" = 0 ]; do
        [ $SECONDS -lt $deadline ] || fail "quorum queue members after 180 s: $members (want 3 each)"
        sleep 2
    done
    log "    3 nodes running; an HTTP purchase through the cluster: 200; quorum queue members: $members"
    remove_project "$cluster"
fi

log "OK: images built, the stack healthy, image facts checked; passed: $parts"
