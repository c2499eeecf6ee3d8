# Shared by generate-protos.sh and check-generated-code.sh; source it, don't run it.
#
# Layout:
#   Protos/subscriptions/v1/*.proto              the wire contract (source of truth)
#   Sources/SubscriptionMessages/Generated/      committed protoc-gen-swift output
#   Sources/SubscriptionMessages/Generated/CommandRoute.swift
#                                                committed output of generate-command-routes.py
#                                                (service.proto's rpcs; no protoc needed)
#   Sources/SubscriptionProducer/GRPC/Generated/SubscriptionCommandsService+Methods.swift
#                                                committed output of generate-command-routes.py
#                                                (the gRPC front door's methods, one per rpc)
#   Protos/generated-swift.manifest              hashes the fast drift check compares
#                                                (kept out of Sources/ so SwiftPM
#                                                does not warn about an unhandled file)
#   Sources/SubscriptionGRPC/Generated/          committed protoc-gen-grpc-swift-2 output: the
#                                                gRPC stubs of service.proto (server and client)
#   Protos/grpc-module-mappings.asciipb          tells the gRPC plugin which module holds the
#                                                messages (SubscriptionMessages)
#   .build-protoc-gen-swift/                     cached plugin builds (git-ignored)

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PROTO_DIR="$ROOT/Protos"
GENERATED_DIR="$ROOT/Sources/SubscriptionMessages/Generated"
MANIFEST="$PROTO_DIR/generated-swift.manifest"
ROUTES_FILE="$GENERATED_DIR/CommandRoute.swift"
ROUTES_GENERATOR="$ROOT/scripts/lib/generate-command-routes.py"
# The gRPC front door's methods (one per rpc), written by the same generator.
GRPC_METHODS_FILE="$ROOT/Sources/SubscriptionProducer/GRPC/Generated/SubscriptionCommandsService+Methods.swift"

PROTOC="${PROTOC:-protoc}"
SWIFT_PROTOBUF_VERSION="1.39.0"
# git maps https://github.com/ to the local package mirror on these machines.
SWIFT_PROTOBUF_URL="${SWIFT_PROTOBUF_URL:-https://github.com/apple/swift-protobuf}"
PLUGIN_CACHE="${PROTOC_GEN_SWIFT_CACHE:-$ROOT/.build-protoc-gen-swift}"

SWIFT_OPTIONS=(--swift_opt=Visibility=Public --swift_opt=FileNaming=PathToUnderscores)

# The gRPC stubs (grpc-swift 2): protoc-gen-grpc-swift-2 from grpc-swift-protobuf, the version
# Package.swift depends on. Only the protos that declare a service are given to it.
GRPC_SWIFT_PROTOBUF_VERSION="2.4.1"
GRPC_SWIFT_PROTOBUF_URL="${GRPC_SWIFT_PROTOBUF_URL:-https://github.com/grpc/grpc-swift-protobuf}"
GRPC_GENERATED_DIR="$ROOT/Sources/SubscriptionGRPC/Generated"
GRPC_MODULE_MAPPINGS="$PROTO_DIR/grpc-module-mappings.asciipb"
GRPC_PROTOS=(subscriptions/v1/service.proto)
GRPC_OPTIONS=(--grpc-swift-2_opt=Visibility=Public --grpc-swift-2_opt=FileNaming=PathToUnderscores
  --grpc-swift-2_opt=ProtoPathModuleMappings=grpc-module-mappings.asciipb)

fail() {
  echo "error: $*" >&2
  exit 1
}

sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum | cut -d' ' -f1
  else
    shasum -a 256 | cut -d' ' -f1
  fi
}

# The .proto files relative to Protos/, in a stable (byte-wise) order.
proto_files() {
  (cd "$PROTO_DIR" && find . -name '*.proto' -type f | sed 's|^\./||' | LC_ALL=C sort)
}

protoc_version() {
  "$PROTOC" --version
}

