import ArgumentParser
import SubscriptionControl

/// Runs `subscriptionsctl` in-process with captured output, as the executable would.
enum CtlRun {
    struct Result: Sendable {
        var code: Int32
        var output: CapturedOutput
    }

    static func run(_ arguments: [String]) async -> Result {
        let output = CapturedOutput()
        let code: Int32 = await ControlContext.$output.withValue(output) {
            do {
                var command = try SubscriptionsCtl.parseAsRoot(arguments)
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
                return 0
            } catch {
                let code = SubscriptionsCtl.exitCode(for: error).rawValue
                if code != 1 && code != 2 || !(error is ExitCode) { output.writeError("\(error)") }
                return code
            }
        }
        return Result(code: code, output: output)
    }
}
