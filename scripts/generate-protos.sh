#!/usr/bin/env bash
# Regenerates Sources/SubscriptionMessages/Generated/*.pb.swift from Protos/ with
# Debian's protoc and protoc-gen-swift built from swift-protobuf 1.39.0 (cached in
# .build-protoc-gen-swift/, about 80 s to build the first time), the gRPC stubs of service.proto
# in Sources/SubscriptionGRPC/Generated/ with protoc-gen-grpc-swift-2 built from
# grpc-swift-protobuf 2.4.1 (cached there too, a few minutes the first time),
# Generated/CommandRoute.swift and the gRPC front door's methods
# (Sources/SubscriptionProducer/GRPC/Generated/, both from the rpcs of service.proto,
# scripts/lib/generate-command-routes.py), then rewrites Protos/generated-swift.manifest for the
# fast drift check.
#
# --routes-only: only CommandRoute.swift and the gRPC methods (no protoc plugin; the .pb.swift
# and .grpc.swift files and the manifest stay as they are).
#
# Usage: scripts/generate-protos.sh
# Environment: PROTOC (default protoc), PROTOC_GEN_SWIFT and PROTOC_GEN_GRPC_SWIFT (use these
# plugin binaries instead of building them), PROTOC_GEN_SWIFT_CACHE (cache folder).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/protos-common.sh"

if [[ "${1:-}" == "--routes-only" ]]; then
  mkdir -p "$(dirname "$GRPC_METHODS_FILE")"
  generate_routes_into "$ROUTES_FILE" "$GRPC_METHODS_FILE"
  echo "generated ${ROUTES_FILE#"$ROOT"/} and ${GRPC_METHODS_FILE#"$ROOT"/} from service.proto"
  exit 0
fi

plugin="$(build_protoc_gen_swift)"
plugin_version="$("$plugin" --version)"
[[ "$plugin_version" == "protoc-gen-swift $SWIFT_PROTOBUF_VERSION" ]] \
  || fail "$plugin reports '$plugin_version', expected protoc-gen-swift $SWIFT_PROTOBUF_VERSION"
grpc_plugin="$(build_protoc_gen_grpc_swift)"
grpc_plugin_version="$("$grpc_plugin" --version)"

staging="$(mktemp -d)"
trap 'rm -rf "$staging"' EXIT
generate_swift_into "$plugin" "$staging"
generate_grpc_into "$grpc_plugin" "$staging/grpc"
generate_routes_into "$staging/CommandRoute.swift.new" "$staging/grpc-methods.swift.new"

mkdir -p "$GENERATED_DIR" "$GRPC_GENERATED_DIR" "$(dirname "$GRPC_METHODS_FILE")"
find "$GENERATED_DIR" -name '*.pb.swift' -type f -delete
find "$GRPC_GENERATED_DIR" -name '*.grpc.swift' -type f -delete
cp "$staging"/*.pb.swift "$GENERATED_DIR/"
cp "$staging"/grpc/*.grpc.swift "$GRPC_GENERATED_DIR/"
cp "$staging/CommandRoute.swift.new" "$ROUTES_FILE"
cp "$staging/grpc-methods.swift.new" "$GRPC_METHODS_FILE"
render_manifest "$plugin_version" "$grpc_plugin_version" > "$MANIFEST"

echo "generated $(generated_files | wc -l | tr -d ' ') files and CommandRoute.swift in ${GENERATED_DIR#"$ROOT"/} with $(protoc_version) and $plugin_version"
echo "generated the gRPC stubs in ${GRPC_GENERATED_DIR#"$ROOT"/} with protoc-gen-grpc-swift-2 $grpc_plugin_version, and ${GRPC_METHODS_FILE#"$ROOT"/}"
