#!/usr/bin/env bash
# The broker container's entrypoint (compose.yaml): puts two secrets where RabbitMQ reads them,
# neither on a command line, then hands over to the image's own entrypoint.
#
# 1. The definitions: definitions.json (mounted as $DEFINITIONS_TEMPLATE) commits no password;
#    render-definitions.sh hashes RABBITMQ_<ROLE>_PASSWORD (or the file of
#    RABBITMQ_<ROLE>_PASSWORD_FILE) into $DEFINITIONS_OUTPUT, which rabbitmq.conf loads at boot.
# 2. The Erlang cookie of a cluster (compose.cluster.yaml): copied from the file of
#    SUBSCRIPTIONS_ERLANG_COOKIE_FILE (a compose secret; not a RABBITMQ_ name, which the image's
#    entrypoint might read itself) to $HOME/.erlang.cookie, owner rabbitmq,
#    mode 400, where the server and the CLI tools read it (the image links /root/.erlang.cookie
#    to it for `docker exec` as root).
set -euo pipefail

template=${DEFINITIONS_TEMPLATE:-/etc/rabbitmq/definitions.template.json}
output=${DEFINITIONS_OUTPUT:-/var/lib/rabbitmq/definitions.json}
data=/var/lib/rabbitmq

/usr/local/bin/render-definitions.sh "$template" "$output"
if [ "$(id -u)" = 0 ]; then chown rabbitmq:rabbitmq "$output"; fi

if [ -n "${SUBSCRIPTIONS_ERLANG_COOKIE_FILE:-}" ]; then
    if [ ! -s "$SUBSCRIPTIONS_ERLANG_COOKIE_FILE" ]; then
        echo "entrypoint: SUBSCRIPTIONS_ERLANG_COOKIE_FILE=$SUBSCRIPTIONS_ERLANG_COOKIE_FILE is empty or missing" >&2
        exit 1
    fi
    if ! cmp -s "$SUBSCRIPTIONS_ERLANG_COOKIE_FILE" "$data/.erlang.cookie"; then
        rm -f "$data/.erlang.cookie"
        (umask 077 && tr -d '\n' < "$SUBSCRIPTIONS_ERLANG_COOKIE_FILE" > "$data/.erlang.cookie")
        chmod 400 "$data/.erlang.cookie"
        if [ "$(id -u)" = 0 ]; then chown rabbitmq:rabbitmq "$data/.erlang.cookie"; fi
    fi
fi

exec docker-entrypoint.sh "$@"
