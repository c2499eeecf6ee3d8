#!/usr/bin/env bash
# Fails when the committed generated Swift does not match Protos/.
#
# Default (fast, for CI; never builds protoc-gen-swift, about half a second):
#   compares Protos/generated-swift.manifest, written by generate-protos.sh, with
#   - the sha256 of each proto's own descriptor and of the whole descriptor set
#     with imports (protoc --include_source_info, so comment changes count too),
#     recomputed with protoc;
#   - the sha256 of every committed Generated/*.pb.swift (hand edits, missing or
#     extra files);
#   the same for the committed gRPC stubs (Sources/SubscriptionGRPC/Generated/*.grpc.swift),
#   and that Protos/grpc-module-mappings.asciipb lists every proto but service.proto;
#   regenerates Generated/CommandRoute.swift and the gRPC front door's methods from
#   service.proto (Python, no protoc plugin) and compares them with the committed files;
#   and checks that `protoc --python_out` and `protoc-c --c_out` accept the protos.
# --full (local, before a release or when in doubt; builds protoc-gen-swift and
#   protoc-gen-grpc-swift-2, minutes the first time): also regenerates into a temporary
#   folder and diffs it against the committed files.
#
# Exit status: 0 = in sync, 1 = drift (each problem is named), 2 = usage error.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/protos-common.sh"

mode="fast"
case "${1:-}" in
  "") ;;
  --full) mode="full" ;;
  -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
  *) echo "usage: $0 [--full]" >&2; exit 2 ;;
esac

problems=()
problem() { problems+=("$*"); }

[[ -f "$MANIFEST" ]] || fail "${MANIFEST#"$ROOT"/} is missing: run scripts/generate-protos.sh"

# --- read the manifest -------------------------------------------------------------
declare -A want_proto=() want_generated=() want_grpc=()
want_protoc="" want_plugin="" want_options="" want_set="" want_grpc_plugin="" want_grpc_options=""
while IFS= read -r line; do
  case "$line" in
    "#"*|"") ;;
    "protoc "*) want_protoc="${line#protoc }" ;;
    "protoc-gen-swift "*) want_plugin="$line" ;;
    "swift-options "*) want_options="${line#swift-options }" ;;
    "descriptor-set "*) want_set="${line#descriptor-set }" ;;
    "proto "*) read -r _ hash path <<< "$line"; want_proto["$path"]="$hash" ;;
    "generated "*) read -r _ hash path <<< "$line"; want_generated["$path"]="$hash" ;;
    "protoc-gen-grpc-swift-2 "*) want_grpc_plugin="${line#protoc-gen-grpc-swift-2 }" ;;
    "grpc-options "*) want_grpc_options="${line#grpc-options }" ;;
    "grpc-generated "*) read -r _ hash path <<< "$line"; want_grpc["$path"]="$hash" ;;
    *) problem "manifest: unexpected line '$line'" ;;
  esac
done < "$MANIFEST"

# --- tools and options ---------------------------------------------------------------
have_protoc="$(protoc_version)"
if [[ "$have_protoc" != "$want_protoc" ]]; then
  problem "protoc: manifest was written with '$want_protoc' but '$PROTOC' is '$have_protoc'; descriptor hashes are only comparable with the same protoc (use Debian's protoc 3.21.12, or regenerate)"
fi
if [[ "${SWIFT_OPTIONS[*]}" != "$want_options" ]]; then
  problem "swift options changed in scripts/lib/protos-common.sh ('${SWIFT_OPTIONS[*]}' vs manifest '$want_options'): run scripts/generate-protos.sh"
fi
if [[ "${GRPC_OPTIONS[*]}" != "$want_grpc_options" ]]; then
  problem "gRPC options changed in scripts/lib/protos-common.sh ('${GRPC_OPTIONS[*]}' vs manifest '$want_grpc_options'): run scripts/generate-protos.sh"
fi
if [[ "$want_grpc_plugin" != "$GRPC_SWIFT_PROTOBUF_VERSION" ]]; then
  problem "protoc-gen-grpc-swift-2: manifest says '$want_grpc_plugin', Package.swift's grpc-swift-protobuf is $GRPC_SWIFT_PROTOBUF_VERSION: run scripts/generate-protos.sh"
fi

# --- protos ----------------------------------------------------------------------------
mapfile -t protos < <(proto_files)
declare -A seen_proto=()
for f in "${protos[@]}"; do
  seen_proto["$f"]=1
  if [[ -z "${want_proto[$f]:-}" ]]; then
    problem "Protos/$f is new and has no generated code: run scripts/generate-protos.sh"
  elif [[ "$(file_descriptor_hash "$f")" != "${want_proto[$f]}" ]]; then
    problem "Protos/$f changed since the code was generated: run scripts/generate-protos.sh"
  fi
done
for f in "${!want_proto[@]}"; do
  [[ -n "${seen_proto[$f]:-}" ]] || problem "Protos/$f was removed but its generated code is still listed: run scripts/generate-protos.sh"
done
if [[ "$(descriptor_hash "${protos[@]}")" != "$want_set" ]]; then
  problem "the descriptor set of Protos/ differs from the one the code was generated from"
fi

# --- generated files --------------------------------------------------------------------
generated_rel="${GENERATED_DIR#"$ROOT"/}"
declare -A seen_generated=()
while IFS= read -r f; do
  seen_generated["$f"]=1
  if [[ -z "${want_generated[$f]:-}" ]]; then
    problem "$generated_rel/$f is not produced by the generator (extra file): delete it or regenerate"
  elif [[ "$(sha256_of < "$GENERATED_DIR/$f")" != "${want_generated[$f]}" ]]; then
    problem "$generated_rel/$f was edited by hand: run scripts/generate-protos.sh"
  fi
