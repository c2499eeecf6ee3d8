import Instrumentation
import SubscriptionMessages
import W3CTraceContext

/// W3C trace context of a command (swift-w3c-trace-context parses and writes it): the request's
/// `traceparent` when it carries a valid one (version 00, lowercase hex, ids not all zero), else
/// a new sampled one for a trace this producer starts. A `tracestate` that does not parse is
/// dropped, as the W3C recommendation asks.
struct TraceContext: Sendable, Hashable {
    private let context: W3CTraceContext.TraceContext

    /// The request's context if `traceparent` is valid, else a new one.
    init(traceparent: String?, tracestate: String?) {
        let parsed = traceparent.flatMap { parent in
            (try? W3CTraceContext.TraceContext(traceParentHeaderValue: parent, traceStateHeaderValue: tracestate))
                ?? (try? W3CTraceContext.TraceContext(traceParentHeaderValue: parent))
        }
        context = parsed ?? W3CTraceContext.TraceContext(traceID: .random(), spanID: .random(), flags: .sampled, state: TraceState())
    }

    /// `00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`.
    var traceparent: String { context.traceParentHeaderValue }
    /// The vendors' entries, if any.
    var tracestate: String? { context.traceStateHeaderValue }

    /// Whether `value` is a `traceparent` this producer passes on.
    static func isValid(_ value: String) -> Bool {
        (try? W3CTraceContext.TraceContext(traceParentHeaderValue: value)) != nil
    }

    var message: Subscriptions_V1_TraceContext {
        var message = Subscriptions_V1_TraceContext()
        message.traceparent = traceparent
        message.tracestate = tracestate ?? ""
        return message
    }

    /// Writes `traceparent` and `tracestate` into `carrier` (swift-distributed-tracing's
    /// `Injector`), then lets the process's instrument write over them: a tracer `main`
    /// bootstrapped (none by default) puts the context of the span active in the task there.
    func inject<Inject: Injector>(into carrier: inout Inject.Carrier, using injector: Inject) {
        injector.inject(traceparent, forKey: "traceparent", into: &carrier)
        if let tracestate { injector.inject(tracestate, forKey: "tracestate", into: &carrier) }
        InstrumentationSystem.instrument.inject(ServiceContext.current ?? .topLevel, into: &carrier, using: injector)
    }
}
