#!/bin/bash
# Entrypoint of the local PostgreSQL image (postgres.Dockerfile): on the first start (PGDATA
# empty) makes the cluster with POSTGRES_USER as its superuser, password POSTGRES_PASSWORD,
# password (scram-sha-256) authentication over TCP and trust over the local socket, and the
# database POSTGRES_DB; then runs the server, listening on every interface.
set -euo pipefail
user=${POSTGRES_USER:-postgres}
database=${POSTGRES_DB:-$user}
if [ ! -s "$PGDATA/PG_VERSION" ]; then
    : "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD, the password of POSTGRES_USER}"
    echo "postgres-entrypoint: creating the cluster in $PGDATA (superuser $user, database $database)"
    initdb --username="$user" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") --auth-local=trust \
        --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 --pgdata="$PGDATA" > /dev/null
    printf 'host all all all scram-sha-256\n' >> "$PGDATA/pg_hba.conf"
    if [ "$database" != postgres ]; then
        # A socket only this script knows: the healthcheck's pg_isready fails until the real start.
        socket=$(mktemp -d)
        pg_ctl --pgdata="$PGDATA" --options="-c listen_addresses='' -c unix_socket_directories=$socket" --wait --silent start
        psql --host="$socket" --username="$user" --dbname=postgres --quiet --set ON_ERROR_STOP=1 \
            --command="CREATE DATABASE \"$database\""
        pg_ctl --pgdata="$PGDATA" --mode=fast --wait --silent stop
        rmdir "$socket"
    fi
fi
if [ "$1" = postgres ]; then
    shift
    exec postgres -c listen_addresses='*' "$@"
fi
exec "$@"
