import Foundation

/// Writes a file with its final permissions from its first byte: a private key is never
/// readable by others, not even for the moment between a write and a `chmod`.
package enum FileWriting {
    /// Writes `data` to `url` with `mode` (e.g. `0o600`): into a new file in the same folder,
    /// created with that mode (`O_CREAT | O_EXCL`), synced, then renamed over `url`.
    package static func write(_ data: Data, to url: URL, mode: mode_t) throws {
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/.\(url.lastPathComponent).\(UInt32.random(in: .min ... .max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw failure("create", temporary) }
        var written = 0
        let ok = data.withUnsafeBytes { bytes -> Bool in
            guard let base = bytes.baseAddress else { return true }
            while written < bytes.count {
                let count = Glibc.write(descriptor, base + written, bytes.count - written)
                if count < 0 { if errno == EINTR { continue } else { return false } }
                written += count
            }
            return true
        }
        guard ok, fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else {
            let error = failure("write", temporary)
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, url.path) == 0 else {
            let error = failure("rename", url.path)
            unlink(temporary)
            throw error
        }
    }

    private static func failure(_ operation: String, _ path: String) -> CocoaError {
        CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: "\(operation) \(path): \(String(cString: strerror(errno)))"])
    }
}
