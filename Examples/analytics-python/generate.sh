#!/usr/bin/env bash
# Generates the Python protobuf classes of subscriptions.v1 into generated/ (git-ignored).
# Needs Debian's protoc (protobuf-compiler 3.21.x).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
protos=$(cd "$here/../../Protos" && pwd)
out="$here/generated"
rm -rf "$out"
mkdir -p "$out"
protoc -I "$protos" --python_out="$out" "$protos"/subscriptions/v1/*.proto
echo "generate.sh: Python classes in $out (protoc $(protoc --version | cut -d' ' -f2))"
