#!/usr/bin/env bash
# Runs Debian's rabbitmq-server as a private node on loopback, without systemd and without
# touching /var/lib/rabbitmq: its own node name, ports, base directory and Erlang cookie home.
#
#   scripts/rabbitmq-local.sh start  [NAME] [PORT]   start (or reuse) a node and wait until AMQP accepts connections
#   scripts/rabbitmq-local.sh stop   [NAME]          stop the node (and epmd when no node is left)
#   scripts/rabbitmq-local.sh status [NAME]          exit 0 when the node answers
#   scripts/rabbitmq-local.sh url    [NAME] [PORT]   print the node's AMQP URL
#   scripts/rabbitmq-local.sh pid    [NAME]          print the pid of the node's Erlang VM (its CPU: docs/benchmarks.md)
#   scripts/rabbitmq-local.sh ctl    [NAME] -- ARGS  run rabbitmqctl against the node
#   scripts/rabbitmq-local.sh cluster-start [NAME] [PORT] [COUNT]   COUNT (3) nodes NAME-1… on PORT, PORT+1, …, clustered
#   scripts/rabbitmq-local.sh cluster-stop  [NAME] [COUNT]          stop them
#   scripts/rabbitmq-local.sh cluster-urls  [NAME] [PORT] [COUNT]   print their AMQP URLs, comma-separated (AMQP_URL)
#
# NAME defaults to $RABBITMQ_LOCAL_NAME or "subs", PORT to $RABBITMQ_LOCAL_PORT or 5672.
# Several nodes can run side by side with different names and ports. The base directory is
# $RABBITMQ_LOCAL_BASE or <repo>/.rabbitmq/NAME. Set RABBITMQ_LOCAL_PLUGINS (e.g.
# "rabbitmq_management rabbitmq_prometheus") to enable plugins; the management UI then
# listens on PORT+10000 and Prometheus on PORT+10020, both on 127.0.0.1. Set
# RABBITMQ_LOCAL_TLS=1 for an AMQPS listener on PORT+1 with a certificate for 127.0.0.1 and
# localhost signed by a CA of the node's own (.rabbitmq/NAME/tls/ca.pem), and a client
# certificate from the same CA (tls/client.pem, tls/client.key); RABBITMQ_LOCAL_TLS_CLIENT_CERT=1
# makes the listener refuse a client without such a certificate.
#
# RABBITMQ_LOCAL_USERS=1 gives the node the product's broker users, permissions and topology
# (Compose/rabbitmq/definitions.json, imported at every start; docs/amqp-client.md, "Broker
# users"): subscriptions-producer, -consumer, -analytics and -operator. Their passwords come from
# RABBITMQ_PRODUCER_PASSWORD, RABBITMQ_CONSUMER_PASSWORD, RABBITMQ_ANALYTICS_PASSWORD and
# RABBITMQ_OPERATOR_PASSWORD (or the files named by the same names with _FILE), else they are
# made at first start and kept in .rabbitmq/NAME/users/ROLE.password (readable by the owner only);
# `user-url NAME ROLE` prints a role's URL. The guest user stays, for loopback only.
#
#   scripts/rabbitmq-local.sh user-url [NAME] ROLE   print the AMQP URL of producer|consumer|analytics|operator
#
# A cluster's nodes are ordinary nodes named NAME-1 … NAME-COUNT (stop and start one with
# `stop NAME-2` / `start NAME-2`; it rejoins by itself) sharing an Erlang cookie
# (.rabbitmq/NAME.cookie); nodes 2… join node 1. Quorum queues declared on the cluster get a
# replica on every node (docs/broker-cluster.md). Node i listens on PORT+i-1 for AMQP and on
# PORT+i-1+20000 for Erlang distribution (the shared broker's 5672 uses 25672), plus the
# management/Prometheus ports above when plugins are on. No TLS in a cluster: PORT+1 is node 2's.
set -euo pipefail

command=${1:-status}
name=${2:-${RABBITMQ_LOCAL_NAME:-subs}}
port=${3:-${RABBITMQ_LOCAL_PORT:-5672}}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
base=${RABBITMQ_LOCAL_BASE:-$repo/.rabbitmq}/$name
bin=/usr/lib/rabbitmq/bin

if [ ! -x "$bin/rabbitmq-server" ]; then
    echo "rabbitmq-local: $bin/rabbitmq-server not found; install it with: apt-get install -y rabbitmq-server" >&2
    exit 2
fi

