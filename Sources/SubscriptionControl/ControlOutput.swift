import Foundation
import Synchronization

/// Where `subscriptionsctl` writes: the library never prints, it writes lines to the output
/// the executable (standard streams) or a test (``CapturedOutput``) provides.
public protocol ControlOutput: Sendable {
    /// Writes one line of results (standard output).
    func write(_ line: String)
    /// Writes one line of diagnostics (standard error).
    func writeError(_ line: String)
    /// Whether results go to a terminal (readable lines) or to a pipe or file (JSON lines).
    var isTerminal: Bool { get }
    /// Whether diagnostics go to a terminal, where a progress bar is redrawn in place.
    var isErrorTerminal: Bool { get }
    /// Redraws the progress line on standard error (a terminal only): no newline, the line
    /// replaced by the next call; an empty text ends it with a newline.
    func writeProgress(_ text: String)
}

extension ControlOutput {
    /// Not a terminal unless the output says so.
    public var isErrorTerminal: Bool { false }

    /// Nothing to redraw unless the output is a terminal.
    public func writeProgress(_ text: String) {}
}

/// The output of the running command, set by the executable or a test around `run()`.
public enum ControlContext {
    /// The output commands write to; unless set, lines are only kept in memory.
    @TaskLocal public static var output: any ControlOutput = CapturedOutput()
}

/// Keeps every line in memory: for tests, and the default when nothing else is set.
public final class CapturedOutput: ControlOutput {
    private let state = Mutex<(lines: [String], errors: [String])>(([], []))

    /// An empty output that claims not to be a terminal.
    public init() {}

    public func write(_ line: String) { state.withLock { $0.lines.append(line) } }
    public func writeError(_ line: String) { state.withLock { $0.errors.append(line) } }
    public var isTerminal: Bool { false }

    /// Every result line written so far.
    public var lines: [String] { state.withLock { $0.lines } }
    /// Every diagnostic line written so far.
    public var errors: [String] { state.withLock { $0.errors } }
}
