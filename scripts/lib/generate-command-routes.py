#!/usr/bin/env python3
"""Generates the Swift side of service.proto: CommandRoute and its envelope switches.

protoc-gen-swift ignores services, so this script reads
Protos/subscriptions/v1/service.proto (one `rpc Name(Request) returns (Reply);` per
command, with its comment) and Protos/subscriptions/v1/envelope.proto (the oneofs
`CommandEnvelope.command` and `CommandReply.result`) and writes one Swift file with
  - enum CommandRoute: one case per rpc, in service.proto order, documented with the
    rpc's comment;
  - CommandRoute.init(_:) from an envelope command case and from a reply result case;
  - makeEmptyCommand() / makeEmptyResult();
  - `route` on CommandEnvelope and CommandReply.
It refuses (exit 1, naming the rpc) when service.proto and envelope.proto disagree: every
rpc `Name(NameRequest) returns (NameReply)` needs `NameRequest name = N;` in the command
oneof and `NameReply name = N;` (same N) in the result oneof, and no oneof case may lack
its rpc.

With a third argument it also writes the gRPC front door's methods (GRPC_OUTPUT): the
producer's SubscriptionCommandsService conforms to the `ServiceProtocol` of the stubs
protoc-gen-grpc-swift-2 generates from service.proto, one method per rpc that wraps the request
in its envelope case and unwraps the reply's result case.

Usage: generate-command-routes.py PROTO_DIR OUTPUT [GRPC_OUTPUT]   (OUTPUT "-" = stdout)
Only the Python standard library; run by scripts/generate-protos.sh and checked by
scripts/check-generated-code.sh (fast mode regenerates and compares).
"""
import re
import sys

SERVICE = "subscriptions/v1/service.proto"
ENVELOPE = "subscriptions/v1/envelope.proto"


def fail(message):
    print(f"generate-command-routes: {message}", file=sys.stderr)
    sys.exit(1)


