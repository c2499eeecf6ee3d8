# RabbitMQ from Debian 13's packages (rabbitmq-server 4.0, Erlang 27), for machines that reach Debian's
# mirrors but no image registry (scripts/compose-e2e.sh). It stands in for the public
# rabbitmq:4.1-management image: same paths (/etc/rabbitmq/conf.d, enabled_plugins,
# /var/lib/rabbitmq), node name rabbit@HOSTNAME, logs on the console, the broker as PID 1 under
# the user rabbitmq, management and Prometheus plugins enabled.
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
ENV HOME=/var/lib/rabbitmq \
    RABBITMQ_LOGS=- \
    RABBITMQ_USE_LONGNAME=false \
    PATH=/usr/lib/rabbitmq/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
USER rabbitmq:rabbitmq
WORKDIR /var/lib/rabbitmq
VOLUME /var/lib/rabbitmq
EXPOSE 4369 5672 15672 15692 25672
# The server script execs the Erlang VM, which stops the broker cleanly on SIGTERM (docker stop).
CMD ["rabbitmq-server"]
