#!/usr/bin/env bash
# Runs Debian's PostgreSQL (postgresql-15) as a private server on loopback, without systemd and
# without touching the packaged cluster: its own data directory, port and password. Like
# scripts/rabbitmq-local.sh for the broker.
#
#   scripts/postgres-local.sh start  [NAME] [PORT]   initialise (once) and start a server; wait until it accepts connections
#   scripts/postgres-local.sh stop   [NAME]          stop the server (fast shutdown)
#   scripts/postgres-local.sh reset  [NAME]          stop the server and delete its directory (every database in it)
#   scripts/postgres-local.sh status [NAME]          exit 0 when the server answers
#   scripts/postgres-local.sh url    [NAME] [PORT]   print the DATABASE_URL of the server's database
#   scripts/postgres-local.sh psql   [NAME] -- ARGS  run psql against the server's database
#   scripts/postgres-local.sh create-database [NAME] DATABASE   create a database (if missing); prints its URL
#
# NAME defaults to $POSTGRES_LOCAL_NAME or "subs-pg", PORT to $POSTGRES_LOCAL_PORT or 5432. The
# base directory is $POSTGRES_LOCAL_BASE or <repo>/.postgres/NAME (data/, log, port). The server
# listens on 127.0.0.1 only; user and database are "subscriptions", the password is
# "subscriptions-local-dev" (scram-sha-256): a development server, never a production one.
# initdb refuses to run as root: as root the server runs as the "postgres" user of Debian's package.
#
# POSTGRES_LOCAL_TLS=1 (at first start) makes a CA of the server's own (.postgres/NAME/tls/ca.pem)
# and a server certificate from it for the names of POSTGRES_LOCAL_TLS_NAMES (default
# "IP:127.0.0.1,DNS:localhost"), turns TLS on and refuses connections without it (hostssl):
# DATABASE_URL=…?sslmode=verify-full&sslrootcert=.postgres/NAME/tls/ca.pem (docs/scale-out.md).
set -euo pipefail

command=${1:-status}
name=${2:-${POSTGRES_LOCAL_NAME:-subs-pg}}
port=${3:-${POSTGRES_LOCAL_PORT:-5432}}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
base=${POSTGRES_LOCAL_BASE:-$repo/.postgres}/$name
user=subscriptions
password=subscriptions-local-dev
database=subscriptions

