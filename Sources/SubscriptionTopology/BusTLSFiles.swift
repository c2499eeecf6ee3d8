import AMQPClient
import Foundation
import ServiceConfiguration

/// The TLS files of a bus connection, read the same way by both services, `subscriptionsctl`
/// and the load tool (docs/amqp-client.md, "TLS"):
///
/// | variable | meaning | default |
/// | --- | --- | --- |
/// | `AMQP_TLS_CA_FILE` | PEM file of the CAs that sign the broker's certificate, trusted instead of the system's | the system's trusted roots |
/// | `AMQP_TLS_CERT_FILE` | PEM file of a client certificate for a broker that asks for one | none |
/// | `AMQP_TLS_KEY_FILE` | PEM file of its private key (unencrypted) | none |
///
/// They apply to `amqps://` URLs only; set with an `amqp://` URL they are refused, since the
/// connection would not be encrypted at all.
public struct BusTLSFiles: Sendable, Hashable {
    /// The variables, in the order they are read.
    public enum Variable: String, CaseIterable, Sendable {
        case caFile = "AMQP_TLS_CA_FILE"
        case certificateFile = "AMQP_TLS_CERT_FILE"
        case keyFile = "AMQP_TLS_KEY_FILE"
    }

    /// The CA file; nil: the system's roots.
    public var caFile: String?
    /// The client certificate file.
    public var certificateFile: String?
    /// The client certificate's key file.
    public var keyFile: String?

    /// Files given explicitly (tests, flags).
    public init(caFile: String? = nil, certificateFile: String? = nil, keyFile: String? = nil) {
        self.caFile = caFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }

    /// The files named by the variables; each must be a readable file, and a certificate comes
    /// with its key. A missing or unreadable file is refused by name at start, not at the first
    /// connection attempt.
    public init(_ reader: EnvironmentReader) throws(ConfigurationError) {
        caFile = try Self.readableFile(.caFile, reader)
        certificateFile = try Self.readableFile(.certificateFile, reader)
        keyFile = try Self.readableFile(.keyFile, reader)
        if let certificateFile, keyFile == nil {
            throw ConfigurationError(
                variable: Variable.keyFile.rawValue, value: "", expected: "the key file of AMQP_TLS_CERT_FILE=\(certificateFile)")
        }
        if let keyFile, certificateFile == nil {
            throw ConfigurationError(
                variable: Variable.certificateFile.rawValue, value: "", expected: "the certificate file of AMQP_TLS_KEY_FILE=\(keyFile)")
        }
    }

    /// Whether no file is set.
    public var isEmpty: Bool { caFile == nil && certificateFile == nil && keyFile == nil }

    /// `configuration` with these files; refused when a file is set and an endpoint of
    /// `configuration` is a plain `amqp://` one.
    public func applied(to configuration: AMQPConfiguration) throws(ConfigurationError) -> AMQPConfiguration {
        var configuration = configuration
        guard !isEmpty else { return configuration }
        if let plain = configuration.endpoints.first(where: { !$0.tls }) {
            let variable = caFile != nil ? Variable.caFile : Variable.certificateFile
            throw ConfigurationError(
                variable: variable.rawValue, value: (caFile ?? certificateFile) ?? "",
                expected: "amqps:// URLs only (AMQP_URL has \(plain.redactedURL), which is not encrypted)")
        }
        configuration.tlsCACertificatePath = caFile
        configuration.tlsCertificatePath = certificateFile
        configuration.tlsKeyPath = keyFile
        return configuration
    }

    /// The AMQP configuration of `url` with the TLS files of `environment`: what every program
    /// of the product connects with. A bad URL is an ``AMQPError`` (``AMQPError/Code/invalidURL``),
    /// a bad file a ``ConfigurationError`` naming the variable.
    public static func configuration(url: String, environment: [String: String]) throws -> AMQPConfiguration {
        try BusTLSFiles(EnvironmentReader(environment)).applied(to: AMQPConfiguration(url: url))
    }

    private static func readableFile(_ variable: Variable, _ reader: EnvironmentReader) throws(ConfigurationError) -> String? {
        guard let path = reader.string(variable.rawValue) else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            FileManager.default.isReadableFile(atPath: path)
        else {
            throw ConfigurationError(variable: variable.rawValue, value: path, expected: "a readable PEM file")
        }
        return path
    }
}
