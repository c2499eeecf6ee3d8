import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The queue of requests from callers to the connection thread, with a self-pipe that wakes
/// the thread from `poll` when a request arrives.
final class ConnectionMailbox: Sendable {
    private struct State {
        var requests: [ConnectionRequest] = []
        var connected = false
        var blockedReason: String?
        var lastConnectionError: AMQPError?
        var closed = false
        var nextConsumerID = 1
    }

    private let state = Mutex(State())
    /// Read end (polled by the connection thread) and write end of the wake-up pipe.
    let wakeReadDescriptor: Int32
    private let wakeWriteDescriptor: Int32

    init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for descriptor in descriptors {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            }
        }
        wakeReadDescriptor = descriptors[0]
        wakeWriteDescriptor = descriptors[1]
    }

    deinit {
        close(wakeReadDescriptor)
        close(wakeWriteDescriptor)
    }

    /// Queues a request and wakes the connection thread; once the connection thread has
    /// finished, fails the request at once instead.
    ///
    /// Only the request that finds the queue empty writes to the wake-up pipe: the thread
    /// empties the pipe before it takes the queue (``drainWakeups()`` comes before
    /// ``takeRequests()`` in its loop), so whatever joins a non-empty queue is taken with the
    /// request that woke it. Under load, the requests of many callers (one HTTP request's
    /// publish each) reach the thread with one `write` and one wake-up, and go out in one send.
    func send(_ request: ConnectionRequest) {
        let outcome: (accepted: Bool, wake: Bool) = state.withLock { state in
            guard !state.closed else { return (false, false) }
            let wasEmpty = state.requests.isEmpty
            state.requests.append(request)
            return (true, wasEmpty)
        }
        guard outcome.accepted else {
            request.fail(with: AMQPError(.closed, "the connection is closed"))
            return
        }
        guard outcome.wake else { return }
        var byte: UInt8 = 1
        _ = write(wakeWriteDescriptor, &byte, 1)
    }

    /// Refuses further requests and returns those still queued (connection thread only).
    func closeAndTakeRequests() -> [ConnectionRequest] {
        state.withLock { state in
            state.closed = true
            state.connected = false
            defer { state.requests.removeAll() }
            return state.requests
        }
    }

    /// Takes every queued request (connection thread only).
    func takeRequests() -> [ConnectionRequest] {
        state.withLock { state in
            defer { state.requests.removeAll(keepingCapacity: true) }
            return state.requests
        }
    }

    /// Empties the wake-up pipe (connection thread only).
    func drainWakeups() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeReadDescriptor, &buffer, buffer.count) > 0 {}
    }

    /// Whether the connection is currently open.
    var isConnected: Bool {
        get { state.withLock { $0.connected } }
        set { state.withLock { $0.connected = newValue } }
    }

    /// Why the broker blocks publishing right now (`connection.blocked`), if it does.
    var blockedReason: String? {
        get { state.withLock { $0.blockedReason } }
        set { state.withLock { $0.blockedReason = newValue } }
    }

    /// Why the last connection attempt failed; nil once connected.
    var lastConnectionError: AMQPError? {
        get { state.withLock { $0.lastConnectionError } }
        set { state.withLock { $0.lastConnectionError = newValue } }
    }

    /// A new consumer identifier.
    func makeConsumerID() -> Int {
        state.withLock { state in
            defer { state.nextConsumerID += 1 }
            return state.nextConsumerID
        }
    }
}
