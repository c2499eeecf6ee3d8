import Foundation
import Hummingbird
import Logging
import SubscriptionAPI
import SubscriptionCommands
import SubscriptionMessages

/// Turns an HTTP request into a command and the consumer's reply into the HTTP response:
/// validate (400 naming the field, nothing published), choose `command_id`, deadline and trace
/// context, publish, wait, map the reply.
struct CommandGateway: Sendable {
    /// Header with the request's deadline in milliseconds.
    static let timeoutHeader = HeaderField.Name("X-Request-Timeout")!
    /// Header with a client-chosen idempotency key for requests without Apple's.
    static let idempotencyKeyHeader = HeaderField.Name("Idempotency-Key")!
    static let traceparentHeader = HeaderField.Name("traceparent")!
    static let tracestateHeader = HeaderField.Name("tracestate")!
    /// Header naming the test clock a command runs on (docs/test-clocks.md).
    static let testClockHeader = HeaderField.Name("X-Test-Clock")!
    /// Header of every command response with the `command_id` used.
    static let commandIDHeader = HeaderField.Name("X-Command-Id")!
    /// Largest request body accepted.
    static let maximumBodySize = 1 << 20
    /// Shortest deadline accepted in `X-Request-Timeout`: a command's round trip (publish with
    /// confirm, the consumer's transaction, the reply) takes milliseconds even when idle, so a
    /// shorter deadline could only end in a 504 (docs/producer.md).
    static let minimumTimeout: Duration = .milliseconds(100)

    let dispatcher: CommandDispatcher
    let defaultTimeout: Duration
    let maximumTimeout: Duration
    /// Signs the signed fields of every answer (docs/signing-and-auth.md). Required: there is no
    /// unsigned answer (fail closed; tests pass `UnsignedTestSigner` by name).
    let signer: any PayloadSigner

    /// Reads the body, lets `prepare` validate and map it, sends the command and answers.
    func handle(
        _ request: Request,
        readsBody: Bool = true,
        prepare: (ByteBuffer) throws(ValidationError) -> PreparedCommand
    ) async throws -> Response {
        var request = request
        let body = readsBody ? try await request.collectBody(upTo: Self.maximumBodySize) : ByteBuffer()
        let prepared: PreparedCommand
        let timeout: Duration
        let testClock: String
        let preview: PreviewRequest?
        do throws(ValidationError) {
            prepared = try prepare(body)
            preview = try PreviewRequest(query: ProducerRoutes.queryParameters(of: request))
            timeout = try deadline(request.headers[Self.timeoutHeader])
            testClock = try request.headers[Self.testClockHeader].map { header throws(ValidationError) in
                try RequestProblem.identifier(header, name: "X-Test-Clock")
            } ?? ""
        } catch {
            return Response(HTTPReply(error))
        }
        let route = CommandRoute(prepared.command)
        let headerKey = request.headers[Self.idempotencyKeyHeader].flatMap { $0.isEmpty ? nil : $0 }
        // A preview never takes a key's command id: it must neither replay a real command's reply
        // nor use up the id of the real command that may follow it.
        let key = preview == nil ? prepared.idempotencyKey ?? headerKey : nil
        var command = OutgoingCommand(
            command: prepared.command,
            commandID: CommandIdentity.commandID(route: route, idempotencyKey: key, testClockID: testClock),
            deadline: Date().addingTimeInterval(Double(timeout.milliseconds) / 1000),
            trace: TraceContext(
                traceparent: request.headers[Self.traceparentHeader], tracestate: request.headers[Self.tracestateHeader]),
            testClockID: testClock)
        command.preview = preview != nil
        command.previewUntil = preview?.until
        let reply: HTTPReply
        do throws(CommandFailure) {
            let answer = try await dispatcher.send(command)
            let mapped = ReplyMapping.httpReply(answer, route: route, signer: signer)
            reply = preview == nil ? mapped : PreviewRequest.httpReply(answer, mapped: mapped)
        } catch where error.code == .deadlineExceeded {
            // Published, but no reply in time: say that it may still be applied and how to retry safely.
            let advice = ReplyTimeoutAdvice(
                route: route, requestHadOwnKey: prepared.idempotencyKey != nil, headerKey: headerKey != nil,
                commandID: command.commandID)
            reply = HTTPReply(.replyDeadlineExceeded, message: advice.message(after: error.message))
        } catch {
            reply = HTTPReply(error)
        }
        var response = Response(reply)
        response.headers[Self.commandIDHeader] = command.commandID
        response.headers[Self.traceparentHeader] = command.trace.traceparent
        return response
    }

    /// The request's deadline: `X-Request-Timeout` (``minimumTimeout``…maximum ms) or the configured default.
    func deadline(_ header: String?) throws(ValidationError) -> Duration {
        guard let header else { return defaultTimeout }
        let minimum = Self.minimumTimeout.milliseconds
        let maximum = maximumTimeout.milliseconds
        guard let milliseconds = Int64(header) else {
            throw RequestProblem.invalid(
                "X-Request-Timeout", "must be a whole number of milliseconds \(minimum)…\(maximum), got \"\(header.prefix(40))\"")
        }
        guard milliseconds >= minimum else {
            throw RequestProblem.invalid(
                "X-Request-Timeout",
                "must be at least \(minimum) ms, the least a command's round trip through the broker can take; got \(milliseconds)")
        }
        guard milliseconds <= maximum else {
            throw RequestProblem.invalid("X-Request-Timeout", "must be at most \(maximum) ms, got \(milliseconds)")
        }
        return .milliseconds(milliseconds)
    }
}

/// `HTTPField` (HTTPTypes), which Hummingbird does not re-export by name.
typealias HeaderField = HTTPFields.Element

extension Response {
    /// A JSON response, or one with no body and no content type (Apple's 202 of Send Consumption
    /// Information, 200 of Set App Account Token).
    init(_ reply: HTTPReply) {
        self.init(
            status: HTTPResponse.Status(code: reply.status),
            headers: reply.body.isEmpty ? [:] : [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body)))
    }
}
