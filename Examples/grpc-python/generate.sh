#!/usr/bin/env bash
# Generates the Python protobuf classes and gRPC stubs of subscriptions.v1 into generated/
# (git-ignored), as the analytics example does: Debian's protoc (protobuf-compiler 3.21.x) with
# Debian's gRPC plugin (protobuf-compiler-grpc, grpc_python_plugin).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
protos=$(cd "$here/../../Protos" && pwd)
out="$here/generated"
plugin=$(command -v grpc_python_plugin) || { echo "generate.sh: grpc_python_plugin missing (apt-get install protobuf-compiler-grpc)" >&2; exit 2; }
rm -rf "$out"
mkdir -p "$out"
protoc -I "$protos" --python_out="$out" --grpc_python_out="$out" --plugin=protoc-gen-grpc_python="$plugin" \
    "$protos"/subscriptions/v1/*.proto
echo "generate.sh: Python classes and gRPC stubs in $out (protoc $(protoc --version | cut -d' ' -f2))"
