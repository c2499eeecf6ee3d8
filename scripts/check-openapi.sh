#!/usr/bin/env bash
# Validates docs/openapi.yaml (OpenAPI 3.1, python openapi-spec-validator) and, with --write,
# regenerates Sources/SubscriptionProducer/HTTP/OpenAPIDocument.swift from it; without --write it
# fails when the Swift copy differs (a test checks the same).
set -euo pipefail
cd "$(dirname "$0")/.."
document=docs/openapi.yaml
swift_file=Sources/SubscriptionProducer/HTTP/OpenAPIDocument.swift

render() {
    printf '%s\n' '// Generated from docs/openapi.yaml by scripts/check-openapi.sh --write; do not edit.' \
        '' '/// The OpenAPI 3.1 document of the HTTP API, served at `GET /openapi.yaml`.' \
        'enum OpenAPIDocument {' '    static let yaml = #"""'
    sed 's/^/        /; s/^ *$//' "$document"
    printf '%s\n' '        """#' '}'
}

if [[ "${1:-}" == "--write" ]]; then
    render > "$swift_file"
else
    diff <(render) "$swift_file" > /dev/null || { echo "$swift_file is stale: run $0 --write" >&2; exit 1; }
fi
python3 -c "
import sys, yaml
from openapi_spec_validator import validate
validate(yaml.safe_load(open('$document')))
print('$document: valid OpenAPI', yaml.safe_load(open('$document'))['openapi'])
"