# sha256 of the descriptor set of the given protos (relative to Protos/), with source
# info so that comment changes count too. protoc writes it deterministically for a
# fixed file order and include path (checked: byte-identical across runs and clones).
descriptor_hash() {
  (cd "$PROTO_DIR" && "$PROTOC" -I . --include_source_info --include_imports \
    --descriptor_set_out=/dev/stdout "$@") | sha256_of
}

# sha256 of one proto's own descriptor (no imports), so a change names only its file.
file_descriptor_hash() {
  (cd "$PROTO_DIR" && "$PROTOC" -I . --include_source_info \
    --descriptor_set_out=/dev/stdout "$1") | sha256_of
}

# The committed generated files relative to GENERATED_DIR, sorted.
generated_files() {
  (cd "$GENERATED_DIR" && find . -name '*.pb.swift' -type f | sed 's|^\./||' | LC_ALL=C sort)
}

# Clones swift-protobuf at the pinned tag into the cache and builds protoc-gen-swift
# (about 80 s the first time; reused while the cached binary reports the pinned
# version). Prints the plugin's path on stdout.
build_protoc_gen_swift() {
  if [[ -n "${PROTOC_GEN_SWIFT:-}" ]]; then
    echo "$PROTOC_GEN_SWIFT"
    return
  fi
  local checkout="$PLUGIN_CACHE/swift-protobuf"
  local plugin="$checkout/.build/release/protoc-gen-swift"
  if [[ -x "$plugin" ]] && [[ "$("$plugin" --version)" == "protoc-gen-swift $SWIFT_PROTOBUF_VERSION" ]]; then
    echo "$plugin"
    return
  fi
  mkdir -p "$PLUGIN_CACHE"
  if [[ ! -d "$checkout/.git" ]]; then
    echo "cloning swift-protobuf into $checkout" >&2
    git clone --quiet "$SWIFT_PROTOBUF_URL" "$checkout" >&2
  fi
  git -C "$checkout" -c advice.detachedHead=false checkout --quiet "$SWIFT_PROTOBUF_VERSION" >&2
  echo "building protoc-gen-swift $SWIFT_PROTOBUF_VERSION (about 80 s the first time)" >&2
  (cd "$checkout" && swift build -c release --product protoc-gen-swift >&2)
  [[ "$("$plugin" --version)" == "protoc-gen-swift $SWIFT_PROTOBUF_VERSION" ]] \
    || fail "built $plugin but it does not report version $SWIFT_PROTOBUF_VERSION"
  echo "$plugin"
}

# Clones grpc-swift-protobuf at the pinned tag into the cache and builds protoc-gen-grpc-swift-2
# (a few minutes the first time; reused while the cached binary reports the pinned version).
# Prints the plugin's path on stdout.
build_protoc_gen_grpc_swift() {
  if [[ -n "${PROTOC_GEN_GRPC_SWIFT:-}" ]]; then
    echo "$PROTOC_GEN_GRPC_SWIFT"
    return
  fi
  local checkout="$PLUGIN_CACHE/grpc-swift-protobuf"
  local plugin="$checkout/.build/release/protoc-gen-grpc-swift-2"
  if [[ -x "$plugin" ]] && [[ "$("$plugin" --version)" == "protoc-gen-grpc-swift-2 $GRPC_SWIFT_PROTOBUF_VERSION" ]]; then
    echo "$plugin"
    return
  fi
  mkdir -p "$PLUGIN_CACHE"
  if [[ ! -d "$checkout/.git" ]]; then
    echo "cloning grpc-swift-protobuf into $checkout" >&2
    git clone --quiet "$GRPC_SWIFT_PROTOBUF_URL" "$checkout" >&2
  fi
  git -C "$checkout" -c advice.detachedHead=false checkout --quiet "$GRPC_SWIFT_PROTOBUF_VERSION" >&2
  echo "building protoc-gen-grpc-swift-2 $GRPC_SWIFT_PROTOBUF_VERSION (a few minutes the first time)" >&2
  (cd "$checkout" && swift build -c release --product protoc-gen-grpc-swift-2 >&2)
  [[ "$("$plugin" --version)" == "protoc-gen-grpc-swift-2 $GRPC_SWIFT_PROTOBUF_VERSION" ]] \
    || fail "built $plugin but it does not report version $GRPC_SWIFT_PROTOBUF_VERSION"
  echo "$plugin"
}

