#if canImport(Glibc)
import Glibc
#endif

/// A `posix_spawn_file_actions_t` that first closes every descriptor from 3 up, then applies the
/// standard streams' redirections.
struct SpawnFileActions {
    private var actions = posix_spawn_file_actions_t()

    init(for executable: String) throws(ChildProcessError) {
        posix_spawn_file_actions_init(&actions)
        guard let closeFrom = Self.addCloseFrom else {
            posix_spawn_file_actions_destroy(&actions)
            throw ChildProcessError(.cannotCloseInheritedDescriptors, executable: executable)
        }
        let status = closeFrom(&actions, 3)
        guard status == 0 else {
            posix_spawn_file_actions_destroy(&actions)
            throw ChildProcessError(.spawnFailed(errno: status), executable: executable)
        }
    }

    mutating func redirect(_ descriptor: Int32, to destination: ChildProcess.Destination) {
        switch destination {
        case .reading(let path): posix_spawn_file_actions_addopen(&actions, descriptor, path, O_RDONLY, 0)
        case .truncating(let path): posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        case .appending(let path): posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        case .standardOutput: posix_spawn_file_actions_adddup2(&actions, 1, descriptor)
        }
    }

    mutating func withPointer<Result>(_ body: (UnsafeMutablePointer<posix_spawn_file_actions_t>) -> Result) -> Result {
        body(&actions)
    }

    mutating func destroy() {
        posix_spawn_file_actions_destroy(&actions)
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Debian 12 has 2.36),
    /// looked up at run time: `spawn.h` declares it only under `_GNU_SOURCE`, which Swift's Glibc
    /// module is not built with. It closes the descriptors in the child, between fork and exec,
    /// so no descriptor opened by another thread meanwhile can slip through.
    private static let addCloseFrom: AddCloseFrom? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()
}