bin=""
for candidate in /usr/lib/postgresql/*/bin; do
    [ -x "$candidate/pg_ctl" ] && bin=$candidate
done
if [ -z "$bin" ]; then
    echo "postgres-local: no PostgreSQL server found under /usr/lib/postgresql; install it with: apt-get install -y postgresql-15" >&2
    exit 2
fi

# As root, run the server tools as Debian's "postgres" user (initdb and postgres refuse root).
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

[ -f "$base/port" ] && port=$(cat "$base/port")
data=$base/data
socket_dir=$base/socket

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

url() { echo "postgres://$user:$password@127.0.0.1:$port/${1:-$database}"; }

psql_run() {
    PGPASSWORD=$password "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U "$user" "$@"
}

initialise() {
    mkdir -p "$base"
    echo "$port" > "$base/port"
    [ -f "$data/PG_VERSION" ] && return 0
    mkdir -p "$data" "$socket_dir"
    local password_file=$base/password
    echo "$password" > "$password_file"
    if [ "$(id -u)" -eq 0 ]; then
        chown -R postgres:postgres "$base"
        if ! runuser -u postgres -- test -w "$base"; then
            echo "postgres-local: the postgres user cannot write $base (a parent directory is not traversable); set POSTGRES_LOCAL_BASE" >&2
            exit 1
        fi
    fi
    chmod 700 "$data"
    as_owner "$bin/initdb" -D "$data" -U "$user" --pwfile="$password_file" --auth-host=scram-sha-256 --auth-local=trust \
        -E UTF8 --locale=C.UTF-8 > "$base/initdb.log" 2>&1 || { cat "$base/initdb.log" >&2; exit 1; }
    rm -f "$password_file"
    cat >> "$data/postgresql.conf" <<CONF
# scripts/postgres-local.sh
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$socket_dir'
max_connections = 200
shared_buffers = 128MB
log_min_messages = warning
log_line_prefix = '%m [%p] '
CONF
    if [ "${POSTGRES_LOCAL_TLS:-0}" = 1 ]; then enable_tls; fi
}

# A CA and a server certificate for TLS, connections without TLS refused (pg_hba: hostssl).
enable_tls() {
    local tls=$base/tls
    mkdir -p "$tls"
    openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=postgres-local test CA" \
        -keyout "$tls/ca.key" -out "$tls/ca.pem" >/dev/null 2>&1
    openssl req -newkey rsa:2048 -nodes -subj "/CN=postgres-local" \
        -keyout "$tls/server.key" -out "$tls/server.csr" >/dev/null 2>&1
    printf 'subjectAltName=%s\n' "${POSTGRES_LOCAL_TLS_NAMES:-IP:127.0.0.1,DNS:localhost}" > "$tls/san.ext"
    openssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.pem" -CAkey "$tls/ca.key" -CAcreateserial \
        -days 3650 -extfile "$tls/san.ext" -out "$tls/server.pem" >/dev/null 2>&1
    chmod 644 "$tls/ca.pem"
    chmod 600 "$tls/server.key" "$tls/ca.key"
    if [ "$(id -u)" -eq 0 ]; then chown -R postgres:postgres "$tls"; fi
    cat >> "$data/postgresql.conf" <<CONF
ssl = on
ssl_cert_file = '$tls/server.pem'
ssl_key_file = '$tls/server.key'
CONF
    sed -i 's/^host\(\s\)/hostssl\1/' "$data/pg_hba.conf"
    if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$data/pg_hba.conf" "$data/postgresql.conf"; fi
}

case "$command" in
start)
    initialise
    if as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1 && port_open "$port"; then
        echo "postgres-local: $name already running on 127.0.0.1:$port"
        exit 0
    fi
    if port_open "$port"; then
        echo "postgres-local: 127.0.0.1:$port is taken by another process" >&2
        exit 1
    fi
    as_owner "$bin/pg_ctl" -D "$data" -l "$base/server.log" -w -t "${POSTGRES_LOCAL_TIMEOUT:-60}" start >/dev/null \
        || { echo "postgres-local: $name did not start; last log lines:" >&2; tail -n 30 "$base/server.log" >&2; exit 1; }
    if ! psql_run -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$database'" | grep -q 1; then
        psql_run -d postgres -c "CREATE DATABASE $database"
    fi
    echo "postgres-local: $name ready on $(url | sed "s/:$password@/:***@/")"
    ;;
stop)
    if [ -f "$data/PG_VERSION" ] && as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
        as_owner "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null
    fi
    echo "postgres-local: $name stopped"
    ;;
reset)
    if [ -f "$data/PG_VERSION" ] && as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
        as_owner "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null
    fi
    rm -rf "$base"
    echo "postgres-local: $name reset (its directory deleted)"
    ;;
status)
    if [ -f "$data/PG_VERSION" ] && as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1 && port_open "$port"; then
        echo "postgres-local: $name running on 127.0.0.1:$port"
    else
        echo "postgres-local: $name not running"
        exit 1
    fi
    ;;
url)
    url
    ;;
psql)
    shift 2 || true
    [ "${1:-}" = "--" ] && shift
    psql_run -d "$database" "$@"
    ;;
create-database)
    target=${3:?usage: $0 create-database NAME DATABASE}
    [[ $target =~ ^[a-z_][a-z0-9_]*$ ]] || { echo "postgres-local: '$target' is not a plain database name" >&2; exit 2; }
    if ! psql_run -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$target'" | grep -q 1; then
        psql_run -d postgres -c "CREATE DATABASE $target"
    fi
    url "$target"
    ;;
*)
    echo "usage: $0 start|stop|reset|status|url|psql|create-database [NAME] [PORT]" >&2
    exit 2
    ;;
esac
