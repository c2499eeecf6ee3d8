import CRabbitMQ
import DequeModule
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
/// (re)connects with backoff whenever it is not connected, from ``startIfNeeded()`` until
/// the connection is closed.
///
/// `@unchecked Sendable`: after ``startIfNeeded()`` every stored `var` is read and written only
/// by the connection thread (or, when the thread was never started, by ``closeIfNeverStarted()``
/// alone); the immutable `let`s are Sendable.
final class ConnectionWorker: @unchecked Sendable {
    static let controlChannel: amqp_channel_t = 1
    static let publishChannel: amqp_channel_t = 2
    /// Header carrying the publish sequence number, to match a `basic.return` with its publish.
    static let publishTagHeader = "x-amqp-client-publish-tag"

    private enum Lifecycle {
        case idle, running, closed
    }

    let configuration: AMQPConfiguration
    let logger: Logger
    let mailbox = ConnectionMailbox()
    private let lifecycle = Mutex(Lifecycle.idle)

    var state: amqp_connection_state_t?
    var generation = 0
    var topologies: [AMQPTopology] = []
    var pendingDeclares: [(AMQPTopology, Completion<Void>)] = []
    var consumers: [Int: ConsumerRecord] = [:]
    /// Whether a consumer holds deliveries not handed over yet.
    var hasUnhandedDeliveries = false
    var confirms = ConfirmTracker<OutgoingPublish>()
    /// Publishes waiting for the confirm window or for a connection, in order.
    var waiting = Deque<OutgoingPublish>()
    /// The frames of one wake-up's publishes, reused between wake-ups.
    var outgoingFrames = PublishFrames()
    /// The endpoint connected to or tried next, and the delays between attempts.
    var rotation: EndpointRotation
    var nextAttempt = ContinuousClock.now
    /// Callers of `connect` waiting for the connection to open.
    var connectWaiters: [ConnectWaiter] = []
    /// Why the broker blocks publishing on this connection (`connection.blocked`), if it does.
    var blockedReason: String?
    var closeRequest: (deadline: ContinuousClock.Instant, completion: Completion<Void>)?
    var finished = false

    init(configuration: AMQPConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        rotation = EndpointRotation(
            count: configuration.endpoints.count,
            backoff: ReconnectBackoff(initial: configuration.reconnectDelay, maximum: configuration.maxReconnectDelay))
    }

    /// Starts the connection thread unless it runs already (or the connection was closed).
    /// From then on the thread keeps (re)connecting until ``AMQPConnection/close()``.
    func startIfNeeded() {
        let start = lifecycle.withLock { lifecycle in
            guard lifecycle == .idle else { return false }
            lifecycle = .running
            return true
        }
        guard start else { return }
        let thread = Thread { [self] in run() }
        thread.name = "amqp-\(configuration.connectionName)"
        thread.start()
    }

    /// Closes a connection whose thread never started, on the caller's thread: fails what was
    /// queued and refuses further requests. Returns false when the thread runs (close through
    /// the mailbox instead).
    func closeIfNeverStarted() -> Bool {
        let close = lifecycle.withLock { lifecycle in
            switch lifecycle {
            case .running: return false
            case .closed: return true
            case .idle:
                lifecycle = .closed
                return true
            }
        }
        if close {
            // The thread can no longer start: this is the only code touching the state.
            finish(error: AMQPError(.closed, "the connection was closed"))
        }
        return close
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
        for publish in confirms.removeAll() + waiting {
            publish.completion(.failure(error))
        }
        waiting.removeAll()
        for (_, completion) in pendingDeclares {
            completion(.failure(error))
        }
        pendingDeclares = []
        for record in consumers.values {
            record.finish()
        }
        consumers = [:]
        for request in mailbox.closeAndTakeRequests() {
            request.fail(with: error)
        }
        for waiter in connectWaiters {
            waiter.operation(.failure(error))
        }
        connectWaiters = []
        closeRequest?.completion(.success(()))
        closeRequest = nil
    }

    private func waitForWakeup(until instant: ContinuousClock.Instant) {
        var descriptor = pollfd(fd: mailbox.wakeReadDescriptor, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, Self.milliseconds(until: instant, atMost: 200)) > 0 {
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

    /// A `poll` timeout: the milliseconds until `instant`, at least 1 and at most `limit`.
    private static func milliseconds(until instant: ContinuousClock.Instant, atMost limit: Int32) -> Int32 {
        let (seconds, attoseconds) = ContinuousClock.now.duration(to: instant).components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return Int32(max(1, min(Int64(limit), milliseconds)))
    }
}

/// A caller of `connect`: resumed when the connection opens, or, when it set no deadline,
/// when the next attempt on every endpoint failed.
struct ConnectWaiter: Sendable {
    var operation: PendingOperation
    var failsOnAttemptError: Bool
    /// Failed attempts still to see before a caller without a deadline fails: one per
    /// endpoint, set when the connection thread takes the call.
    var attemptsLeft = 1
}

/// A consumer as the connection thread tracks it.
struct ConsumerRecord {
    var registration: ConsumerRegistration
    /// The arguments of the next `basic.consume`: a stream consumer resumes after what it read.
    var arguments: ConsumerArguments
    /// Incremented whenever the consumer's channel is reopened: older deliveries are stale.
    var channelGeneration = 0
    var subscribed = false
    /// Deliveries read but not handed over yet: they go to the consumer's sequence in one
    /// run when the socket has no more buffered data (``ConnectionWorker/handOverDeliveries()``).
    var unhanded: [AMQPDelivery] = []

    var channel: amqp_channel_t { amqp_channel_t(2 + registration.id) }

    init(registration: ConsumerRegistration) {
        self.registration = registration
        arguments = ConsumerArguments(registration.arguments)
    }

    /// Hands over what was read, then ends the consumer's sequence.
    func finish() {
        if !unhanded.isEmpty { registration.sink.yield(unhanded) }
        registration.sink.finish()
    }
}
