import Dispatch
import Foundation

/// Appends lines to a golden file on a serial dispatch queue of its own, so the recorder's file
/// writes never block a thread of the cooperative pool. Lines land in the order they were
/// appended (the recorder awaits each before the next).
final class GoldenFileWriter: @unchecked Sendable {
    // @unchecked: `handle` is only used on `queue`.
    private let queue = DispatchQueue(label: "subscriptionsctl.golden-file")
    private let handle: FileHandle

    /// Creates (or empties) `file` for writing.
    init(creating file: URL) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil), let handle = try? FileHandle(forWritingTo: file) else {
            throw ControlError("cannot create golden file \(file.path)")
        }
        self.handle = handle
    }

    /// Appends `line` and a newline.
    func append(_ line: String) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            queue.async {
                continuation.resume(with: Result { try self.handle.write(contentsOf: Data((line + "\n").utf8)) })
            }
        }
    }

    /// Closes the file after the lines appended before.
    func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                try? self.handle.close()
                continuation.resume()
            }
        }
    }
}
