#!/usr/bin/env bash
# libFuzzer runs (docs/reliability.md, "Fuzzing"), each for a bounded time:
#   request-validators  arbitrary bytes as the body of every request model (SubscriptionAPI):
#                       no trap, and no error message showing Swift's or Foundation's internals
#   iso-duration        arbitrary text through ISODuration: no trap, canonical text round-trips
#
#   scripts/fuzz.sh                    each target 60 s
#   FUZZ_SECONDS=600 scripts/fuzz.sh   longer
#   scripts/fuzz.sh iso-duration       one target
#
# Built with swiftc's -sanitize=fuzzer,address straight from the modules' sources (Foundation
# only: AppleErrorCatalog, SubscriptionAPI) into .build/fuzz, outside SwiftPM's build. Corpora
# grow in .build/fuzz/corpus-<target>; a crash is written to .build/fuzz/crash-<target>-*, the
# run fails, and the input should become a regression test (ServiceRequestTests, ISODurationTests).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
seconds=${FUZZ_SECONDS:-60}
out=.build/fuzz
mkdir -p "$out"
flags=(-sanitize=fuzzer,address -parse-as-library -Onone -package-name subscriptions)

module() {  # module NAME SOURCES_DIR
    local name=$1 dir=$2
    if [ ! -f "$out/$name.o" ] || [ -n "$(find "$dir" -name '*.swift' -newer "$out/$name.o" -print -quit)" ]; then
        echo "fuzz: compiling $name"
        # shellcheck disable=SC2046
        swiftc "${flags[@]}" -wmo -module-name "$name" -I "$out" -emit-module -emit-module-path "$out/$name.swiftmodule" \
            -c $(find "$dir" -name '*.swift' | sort) -o "$out/$name.o"
    fi
}

target() {  # target NAME MAIN_DIR
    local name=$1 dir=$2
    echo "fuzz: linking $name"
    swiftc "${flags[@]}" -I "$out" "$dir/main.swift" "$out/AppleErrorCatalog.o" "$out/SubscriptionAPI.o" -o "$out/fuzz-$name"
}

# A few seeds so the validators' fuzzing starts from JSON each model reads (the first byte picks
# the model): a valid-looking body, one with a lone surrogate escape, one with a duration.
seed_validators() {
    local corpus=$out/corpus-request-validators i
    for i in $(seq 0 18); do
        printf "\\x$(printf %02x "$i")"'{"customerId":"c1","productId":"news.basic.monthly","storefront":"USA","originalTransactionId":"1000","autoRenewStatus":1}' > "$corpus/seed-$i-plain"
        printf "\\x$(printf %02x "$i")"'{"customerId":"\\ud800x","requestInfo":{"requestReferenceId":"r"},"extendByDays":7}' > "$corpus/seed-$i-surrogate"
        printf "\\x$(printf %02x "$i")"'{"advanceBy":"P1DT2H","items":[{"sku":"a","price":1}]}' > "$corpus/seed-$i-duration"
    done
}

run() {  # run NAME
    local name=$1
    mkdir -p "$out/corpus-$name"
    if [ "$name" = request-validators ] && [ -z "$(ls -A "$out/corpus-$name")" ]; then seed_validators; fi
    echo "fuzz: $name for $seconds s"
    "$out/fuzz-$name" -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$out/crash-$name-" \
        "$out/corpus-$name" 2>&1 | grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss|==[0-9]+==|SUMMARY|Fatal error|.*fatalError)" || true
    if compgen -G "$out/crash-$name-*" > /dev/null; then
        echo "fuzz: $name found a crash: $(ls "$out"/crash-"$name"-*)"
        return 1
    fi
}

module AppleErrorCatalog Sources/AppleErrorCatalog
module SubscriptionAPI Sources/SubscriptionAPI
targets=("${@:-request-validators iso-duration}")
status=0
for name in ${targets[*]}; do
    case $name in
        request-validators) target "$name" Fuzz/RequestValidators ;;
        iso-duration) target "$name" Fuzz/ISODurationParser ;;
        *) echo "fuzz: unknown target $name" >&2; exit 2 ;;
    esac
    run "$name" || status=1
done
exit "$status"
