#!/usr/bin/env bash
# Proves that another Swift package can depend on this one BY VERSION and read its events
# (Examples/analytics-swift/README.md, "From your own package"):
#
#   scripts/check-library-by-version.sh
#
# Clones the committed tree (HEAD) into a temporary directory, tags the clone 1.0.0, and writes a
# throw-away package beside it that names it with `.package(url: "file://…", from: "1.0.0")`
# and uses the library product SubscriptionMessages, as an analytics service would. SwiftPM
# refuses a versioned dependency whose products carry unsafe flags, so this builds only while
# the library products carry none. The throw-away program decodes a NotificationEvent that
# Debian's `protoc --encode` wrote from text (not Swift's own encoder) and prints its fields; the
# script compares them with the text. Needs git, protoc and the Swift packages' mirror.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

git clone --quiet --no-local "$repo" "$work/subscriptions"
git -C "$work/subscriptions" -c user.name=check -c user.email=check@localhost tag -a 1.0.0 -m "check" HEAD

mkdir -p "$work/event-reader/Sources/event-reader"
cat > "$work/event-reader/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "event-reader",
    dependencies: [.package(url: "file://$work/subscriptions", from: "1.0.0")],
    targets: [
        .executableTarget(
            name: "event-reader",
            dependencies: [.product(name: "SubscriptionMessages", package: "subscriptions")]
        )
    ]
)
EOF
cat > "$work/event-reader/Sources/event-reader/main.swift" <<'EOF'
import Foundation
import SubscriptionMessages

// One NotificationEvent on standard input, its fields on standard output.
let bytes = FileHandle.standardInput.readDataToEndOfFile()
let event = try Subscriptions_V1_NotificationEvent(serializedBytes: bytes)
print(event.notificationType, event.subtype, event.notificationUuid, event.sequence, event.subscriptionID,
      event.data.transactionInfo.productID, event.data.transactionInfo.price)
EOF

cat > "$work/event.txt" <<'EOF'
notification_type: NOTIFICATION_TYPE_DID_RENEW
subtype: SUBTYPE_BILLING_RECOVERY
notification_uuid: "5f4cbb1c-5d4e-4f0c-9a3e-1b2c3d4e5f60"
version: "2.0"
schema_version: 1
sequence: 7
subscription_id: "2000000000000042"
data { transaction_info { product_id: "com.example.monthly" price: 9990 } }
EOF
protoc --proto_path="$repo/Protos" --encode=subscriptions.v1.NotificationEvent \
    subscriptions/v1/events.proto < "$work/event.txt" > "$work/event.bin"

echo "check-library-by-version: building a package that depends on this one by version (tag 1.0.0)"
swift build --package-path "$work/event-reader" -c release 2>&1 | tail -3
printed=$("$work/event-reader/.build/release/event-reader" < "$work/event.bin")
expected="didRenew billingRecovery 5f4cbb1c-5d4e-4f0c-9a3e-1b2c3d4e5f60 7 2000000000000042 com.example.monthly 9990"
if [ "$printed" != "$expected" ]; then
    echo "check-library-by-version: the event read back differs" >&2
    echo "  expected: $expected" >&2
    echo "  printed:  $printed" >&2
    exit 1
fi
echo "check-library-by-version: a package depending on subscriptions 1.0.0 decoded protoc's event: $printed"
