# The front door in scripts/benchmark.sh's run (docs/benchmarks.md, "The front door"); sourced by
# it, after the consumer's rows, with its variables and functions (bin, work, broker_args,
# start_consumer, stop, load, long, rate, front_seconds, front_requests, front_seed).
#
# One consumer (system clock, SQLite, as deployed) and one producer (HTTP and gRPC, an operator
# key) on one bus prefix of the run's broker:
#   1. the bus at 500 in flight (subscriptions-load run): the reference of the ratios;
#   2. HTTP purchases with wrk (Debian's; scripts/lib/wrk-purchase.lua, a customer of its own per
#      request) at 2, 64 and 256 connections, front_seconds each;
#   3. HTTP at an offered rate, status reads, a mixed workload (40 % purchases, 40 % status reads,
#      10 % extensions, 10 % price changes) and gRPC (64 connections and the offered rate), with
#      subscriptions-load front;
#   4. the ratios HTTP / bus and gRPC / bus.
# Every row prints the CPU per request of the producer, the consumer, the broker and the load tool
# (wrk or subscriptions-load), and what the machine's cores allow at those costs.

front_ticks=$(getconf CLK_TCK)
# CPU seconds of a process so far (user + system), from /proc.
cpu_seconds() { awk -v hz="$front_ticks" '{ printf "%.2f", ($14 + $15) / hz }' "/proc/$1/stat" 2>/dev/null || echo 0; }

echo "=== front door: the producer over HTTP and gRPC beside the bus, one broker, one consumer (load average now:$(uptime | sed 's/.*load average://'))"
start_consumer system
consumer_pid=$pid
front_issuer=$(python3 -c 'import uuid; print(uuid.uuid4())')
"$bin/subscriptionsctl" key create --keys-file "$work/keys.json" --out "$work" --key-id BENCHOPS01 --issuer-id "$front_issuer" \
    --role operator > /dev/null
front_token=$("$bin/subscriptionsctl" token --key "$work/AuthKey_BENCHOPS01.p8" --key-id BENCHOPS01 --issuer-id "$front_issuer")
read -r http_port grpc_port < <(python3 -c '
import socket
sockets = [socket.socket() for _ in range(2)]
for s in sockets: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in sockets])')
BUS_PREFIX=$prefix HTTP_PORT=$http_port GRPC_PORT=$grpc_port AUTH_KEYS=$work/keys.json LOG_LEVEL=warning \
    "$bin/subscriptions-producer" 2>>"$work/producer.log" &
producer_pid=$!
for _ in $(seq 1 150); do
    curl -sf "http://127.0.0.1:$http_port/health" > /dev/null 2>&1 && break
    sleep 0.2
done
stop_front() {
    kill -TERM "$producer_pid" 2>/dev/null || true
    wait "$producer_pid" 2>/dev/null || true
    producer_pid=""
    stop
}
front_probes=(--producer-pid "$producer_pid" --probe-pid "$consumer_pid" "${broker_args[@]}")

load run --commands "$long" --in-flight 500 --probe-pid "$consumer_pid" "${broker_args[@]}" \
    --label "bus, 500 in flight (the reference)" | tee "$work/front-bus.txt"

