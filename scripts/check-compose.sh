#!/usr/bin/env bash
# Offline checks of the deployment files in Compose/ (no Docker daemon, no image pulls).
# Idempotent; on Debian 12 as root it installs what it needs: check-jsonschema (PyPI, into
# .build-tools/venv) and Debian's docker-compose 1.29.
#
#   1. compose.yaml against the Compose Specification schema (check-jsonschema)
#   2. compose.yaml through docker-compose 1.29 `config -q`, and the unset-password guards (broker, PostgreSQL)
#   3. rabbitmq/: definitions.json (exchanges, queue arguments, the event log stream with the
#      services' default retention, one binding per rpc of Protos/.../service.proto; users
#      without a committed password, rendered by render-definitions.sh into hashes that
#      match), config and plugins
#   4. every COPY source of Compose/Dockerfile and every bind-mounted file exists
#   5. every `swift build` of the image's build stage links the Swift runtime statically
#      (--static-swift-stdlib); with a release build (.build/release or $RELEASE_BIN_DIR): `ldd`
#      of both binaries needs only libraries of the runtime image's packages (its apt list, their
#      dependencies and the base image). A build with the toolchain's shared Swift runtime (the
#      one scripts/test.sh builds and tests) is checked too: its Swift toolchain libraries are
#      set aside, being the ones the image links statically. Skipped, not failed, without binaries
#
# Exit 0 when every check that ran passed.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
compose=Compose/compose.yaml
dockerfile=Compose/Dockerfile
definitions=Compose/rabbitmq/definitions.json
tools=$repo/.build-tools
# COPY sources that arrive with another branch: reported, not failed, while missing.
pending_copy_sources=()

failures=0
pass() { echo "  ok    $*"; }
fail() { echo "  FAIL  $*"; failures=$((failures + 1)); }
note() { echo "  note  $*"; }
sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
apt_install() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed" && return 0
    echo "check-compose: installing $1 (apt)"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$1" >/dev/null
}

echo "== 1. Compose Specification schema"
if [ ! -x "$tools/venv/bin/check-jsonschema" ]; then
    python3 -m venv "$tools/venv" 2>/dev/null || { apt_install python3-venv; rm -rf "$tools/venv"; /usr/bin/python3 -m venv "$tools/venv"; }
    "$tools/venv/bin/pip" install -q --disable-pip-version-check check-jsonschema
fi
if out=$("$tools/venv/bin/check-jsonschema" --builtin-schema vendor.compose-spec "$compose" 2>&1); then
    pass "$compose matches the compose-spec schema"
else
    fail "$compose does not match the compose-spec schema:"; echo "$out" | sed 's/^/        /'
fi

echo "== 2. docker-compose 1.29 (Debian)"
apt_install docker-compose
# Interpolate with .env.example, its empty passwords filled with a placeholder (as
# Compose/init-env.sh fills them), never with a developer's own Compose/.env or environment.
secrets=(RABBITMQ_PRODUCER_PASSWORD RABBITMQ_CONSUMER_PASSWORD RABBITMQ_ANALYTICS_PASSWORD RABBITMQ_OPERATOR_PASSWORD POSTGRES_PASSWORD)
unset_secrets=(); for secret in "${secrets[@]}" RABBITMQ_E2E_PASSWORD RABBITMQ_ERLANG_COOKIE_FILE; do unset_secrets+=(-u "$secret"); done
check_env=$(mktemp); check_cookie=$(mktemp); trap 'rm -f "$check_env" "$check_cookie"' EXIT
echo "check-only-cookie" > "$check_cookie"
sed -e 's/^\([A-Z0-9_]*_PASSWORD\)=$/\1=check-only-password/' -e "s|^RABBITMQ_ERLANG_COOKIE_FILE=.*|RABBITMQ_ERLANG_COOKIE_FILE=$check_cookie|" \
    Compose/.env.example > "$check_env"
if out=$(env "${unset_secrets[@]}" docker-compose --env-file "$check_env" -f "$compose" --profile e2e config -q 2>&1); then
    pass "docker-compose $(docker-compose version --short 2>/dev/null) accepts $compose (profile e2e included)"
