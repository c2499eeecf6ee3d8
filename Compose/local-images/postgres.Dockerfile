# PostgreSQL 15 from Debian's packages, for machines that reach Debian's mirrors but no image
# registry (scripts/compose-e2e.sh). It stands in for the public postgres:15 image: the same
# variables (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB, PGDATA), data in
# /var/lib/postgresql/data, password authentication over TCP, the server as PID 1 under the user
# postgres, stopped by SIGINT (fast shutdown).
ARG BASE_IMAGE=subscriptions-local/debian:bookworm
FROM ${BASE_IMAGE}
# No cluster of Debian's own (pg_createclusters's /etc/postgresql/15/main): the entrypoint makes
# one in PGDATA on the first start, as the public image does.
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-common \
    && sed -ri 's/^#?\s*create_main_cluster\s*=.*/create_main_cluster = false/' /etc/postgresql-common/createcluster.conf \
    && apt-get install -y --no-install-recommends postgresql-15 \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
    && chown postgres:postgres /var/lib/postgresql/data /var/run/postgresql \
    && chmod 0700 /var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint
ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    PGDATA=/var/lib/postgresql/data
USER postgres:postgres
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["/usr/local/bin/postgres-entrypoint"]
CMD ["postgres"]
