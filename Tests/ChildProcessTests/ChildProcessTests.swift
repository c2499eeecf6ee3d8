import ChildProcess
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Child processes")
struct ChildProcessTests {
    @Test("a child holds only its three standard streams: a port the parent bound and closed is free while the child runs")
    func noInheritedDescriptors() async throws {
        // Not close-on-exec, like the harness's port probe was: what a child used to inherit.
        let socket = try BoundSocket()
        let file = open("/dev/null", O_RDONLY)
        defer { close(file) }
        let pid = try ChildProcess.spawn(["/bin/sleep", "30"], environment: [:], standardOutput: .truncating("/dev/null"))
        defer { Self.kill(pid) }
        socket.close()
        let descriptors = try Self.descriptors(of: pid)
        #expect(descriptors.keys.filter { $0 < 3 }.sorted() == [0, 1, 2], "the child's descriptors: \(descriptors)")
        // posix_spawn returns once exec has begun: on a loaded machine the child may still be
        // starting, a library or a locale file open (fd 3 in a full run; libc.so.6, LC_* files
        // and /etc/locale.alias in 3,000 spawns beside busy loops). Anything else is ours.
        let others = descriptors.filter { $0.key >= 3 && !Self.isStartupFile($0.value) }
        #expect(others.isEmpty, "the child's descriptors: \(descriptors)")
        // A spawn of another test holds a copy of every descriptor of ours from its fork until
        // its close (microseconds; more on a loaded machine): give the port 2 s. The child here,
        // before the fix, held it for its whole life.
        let deadline = ContinuousClock.now + .seconds(2)
        while true {
            do {
                try BoundSocket(port: socket.port).close()
                break
            } catch {
                guard ContinuousClock.now < deadline else { throw error }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    @Test("standard output and error go to one file; appending keeps what was there; standard input reads the given file")
    func redirections() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appending(path: "log").path
        let input = directory.appending(path: "input").path
        try "before\n".write(toFile: log, atomically: true, encoding: .utf8)
        try "from input\n".write(toFile: input, atomically: true, encoding: .utf8)
        let pid = try ChildProcess.spawn(
            ["/bin/sh", "-c", "cat; echo \"out $GREETING\"; echo err >&2"], environment: ["GREETING": "hello"],
            standardInput: .reading(input), standardOutput: .appending(log), standardError: .standardOutput)
        #expect(Self.wait(pid) == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "before\nfrom input\nout hello\nerr\n")

        let truncated = try ChildProcess.spawn(["/bin/sh", "-c", "echo only"], environment: [:], standardOutput: .truncating(log))
        #expect(Self.wait(truncated) == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "only\n")
    }

    @Test("a missing executable is refused by name with its errno; an empty argument vector is refused")
    func refusals() {
        let missing = #expect(throws: ChildProcessError.self) {
            try ChildProcess.spawn(["/nonexistent/program"], environment: [:])
        }
        #expect(missing?.code == .spawnFailed(errno: ENOENT))
        #expect(missing?.description.contains("/nonexistent/program") == true, "\(String(describing: missing))")
        let empty = #expect(throws: ChildProcessError.self) { try ChildProcess.spawn([], environment: [:]) }
        #expect(empty?.code == .noExecutable)
    }

    /// The open descriptors of process `pid` and what each refers to (a path, `socket:[…]`,
    /// `pipe:[…]`); one closed while listed is left out.
    private static func descriptors(of pid: pid_t) throws -> [Int: String] {
        let directory = "/proc/\(pid)/fd"
        var result: [Int: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            guard let descriptor = Int(name),
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\(name)")
            else { continue }
            result[descriptor] = target
        }
        return result
    }

    /// Whether `path` is what a program opens and closes again while it starts: the loader's
    /// cache, its libraries, its locale files.
    private static func isStartupFile(_ path: String) -> Bool {
        ["/etc/ld.so.cache", "/etc/locale.alias"].contains(path) || path.hasPrefix("/usr/lib/") || path.hasPrefix("/lib/")
    }

    /// The exit status of `pid` once it has exited.
    private static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status
    }

    private static func kill(_ pid: pid_t) {
        _ = Glibc.kill(pid, SIGKILL)
        _ = wait(pid)
    }
}

/// A TCP socket bound to 127.0.0.1 (at `port`, or at one the kernel picks), not close-on-exec.
private final class BoundSocket {
    let descriptor: Int32
    let port: Int

    init(port: Int = 0) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard descriptor >= 0, bound else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { Glibc.close(descriptor) }
            throw BindFailure(description: "cannot bind 127.0.0.1:\(port): \(reason)")
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
        Glibc.close(descriptor)
    }
}

private struct BindFailure: Error, CustomStringConvertible {
    let description: String
}