else
    fail "docker-compose rejects $compose (a key newer than 1.29 shows up here; the schema check above is authoritative for Compose v2):"
    echo "$out" | sed 's/^/        /'
fi
empty_env=$(mktemp); trap 'rm -f "$empty_env" "$check_env" "$check_cookie"' EXIT
# Each password alone missing: compose refuses and names it.
for secret in "${secrets[@]}"; do
    grep -v "^$secret=" "$check_env" > "$empty_env"
    if out=$(env "${unset_secrets[@]}" docker-compose --env-file "$empty_env" -f "$compose" config -q 2>&1); then
        fail "compose.yaml interpolates without $secret; it should refuse"
    elif grep -q "$secret" <<<"$out"; then
        pass "without $secret, compose refuses to start and names it"
    else
        fail "without $secret, docker-compose failed for another reason:"; echo "$out" | sed 's/^/        /'
    fi
done

echo "== 2b. the consumer scales on PostgreSQL (--scale consumer=N)"
# PyYAML into the venv of part 1 (a fresh machine has only check-jsonschema there).
"$tools/venv/bin/python" -c 'import yaml' 2>/dev/null || "$tools/venv/bin/pip" install -q --disable-pip-version-check pyyaml
if out=$(env "${unset_secrets[@]}" docker-compose --env-file "$check_env" -f "$compose" config 2>/dev/null \
    | "$tools/venv/bin/python" -c '
import sys, yaml
c = yaml.safe_load(sys.stdin)
s = c["services"]; problems = []
pg, consumer = s.get("postgres", {}), s.get("consumer", {})
if not str(pg.get("image", "")).startswith("postgres:"): problems.append("postgres: not the official postgres image")
if not any(str(v.get("source") if isinstance(v, dict) else v).startswith("postgres-data") for v in pg.get("volumes", [])): problems.append("postgres: no postgres-data volume")
if "healthcheck" not in pg: problems.append("postgres: no healthcheck")
if not str(consumer.get("environment", {}).get("DATABASE_URL", "")).startswith("postgres://"): problems.append("consumer: no DATABASE_URL")
if consumer.get("depends_on", {}).get("postgres", {}).get("condition") != "service_healthy": problems.append("consumer: does not wait for a healthy postgres")
if consumer.get("ports") or consumer.get("container_name"): problems.append("consumer: a published port or container_name prevents --scale")
print("; ".join(problems)); sys.exit(1 if problems else 0)
' 2>&1); then
    pass "postgres service (official image, volume, healthcheck); the consumer on it, no port or name that prevents --scale consumer=N"
else
    fail "scaling the consumer: $out"
fi

echo "== 2b. the 3-node cluster overlay (compose.cluster.yaml)"
cluster=Compose/compose.cluster.yaml
if out=$("$tools/venv/bin/check-jsonschema" --builtin-schema vendor.compose-spec "$cluster" 2>&1); then
    pass "$cluster matches the compose-spec schema"
else
    fail "$cluster does not match the compose-spec schema:"; echo "$out" | sed 's/^/        /'
fi
if merged=$(env "${unset_secrets[@]}" docker-compose --env-file "$check_env" -f "$compose" -f "$cluster" --profile e2e config 2>&1); then
    pass "docker-compose accepts $compose + $cluster (profile e2e included)"
else
    fail "docker-compose rejects $compose + $cluster:"; echo "$merged" | sed 's/^/        /'
fi
no_cookie_env=$(mktemp); grep -v '^RABBITMQ_ERLANG_COOKIE_FILE=' "$check_env" > "$no_cookie_env"
if out=$(env "${unset_secrets[@]}" docker-compose --env-file "$no_cookie_env" -f "$compose" -f "$cluster" config -q 2>&1); then
    fail "the cluster overlay interpolates without RABBITMQ_ERLANG_COOKIE_FILE; it should refuse"
elif grep -q "RABBITMQ_ERLANG_COOKIE_FILE" <<<"$out"; then
    pass "without RABBITMQ_ERLANG_COOKIE_FILE, the cluster overlay refuses to start and names it"
else
    fail "without RABBITMQ_ERLANG_COOKIE_FILE, docker-compose failed for another reason:"; echo "$out" | sed 's/^/        /'
fi
if grep -rq -- '-setcookie' "$compose" "$cluster" scripts/rabbitmq-local.sh; then
    fail "an Erlang cookie is passed on a command line (-setcookie) in $compose, $cluster or scripts/rabbitmq-local.sh"
else
    pass "no Erlang cookie on a command line (no -setcookie in the compose files or scripts/rabbitmq-local.sh)"
fi
rm -f "$no_cookie_env"
"$tools/venv/bin/python" -c 'import yaml' 2>/dev/null || "$tools/venv/bin/pip" install -q --disable-pip-version-check pyyaml
# The merged configuration reaches the script on descriptor 3 (its standard input is the script).
if out=$("$tools/venv/bin/python" - Compose/rabbitmq/cluster.conf 3<<<"$merged" <<'PY' 2>&1
import os, re, sys
from urllib.parse import urlsplit
import yaml
conf_path = sys.argv[1]
merged = yaml.safe_load(os.fdopen(3).read())
services = merged["services"]
problems = []
def want(condition, message):
    if not condition: problems.append(message)
nodes = ["rabbitmq", "rabbitmq-2", "rabbitmq-3"]
conf = open(conf_path).read()
listed = re.findall(r"^cluster_formation\.classic_config\.nodes\.\d+\s*=\s*(\S+)", conf, re.M)
want(re.search(r"^cluster_formation\.peer_discovery_backend\s*=\s*classic_config\s*$", conf, re.M), "cluster.conf: peer discovery is not classic_config")
want(sorted(listed) == sorted(f"rabbit@{n}" for n in nodes), f"cluster.conf lists {listed}, the overlay runs {nodes}")
cookies, volumes = set(), set()
secret = merged.get("secrets", {}).get("erlang-cookie", {})
want(secret.get("file"), "no top-level secret erlang-cookie with a file")
for name in nodes:
    node = services.get(name)
    if not node:
        problems.append(f"no service {name}"); continue
    want(node.get("hostname") == name, f"{name}: hostname {node.get('hostname')} (the node name rabbit@{name} in cluster.conf needs it)")
    environment = node.get("environment", {})
    want("-setcookie" not in str(environment), f"{name}: an Erlang cookie on the command line (-setcookie)")
    cookie_file = environment.get("SUBSCRIPTIONS_ERLANG_COOKIE_FILE", "")
    given = [s if isinstance(s, str) else s.get("source") for s in node.get("secrets", [])]
    want(cookie_file == "/run/secrets/erlang-cookie" and "erlang-cookie" in given, f"{name}: the cookie is not the erlang-cookie secret ({cookie_file}, secrets {given})")
    want(node.get("entrypoint") == ["/usr/local/bin/subscriptions-entrypoint.sh"], f"{name}: not started through rabbitmq/entrypoint.sh, which installs the cookie")
    cookies.add(cookie_file)
    targets = {}
    for volume in node.get("volumes", []):
        if isinstance(volume, str):
            source, target = volume.split(":")[:2]
        else:
            source, target = volume.get("source"), volume.get("target")
        targets[target] = source
    want(targets.get("/etc/rabbitmq/conf.d/30-cluster.conf", "").endswith("Compose/rabbitmq/cluster.conf"), f"{name}: does not mount cluster.conf")
    want(targets.get("/etc/rabbitmq/conf.d/20-subscriptions.conf", "").endswith("Compose/rabbitmq/rabbitmq.conf"), f"{name}: does not mount rabbitmq.conf")
    volumes.add(targets.get("/var/lib/rabbitmq"))
want(len(cookies) == 1, f"the nodes have {len(cookies)} different cookies")
want(len(volumes) == 3 and None not in volumes, f"the nodes do not each have a data volume of their own: {volumes}")
for name, variable in [("producer", "AMQP_URL"), ("consumer", "AMQP_URL"), ("e2e", "E2E_AMQP_URL")]:
    value = services.get(name, {}).get("environment", {}).get(variable, "")
    hosts = [urlsplit(url.strip()).hostname for url in value.split(",")]
    ports = [urlsplit(url.strip()).port for url in value.split(",")]
    want(hosts == nodes and ports == [5672] * 3, f"{name}: {variable} lists {hosts} {ports}, expected {nodes} on 5672")
for name in ("producer", "consumer"):
    depends = services.get(name, {}).get("depends_on", {})
    want(all(depends.get(n, {}).get("condition") == "service_healthy" for n in nodes), f"{name}: does not wait for all three nodes to be healthy")
for p in problems: print(p)
sys.exit(1 if problems else 0)
PY
); then
    pass "cluster overlay: three nodes named as cluster.conf lists them, one cookie secret file for all, own data volumes, cluster.conf mounted everywhere, producer/consumer/e2e given the three URLs"
else
    fail "cluster overlay:"; echo "$out" | sed 's/^/        /'
fi

echo "== 3. broker definitions and config"
rendered=$(mktemp); trap 'rm -f "$empty_env" "$check_env" "$check_cookie" "$rendered"' EXIT
render_out=$(env -i PATH="$PATH" RABBITMQ_PRODUCER_PASSWORD=producer-check RABBITMQ_CONSUMER_PASSWORD=consumer-check \
    RABBITMQ_ANALYTICS_PASSWORD=analytics-check RABBITMQ_OPERATOR_PASSWORD_FILE=<(printf 'operator-check\n') \
    Compose/rabbitmq/render-definitions.sh "$definitions" "$rendered" 2>&1) || { fail "render-definitions.sh: $render_out"; : > "$rendered"; }
if out=$(python3 - "$definitions" Protos/subscriptions/v1/service.proto Compose/.env.example "$rendered" <<'PY' 2>&1
import base64, hashlib, json, os, re, sys
definitions_path, service_path, example_path, rendered_path = sys.argv[1:]
template = open(definitions_path).read()
d = json.loads(template)          # a JSON error fails here
problems = []
def want(condition, message):
    if not condition: problems.append(message)
exchanges = {(e["vhost"], e["name"]): e for e in d["exchanges"]}
for name, kind in [("subscriptions.commands", "direct"), ("subscriptions.events", "topic"), ("subscriptions.dead-letter", "fanout")]:
    e = exchanges.get(("/", name))
    want(e and e["type"] == kind and e["durable"], f"exchange {name}: want durable {kind}, have {e}")

queues = {(q["vhost"], q["name"]): q for q in d["queues"]}
commands = queues.get(("/", "subscriptions.commands"), {})
want(commands.get("durable") and commands.get("arguments") == {
    "x-queue-type": "quorum", "x-delivery-limit": 5, "x-dead-letter-exchange": "subscriptions.dead-letter",
    "x-dead-letter-strategy": "at-least-once", "x-overflow": "reject-publish"},
    f"queue subscriptions.commands: arguments {commands.get('arguments')}")
dead = queues.get(("/", "subscriptions.commands.dead-letter"), {})
# The same arguments as BusTopology.deadLetterQueueArguments (the services declare it so; a
# broker holding other arguments refuses their declaration with 406 PRECONDITION_FAILED).
want(dead.get("durable") and dead.get("arguments") == {"x-queue-type": "quorum", "x-max-length": 100000, "x-overflow": "reject-publish"},
     f"queue subscriptions.commands.dead-letter: arguments {dead.get('arguments')}")

# The event log: the stream with the retention the services declare by default
# (Sources/SubscriptionTopology/EventLogRetention.swift, `defaults`), bound with `#`.
log = queues.get(("/", "subscriptions.events.log"), {})
retention = re.search(r'static let defaults = EventLogRetention\(maxAge: "(\w+)", maxLengthBytes: ([\d_]+), segmentBytes: ([\d_]+)\)',
                      open("Sources/SubscriptionTopology/EventLogRetention.swift").read())
want(retention, "EventLogRetention.swift: no `static let defaults = EventLogRetention(...)` line to compare with")
if retention:
    want(log.get("durable") and log.get("arguments") == {
        "x-queue-type": "stream", "x-max-age": retention[1], "x-max-length-bytes": int(retention[2].replace("_", "")),
        "x-stream-max-segment-size-bytes": int(retention[3].replace("_", ""))},
        f"queue subscriptions.events.log: arguments {log.get('arguments')}, not the services' defaults {retention.groups()}")
want(any(b["source"] == "subscriptions.events" and b["destination"] == "subscriptions.events.log" and b["routing_key"] == "#"
         and b["destination_type"] == "queue" for b in d["bindings"]),
     "no binding subscriptions.events -> subscriptions.events.log with #")

service_text = open(service_path).read()
methods = re.findall(r"^\s*rpc\s+(\w+)\s*\(", service_text, re.M)
# Every `rpc` line must parse (no count to edit per command: docs/adding-a-command.md).
rpc_lines = len(re.findall(r"^\s*rpc\s", service_text, re.M))
want(methods and len(methods) == rpc_lines, f"{service_path}: read {len(methods)} of {rpc_lines} rpc lines")
keys = sorted(b["routing_key"] for b in d["bindings"]
              if b["source"] == "subscriptions.commands" and b["destination"] == "subscriptions.commands"
              and b["destination_type"] == "queue" and b["vhost"] == "/")
expected = sorted(f"subscriptions.v1.SubscriptionCommands/{m}" for m in methods)
want(keys == expected, f"command bindings differ from service.proto: missing {sorted(set(expected) - set(keys))}, extra {sorted(set(keys) - set(expected))}, duplicates {len(keys) - len(set(keys))}")
want(any(b["source"] == "subscriptions.dead-letter" and b["destination"] == "subscriptions.commands.dead-letter" for b in d["bindings"]),
     "no binding subscriptions.dead-letter -> subscriptions.commands.dead-letter")
want(len(d["bindings"]) == len(expected) + 2, f"{len(d['bindings'])} bindings, expected {len(expected) + 2}")

users = {u["name"]: u for u in d["users"]}
want("guest" not in users, "definitions.json defines guest")
example = open(example_path).read()
roles = {"subscriptions-producer": "RABBITMQ_PRODUCER_PASSWORD", "subscriptions-consumer": "RABBITMQ_CONSUMER_PASSWORD",
         "subscriptions-analytics": "RABBITMQ_ANALYTICS_PASSWORD", "subscriptions-operator": "RABBITMQ_OPERATOR_PASSWORD"}
for name, variable in roles.items():
    user = users.get(name)
    if not user:
        problems.append(f"definitions.json has no user {name}"); continue
    want(user["password_hash"] == "{{" + variable + "}}", f"user {name}: password_hash is not the placeholder {{{{{variable}}}}} (no password is committed)")
    want(re.search(rf"^{variable}=$", example, re.M), f".env.example: no empty {variable}= line (init-env.sh fills it)")
for user in d["users"]:
    want(re.fullmatch(r"\{\{\??[A-Z0-9_]+\}\}", user["password_hash"]), f"user {user['name']}: a committed password_hash")
    perms = [p for p in d["permissions"] if p["user"] == user["name"] and p["vhost"] == "/"]
    want(len(perms) == 1, f"user {user['name']} has {len(perms)} permission entries on /")
want({p["user"] for p in d["permissions"]} <= set(users), "permissions for a user definitions.json does not define")
try:
    rendered = {u["name"]: u for u in json.load(open(rendered_path))["users"]}
    checks = {"subscriptions-producer": "producer-check", "subscriptions-consumer": "consumer-check",
              "subscriptions-analytics": "analytics-check", "subscriptions-operator": "operator-check"}
    want(set(rendered) == set(checks), f"rendered users {sorted(rendered)}: the optional e2e user without its password should be left out")
    for name, password in checks.items():
        raw = base64.b64decode(rendered.get(name, {}).get("password_hash", ""))
        want(len(raw) == 36 and raw[4:] == hashlib.sha256(raw[:4] + password.encode()).digest(),
             f"rendered {name}: password_hash is not rabbit_password_hashing_sha256 of its password")
except ValueError as error:
    problems.append(f"the rendered definitions are not JSON: {error}")
for p in problems: print(p)
sys.exit(1 if problems else 0)
PY
); then
    pass "definitions.json: 3 exchanges, 2 quorum queues and the event log stream with their arguments, one binding per rpc, 4 users with no committed password, rendered hashes match${out:+ }$out"
else
    fail "definitions.json:"; echo "$out" | sed 's/^/        /'
fi
grep -qx 'load_definitions = /var/lib/rabbitmq/definitions.json' Compose/rabbitmq/rabbitmq.conf \
    && grep -q 'output=${DEFINITIONS_OUTPUT:-/var/lib/rabbitmq/definitions.json}' Compose/rabbitmq/entrypoint.sh \
    && grep -q 'template=${DEFINITIONS_TEMPLATE:-/etc/rabbitmq/definitions.template.json}' Compose/rabbitmq/entrypoint.sh \
    && grep -q './rabbitmq/definitions.json:/etc/rabbitmq/definitions.template.json' "$compose" \
    && pass "rabbitmq.conf loads what entrypoint.sh renders from the definitions.json compose.yaml mounts" \
    || fail "rabbitmq.conf load_definitions, entrypoint.sh and the compose.yaml mount disagree"
grep -qx '\[rabbitmq_management,rabbitmq_prometheus\]\.' Compose/rabbitmq/enabled_plugins \
    && pass "enabled_plugins: management and prometheus" || fail "enabled_plugins is not [rabbitmq_management,rabbitmq_prometheus]."

echo "== 3b. monitoring profile (Prometheus, Grafana)"
# No Prometheus or Grafana binary offline: the files are read as JSON/YAML and checked against
# compose.yaml and the metric names the services register (Sources/). PyYAML into the venv of part 1.
"$tools/venv/bin/python" -c 'import yaml' 2>/dev/null || "$tools/venv/bin/pip" install -q --disable-pip-version-check pyyaml
if out=$("$tools/venv/bin/python" - "$compose" Compose/monitoring <<'PY' 2>&1
import glob, json, os, re, sys
import yaml
compose_path, monitoring = sys.argv[1:]
problems = []
def want(condition, message):
    if not condition: problems.append(message)
compose = yaml.safe_load(open(compose_path))
services = compose["services"]
for name in ("prometheus", "grafana"):
    want(services.get(name, {}).get("profiles") == ["monitoring"], f"service {name}: not in the monitoring profile only")
grafana = services.get("grafana", {})
want(grafana.get("entrypoint") == ["/bin/sh", "/etc/grafana/subscriptions-entrypoint.sh"]
     and "./monitoring/grafana/entrypoint.sh:/etc/grafana/subscriptions-entrypoint.sh:ro" in grafana.get("volumes", []),
     "grafana: not started through monitoring/grafana/entrypoint.sh (which never leaves admin/admin)")
prometheus = yaml.safe_load(open(os.path.join(monitoring, "prometheus.yml")))
ports = {"producer": "8080", "consumer": "8081", "rabbitmq": "15692"}
targets = {t for job in prometheus["scrape_configs"] for c in job["static_configs"] for t in c["targets"]}
for service, port in ports.items():
    want(service in services, f"prometheus.yml scrapes {service}, which compose.yaml does not run")
    want(f"{service}:{port}" in targets, f"prometheus.yml does not scrape {service}:{port}")
datasources = yaml.safe_load(open(os.path.join(monitoring, "grafana/provisioning/datasources/prometheus.yml")))["datasources"]
uids = {d["uid"] for d in datasources}
want(any(d["url"] == "http://prometheus:9090" for d in datasources), "the Grafana datasource does not point at prometheus:9090")
registered = set()
for path in glob.glob("Sources/**/*.swift", recursive=True):
    registered |= set(re.findall(r'"((?:subscriptions|http|command)_[a-z_]+)"', open(path).read()))
dashboards = glob.glob(os.path.join(monitoring, "grafana/dashboards/*.json"))
want(dashboards, "no dashboard JSON")
panels = 0
for path in dashboards:
    board = json.load(open(path))
    for panel in board["panels"]:
        panels += 1
        want(panel.get("datasource", {}).get("uid") in uids, f"{path}: panel {panel.get('title')!r} uses an unknown datasource")
        for target in panel.get("targets", []):
            want(target.get("datasource", {}).get("uid") in uids, f"{path}: a target of {panel.get('title')!r} uses an unknown datasource")
            metrics = re.findall(r"\b((?:subscriptions|http|command|rabbitmq)_[a-z_]+)\b", target["expr"])
            want(metrics, f"{path}: a target of {panel.get('title')!r} queries no metric")
            for metric in metrics:
                if metric.startswith("rabbitmq_"):
                    continue   # the broker's plugin (rabbitmq_prometheus)
                base = re.sub(r"_(bucket|sum|count)$", "", metric)
                want(metric in registered or base in registered, f"{path}: {panel.get('title')!r} queries {metric}, which no service registers")
print(f"{len(dashboards)} dashboard(s), {panels} panels")
for p in problems: print(p)
sys.exit(1 if problems else 0)
PY
); then
    pass "monitoring: profile-only services, scrape targets, datasource uid and every queried metric exist ($out)"
else
    fail "monitoring:"; echo "$out" | sed 's/^/        /'
fi

echo "== 4. files the images and containers need"
# COPY lines of the Dockerfile, without --from= (stage copies) and flags; the last word is the target.
while read -r -a words; do
    sources=()
    for word in "${words[@]:1}"; do [[ $word == --* ]] || sources+=("$word"); done
    [[ " ${words[*]} " == *" --from="* ]] && continue
    for source in "${sources[@]:0:${#sources[@]}-1}"; do
        if [[ $source == *'$'* ]]; then
            note "$dockerfile: COPY source $source is a build argument (the runtime-prebuilt target's binaries; scripts/compose-e2e.sh gives them)"
        elif [ -e "$source" ] || { [[ $source == *[*?[]* ]] && compgen -G "$source" >/dev/null; }; then
            pass "$dockerfile: COPY source $source"
        elif [[ " ${pending_copy_sources[*]} " == *" $source "* ]]; then
            note "$dockerfile: COPY source $source is missing; it arrives with the services issue (pending list in this script)"
        else
            fail "$dockerfile: COPY source $source does not exist"
        fi
    done
done < <(grep -E '^COPY ' "$dockerfile")
for file in "$compose" Compose/compose.cluster.yaml; do
    for mounted in $(grep -oE '^\s+- \./[^:]+' "$file" | sed 's/.*- //' | sort -u); do
        [ -e "Compose/$mounted" ] && pass "$(basename "$file"): bind mount $mounted" || fail "$(basename "$file"): bind mount $mounted does not exist"
    done
done
# The two final stages (toolchain binaries, prebuilt binaries) are one image definition with
# different files: both derive from service-image and add nothing but their root filesystem.
final_stage() { awk -v stage="$1" '$0 ~ " AS " stage "$" {print; r=1; next} /^(FROM|# ----)/ {r=0} r && !/^#/ && NF' "$dockerfile"; }
for stage in runtime runtime-prebuilt; do
    if [ "$(final_stage "$stage" | head -1)" = "FROM service-image AS $stage" ] && [ "$(final_stage "$stage" | sed 1d | grep -vc '^COPY --from=')" = 0 ]; then
        pass "$dockerfile: $stage is service-image plus its root filesystem"
    else
        fail "$dockerfile: $stage must be FROM service-image with only a COPY --from of its root filesystem:"
        final_stage "$stage" | sed 's/^/        /'
    fi
done
for ignored in .build .git .rabbitmq Compose/secrets; do
    grep -qx "$ignored" .dockerignore && pass ".dockerignore excludes $ignored" || fail ".dockerignore does not exclude $ignored"
done

echo "== 5. shared libraries of a release build against the runtime image"
build_lines=$(awk '/^FROM .* AS build/ {b=1; next} /^FROM / {b=0} b' "$dockerfile" | tr -d '\\' | grep -oE 'swift build [^&]*--product [a-z-]+' || true)
if [ -z "$build_lines" ]; then
    fail "$dockerfile: no 'swift build … --product' in its build stage"
elif grep -v -- '--static-swift-stdlib' <<<"$build_lines" | grep -q .; then
    fail "$dockerfile: a product is built without --static-swift-stdlib (the runtime image has no Swift libraries): $(grep -v -- '--static-swift-stdlib' <<<"$build_lines" | head -1)"
else
    pass "$dockerfile: every product is built with --static-swift-stdlib ($(wc -l <<<"$build_lines") builds)"
fi
# The toolchain's shared Swift libraries (libswiftCore.so, libFoundation.so, …): present only in a
# build without --static-swift-stdlib, and linked statically by the image's build.
swift_libraries=$(dirname "$(readlink -f "$(command -v swift)")")/../lib/swift
swift_libraries=$(cd "$swift_libraries" 2>/dev/null && pwd -P || echo "$swift_libraries")
bin_dir=${RELEASE_BIN_DIR:-.build/release}
if [ ! -x "$bin_dir/subscriptions-producer" ] || [ ! -x "$bin_dir/subscriptions-consumer" ]; then
    note "skipped: no release binaries in $bin_dir (swift build -c release --static-swift-stdlib, or set RELEASE_BIN_DIR)"
else
    # The runtime stage's apt list, e.g. "librabbitmq4 libsqlite3-0 ca-certificates".
    runtime_packages=$(awk '/^FROM .* AS runtime-packages$/ {r=1; next} /^FROM / {r=0} r' "$dockerfile" \
        | tr -d '\\' | tr ' ' '\n' | sed -n '/^install$/,/^&&$/p' | grep -vE '^(install|&&|-.*|)$' | sort -u)
    # What the image can hold: those packages and their dependencies, plus the base image, which
    # is debootstrap's minbase (Essential and Priority required packages) and apt.
    base_packages=$(dpkg-query -W -f='${Package} ${Essential} ${Priority}\n' | awk '$2 == "yes" || $3 == "required" {print $1}')
    allowed=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces --no-enhances \
        $runtime_packages apt $base_packages 2>/dev/null | grep -vE '^ |<' | sed 's/:.*//' | sort -u)
    for binary in "$bin_dir/subscriptions-producer" "$bin_dir/subscriptions-consumer"; do
        libraries=$(ldd "$binary" 2>&1) || { fail "ldd $binary: $libraries"; continue; }
        bad=0
        toolchain=0
        while read -r line; do
            case "$line" in
            *"not found"*) fail "$(basename "$binary"): $line"; bad=1; continue ;;
            *"=>"*) path=$(awk '{print $3}' <<<"$line") ;;
            /*) path=$(awk '{print $1}' <<<"$line") ;;
            *) continue ;;   # linux-vdso: in the kernel, no file
            esac
            case "$(readlink -f "$path")" in
            "$swift_libraries"/*) toolchain=$((toolchain + 1)); continue ;;
            esac
            package=""
            for candidate in "$path" "$(readlink -f "$path")" "/usr$path" "${path#/usr}"; do
                package=$(dpkg -S "$candidate" 2>/dev/null | head -1 | cut -d: -f1) && [ -n "$package" ] && break
            done
            if [ -z "$package" ]; then
                fail "$(basename "$binary"): $path belongs to no Debian package (a Swift toolchain library? build with --static-swift-stdlib like the image)"; bad=1
            elif ! grep -qx "$package" <<<"$allowed"; then
                fail "$(basename "$binary"): $path is in $package, which the runtime image does not install (add it to the runtime apt list)"; bad=1
            fi
        done <<<"$libraries"
        [ $bad -eq 0 ] && pass "$(basename "$binary"): every library comes from the runtime image ($(grep -c '=>' <<<"$libraries") libraries; apt list: $(echo $runtime_packages))"
        if [ $toolchain -gt 0 ]; then
            note "$(basename "$binary"): $toolchain Swift toolchain libraries set aside (a build without --static-swift-stdlib; the image links them statically)"
        fi
    done
fi

echo
if [ $failures -eq 0 ]; then echo "check-compose: all checks passed"; else echo "check-compose: $failures check(s) failed"; fi
[ $failures -eq 0 ]
