#!/usr/bin/env bash
# Makes the folder of credentials Compose/compose.yaml mounts into the services (Compose/README.md,
# "Credentials"), with subscriptionsctl (docs/signing-and-auth.md):
#
#   scripts/compose-credentials.sh [DIR]        DIR defaults to Compose/credentials (git-ignored)
#
#   DIR/identity/     signing identity of both services (SIGNING_IDENTITY): the chain and the
#                     leaf's key; the root's private key goes to DIR/offline/, never mounted
#   DIR/keys.json     the producer's API keys (AUTH_KEYS): an operator key and an app key
#   DIR/operator/     a client's side: AuthKey_OPERATOR01.p8, key-id, issuer-id (to mint tokens;
#                     the e2e profile mounts it), and the app key's AuthKey_APPKEY0001.p8
#
# identity/ and keys.json are made readable by the services' user (uid 10001) when run as root;
# otherwise the script says the chown to run. SUBSCRIPTIONSCTL names the tool (default: the
# release build's, then the debug build's). An existing DIR is left as it is.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=${1:-$repo/Compose/credentials}
ctl=${SUBSCRIPTIONSCTL:-}
if [ -z "$ctl" ]; then
    for candidate in "$repo/.build/release/subscriptionsctl" "$repo/.build/debug/subscriptionsctl"; do
        [ -x "$candidate" ] && { ctl=$candidate; break; }
    done
fi
[ -x "$ctl" ] || { echo "compose-credentials: no subscriptionsctl (swift build --product subscriptionsctl, or set SUBSCRIPTIONSCTL)" >&2; exit 2; }
if [ -e "$dir/keys.json" ]; then
    echo "compose-credentials: $dir already holds credentials; left as they are"
    exit 0
fi

mkdir -p "$dir/operator" "$dir/offline"
issuer=$(python3 -c 'import uuid; print(uuid.uuid4())')
"$ctl" identity create --out "$dir/identity" > /dev/null
mv "$dir/identity/root-key.pem" "$dir/offline/root-key.pem"
"$ctl" key create --keys-file "$dir/keys.json" --out "$dir/operator" --key-id OPERATOR01 --issuer-id "$issuer" \
    --role operator > /dev/null
"$ctl" key create --keys-file "$dir/keys.json" --out "$dir/operator" --key-id APPKEY0001 --issuer-id "$issuer" \
    --bundle-id com.example.news > /dev/null
echo OPERATOR01 > "$dir/operator/key-id"
echo "$issuer" > "$dir/operator/issuer-id"
chmod 700 "$dir/offline" "$dir/operator"
if [ "$(id -u)" = 0 ]; then
    chown -R 10001:10001 "$dir/identity" "$dir/keys.json"
    echo "compose-credentials: $dir (identity/ and keys.json owned by uid 10001, the services' user)"
else
    echo "compose-credentials: $dir; the services (uid 10001) must read identity/ and keys.json:"
    echo "    sudo chown -R 10001:10001 $dir/identity $dir/keys.json"
fi
