import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writing already-encoded frames to the connection's TCP socket, the way rabbitmq-c's own send
/// does it: the socket is non-blocking, so a full send buffer is waited out with `poll`, and a
/// closed peer is an error rather than a `SIGPIPE`.
///
/// Only for plain TCP connections: on a TLS connection the bytes must go through rabbitmq-c's
/// TLS socket. Called on the connection thread only, between whole frames of rabbitmq-c's, so
/// frames never interleave.
enum SocketWrite {
    /// Writes every byte of `bytes` to `descriptor`; nil on success, the error otherwise.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> AMQPError? {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = send(descriptor, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if written > 0 {
                    offset += written
                    continue
                }
                let code = errno
                if written < 0 && code == EINTR { continue }
                if written < 0 && (code == EAGAIN || code == EWOULDBLOCK) {
                    var descriptor = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    if poll(&descriptor, 1, -1) < 0 && errno != EINTR {
                        return AMQPError(.connectionClosed, "waiting to write to the broker: \(String(cString: strerror(errno)))")
                    }
                    continue
                }
                let reason = written == 0 ? "the socket accepted nothing" : String(cString: strerror(code))
                return AMQPError(.connectionClosed, "writing to the broker: \(reason)")
            }
            return nil
        }
    }
}
