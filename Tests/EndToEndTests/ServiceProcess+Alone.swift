import Foundation
import ServiceTestSupport

extension ServiceProcess {
    /// Starts the built `service` on its own, without a stack: with `arguments` and
    /// `environment` (less the variables in `unsetting`), a database and the example catalog in a
    /// fresh directory, its output in `<service>.log` there (a service refusing its
    /// configuration, or printing its help).
    static func startAlone(
        _ service: String, arguments: [String] = [], environment: [String: String], unsetting: Set<String> = []
    ) throws -> ServiceProcess {
        let directory = FileManager.default.temporaryDirectory.appending(path: "\(service)-alone-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = [
            "DATABASE_PATH": directory.appending(path: "s.sqlite").path,
            "CATALOG_PATH": Stack.repositoryRoot.appending(path: "Config/catalog.example.json").path,
        ]
        return try ServiceProcess(
            name: service, executable: BuiltProducts.executable(service).path, arguments: arguments,
            environment: environment.merging(files) { given, _ in given },
            logPath: directory.appending(path: "\(service).log").path, unsetting: unsetting)
    }
}
