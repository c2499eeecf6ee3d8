# RabbitMQ from Debian 13's packages (rabbitmq-server 4.0, Erlang 27), for machines that reach Debian's
# mirrors but no image registry (scripts/compose-e2e.sh). It stands in for the public
# rabbitmq:4.1-management image: same paths (/etc/rabbitmq/conf.d, enabled_plugins,
# /var/lib/rabbitmq), node name rabbit@HOSTNAME, logs on the console, management and Prometheus
# plugins enabled, and the same entrypoint name (docker-entrypoint.sh, which compose.yaml's
# rabbitmq/entrypoint.sh hands over to). The container starts as root, like the public image,
# so that entrypoint can read the cluster's Erlang cookie (a root-owned compose secret); the
# broker itself then runs as PID 1 under the user rabbitmq (rabbitmq-entrypoint.sh).
ARG BASE_IMAGE=subscriptions-local/debian:trixie
FROM ${BASE_IMAGE}
RUN apt-get update \
    && apt-get install -y --no-install-recommends rabbitmq-server \
    && rm -rf /var/lib/apt/lists/* /var/log/rabbitmq/* \
    && mkdir -p /etc/rabbitmq/conf.d \
    && echo '[rabbitmq_management,rabbitmq_prometheus].' > /etc/rabbitmq/enabled_plugins \
    && : > /etc/rabbitmq/rabbitmq-env.conf \
    && chown -R rabbitmq:rabbitmq /var/lib/rabbitmq /etc/rabbitmq
# The public image's defaults (its conf.d/10-defaults.conf): logs on the console, every interface.
RUN printf '%s\n' 'log.console = true' 'loopback_users.guest = false' 'listeners.tcp.default = 5672' \
        > /etc/rabbitmq/conf.d/10-defaults.conf
COPY rabbitmq-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
# HOME is the node's data folder for the server and for the CLI tools run by `docker exec` (the
# healthcheck's rabbitmq-diagnostics), so both read the same .erlang.cookie. The CLI tools are
# called directly, not through Debian's wrappers in /usr/sbin (which would `su` to rabbitmq).
ENV HOME=/var/lib/rabbitmq \
    RABBITMQ_LOGS=- \
    RABBITMQ_USE_LONGNAME=false \
    PATH=/usr/lib/rabbitmq/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
WORKDIR /var/lib/rabbitmq
VOLUME /var/lib/rabbitmq
EXPOSE 4369 5672 15672 15692 25672
ENTRYPOINT ["docker-entrypoint.sh"]
# The server script execs the Erlang VM, which stops the broker cleanly on SIGTERM (docker stop).
CMD ["rabbitmq-server"]
