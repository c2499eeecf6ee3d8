import CRabbitMQ
import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Owns one rabbitmq-c connection on a dedicated thread, for the connection's whole life.
///
/// Callers never touch the C state: they put ``ConnectionRequest``s in the ``ConnectionMailbox``
/// and are resumed through completions. The thread polls the socket and the mailbox's wake-up
/// pipe with a short timeout, so heartbeats are serviced while handlers run elsewhere, and it
/// reconnects with backoff when the connection is lost.
///
/// `@unchecked Sendable`: after ``start(retryUntil:completion:)`` every stored `var` is read and
/// written only by the connection thread; the immutable `let`s are Sendable.
final class ConnectionWorker: @unchecked Sendable {
    static let controlChannel: amqp_channel_t = 1
    static let publishChannel: amqp_channel_t = 2
    /// Header carrying the publish sequence number, to match a `basic.return` with its publish.
    static let publishTagHeader = "x-amqp-client-publish-tag"

    let configuration: AMQPConfiguration
    let logger: Logger
    let mailbox = ConnectionMailbox()
    private let started = Mutex(false)

    var state: amqp_connection_state_t?
    var generation = 0
    var topologies: [AMQPTopology] = []
    var pendingDeclares: [(AMQPTopology, Completion<Void>)] = []
    var consumers: [Int: ConsumerRecord] = [:]
    var confirms = ConfirmTracker<OutgoingPublish>()
    var waiting = PublishQueue()
    var backoff: ReconnectBackoff
    var nextAttempt = ContinuousClock.now
    var initialConnect: (deadline: ContinuousClock.Instant?, completion: Completion<Void>)?
    var closeRequest: (deadline: ContinuousClock.Instant, completion: Completion<Void>)?
    var finished = false

    init(configuration: AMQPConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        backoff = ReconnectBackoff(initial: configuration.reconnectDelay, maximum: configuration.maxReconnectDelay)
    }

    /// Starts the connection thread; `completion` runs once the first connection is open, or
    /// when it could not be opened (at once without a deadline, else when the deadline passed).
    func start(retryUntil deadline: ContinuousClock.Instant?, completion: @escaping Completion<Void>) {
        let first = started.withLock { started in
            defer { started = true }
            return !started
        }
        guard first else {
            completion(mailbox.isConnected ? .success(()) : .failure(AMQPError(.protocolError, "connect() was already called")))
            return
        }
        initialConnect = (deadline, completion)
        let thread = Thread { [self] in run() }
        thread.name = "amqp-\(configuration.connectionName)"
        thread.start()
    }

    private func run() {
        while !finished {
            for request in mailbox.takeRequests() {
                handle(request)
            }
            if finished { break }
            if state == nil {
                if closeRequest != nil {
                    finish(error: AMQPError(.closed, "the connection was closed"))
                    break
                }
                if ContinuousClock.now >= nextAttempt {
                    attemptConnection()
                } else {
                    waitForWakeup(until: nextAttempt)
                }
                continue
            }
            flushWaitingPublishes()
            if let closeRequest, state != nil,
               (confirms.count == 0 && waiting.isEmpty) || ContinuousClock.now >= closeRequest.deadline {
                closeGracefully()
                break
            }
            serviceSocket()
        }
    }

    /// Ends the thread's work: fails what is still pending with `error`, finishes every
    /// consumer's sequence and refuses further requests.
    func finish(error: AMQPError) {
        finished = true
        if let state {
            amqp_destroy_connection(state)
            self.state = nil
        }
        for publish in confirms.removeAll() + waiting.removeAll() {
            publish.completion(.failure(error))
        }
        for (_, completion) in pendingDeclares {
            completion(.failure(error))
        }
        pendingDeclares = []
        for record in consumers.values {
            record.registration.continuation.finish()
        }
        consumers = [:]
        for request in mailbox.closeAndTakeRequests() {
            request.fail(with: error)
        }
        initialConnect?.completion(.failure(error))
        initialConnect = nil
        closeRequest?.completion(.success(()))
        closeRequest = nil
    }

    private func waitForWakeup(until instant: ContinuousClock.Instant) {
        let remaining = ContinuousClock.now.duration(to: instant)
        let milliseconds = max(1, min(200, Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000)))
        var descriptor = pollfd(fd: mailbox.wakeReadDescriptor, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, milliseconds) > 0 {
            mailbox.drainWakeups()
        }
    }

    /// Waits for socket data or a request, then reads every frame available.
    private func serviceSocket() {
        guard let state else { return }
        if amqp_frames_enqueued(state) == 0 && amqp_data_in_buffer(state) == 0 {
            var descriptors = [
                pollfd(fd: amqp_get_sockfd(state), events: Int16(POLLIN), revents: 0),
                pollfd(fd: mailbox.wakeReadDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, 100)
            if ready > 0 && descriptors[1].revents != 0 {
                mailbox.drainWakeups()
            }
            if ready > 0 && descriptors[0].revents == 0 {
                return
            }
        }
        readAvailableFrames()
    }
}

/// Publishes waiting for the confirm window or for a connection, in order.
struct PublishQueue {
    private var items: [OutgoingPublish] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }

    mutating func append(_ publish: OutgoingPublish) {
        items.append(publish)
    }

    mutating func prepend(_ publishes: [OutgoingPublish]) {
        items = publishes + items[head...]
        head = 0
    }

    mutating func popFirst() -> OutgoingPublish? {
        guard head < items.count else { return nil }
        defer {
            head += 1
            if head > 1024 && head * 2 > items.count {
                items.removeFirst(head)
                head = 0
            }
        }
        return items[head]
    }

    mutating func removeAll() -> [OutgoingPublish] {
        defer {
            items = []
            head = 0
        }
        return Array(items[head...])
    }
}

/// A consumer as the connection thread tracks it.
struct ConsumerRecord {
    var registration: ConsumerRegistration
    /// Incremented whenever the consumer's channel is reopened: older deliveries are stale.
    var channelGeneration = 0
    var subscribed = false

    var channel: amqp_channel_t { amqp_channel_t(2 + registration.id) }
}