node_environment() {
    mkdir -p "$base/home" "$base/mnesia" "$base/log"
    # A cluster member's cookie, copied from the cluster's cookie file before its first start
    # (the nodes must share it; the cookie itself is never on a command line or in the
    # environment). Rewritten when it differs: a node left over from an earlier cluster of the
    # same name would otherwise keep a cookie the others refuse.
    if [ -n "${RABBITMQ_LOCAL_COOKIE_FILE:-}" ] && ! cmp -s "$RABBITMQ_LOCAL_COOKIE_FILE" "$base/home/.erlang.cookie"; then
        rm -f "$base/home/.erlang.cookie"
        (umask 077 && cp "$RABBITMQ_LOCAL_COOKIE_FILE" "$base/home/.erlang.cookie")
        chmod 400 "$base/home/.erlang.cookie"
    fi
    # A port recorded at first start wins, so stop/status need only the name.
    if [ -f "$base/port" ]; then port=$(cat "$base/port"); fi
    export HOME="$base/home"
    export RABBITMQ_NODENAME="$name@localhost"
    export RABBITMQ_NODE_IP_ADDRESS=127.0.0.1
    export RABBITMQ_NODE_PORT="$port"
    export RABBITMQ_DIST_PORT=$((port + 20000))
    export RABBITMQ_MNESIA_BASE="$base/mnesia"
    export RABBITMQ_LOG_BASE="$base/log"
    export RABBITMQ_ENABLED_PLUGINS_FILE="$base/enabled_plugins"
    export RABBITMQ_CONFIG_FILE="$base/rabbitmq"
    export RABBITMQ_ADVANCED_CONFIG_FILE="$base/advanced.config"
    export RABBITMQ_PID_FILE="$base/pid"
    export RABBITMQ_CONF_ENV_FILE="$base/rabbitmq-env.conf"
    export ERL_EPMD_ADDRESS=127.0.0.1
    export RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1}"
    export PATH="$bin:$PATH"
    : > "$base/rabbitmq-env.conf"
}

write_config() {
    echo "$port" > "$base/port"
    local plugins=${RABBITMQ_LOCAL_PLUGINS:-}
    if [ -n "$plugins" ]; then
        echo "[$(echo "$plugins" | tr ' ' '\n' | grep -v '^$' | paste -sd, -)]." > "$base/enabled_plugins"
    else
        echo "[]." > "$base/enabled_plugins"
    fi
    cat > "$base/rabbitmq.conf" <<CONF
listeners.tcp.default = 127.0.0.1:$port
loopback_users.guest = true
management.tcp.ip = 127.0.0.1
management.tcp.port = $((port + 10000))
prometheus.tcp.ip = 127.0.0.1
prometheus.tcp.port = $((port + 10020))
log.file.level = warning
CONF
    if [ "${RABBITMQ_LOCAL_TLS:-0}" = 1 ]; then
        write_tls_material
        cat >> "$base/rabbitmq.conf" <<CONF
listeners.ssl.default = 127.0.0.1:$((port + 1))
ssl_options.cacertfile = $base/tls/ca.pem
ssl_options.certfile = $base/tls/server.pem
ssl_options.keyfile = $base/tls/server.key
CONF
        if [ "${RABBITMQ_LOCAL_TLS_CLIENT_CERT:-0}" = 1 ]; then
            printf 'ssl_options.verify = verify_peer\nssl_options.fail_if_no_peer_cert = true\n' >> "$base/rabbitmq.conf"
        else
            printf 'ssl_options.verify = verify_none\nssl_options.fail_if_no_peer_cert = false\n' >> "$base/rabbitmq.conf"
        fi
    fi
}

# A CA and a server certificate (127.0.0.1, localhost) for the TLS listener, made once.
write_tls_material() {
    local tls="$base/tls"
    [ -f "$tls/server.pem" ] && return 0
    mkdir -p "$tls"
    openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=rabbitmq-local test CA" \
        -keyout "$tls/ca.key" -out "$tls/ca.pem" >/dev/null 2>&1
    openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" \
        -keyout "$tls/server.key" -out "$tls/server.csr" >/dev/null 2>&1
    printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' > "$tls/san.ext"
    openssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.pem" -CAkey "$tls/ca.key" -CAcreateserial \
        -days 3650 -extfile "$tls/san.ext" -out "$tls/server.pem" >/dev/null 2>&1
    chmod 644 "$tls/server.key"
    openssl req -newkey rsa:2048 -nodes -subj "/CN=rabbitmq-local client" \
        -keyout "$tls/client.key" -out "$tls/client.csr" >/dev/null 2>&1
    printf 'extendedKeyUsage=clientAuth\n' > "$tls/client.ext"
    openssl x509 -req -in "$tls/client.csr" -CA "$tls/ca.pem" -CAkey "$tls/ca.key" -CAcreateserial \
        -days 3650 -extfile "$tls/client.ext" -out "$tls/client.pem" >/dev/null 2>&1
    chmod 600 "$tls/client.key"
}

