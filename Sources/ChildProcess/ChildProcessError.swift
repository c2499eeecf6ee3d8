#if canImport(Glibc)
import Glibc
#endif

/// Why a child process could not be started, and which executable it was.
public struct ChildProcessError: Error, CustomStringConvertible, Equatable {
    /// What went wrong.
    public enum Code: Sendable, Equatable {
        /// The argument vector was empty.
        case noExecutable
        /// This C library cannot close inherited descriptors in the child (glibc before 2.34).
        case cannotCloseInheritedDescriptors
        /// `posix_spawn` (or a file action) failed with this errno.
        case spawnFailed(errno: Int32)
    }

    public let code: Code
    public let executable: String

    init(_ code: Code, executable: String) {
        self.code = code
        self.executable = executable
    }

    public var description: String {
        switch code {
        case .noExecutable: "cannot start a process: no executable given"
        case .cannotCloseInheritedDescriptors:
            "cannot start \(executable): this C library has no posix_spawn_file_actions_addclosefrom_np (glibc 2.34 or later needed)"
        case .spawnFailed(let number):
            "cannot start \(executable): \(String(cString: strerror(number))) (errno \(number))"
        }
    }
}
