import ChildProcess
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program of the repository's own (a script under `scripts/`, `openssl`) to its end
/// without blocking Swift's cooperative pool: posix_spawn, then waitpid polled with WNOHANG.
public enum ScriptRun {
    /// The repository's root (this file is Tests/ServiceTestSupport/ScriptRun.swift).
    public static var repositoryRoot: URL {
        URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs `arguments` with `environment` added to ours; standard output and error go to
    /// `output` (discarded by default). Throws, naming `arguments`, when it exits non-zero.
    public static func run(_ arguments: [String], environment: [String: String] = [:], output: String = "/dev/null") async throws {
        let merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let pid = try ChildProcess.spawn(arguments, environment: merged, standardOutput: .truncating(output), standardError: .standardOutput)
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result == -1 && errno != EINTR { throw HarnessError("waitpid for \(arguments.first ?? "?") failed: errno \(errno)") }
            try? await Task.sleep(for: .milliseconds(50))
        }
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            let said = (try? String(contentsOfFile: output, encoding: .utf8)).map { ": \($0.suffix(2000))" } ?? ""
            throw HarnessError("\(arguments.joined(separator: " ")) exited with status \(status)\(said)")
        }
    }

    /// Runs `arguments` and returns what they printed (standard output and error).
    public static func output(_ arguments: [String], environment: [String: String] = [:]) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appending(path: "script-run-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: file) }
        try await run(arguments, environment: environment, output: file.path)
        return try String(contentsOf: file, encoding: .utf8)
    }
}

/// A certificate authority of a test's own, made with `openssl` in `directory`: `ca.pem`, and
/// certificates it signs on demand. For "a CA the server does not use" in TLS tests.
public struct TestCertificateAuthority: Sendable {
    public let directory: URL

    /// The CA's certificate (PEM).
    public var certificatePath: String { directory.appending(path: "ca.pem").path }

    /// Makes a new CA in a fresh temporary directory.
    public static func make(name: String) async throws -> TestCertificateAuthority {
        let directory = FileManager.default.temporaryDirectory.appending(path: "test-ca-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try await ScriptRun.run([
            "/usr/bin/openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=\(name) test CA",
            "-keyout", directory.appending(path: "ca.key").path, "-out", directory.appending(path: "ca.pem").path,
        ])
        return TestCertificateAuthority(directory: directory)
    }

    /// Removes the CA's files.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