# The product's broker roles (RABBITMQ_LOCAL_USERS=1), as named in Compose/rabbitmq/definitions.json.
roles="producer consumer analytics operator"

# Each role's password from RABBITMQ_<ROLE>_PASSWORD(_FILE), else from (or first made into)
# users/ROLE.password; then the definitions rendered with them and imported.
import_users() {
    local users="$base/users" role variable file_variable
    mkdir -p "$users"
    chmod 700 "$users"
    for role in $roles; do
        variable="RABBITMQ_$(tr a-z A-Z <<<"$role")_PASSWORD"
        file_variable="${variable}_FILE"
        if [ -z "${!variable:-}" ] && [ -z "${!file_variable:-}" ]; then
            [ -s "$users/$role.password" ] \
                || (umask 077 && head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$users/$role.password")
            export "${variable}_FILE=$users/$role.password"
        fi
    done
    "$repo/Compose/rabbitmq/render-definitions.sh" "$repo/Compose/rabbitmq/definitions.json" "$users/definitions.json"
    ctl import_definitions "$users/definitions.json" >/dev/null
}

# A role's password, as import_users found or made it.
role_password() {
    local variable
    variable="RABBITMQ_$(tr a-z A-Z <<<"$1")_PASSWORD"
    if [ -n "${!variable:-}" ]; then
        printf '%s' "${!variable}"
    else
        local file_variable="${variable}_FILE"
        cat "${!file_variable:-$base/users/$1.password}"
    fi
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

ctl() { "$bin/rabbitmqctl" -n "$RABBITMQ_NODENAME" "$@"; }

# The file of the cluster's shared cookie, made once; prints its path.
cluster_cookie() {
    local file=${RABBITMQ_LOCAL_BASE:-$repo/.rabbitmq}/$1.cookie
    mkdir -p "$(dirname "$file")"
    [ -f "$file" ] || (umask 077 && head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' | tr a-f A-F > "$file")
    echo "$file"
}

case "$command" in
start)
    node_environment
    if ctl ping >/dev/null 2>&1 && port_open "$port"; then
        echo "rabbitmq-local: $name already running on 127.0.0.1:$port"
        exit 0
    fi
    write_config
    nohup "$bin/rabbitmq-server" > "$base/log/stdout.log" 2>&1 &
    echo $! > "$base/launcher.pid"
    deadline=$((SECONDS + ${RABBITMQ_LOCAL_TIMEOUT:-90}))
    until port_open "$port" && ctl ping >/dev/null 2>&1; do
        if [ $SECONDS -ge $deadline ]; then
            echo "rabbitmq-local: $name did not open 127.0.0.1:$port in time; last log lines:" >&2
            tail -n 30 "$base/log/stdout.log" >&2 || true
            exit 1
        fi
        if ! kill -0 "$(cat "$base/launcher.pid")" 2>/dev/null; then
            echo "rabbitmq-local: $name exited during boot; last log lines:" >&2
            tail -n 30 "$base/log/stdout.log" >&2 || true
            exit 1
        fi
        sleep 0.3
    done
    ctl await_startup --timeout 60 >/dev/null
    if [ "${RABBITMQ_LOCAL_USERS:-0}" = 1 ]; then
        import_users
        echo "rabbitmq-local: $name has the users subscriptions-{$(tr ' ' , <<<"$roles")} (user-url $name ROLE)"
    fi
    echo "rabbitmq-local: $name ready on amqp://guest:guest@127.0.0.1:$port/"
    ;;
user-url)
    node_environment
    role=${3:?usage: $0 user-url NAME ROLE ($roles)}
    grep -qw -- "$role" <<<"$roles" || { echo "rabbitmq-local: unknown role '$role' (one of: $roles)" >&2; exit 2; }
    echo "amqp://subscriptions-$role:$(role_password "$role")@127.0.0.1:$port/"
    ;;
stop)
    node_environment
    if ctl ping >/dev/null 2>&1; then
        ctl stop >/dev/null 2>&1 || true
    fi
    if [ -f "$base/launcher.pid" ]; then
        pid=$(cat "$base/launcher.pid")
        for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null || true
        rm -f "$base/launcher.pid"
    fi
    # epmd outlives the node: end it only when no other private or system node is registered.
    if command -v epmd >/dev/null 2>&1 || [ -x /usr/bin/epmd ]; then
        if ! epmd -names 2>/dev/null | grep -q '^name '; then epmd -kill >/dev/null 2>&1 || true; fi
    fi
    echo "rabbitmq-local: $name stopped"
    ;;
