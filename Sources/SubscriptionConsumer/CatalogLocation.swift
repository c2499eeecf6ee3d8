import Foundation

/// Where the consumer reads its catalog (docs/consumer.md, "The catalog file"): `CATALOG_PATH`
/// when set (a relative path is taken from the working directory), else the first of these
/// that exists, so the binary works from any working directory:
///
/// 1. `<prefix>/share/subscriptions/catalog.json`, for an executable installed as
///    `<prefix>/bin/subscriptions-consumer`;
/// 2. `/etc/subscriptions/catalog.json`;
/// 3. `Config/catalog.example.json` of the source checkout the executable was built in
///    (the nearest directory above the executable holding `Package.swift`), for development.
public struct CatalogLocation: Sendable {
    /// The file name looked for in the installed places.
    public static let installedFileName = "catalog.json"
    /// The system-wide directory.
    public static let systemDirectory = "/etc/subscriptions"
    /// The catalog of a source checkout, relative to its root.
    public static let checkoutCatalog = "Config/catalog.example.json"

    /// The running executable's real path.
    public var executablePath: String
    /// The working directory relative paths are taken from.
    public var workingDirectory: String
    /// Whether a regular file exists at a path (injected for tests).
    var fileExists: @Sendable (String) -> Bool

    /// A location for `executablePath`, resolving relative paths against `workingDirectory`.
    public init(
        executablePath: String, workingDirectory: String,
        fileExists: @escaping @Sendable (String) -> Bool = { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    ) {
        self.executablePath = executablePath
        self.workingDirectory = workingDirectory
        self.fileExists = fileExists
    }

    /// The location of this process: its executable (`/proc/self/exe` on Linux) and working directory.
    public static func current() -> CatalogLocation {
        let fileManager = FileManager.default
        let executable = (try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? Bundle.main.executablePath ?? CommandLine.arguments.first ?? "subscriptions-consumer"
        return CatalogLocation(executablePath: executable, workingDirectory: fileManager.currentDirectoryPath)
    }

    /// The places searched when `CATALOG_PATH` is not set, in order.
    public var defaultCandidates: [String] {
        let binDirectory = absolute(executablePath).deletingLastPathComponent()
        var candidates = [
            binDirectory.deletingLastPathComponent().appending(components: "share", "subscriptions", Self.installedFileName).path,
            URL(filePath: Self.systemDirectory).appending(path: Self.installedFileName).path,
        ]
        if let checkout = checkoutRoot(above: binDirectory) {
            candidates.append(checkout.appending(path: Self.checkoutCatalog).path)
        }
        return candidates
    }

    /// The catalog file to read: `configured` (absolute, as given or from the working
    /// directory), else the first default candidate that exists.
    /// - Throws: ``CatalogNotFoundError`` naming every place searched.
    public func resolve(configured: String?) throws(CatalogNotFoundError) -> String {
        if let configured {
            let path = absolute(configured).path
            guard fileExists(path) else {
                let relative = configured.hasPrefix("/") ? "" : " (relative to the working directory \(workingDirectory))"
                throw CatalogNotFoundError(description: "CATALOG_PATH=\(configured): no catalog file at \(path)\(relative)")
            }
            return path
        }
        let candidates = defaultCandidates
        if let found = candidates.first(where: fileExists) { return found }
        let binDirectory = absolute(executablePath).deletingLastPathComponent().path
        let checkout = candidates.count < 3 ? "; no source checkout (Package.swift) above \(binDirectory)" : ""
        throw CatalogNotFoundError(
            description: "no catalog file: CATALOG_PATH is not set and none of \(candidates.joined(separator: ", ")) exists"
                + "\(checkout); set CATALOG_PATH or install the catalog in one of those places")
    }

    private func absolute(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(filePath: path) : URL(filePath: workingDirectory).appending(path: path)
    }

    /// The nearest directory at or above `directory` that holds `Package.swift`.
    private func checkoutRoot(above directory: URL) -> URL? {
        var current = directory.standardizedFileURL
        while current.path != "/" {
            if fileExists(current.appending(path: "Package.swift").path) { return current }
            current = current.deletingLastPathComponent()
        }
        return nil
    }
}

/// No catalog file where the consumer looked; the description names every place searched.
public struct CatalogNotFoundError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
