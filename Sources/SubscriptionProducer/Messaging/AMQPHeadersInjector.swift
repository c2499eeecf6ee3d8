import AMQPClient
import Instrumentation

/// Writes trace context fields into a message's AMQP headers, as strings.
struct AMQPHeadersInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout AMQPTable) {
        carrier[key] = .string(value)
    }
}
