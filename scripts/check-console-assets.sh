#!/usr/bin/env bash
# The console's page and static files (Console/) are embedded in the producer's binary, so the
# slim runtime image needs no resource bundle: with --write this regenerates
# Sources/SubscriptionProducer/Console/ConsoleAssets.swift from Console/; without it, it fails
# when that file differs from Console/ (a test checks the same). Hand-written HTML, CSS and
# JavaScript only: no build step, no Node toolchain, no CDN (docs/console.md).
set -euo pipefail
cd "$(dirname "$0")/.."
assets=Console
swift_file=Sources/SubscriptionProducer/Console/ConsoleAssets.swift

content_type() {
    case "$1" in
    *.html) echo "text/html; charset=utf-8" ;;
    *.css) echo "text/css; charset=utf-8" ;;
    *.js) echo "text/javascript; charset=utf-8" ;;
    *.svg) echo "image/svg+xml" ;;
    *) echo "check-console-assets: $1: no content type for this extension" >&2; return 1 ;;
    esac
}

render() {
    printf '%s\n' '// Generated from Console/ by scripts/check-console-assets.sh --write; do not edit.' '' \
        "/// The console's page and static files (docs/console.md), served at \`GET /console\` and" \
        '/// `GET /console/{asset}`.' \
        'enum ConsoleAssets {' \
        '    /// One file: its content type and text.' \
        '    struct Asset: Sendable {' '        let contentType: String' '        let body: String' '    }' '' \
        '    /// Every file by name.' \
        '    static let files: [String: Asset] = ['
    local file name
    for file in $(find "$assets" -maxdepth 1 -type f | LC_ALL=C sort); do
        name=$(basename "$file")
        if grep -q '"""##' "$file"; then
            echo "check-console-assets: $file contains the raw string's end marker" >&2
            return 1
        fi
        printf '        "%s": Asset(\n' "$name"
        printf '            contentType: "%s",\n' "$(content_type "$name")"
        printf '            body: ##"""\n'
        sed 's/^/                /; s/^ *$//' "$file"
        printf '                """##),\n'
    done
    printf '%s\n' '    ]' '}'
}

if [[ "${1:-}" == "--write" ]]; then
    render > "$swift_file"
    echo "wrote $swift_file from $(find "$assets" -maxdepth 1 -type f | wc -l) files of $assets/"
else
    diff <(render) "$swift_file" > /dev/null || { echo "$swift_file is stale: run $0 --write" >&2; exit 1; }
    echo "$swift_file matches $assets/"
fi
