#!/usr/bin/env bash
# libFuzzer runs (docs/reliability.md, "Fuzzing"), each for a bounded time:
#   request-validators  arbitrary bytes as the body of every request model (SubscriptionAPI):
#                       no trap, and no error message showing Swift's or Foundation's internals
#   iso-duration        arbitrary text through ISODuration: no trap, canonical text round-trips
#   command-triage      arbitrary bytes, content types and correlation ids as a delivered command
#                       (SubscriptionConsumer's CommandTriage): no trap, refusals name the problem
#                       without internals, an accepted envelope re-encodes to itself
#   command-path        runs of up to 16 delivered commands through the consumer's whole path:
#                       triage, the bus check (BusCommandValidator), the engine (EngineCommandHandler
#                       on an in-memory store shared by the run), then 400 days of timers: no trap,
#                       no refusal without a message or showing internals. Its corpus is committed
#                       (Fuzz/CommandPath/corpus) and grows in .build/fuzz/corpus-command-path
#
#   scripts/fuzz.sh                    each target 60 s
#   FUZZ_SECONDS=600 scripts/fuzz.sh   longer
#   scripts/fuzz.sh iso-duration       one target
#
# Built with swiftc's -sanitize=fuzzer,address straight from the modules' sources into
# .build/fuzz, outside SwiftPM's build: AppleErrorCatalog, InputRules and SubscriptionAPI (Foundation only);
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