def snake_case(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def lower_camel(snake):
    head, *rest = snake.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


# protoc-gen-swift writes these segments in capitals (CamelCaser.appreviations in
# swift-protobuf's NamingUtils.swift): `look_up_order_id` is the oneof case `lookUpOrderID`.
PROTOBUF_ABBREVIATIONS = {"url", "http", "https", "id"}


def protobuf_camel(snake):
    """The Swift name protoc-gen-swift gives the oneof case `snake`."""
    head, *rest = snake.split("_")
    return head + "".join(part.upper() if part in PROTOBUF_ABBREVIATIONS else part[:1].upper() + part[1:] for part in rest)


def read_rpcs(text):
    """(package, service, [(method, request, reply, [comment lines])]) of service.proto."""
    package = re.search(r"^\s*package\s+([\w.]+)\s*;", text, re.M)
    service = re.search(r"^\s*service\s+(\w+)\s*\{", text, re.M)
    if not package or not service:
        fail(f"{SERVICE}: no package or service declaration")
    rpcs, comments = [], []
    body = text[service.end():]
    for line in body.splitlines():
        stripped = line.strip()
        if stripped.startswith("//"):
            comments.append(stripped[2:].strip())
            continue
        match = re.match(r"rpc\s+(\w+)\s*\(\s*([\w.]+)\s*\)\s*returns\s*\(\s*([\w.]+)\s*\)\s*;", stripped)
        if match:
            rpcs.append((match.group(1), match.group(2), match.group(3), comments))
        elif stripped == "}":
            break
        elif stripped:
            fail(f"{SERVICE}: cannot read line '{stripped}' (expected an rpc or a comment)")
        comments = []
    if not rpcs:
        fail(f"{SERVICE}: no rpc found")
    return package.group(1), service.group(1), rpcs


def read_oneof(text, message, oneof):
    """{field name: (type, number)} of `oneof ONEOF` inside `message MESSAGE`."""
    start = re.search(r"^message\s+%s\s*\{" % message, text, re.M)
    if not start:
        fail(f"{ENVELOPE}: no message {message}")
    block = re.search(r"oneof\s+%s\s*\{(.*?)\n\s*\}" % oneof, text[start.end():], re.S)
    if not block:
        fail(f"{ENVELOPE}: message {message} has no oneof {oneof}")
    fields = {}
    for type_name, name, number in re.findall(r"^\s*([\w.]+)\s+(\w+)\s*=\s*(\d+)\s*;", block.group(1), re.M):
        fields[name] = (type_name, int(number))
    return fields


def swift_type(package, name):
    """protoc-gen-swift's name for a message of `package`, e.g. Subscriptions_V1_PurchaseRequest."""
    prefix = "_".join(part[:1].upper() + part[1:] for part in package.split("."))
    return f"{prefix}_{name.split('.')[-1]}"


def grpc_function_name(method):
    """The Swift function name protoc-gen-grpc-swift-2 gives `method` (its CamelCaser)."""
    first_lower = next((i for i, c in enumerate(method) if c.islower()), None)
    if first_lower is None:
        return method.lower()
    if first_lower <= 1:
        return method[:1].lower() + method[1:]
    return method[:first_lower - 1].lower() + method[first_lower - 1:]


def write(text, output):
    if output == "-":
        sys.stdout.write(text)
    else:
        with open(output, "w") as handle:
            handle.write(text)


def grpc_methods(package, service, rpcs, oneofs):
    """The gRPC front door's methods: SubscriptionCommandsService's ServiceProtocol conformance."""
    namespace = swift_type(package, service)
    out = []
    emit = out.append
    emit(f"// Generated from Protos/{SERVICE} and Protos/{ENVELOPE} by scripts/generate-protos.sh")
    emit("// (scripts/lib/generate-command-routes.py). Do not edit: change the protos and regenerate;")
    emit("// scripts/check-generated-code.sh fails when this file no longer matches them.")
    emit("")
    emit("import GRPCCore")
    emit("import SubscriptionGRPC")
    emit("import SubscriptionMessages")
    emit("")
    emit(f"/// The rpcs of `{package}.{service}`: each sends its request as the envelope's case of the")
    emit("/// same name and answers with the reply's result case (``SubscriptionCommandsService``).")
    emit(f"extension SubscriptionCommandsService: {namespace}.ServiceProtocol {{")
    for (method, request, reply, comments), oneof in zip(rpcs, oneofs):
        request_type, reply_type = swift_type(package, request), swift_type(package, reply)
        for comment in comments:
            emit(f"    /// {comment}".rstrip())
        emit(f"    func {grpc_function_name(method)}(")
        emit(f"        request: ServerRequest<{request_type}>, context: ServerContext")
        emit(f"    ) async throws -> ServerResponse<{reply_type}> {{")
        emit(f"        try await respond(to: .{oneof}(request.message), metadata: request.metadata) {{ result in")
        emit(f"            if case .{oneof}(let reply) = result {{ return reply }}")
        emit("            return nil")
        emit("        }")
        emit("    }")
        emit("")
    out.pop()
    emit("}")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) not in (3, 4):
        fail("usage: generate-command-routes.py PROTO_DIR OUTPUT [GRPC_OUTPUT]")
    proto_dir, output = sys.argv[1], sys.argv[2]
    with open(f"{proto_dir}/{SERVICE}") as handle:
        package, service, rpcs = read_rpcs(handle.read())
    with open(f"{proto_dir}/{ENVELOPE}") as handle:
        envelope = handle.read()
    commands = read_oneof(envelope, "CommandEnvelope", "command")
    results = read_oneof(envelope, "CommandReply", "result")

    problems = []
    routes = []
    for method, request, reply, comments in rpcs:
        field = snake_case(method)
        command = commands.pop(field, None)
        result = results.pop(field, None)
        if command is None:
            problems.append(f"rpc {method}: CommandEnvelope.command has no case `{request} {field} = N;`")
        elif command[0].split(".")[-1] != request.split(".")[-1]:
            problems.append(f"rpc {method}: CommandEnvelope.command case `{field}` is a {command[0]}, the rpc takes {request}")
        if result is None:
            problems.append(f"rpc {method}: CommandReply.result has no case `{reply} {field} = N;`")
        elif result[0].split(".")[-1] != reply.split(".")[-1]:
            problems.append(f"rpc {method}: CommandReply.result case `{field}` is a {result[0]}, the rpc returns {reply}")
        if command and result and command[1] != result[1]:
            problems.append(f"rpc {method}: case `{field}` is number {command[1]} in CommandEnvelope but {result[1]} in CommandReply")
        routes.append((lower_camel(field), method, comments, protobuf_camel(field)))
    for name in commands:
        problems.append(f"CommandEnvelope.command case `{name}` has no rpc in {SERVICE}")
    for name in results:
        problems.append(f"CommandReply.result case `{name}` has no rpc in {SERVICE}")
    if problems:
        fail("service.proto and envelope.proto disagree:\n  - " + "\n  - ".join(problems))

    envelope_type = swift_type(package, "CommandEnvelope")
    reply_type = swift_type(package, "CommandReply")
    out = []
    emit = out.append
    emit(f"// Generated from Protos/{SERVICE} and Protos/{ENVELOPE} by scripts/generate-protos.sh")
    emit("// (scripts/lib/generate-command-routes.py). Do not edit: change the protos and regenerate;")
    emit("// scripts/check-generated-code.sh fails when this file no longer matches them.")
    emit("")
    emit(f"/// The gRPC-style method of `{package}.{service}` (Protos/{SERVICE})")
    emit(f"/// that a ``{envelope_type}`` case stands for.")
    emit("///")
    emit("/// protoc-gen-swift does not generate services, so this enum is the Swift side of")
    emit("/// service.proto: one case per rpc and per `CommandEnvelope.command` case. A command's")
    emit("/// AMQP routing key on exchange `subscriptions.commands` is ``routingKey``, e.g.")
    emit(f"/// `{package}.{service}/{rpcs[0][0]}`.")
    emit("public enum CommandRoute: String, CaseIterable, Sendable {")
    for case, method, comments, _ in routes:
        for comment in comments:
            emit(f"    /// {comment}".rstrip())
        emit(f'    case {case} = "{method}"')
    emit("")
    emit("    /// The full name of the service in service.proto.")
    emit(f'    public static let serviceName = "{package}.{service}"')
    emit("}")
    emit("")
    emit("/// Maps envelope and reply oneof cases to their ``CommandRoute`` and back.")
    emit("extension CommandRoute {")
    emit("    /// The route of a command case.")
    emit(f"    public init(_ command: {envelope_type}.OneOf_Command) {{")
    emit("        switch command {")
    for case, _, _, oneof in routes:
        emit(f"        case .{oneof}: self = .{case}")
    emit("        }")
    emit("    }")
    emit("")
    emit("    /// The route of a reply result case; a reply's route must equal its command's.")
    emit(f"    public init(_ result: {reply_type}.OneOf_Result) {{")
    emit("        switch result {")
    for case, _, _, oneof in routes:
        emit(f"        case .{oneof}: self = .{case}")
    emit("        }")
    emit("    }")
    emit("")
    emit("    /// The command case of this route holding a default (empty) request, e.g. to")
    emit("    /// build a command whose fields are then filled in.")
    emit(f"    public func makeEmptyCommand() -> {envelope_type}.OneOf_Command {{")
    emit("        switch self {")
    for case, _, _, oneof in routes:
        emit(f"        case .{case}: .{oneof}(.init())")
    emit("        }")
    emit("    }")
    emit("")
    emit("    /// The reply result case of this route holding a default (empty) reply.")
    emit(f"    public func makeEmptyResult() -> {reply_type}.OneOf_Result {{")
    emit("        switch self {")
    for case, _, _, oneof in routes:
        emit(f"        case .{case}: .{oneof}(.init())")
    emit("        }")
    emit("    }")
    emit("}")
    emit("")
    emit(f"extension {envelope_type} {{")
    emit("    /// The route of this envelope's command; `nil` when no command is set (or the")
    emit("    /// case is unknown to this version, which decodes as unset plus unknown fields).")
    emit("    public var route: CommandRoute? {")
    emit("        command.map(CommandRoute.init)")
    emit("    }")
    emit("}")
    emit("")
    emit(f"extension {reply_type} {{")
    emit("    /// The route of this reply's result; `nil` when no result is set (status not OK).")
    emit("    public var route: CommandRoute? {")
    emit("        result.map(CommandRoute.init)")
    emit("    }")
    emit("}")
    write("\n".join(out) + "\n", output)
    if len(sys.argv) == 4:
        write(grpc_methods(package, service, rpcs, [oneof for _, _, _, oneof in routes]), sys.argv[3])


if __name__ == "__main__":
    main()
