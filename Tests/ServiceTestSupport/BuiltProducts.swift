import Foundation

/// Where the package's built executables are: `E2E_BIN_DIR` when set, otherwise the directory of
/// the running test bundle, which SwiftPM builds beside them (`.build/debug` for `swift test`,
/// `.build/release` for `swift test -c release`, as `scripts/test.sh` runs it).
public enum BuiltProducts {
    /// The directory holding `subscriptions-consumer`, `subscriptions-producer`, `subscriptionsctl`, ….
    public static var directory: URL {
        if let configured = ProcessInfo.processInfo.environment["E2E_BIN_DIR"], !configured.isEmpty {
            return URL(filePath: configured)
        }
        // The bundle is an executable on Linux (`subscriptionsPackageTests.xctest`); resolved so a
        // symlinked `.build/release` still names the real directory.
        let bundle = Bundle.main.executableURL ?? URL(filePath: "/proc/self/exe")
        return bundle.resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The built executable `name` (e.g. `subscriptions-consumer`).
    public static func executable(_ name: String) -> URL {
        directory.appending(path: name)
    }
}