# Runs protoc + protoc-gen-grpc-swift-2 for the protos with a service into the directory $2
# (plugin $1).
generate_grpc_into() {
  local plugin="$1" out="$2"
  mkdir -p "$out"
  (cd "$PROTO_DIR" && "$PROTOC" -I . --plugin=protoc-gen-grpc-swift-2="$plugin" \
    --grpc-swift-2_out="$out" "${GRPC_OPTIONS[@]}" "${GRPC_PROTOS[@]}")
}

# The committed gRPC stubs relative to GRPC_GENERATED_DIR, sorted.
grpc_generated_files() {
  [[ -d "$GRPC_GENERATED_DIR" ]] || return 0
  (cd "$GRPC_GENERATED_DIR" && find . -name '*.grpc.swift' -type f | sed 's|^\./||' | LC_ALL=C sort)
}

# Runs protoc + protoc-gen-swift for every proto into the directory $2 (plugin $1).
generate_swift_into() {
  local plugin="$1" out="$2"
  local files
  mapfile -t files < <(proto_files)
  mkdir -p "$out"
  (cd "$PROTO_DIR" && "$PROTOC" -I . --plugin=protoc-gen-swift="$plugin" \
    --swift_out="$out" "${SWIFT_OPTIONS[@]}" "${files[@]}")
  mark_storage_unchecked "$out"/*.pb.swift
}

# Marks the stored properties of the generated `_StorageClass`es `@exclusivity(unchecked)`: the
# messages' setters and getters then skip the runtime's dynamic exclusivity check (measured:
# 70.5 -> 77 µs of consumer CPU per command without it, six pairs of scripts/consumer-ab.sh).
# A module-wide `-enforce-exclusivity=unchecked` would do the same, but it is an unsafe flag, and
# SwiftPM refuses a package with unsafe flags as a versioned dependency: SubscriptionMessages
# is the library analytics services depend on (scripts/check-library-by-version.sh). Each
# storage class is only reached through its message's copy-on-write accessors, which never
# overlap an access to the same property.
mark_storage_unchecked() {
  sed -i '/class _StorageClass {/,/^  }/ s/^    var _/    @exclusivity(unchecked) var _/' "$@"
}

# Writes the Swift side of service.proto (CommandRoute and its envelope switches) to $1
# ("-" = stdout) and, given $2, the gRPC front door's methods to $2. Python standard library
# only; fails naming the rpc when service.proto and envelope.proto disagree.
generate_routes_into() {
  python3 "$ROUTES_GENERATOR" "$PROTO_DIR" "$@"
}

# Prints the manifest for the current protos and generated files (the plugins' `--version`:
# $1 protoc-gen-swift's, $2 protoc-gen-grpc-swift-2's).
render_manifest() {
  local plugin_version="$1" grpc_plugin_version="$2"
  local files f
  mapfile -t files < <(proto_files)
  echo "# Written by scripts/generate-protos.sh; checked by scripts/check-generated-code.sh."
  echo "# Do not edit: regenerate instead."
  echo "protoc $(protoc_version)"
  echo "$plugin_version"
  echo "swift-options ${SWIFT_OPTIONS[*]}"
  echo "descriptor-set $(descriptor_hash "${files[@]}")"
  for f in "${files[@]}"; do
    echo "proto $(file_descriptor_hash "$f") $f"
  done
  while IFS= read -r f; do
    echo "generated $(sha256_of < "$GENERATED_DIR/$f") $f"
  done < <(generated_files)
  echo "$grpc_plugin_version"
  echo "grpc-options ${GRPC_OPTIONS[*]}"
  while IFS= read -r f; do
    echo "grpc-generated $(sha256_of < "$GRPC_GENERATED_DIR/$f") $f"
  done < <(grpc_generated_files)
}