status)
    node_environment
    if ctl ping >/dev/null 2>&1 && port_open "$port"; then
        echo "rabbitmq-local: $name running on 127.0.0.1:$port"
    else
        echo "rabbitmq-local: $name not running"
        exit 1
    fi
    ;;
url)
    node_environment
    echo "amqp://guest:guest@127.0.0.1:$port/"
    ;;
pid)
    # Written by the node itself (RABBITMQ_PID_FILE) once it runs.
    [ -s "$base/pid" ] || { echo "rabbitmq-local: $name has no pid file (not started?)" >&2; exit 1; }
    cat "$base/pid"
    ;;
ctl)
    node_environment
    shift 2 || true
    [ "${1:-}" = "--" ] && shift
    ctl "$@"
    ;;
cluster-start)
    count=${4:-3}
    if [ "${RABBITMQ_LOCAL_TLS:-0}" = 1 ]; then
        echo "rabbitmq-local: RABBITMQ_LOCAL_TLS is not supported for a cluster (the TLS port PORT+1 is node 2's AMQP port)" >&2
        exit 2
    fi
    cookie_file=$(cluster_cookie "$name")
    # The nodes boot side by side (each takes 10-20 s), then nodes 2… join node 1 one after
    # the other; a node that is a member already (a restart) is left alone.
    pids=()
    for i in $(seq 1 "$count"); do
        RABBITMQ_LOCAL_COOKIE_FILE=$cookie_file "$0" start "$name-$i" $((port + i - 1)) > /dev/null &
        pids+=($!)
    done
    failed=0
    for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
    if [ "$failed" = 1 ]; then
        echo "rabbitmq-local: a node of cluster $name did not start (logs in ${RABBITMQ_LOCAL_BASE:-$repo/.rabbitmq}/$name-*/log)" >&2
        exit 1
    fi
    for i in $(seq 2 "$count"); do
        member="$name-$i"
        # Only a member that answers and does not know node 1 is reset and joined: a member
        # slow to answer (a busy machine) must not lose its data (its quorum queue replicas).
        status=""
        for _ in 1 2 3 4 5; do
            if status=$("$0" ctl "$member" -- cluster_status --formatter json 2>/dev/null); then break; fi
            status=""
            sleep 2
        done
        if [ -z "$status" ]; then
            echo "rabbitmq-local: $member does not answer rabbitmqctl cluster_status" >&2
            exit 1
        fi
        if ! grep -q "\"$name-1@localhost\"" <<< "$status"; then
            for step in stop_app reset "join_cluster $name-1@localhost" start_app; do
                # shellcheck disable=SC2086
                if ! output=$("$0" ctl "$member" -- $step 2>&1); then
                    echo "rabbitmq-local: $member: rabbitmqctl $step failed:" >&2
                    echo "$output" >&2
                    exit 1
                fi
            done
        fi
    done
    if ! "$0" ctl "$name-1" -- await_online_nodes "$count" --timeout 60 >/dev/null; then
        echo "rabbitmq-local: cluster $name: fewer than $count nodes running after 60 s" >&2
        exit 1
    fi
    echo "rabbitmq-local: cluster $name ready: $("$0" cluster-urls "$name" "$port" "$count")"
    ;;
cluster-stop)
    count=${3:-3}
    for i in $(seq "$count" -1 1); do "$0" stop "$name-$i"; done
    ;;
cluster-urls)
    count=${4:-3}
    urls=()
    for i in $(seq 1 "$count"); do urls+=("amqp://guest:guest@127.0.0.1:$((port + i - 1))/"); done
    (IFS=,; echo "${urls[*]}")
    ;;
*)
    echo "usage: $0 start|stop|status|url|user-url|ctl|cluster-start|cluster-stop|cluster-urls [NAME] [PORT|ROLE] [COUNT]" >&2
    exit 2
    ;;
esac
