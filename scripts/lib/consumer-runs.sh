# Shared by consumer-ab.sh, consumer-counters.sh and mass-extension-ab.sh, which start consumer
# builds against a private RabbitMQ node; source it, don't run it. The sourcing script sets
# $repo (and runs from it), $node (the node's name), $port (its AMQP port) and $work (a
# scratch directory removed at exit), and keeps the running consumer's pid in $consumer_pid.

consumer_pid=""

# Exits with a message naming the tool ($1) unless every other argument is an executable.
require_executables() {
    local tool=$1
    shift
    for binary in "$@"; do
        [ -x "$binary" ] || { echo "$tool: $binary is not an executable" >&2; exit 2; }
    done
}

# The node, started afresh (no queue or message of an earlier run).
fresh_broker() {
    scripts/rabbitmq-local.sh stop "$node" >/dev/null 2>&1 || true
    rm -rf "$repo/.rabbitmq/$node"
    scripts/rabbitmq-local.sh start "$node" "$port" >/dev/null
}

# Stops the running consumer and waits for it.
stop_consumer() {
    kill -TERM "$consumer_pid"
    wait "$consumer_pid" || true
    consumer_pid=""
}

# At exit: the consumer, the node and the scratch directory go.
cleanup_consumer_run() {
    [ -n "$consumer_pid" ] && kill -TERM "$consumer_pid" 2>/dev/null && wait "$consumer_pid" 2>/dev/null || true
    scripts/rabbitmq-local.sh stop "$node" >/dev/null 2>&1 || true
    rm -rf "$repo/.rabbitmq/$node" "$work"
}
