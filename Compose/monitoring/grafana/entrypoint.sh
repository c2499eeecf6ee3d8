#!/bin/sh
# Grafana's entrypoint in compose.yaml: never the image's default admin/admin. Without
# GRAFANA_ADMIN_PASSWORD (Compose/.env), a random admin password is made on the first start,
# kept in the grafana-data volume (Grafana sets the admin's password when it creates its
# database, on that first start) and read from there by Grafana (GF_SECURITY_ADMIN_PASSWORD__FILE).
#   docker compose -f Compose/compose.yaml exec grafana cat /var/lib/grafana/admin-password
set -eu
if [ -z "${GF_SECURITY_ADMIN_PASSWORD:-}" ]; then
    unset GF_SECURITY_ADMIN_PASSWORD
    file=${GF_PATHS_DATA:-/var/lib/grafana}/admin-password
    if [ ! -s "$file" ]; then
        (umask 077 && head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$file")
        echo "grafana: GRAFANA_ADMIN_PASSWORD is not set: the admin password was made at random into $file"
    fi
    export GF_SECURITY_ADMIN_PASSWORD__FILE="$file"
fi
exec /run.sh "$@"
