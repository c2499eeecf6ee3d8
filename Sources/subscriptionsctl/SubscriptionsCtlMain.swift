import Foundation
import SubscriptionControl

/// `subscriptionsctl`: runs ``SubscriptionsCtl`` with the process's standard streams.
@main
enum SubscriptionsCtlMain {
    static func main() async {
        await ControlContext.$output.withValue(StandardStreams()) {
            await SubscriptionsCtl.main()
        }
    }
}

/// Standard output and standard error; a terminal on standard output gets readable event lines.
struct StandardStreams: ControlOutput {
    func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    func writeError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    var isErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    func writeProgress(_ text: String) {
        // Carriage return, the text, then erase to the end of the line (ANSI EL).
        FileHandle.standardError.write(Data((text.isEmpty ? "\n" : "\r\(text)\u{1B}[K").utf8))
    }
}
