#!/bin/bash
# Container healthcheck: GET /health on the service's own port, healthy on HTTP 200 only.
# Plain bash (/dev/tcp) so the runtime image needs no curl and its dozen extra libraries.
set -euo pipefail
port=${HTTP_PORT:?HTTP_PORT is not set}
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n' >&3
read -r -t 2 protocol status _ <&3
status=${status%$'\r'}   # a status line without a reason phrase ends right after the code
[ "$status" = 200 ] || { echo "GET /health on port $port answered ${status:-nothing} ($protocol)"; exit 1; }
