#!/usr/bin/env bash
# Regenerates Sources/SubscriptionMessages/Generated/*.pb.swift from Protos/ with
# Debian's protoc and protoc-gen-swift built from swift-protobuf 1.39.0 (cached in
# .build-protoc-gen-swift/, about 80 s to build the first time), and
# Generated/CommandRoute.swift (the rpcs of service.proto, scripts/lib/generate-command-routes.py),
# then rewrites Protos/generated-swift.manifest for the fast drift check.
#
# --routes-only: only CommandRoute.swift (no protoc-gen-swift; the .pb.swift files and the
# manifest stay as they are).
#
# Usage: scripts/generate-protos.sh
# Environment: PROTOC (default protoc), PROTOC_GEN_SWIFT (use this plugin binary
# instead of building one), PROTOC_GEN_SWIFT_CACHE (cache folder).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/protos-common.sh"

if [[ "${1:-}" == "--routes-only" ]]; then
  generate_routes_into "$ROUTES_FILE"
  echo "generated ${ROUTES_FILE#"$ROOT"/} from service.proto"
  exit 0
fi

plugin="$(build_protoc_gen_swift)"
plugin_version="$("$plugin" --version)"
[[ "$plugin_version" == "protoc-gen-swift $SWIFT_PROTOBUF_VERSION" ]] \
  || fail "$plugin reports '$plugin_version', expected protoc-gen-swift $SWIFT_PROTOBUF_VERSION"

staging="$(mktemp -d)"
trap 'rm -rf "$staging"' EXIT
generate_swift_into "$plugin" "$staging"
generate_routes_into "$staging/CommandRoute.swift.new"

mkdir -p "$GENERATED_DIR"
find "$GENERATED_DIR" -name '*.pb.swift' -type f -delete
cp "$staging"/*.pb.swift "$GENERATED_DIR/"
cp "$staging/CommandRoute.swift.new" "$ROUTES_FILE"
render_manifest "$plugin_version" > "$MANIFEST"

echo "generated $(generated_files | wc -l | tr -d ' ') files and CommandRoute.swift in ${GENERATED_DIR#"$ROOT"/} with $(protoc_version) and $plugin_version"
