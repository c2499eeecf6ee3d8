#!/bin/bash
# Entrypoint of the local RabbitMQ image (rabbitmq.Dockerfile), named docker-entrypoint.sh as in
# the public image: started as root, it gives the data folder to the user rabbitmq (a volume
# mounted over it may be new) and runs the command as that user, in place (the broker is PID 1
# and gets docker stop's SIGTERM). Started as another user, it runs the command as it is.
set -euo pipefail
if [ "$(id -u)" = 0 ]; then
    chown rabbitmq:rabbitmq /var/lib/rabbitmq
    exec setpriv --reuid=rabbitmq --regid=rabbitmq --init-groups "$@"
fi
exec "$@"