# One wrk row, printed as the load tool prints its rows: $1 connections.
wrk_row() {
    local connections=$1 threads=$(( $1 < 2 ? 1 : 2 ))
    local p0 c0 b0 p1 c1 b1
    p0=$(cpu_seconds "$producer_pid") c0=$(cpu_seconds "$consumer_pid") b0=$(cpu_seconds "${BENCH_BROKER_PID:-0}")
    WRK_TOKEN=$front_token WRK_RUN="$prefix-$connections" /usr/bin/time -f '%U %S' -o "$work/wrk-cpu" \
        wrk -t "$threads" -c "$connections" -d "${front_seconds}s" --latency -s "$repo/scripts/lib/wrk-purchase.lua" \
        "http://127.0.0.1:$http_port" > "$work/wrk.txt"
    p1=$(cpu_seconds "$producer_pid") c1=$(cpu_seconds "$consumer_pid") b1=$(cpu_seconds "${BENCH_BROKER_PID:-0}")
    awk -v label="http purchases (wrk), $connections connections" -v p="$p0 $p1" -v c="$c0 $c1" -v b="$b0 $b1" \
        -v tool="$(cat "$work/wrk-cpu")" -v cores="$(nproc)" -v broker="${BENCH_BROKER_PID:-}" '
        function ms(text) {
            if (text ~ /us$/) return substr(text, 1, length(text) - 2) / 1000
            if (text ~ /ms$/) return substr(text, 1, length(text) - 2) + 0
            if (text ~ /s$/) return substr(text, 1, length(text) - 1) * 1000
            return text + 0
        }
        function spent(pair,    parts) { split(pair, parts, " "); return parts[2] - parts[1] }
        /^ +50%/ { p50 = ms($2) } /^ +90%/ { p90 = ms($2) } /^ +99%/ { p99 = ms($2) }
        /^ +Latency +[0-9]/ { max = ms($4) }
        / requests in / { requests = $1; sub(",", "", $4); seconds = ms($4) / 1000 }
        /Non-2xx or 3xx responses:/ { failed = $NF }
        END {
            ok = requests - failed
            printf "%s: %d requests, %d not 2xx\n", label, ok, failed
            printf "  elapsed %.2f s, throughput %.0f requests/s\n", seconds, ok / seconds
            printf "  reply latency ms: p50 %.1f  p90 %.1f  p99 %.1f  max %.1f\n", p50, p90, p99, max
            split(tool, t, " "); wrkcpu = t[1] + t[2]
            per = 1000000 / (requests > 0 ? requests : 1)
            printf "  producer CPU: %.0f µs per request\n", spent(p) * per
            printf "  consumer CPU: %.0f µs per request\n", spent(c) * per
            total = spent(p) + spent(c) + wrkcpu + (broker == "" ? 0 : spent(b))
            printf "  broker CPU: %s; load tool CPU: %.0f µs per request (wrk)\n",
                broker == "" ? "not measured" : sprintf("%.0f µs per request", spent(b) * per), wrkcpu * per
            printf "  machine CPU: %.0f µs per request (producer + consumer + broker + load tool); %d cores allow at most %.0f requests/s at these costs\n",
                total * per, cores, (total > 0 ? cores * requests / total : 0)
        }' "$work/wrk.txt" | tee "$work/wrk-$connections.txt"
}

if command -v wrk > /dev/null; then
    for connections in 2 64 256; do wrk_row "$connections"; done
else
    echo "benchmark: wrk is not installed (scripts/install-dependencies.sh); the HTTP rows at 2/64/256 connections come from subscriptions-load front"
    for connections in 2 64 256; do
        "$bin/subscriptions-load" front --port "$http_port" --token "$front_token" --connections "$connections" \
            --requests "$front_requests" "${front_probes[@]}" | tee "$work/wrk-$connections.txt"
    done
fi
front() { "$bin/subscriptions-load" front --token "$front_token" "${front_probes[@]}" "$@"; }
front --port "$http_port" --rate "$rate" --connections 64 --requests $((rate * front_seconds))
front --port "$http_port" --workload read --connections 64 --requests "$front_requests" --seed "$front_seed"
front --port "$http_port" --workload mixed --connections 64 --requests "$front_requests" --seed "$front_seed"
front --protocol grpc --port "$grpc_port" --connections 64 --requests "$front_requests" | tee "$work/grpc-64.txt"
front --protocol grpc --port "$grpc_port" --rate "$rate" --connections 64 --requests $((rate * front_seconds))
stop_front

front_bus=$(awk '/throughput/ {print $5}' "$work/front-bus.txt")
front_http=$(awk '/throughput/ {print $5}' "$work/wrk-64.txt")
front_grpc=$(awk '/throughput/ {print $5}' "$work/grpc-64.txt")
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f %%", (b > 0 ? 100 * a / b : 0) }'; }
echo "=== ratio to the bus (500 in flight, $front_bus commands/s): HTTP purchases at 64 connections $front_http requests/s = $(ratio "$front_http" "$front_bus"); gRPC at 64 connections $front_grpc requests/s = $(ratio "$front_grpc" "$front_bus")"
