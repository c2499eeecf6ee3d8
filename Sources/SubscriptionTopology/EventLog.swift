import AMQPClient
import Logging

/// The event log: a stream queue bound to the events exchange with `#`, so every event the
/// consumer publishes is kept and any number of analytics readers can read it again from the
/// first event, an offset or a point in time (docs/event-stream.md).
public enum EventLog {
    /// The stream with its retention and its binding (the events exchange is in
    /// ``BusTopology/commands(_:)``, declared before).
    public static func topology(_ names: BusNames, retention: EventLogRetention) -> AMQPTopology {
        AMQPTopology(
            exchanges: [AMQPExchange(name: names.eventsExchange, kind: .topic)],
            queues: [
                .stream(
                    name: names.eventLog, maxAge: retention.maxAge, maxLengthBytes: retention.maxLengthBytes,
                    segmentBytes: retention.segmentBytes)
            ],
            bindings: [AMQPBinding(queue: names.eventLog, exchange: names.eventsExchange, routingKey: "#")]
        )
    }

    /// Declares the event log. A stream that exists with other retention arguments (the
    /// settings changed since it was created, or Compose's definitions.json differs) is refused
    /// by the broker (406): the stream is then kept as it is, its binding declared, and the
    /// difference logged as an error naming the way out; the service runs on, since the command
    /// path does not depend on the log. A broker user that may not declare it (403) finds it
    /// provisioned (`AMQPConnection.declare`: definitions.json holds it). Any other failure is
    /// thrown.
    public static func declare(
        on connection: AMQPConnection, names: BusNames, retention: EventLogRetention, logger: Logger
    ) async throws(AMQPError) {
        do {
            try await connection.declare(topology(names, retention: retention))
        } catch where error.code == .preconditionFailed {
            logger.error(
                "the event log exists with other retention arguments; it is kept as it is (change it with a policy, or delete the stream to recreate it: docs/event-stream.md)",
                metadata: [
                    "queue": "\(names.eventLog)", "error": "\(error.message)",
                    "wanted": "x-max-age=\(retention.maxAge) x-max-length-bytes=\(retention.maxLengthBytes) x-stream-max-segment-size-bytes=\(retention.segmentBytes)",
                ])
            do {
                try await connection.declare(AMQPTopology(bindings: [
                    AMQPBinding(queue: names.eventLog, exchange: names.eventsExchange, routingKey: "#")
                ]))
            } catch where error.code == .accessRefused {
                // A broker user without the permission: the binding is whoever provisioned the log's.
                logger.debug("the event log's binding is left to whoever provisioned it", metadata: ["queue": "\(names.eventLog)"])
            }
        }
    }
}
