#!/usr/bin/env bash
# The engine's money and time arithmetic goes through its checked operations only
# (CONTRIBUTING.md, "Checked arithmetic"): `Milliunits` `+`, `-`, `doubled()`, `scaled(by:over:)`,
# `sum()`; `Timestamp.adding(…)` and `milliseconds(to:)`; `Int.checkedSum`/`checkedProduct`.
# They throw `EngineRejection` (ValueOutOfRangeError) where a result would not fit, so no input
# and no stored value can trap the engine. This check fails on `+ - *` applied to a raw amount
# (`.rawValue`) or a raw instant (`millisecondsSince1970`) anywhere in Sources/SubscriptionEngine
# outside the two files that define the checked operations.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
pattern='(\.rawValue|millisecondsSince1970)[[:space:]]*[-+*][^>]|[-+*][[:space:]]*[A-Za-z_.()]*(\.rawValue|millisecondsSince1970)\b|Milliunits\([^)]*[-+*]'
found=$(grep -rnE "$pattern" Sources/SubscriptionEngine --include='*.swift' \
    | grep -v -e 'Sources/SubscriptionEngine/Values/Milliunits.swift:' -e 'Sources/SubscriptionEngine/Time/Timestamp' \
    | grep -vE ':[0-9]+:[[:space:]]*///' || true)
if [ -n "$found" ]; then
    echo "check-arithmetic: unchecked money or time arithmetic in the engine (use Milliunits' and Timestamp's checked operations):" >&2
    echo "$found" >&2
    exit 1
fi
echo "check-arithmetic: the engine's money and time arithmetic is all checked"
