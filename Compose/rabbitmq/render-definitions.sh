#!/usr/bin/env bash
# Renders the broker's definitions (users, permissions, topology) from definitions.json, which
# commits no password: each user's "password_hash": "{{VARIABLE}}" becomes the
# rabbit_password_hashing_sha256 hash (base64 of a random 4-byte salt and SHA-256 of salt and
# password) of the password in $VARIABLE, or in the file named by $VARIABLE_FILE (a Docker
# secret). A user marked "{{?VARIABLE}}" is optional: without a password, its lines (the user
# and its permissions, one line each) are left out. Any other user without a password is an error.
#
#   render-definitions.sh TEMPLATE OUTPUT
#
# Used by the broker container's entrypoint (Compose/rabbitmq/entrypoint.sh) and by
# scripts/rabbitmq-local.sh (RABBITMQ_LOCAL_USERS=1). Needs bash and coreutils only (the
# RabbitMQ image has no python or jq). The output is written readable by its owner only.
set -euo pipefail

if [ $# -ne 2 ]; then
    echo "usage: $0 TEMPLATE OUTPUT" >&2
    exit 2
fi
template=$1
output=$2

# base64(salt + sha256(salt + password)), RabbitMQ's rabbit_password_hashing_sha256.
password_hash() {
    local salt digest
    salt=$(head -c 4 /dev/urandom | od -An -tx1 | tr -d ' \n')
    digest=$({ printf "$(sed 's/../\\x&/g' <<<"$salt")"; printf '%s' "$1"; } | sha256sum | cut -c1-64)
    printf "$(sed 's/../\\x&/g' <<<"$salt$digest")" | base64 | tr -d '\n'
}

# The password of VARIABLE: its value, else the content of the file $VARIABLE_FILE (one trailing
# newline dropped); empty when neither is set.
password_of() {
    local variable=$1 file_variable="${1}_FILE"
    if [ -n "${!variable:-}" ]; then
        printf '%s' "${!variable}"
    elif [ -n "${!file_variable:-}" ]; then
        if [ ! -r "${!file_variable}" ]; then
            echo "render-definitions: $file_variable=${!file_variable} is not a readable file" >&2
            return 1
        fi
        local content
        content=$(cat "${!file_variable}")
        printf '%s' "$content"
    fi
}

rendered=$(cat "$template")
for placeholder in $(grep -o '{{?\{0,1\}[A-Z0-9_]*}}' "$template" | sort -u); do
    variable=${placeholder#\{\{}
    variable=${variable%\}\}}
    optional=0
    if [ "${variable:0:1}" = "?" ]; then optional=1; variable=${variable:1}; fi
    password=$(password_of "$variable")
    if [ -z "$password" ]; then
        if [ $optional = 1 ]; then
            user=$(grep -F "$placeholder" "$template" | sed 's/.*"name": *"\([^"]*\)".*/\1/')
            rendered=$(grep -vF "\"$user\"" <<<"$rendered")
            continue
        fi
        echo "render-definitions: set $variable (or ${variable}_FILE) to the broker password of the user whose password_hash is $placeholder" >&2
        exit 1
    fi
    rendered=${rendered//"$placeholder"/$(password_hash "$password")}
done
if grep -q '{{' <<<"$rendered"; then
    echo "render-definitions: placeholders left in the output: $(grep -o '{{[^}]*}}' <<<"$rendered" | sort -u | tr '\n' ' ')" >&2
    exit 1
fi
(umask 077 && printf '%s\n' "$rendered" > "$output.tmp")
mv "$output.tmp" "$output"
