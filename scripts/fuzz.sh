#!/usr/bin/env bash
# libFuzzer runs (docs/reliability.md, "Fuzzing"), each for a bounded time:
#   request-validators  arbitrary bytes as the body of every request model (SubscriptionAPI):
#                       no trap, and no error message showing Swift's or Foundation's internals
#   iso-duration        arbitrary text through ISODuration: no trap, canonical text round-trips
#   command-triage      arbitrary bytes, content types and correlation ids as a delivered command
#                       (SubscriptionConsumer's CommandTriage): no trap, refusals name the problem
#                       without internals, an accepted envelope re-encodes to itself
#
#   scripts/fuzz.sh                    each target 60 s
#   FUZZ_SECONDS=600 scripts/fuzz.sh   longer
#   scripts/fuzz.sh iso-duration       one target
#
# Built with swiftc's -sanitize=fuzzer,address straight from the modules' sources into
# .build/fuzz, outside SwiftPM's build: AppleErrorCatalog and SubscriptionAPI (Foundation only);
# for command-triage also SwiftProtobuf (from the checkout `swift package resolve` made) and
# SubscriptionMessages, with the two triage files of SubscriptionConsumer compiled into the target. Corpora
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

target() {  # target NAME MAIN_DIR [SOURCE_OR_OBJECT ...]
    local name=$1 dir=$2
    shift 2
    echo "fuzz: linking $name"
    swiftc "${flags[@]}" -I "$out" "$dir/main.swift" "$@" -o "$out/fuzz-$name"
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

# Seeds for the triage (the first byte picks content type and correlation id): well-formed
# envelopes written by protoc from text, one with a deadline in the past, one with an unknown
# schema version, one with a command id that is not a UUID.
seed_triage() {
    local corpus=$out/corpus-command-triage i=0 text
    for text in \
        'command_id: "6f1c2a3e-1111-4a5b-8c9d-0123456789ab" schema_version: 1 purchase { customer_id: "c1" product_id: "news.basic.monthly" storefront: "USA" }' \
        'command_id: "6f1c2a3e-2222-4a5b-8c9d-0123456789ab" schema_version: 1 set_auto_renew { original_transaction_id: "2000000000000001" action: 1 }' \
        'command_id: "6f1c2a3e-3333-4a5b-8c9d-0123456789ab" schema_version: 1 deadline { seconds: 1 } purchase { customer_id: "c1" }' \
        'command_id: "6f1c2a3e-4444-4a5b-8c9d-0123456789ab" schema_version: 9 purchase { customer_id: "c1" }' \
        'command_id: "not-a-uuid" schema_version: 1 test_clock_id: "clock_1" purchase { customer_id: "c1" }'; do
        { printf '\x01'; printf '%s' "$text" | protoc --encode=subscriptions.v1.CommandEnvelope -I Protos Protos/subscriptions/v1/envelope.proto; } \
            > "$corpus/seed-$i"
        i=$((i + 1))
    done
}

run() {  # run NAME
    local name=$1
    mkdir -p "$out/corpus-$name"
    if [ "$name" = request-validators ] && [ -z "$(ls -A "$out/corpus-$name")" ]; then seed_validators; fi
    if [ "$name" = command-triage ] && [ -z "$(ls -A "$out/corpus-$name")" ]; then seed_triage; fi
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
api=("$out/AppleErrorCatalog.o" "$out/SubscriptionAPI.o")
targets=("${@:-request-validators iso-duration command-triage}")
status=0
for name in ${targets[*]}; do
    case $name in
        request-validators) target "$name" Fuzz/RequestValidators "${api[@]}" ;;
        iso-duration) target "$name" Fuzz/ISODurationParser "${api[@]}" ;;
        command-triage)
            [ -d .build/checkouts/swift-protobuf ] || swift package resolve
            module SwiftProtobuf .build/checkouts/swift-protobuf/Sources/SwiftProtobuf
            module SubscriptionMessages Sources/SubscriptionMessages
            target "$name" Fuzz/CommandTriage Sources/SubscriptionConsumer/CommandTriage.swift \
                Sources/SubscriptionConsumer/CommandReply+Status.swift "$out/SwiftProtobuf.o" "$out/SubscriptionMessages.o" ;;
        *) echo "fuzz: unknown target $name" >&2; exit 2 ;;
    esac
    run "$name" || status=1
done
exit "$status"
