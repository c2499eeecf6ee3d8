#!/usr/bin/env bash
# The one way to make the credentials of the compose stack (Compose/README.md, "Credentials"):
#
#   Compose/init-env.sh [ENV_FILE]          ENV_FILE defaults to Compose/.env
#
# 1. ENV_FILE from Compose/.env.example, with a random password (48 hex digits) in every empty
#    *_PASSWORD line but GRAFANA_ADMIN_PASSWORD's (Grafana makes its own). A path of the example
#    that starts with ./ is relative to Compose/ (compose's project folder); for an ENV_FILE
#    elsewhere it is written as an absolute path beside ENV_FILE, so that file and its secrets
#    folder can live outside the tree (scripts/compose-e2e.sh makes one per run).
# 2. The secrets folder SUBSCRIPTIONS_SECRETS (default Compose/secrets, git-ignored):
#      erlang.cookie     the cluster's Erlang cookie (RABBITMQ_ERLANG_COOKIE_FILE)
#      identity/         the signing identity of both services (SIGNING_IDENTITY): the chain and
#                        the leaf's key; the root's private key goes to offline/, never mounted
#      keys.json         the producer's API keys (AUTH_KEYS): the operator key OPERATOR01 and the
#                        app key APPKEY0001 (bundle com.example.news)
#      operator/         the clients' side: AuthKey_OPERATOR01.p8, AuthKey_APPKEY0001.p8,
#                        key-id and issuer-id, to mint bearer tokens (subscriptionsctl token)
#    made with subscriptionsctl (docs/signing-and-auth.md): SUBSCRIPTIONSCTL, else the one on
#    PATH, else the package's release or debug build. Run as root, identity/ and keys.json are
#    given to uid 10001 (the services' user in the images), readable by it only.
#
# Nothing existing is overwritten: run it again after adding a variable to .env.example and it
# only appends the variables ENV_FILE lacks and makes the secrets that are missing.
set -euo pipefail
dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$dir")
example=$dir/.env.example
env=${1:-$dir/.env}
mkdir -p "$(dirname "$env")"
env_dir=$(cd "$(dirname "$env")" && pwd)
env=$env_dir/$(basename "$env")
random() { head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n'; }

(umask 077 && touch "$env")
added=0
while IFS= read -r line; do
    [[ $line =~ ^([A-Z0-9_]+)=(.*)$ ]] || continue
    variable=${BASH_REMATCH[1]} value=${BASH_REMATCH[2]}
    grep -q "^$variable=" "$env" && continue
    if [ -z "$value" ] && [[ $variable == *_PASSWORD ]] && [ "$variable" != GRAFANA_ADMIN_PASSWORD ]; then
        value=$(random)
    elif [[ $value == ./* ]] && [ "$env_dir" != "$dir" ]; then
        value=$env_dir/${value#./}
    fi
    echo "$variable=$value" >> "$env"
    added=$((added + 1))
done < "$example"
echo "init-env: $env has $added new variable(s)"

# A path of ENV_FILE, relative ones to Compose/ as compose reads them.
path_of() {
    local value
    value=$(sed -n "s/^$1=//p" "$env" | tail -1)
    [ -z "$value" ] || [[ $value == /* ]] || value=$dir/${value#./}
    echo "$value"
}

cookie=$(path_of RABBITMQ_ERLANG_COOKIE_FILE)
if [ -n "$cookie" ] && [ ! -s "$cookie" ]; then
    mkdir -p "$(dirname "$cookie")"
    (umask 077 && random > "$cookie")
    echo "init-env: made the cluster's Erlang cookie $cookie"
fi

secrets=$(path_of SUBSCRIPTIONS_SECRETS)
secrets=${secrets:-$dir/secrets}
if [ -s "$secrets/keys.json" ] && [ -d "$secrets/identity" ]; then
    exit 0
fi
ctl=${SUBSCRIPTIONSCTL:-$(command -v subscriptionsctl || true)}
if [ -z "$ctl" ]; then
    for candidate in "$repo/.build/release/subscriptionsctl" "$repo/.build/debug/subscriptionsctl"; do
        [ -x "$candidate" ] && { ctl=$candidate; break; }
    done
fi
if [ ! -x "$ctl" ]; then
    echo "init-env: no subscriptionsctl to make the signing identity and API keys in $secrets" >&2
    echo "    (swift build -c release --product subscriptionsctl, or SUBSCRIPTIONSCTL=PATH), then run me again" >&2
    exit 2
fi
rm -rf "$secrets/identity" "$secrets/keys.json" "$secrets/operator" "$secrets/offline"
mkdir -p "$secrets/operator" "$secrets/offline"
chmod 700 "$secrets/operator" "$secrets/offline"
issuer=$(python3 -c 'import uuid; print(uuid.uuid4())')
"$ctl" identity create --out "$secrets/identity" > /dev/null
mv "$secrets/identity/root-key.pem" "$secrets/offline/root-key.pem"
"$ctl" key create --keys-file "$secrets/keys.json" --out "$secrets/operator" --key-id OPERATOR01 \
    --issuer-id "$issuer" --role operator > /dev/null
"$ctl" key create --keys-file "$secrets/keys.json" --out "$secrets/operator" --key-id APPKEY0001 \
    --issuer-id "$issuer" --bundle-id com.example.news > /dev/null
echo OPERATOR01 > "$secrets/operator/key-id"
echo "$issuer" > "$secrets/operator/issuer-id"
chmod -R go-rwx "$secrets/identity" "$secrets/keys.json"
if [ "$(id -u)" = 0 ]; then
    chown -R 10001:10001 "$secrets/identity" "$secrets/keys.json"
    echo "init-env: made the signing identity and API keys in $secrets (identity/ and keys.json owned by uid 10001, the services' user)"
else
    echo "init-env: made the signing identity and API keys in $secrets; the services (uid 10001) must read identity/ and keys.json:"
    echo "    sudo chown -R 10001:10001 $secrets/identity $secrets/keys.json"
fi