done < <(generated_files)
for f in "${!want_generated[@]}"; do
  [[ -n "${seen_generated[$f]:-}" ]] || problem "$generated_rel/$f is missing: run scripts/generate-protos.sh"
done

# --- gRPC stubs (protoc-gen-grpc-swift-2): hashes, as for the messages ------------------
grpc_rel="${GRPC_GENERATED_DIR#"$ROOT"/}"
declare -A seen_grpc=()
while IFS= read -r f; do
  seen_grpc["$f"]=1
  if [[ -z "${want_grpc[$f]:-}" ]]; then
    problem "$grpc_rel/$f is not produced by the generator (extra file): delete it or regenerate"
  elif [[ "$(sha256_of < "$GRPC_GENERATED_DIR/$f")" != "${want_grpc[$f]}" ]]; then
    problem "$grpc_rel/$f was edited by hand: run scripts/generate-protos.sh"
  fi
done < <(grpc_generated_files)
for f in "${!want_grpc[@]}"; do
  [[ -n "${seen_grpc[$f]:-}" ]] || problem "$grpc_rel/$f is missing: run scripts/generate-protos.sh"
done

# --- the gRPC plugin's module mappings: every proto but the service's is SubscriptionMessages'
for f in "${protos[@]}"; do
  [[ " ${GRPC_PROTOS[*]} " == *" $f "* ]] && continue
  grep -qF "proto_file_path: \"$f\"" "$GRPC_MODULE_MAPPINGS" \
    || problem "Protos/$f is not in ${GRPC_MODULE_MAPPINGS#"$ROOT"/}: add it (its messages are SubscriptionMessages'), then run scripts/generate-protos.sh"
done

# --- CommandRoute.swift and the gRPC methods: regenerated from service.proto and envelope.proto
routes_scratch="$(mktemp)" methods_scratch="$(mktemp)"
if ! routes_errors="$(generate_routes_into "$routes_scratch" "$methods_scratch" 2>&1)"; then
  problem "$routes_errors"
else
  for pair in "$ROUTES_FILE:$routes_scratch" "$GRPC_METHODS_FILE:$methods_scratch"; do
    committed="${pair%%:*}" scratch="${pair#*:}"
    rel="${committed#"$ROOT"/}"
    if [[ ! -f "$committed" ]]; then
      problem "$rel is missing: run scripts/generate-protos.sh --routes-only"
    elif ! routes_diff="$(diff "$scratch" "$committed")"; then
      problem "$rel differs from what service.proto generates (edited by hand, or the protos changed): run scripts/generate-protos.sh --routes-only"$'\n'"$(head -n 30 <<< "$routes_diff")"
    fi
  done
fi
rm -f "$routes_scratch" "$methods_scratch"

# --- other languages: analytics consumers generate Python and C from the same protos --
other_out="$(mktemp -d)"
if ! python_errors="$(cd "$PROTO_DIR" && "$PROTOC" -I . --python_out="$other_out" "${protos[@]}" 2>&1)"; then
  problem "protoc --python_out rejects the protos: $python_errors"
fi
if command -v protoc-c >/dev/null 2>&1; then
  if ! c_errors="$(cd "$PROTO_DIR" && protoc-c -I . --c_out="$other_out" "${protos[@]}" 2>&1)"; then
    problem "protoc-c --c_out rejects the protos (proto3 'optional' is not supported by protobuf-c 1.4): $c_errors"
  fi
else
  echo "note: protoc-c not installed, C generation not checked (apt-get install protobuf-c-compiler)" >&2
fi
rm -rf "$other_out"

# --- full mode: regenerate and diff -------------------------------------------------------
if [[ "$mode" == "full" ]]; then
  plugin="$(build_protoc_gen_swift)"
  have_plugin="$("$plugin" --version)"
  if [[ "$have_plugin" != "$want_plugin" ]]; then
    problem "protoc-gen-swift: manifest says '$want_plugin', built '$have_plugin'"
  fi
  scratch="$(mktemp -d)"
  trap 'rm -rf "$scratch"' EXIT
  generate_swift_into "$plugin" "$scratch"
  generate_routes_into "$scratch/CommandRoute.swift"
  if ! diff_output="$(diff -r "$scratch" "$GENERATED_DIR")"; then
    problem "regenerated code differs from $generated_rel:"$'\n'"$(sed -e "s|$scratch|<regenerated>|g" <<< "$diff_output" | head -n 60)"
  fi
  grpc_plugin="$(build_protoc_gen_grpc_swift)"
  generate_grpc_into "$grpc_plugin" "$scratch/grpc"
  if ! diff_output="$(diff -r "$scratch/grpc" "$GRPC_GENERATED_DIR")"; then
    problem "regenerated gRPC stubs differ from $grpc_rel:"$'\n'"$(sed -e "s|$scratch|<regenerated>|g" <<< "$diff_output" | head -n 60)"
  fi
fi

if ((${#problems[@]} > 0)); then
  echo "Generated Swift is out of sync with Protos/ ($mode check):" >&2
  for p in "${problems[@]}"; do echo "  - $p" >&2; done
  exit 1
fi
echo "generated code is in sync with Protos/ ($mode check: ${#protos[@]} protos, ${#seen_generated[@]} generated files, ${#seen_grpc[@]} gRPC stub files)"
