#!/usr/bin/env bash
# Makes Compose/.env from Compose/.env.example with a random password (48 hex digits) in every
# empty *_PASSWORD line but GRAFANA_ADMIN_PASSWORD's (Grafana makes its own), and the cluster's
# Erlang cookie file (RABBITMQ_ERLANG_COOKIE_FILE, default Compose/secrets/erlang.cookie). An
# existing .env or cookie file is kept: run it again after adding a variable to .env.example
# and it only appends the variables .env lacks.
#   Compose/init-env.sh
set -euo pipefail
dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
example=$dir/.env.example
env=$dir/.env
random() { head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n'; }

(umask 077 && touch "$env")
added=0
while IFS= read -r line; do
    [[ $line =~ ^([A-Z0-9_]+)=(.*)$ ]] || continue
    variable=${BASH_REMATCH[1]} value=${BASH_REMATCH[2]}
    grep -q "^$variable=" "$env" && continue
    if [ -z "$value" ] && [[ $variable == *_PASSWORD ]] && [ "$variable" != GRAFANA_ADMIN_PASSWORD ]; then
        value=$(random)
    fi
    echo "$variable=$value" >> "$env"
    added=$((added + 1))
done < "$example"
echo "init-env: $env has $added new variable(s)"

cookie=$(sed -n 's/^RABBITMQ_ERLANG_COOKIE_FILE=//p' "$env" | tail -1)
if [ -n "$cookie" ]; then
    [[ $cookie == /* ]] || cookie=$dir/$cookie
    if [ ! -s "$cookie" ]; then
        mkdir -p "$(dirname "$cookie")"
        (umask 077 && random > "$cookie")
        echo "init-env: made the cluster's Erlang cookie $cookie"
    fi
fi