# SubscriptionStore without what needs GRDB: the protocols, the outbox entry and the in-memory
# transaction the command-path target applies commands in.
store_module() {
    local files=() file
    for file in Sources/SubscriptionStore/*.swift; do
        grep -q -e '^import GRDB' -e '^import CSQLiteSettings' -e '^import GRDBSQLite' -e 'extension StoreTransaction' "$file" \
            || files+=("$file")
    done
    if [ ! -f "$out/SubscriptionStore.o" ] || [ -n "$(find Sources/SubscriptionStore -name '*.swift' -newer "$out/SubscriptionStore.o" -print -quit)" ]; then
        echo "fuzz: compiling SubscriptionStore (without GRDB)"
        swiftc "${flags[@]}" -wmo -module-name SubscriptionStore -I "$out" -emit-module -emit-module-path "$out/SubscriptionStore.swiftmodule" \
            -c "${files[@]}" -o "$out/SubscriptionStore.o"
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

declare -A dirs=([command-path]=CommandPath)

# The committed seeds of command-path (Fuzz/CommandPath/corpus), written by `scripts/fuzz.sh
# --seed-command-path`: runs of envelopes protoc encodes from text, each framed as
# [length: 2 bytes][body] after a selector byte. The in-memory store gives time-ordered ids, so
# the first purchase of a run is subscription 3180000000000000 and later commands can name it.
seed_command_path() {
    local corpus=Fuzz/CommandPath/corpus
    mkdir -p "$corpus"
    local purchase='purchase { customer_id: "c1" product_id: "news.basic.monthly" storefront: "USA" }'
    local create='create_subscription { customer_id: "c2" operation: ADVANCED_COMMERCE_OPERATION_CREATE_SUBSCRIPTION version: "1" request_info { request_reference_id: "r1" } currency: "USD" period: "P1M" storefront: "USA" descriptors { display_name: "Bundle" description: "Two items" } items { sku: "NEWS_BASIC" display_name: "News" description: "News" price: 4990 } items { sku: "LIVE_SPORTS" display_name: "Sports" description: "Sports" price: 9990 } }'
    local runs=(
        "$purchase"
        "$purchase|set_auto_renew { original_transaction_id: \"3180000000000000\" action: AUTO_RENEW_ACTION_DISABLE }"
        "$purchase|change_price { transaction_id: \"3180000000000000\" request_info { request_reference_id: \"p1\" } items { sku: \"news.basic.monthly\" price: 19990 } }"
        "$create|modify_subscription { operation: ADVANCED_COMMERCE_OPERATION_MODIFY_SUBSCRIPTION version: \"1\" request_info { request_reference_id: \"m1\" } transaction_id: \"3180000000000000\" retain_billing_cycle { value: true } change_items { items { current_sku: \"LIVE_SPORTS\" sku: \"LIVE_SPORTS\" display_name: \"Sports\" description: \"Sports\" price: 12990 effective: EFFECTIVE_NEXT_BILL_CYCLE reason: CHANGE_REASON_UPGRADE } } }"
        "$create|request_refund { transaction_id: \"3180000000000000\" request_info { request_reference_id: \"f1\" } items { sku: \"NEWS_BASIC\" refund_reason: REFUND_REASON_OTHER refund_type: REFUND_TYPE_PRORATED } }"
        "$purchase|extend_renewal_date { original_transaction_id: \"3180000000000000\" extend_by_days: 30 extend_reason_code { value: 1 } request_identifier: \"e1\" }"
        "$purchase|report_billing_outcome { original_transaction_id: \"3180000000000000\" outcome: BILLING_OUTCOME_CHARGE_FAILED }"
        "$purchase|advance_test_clock { advance_by { seconds: 2678400 } }"
    )
    local index=0 run text number
    for run in "${runs[@]}"; do
        local file="$corpus/seed-$index"
        printf '\x01' > "$file"
        number=0
        IFS='|' read -ra texts <<< "$run"
        for text in "${texts[@]}"; do
            local body
            body=$(mktemp)
            printf 'command_id: "6f1c2a3e-%04d-4a5b-8c9d-0123456789ab" schema_version: 1 %s' "$number" "$text" \
                | protoc --encode=subscriptions.v1.CommandEnvelope -I Protos Protos/subscriptions/v1/envelope.proto > "$body"
            local size
            size=$(stat -c %s "$body")
            printf "\\x$(printf %02x $((size >> 8)))\\x$(printf %02x $((size & 255)))" >> "$file"
            cat "$body" >> "$file"
            rm -f "$body"
            number=$((number + 1))
        done
        index=$((index + 1))
    done
    echo "fuzz: wrote $index seeds to $corpus"
}

if [ "${1:-}" = --seed-command-path ]; then
    seed_command_path
    exit 0
fi

run() {  # run NAME
    local name=$1
    mkdir -p "$out/corpus-$name"
    if [ "$name" = request-validators ] && [ -z "$(ls -A "$out/corpus-$name")" ]; then seed_validators; fi
    if [ "$name" = command-triage ] && [ -z "$(ls -A "$out/corpus-$name")" ]; then seed_triage; fi
    # The committed corpus (Fuzz/CommandPath/corpus) is read as a second corpus directory: new
    # inputs go to .build/fuzz; copy the interesting ones back with FUZZ_MERGE=1 (libFuzzer's -merge).
    local extra=()
    if [ -d "Fuzz/${dirs[$name]:-none}/corpus" ]; then extra=("Fuzz/${dirs[$name]}/corpus"); fi
    if [ "${FUZZ_MERGE:-0}" = 1 ] && [ ${#extra[@]} -gt 0 ]; then
        "$out/fuzz-$name" -merge=1 "${extra[0]}" "$out/corpus-$name" > /dev/null 2>&1 || true
    fi
    echo "fuzz: $name for $seconds s"
    "$out/fuzz-$name" -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$out/crash-$name-" \
        "$out/corpus-$name" "${extra[@]}" 2>&1 | grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss|==[0-9]+==|SUMMARY|Fatal error|.*fatalError)" || true
    if compgen -G "$out/crash-$name-*" > /dev/null; then
        echo "fuzz: $name found a crash: $(ls "$out"/crash-"$name"-*)"
        return 1
    fi
}

module AppleErrorCatalog Sources/AppleErrorCatalog
module InputRules Sources/InputRules
module SubscriptionAPI Sources/SubscriptionAPI
api=("$out/AppleErrorCatalog.o" "$out/InputRules.o" "$out/SubscriptionAPI.o")
targets=("${@:-request-validators iso-duration command-triage command-path}")
status=0
for name in ${targets[*]}; do
    case $name in
        request-validators) target "$name" Fuzz/RequestValidators "${api[@]}" ;;
        iso-duration) target "$name" Fuzz/ISODurationParser "${api[@]}" ;;
        command-triage)
            [ -d .build/checkouts/swift-protobuf ] || swift package resolve
            module SwiftProtobuf .build/checkouts/swift-protobuf/Sources/SwiftProtobuf
            module CompactCoding Sources/CompactCoding
            module StableIdentifiers Sources/StableIdentifiers
            module SubscriptionMessages Sources/SubscriptionMessages
            target "$name" Fuzz/CommandTriage Sources/SubscriptionConsumer/CommandTriage.swift \
                Sources/SubscriptionConsumer/CommandReply+Status.swift "$out/SwiftProtobuf.o" "$out/CompactCoding.o" \
                "$out/StableIdentifiers.o" "$out/SubscriptionMessages.o" ;;
        command-path)
            [ -d .build/checkouts/swift-protobuf ] || swift package resolve
            module SwiftProtobuf .build/checkouts/swift-protobuf/Sources/SwiftProtobuf
            module CompactCoding Sources/CompactCoding
            module StableIdentifiers Sources/StableIdentifiers
            module SubscriptionMessages Sources/SubscriptionMessages
            module Logging .build/checkouts/swift-log/Sources/Logging
            module SubscriptionEngine Sources/SubscriptionEngine
            # The store's protocols and its in-memory transaction: the files that do not need GRDB.
            store_module
            module SubscriptionWire Sources/SubscriptionWire
            module SubscriptionHandler Sources/SubscriptionHandler
            target "$name" Fuzz/CommandPath Sources/SubscriptionConsumer/CommandTriage.swift \
                Sources/SubscriptionConsumer/CommandReply+Status.swift "${api[@]}" "$out/SwiftProtobuf.o" \
                "$out/SubscriptionMessages.o" "$out/Logging.o" "$out/CompactCoding.o" "$out/StableIdentifiers.o" \
                "$out/SubscriptionEngine.o" "$out/SubscriptionStore.o" "$out/SubscriptionWire.o" \
                "$out/SubscriptionHandler.o" ;;
        *) echo "fuzz: unknown target $name" >&2; exit 2 ;;
    esac
    run "$name" || status=1
done
exit "$status"
