import Foundation
import PostgresNIO
import SubscriptionStore

/// How the PostgreSQL store secures its connections: the `sslmode`, `sslrootcert`, `sslcert`
/// and `sslkey` parameters of `DATABASE_URL`, named as libpq names them (docs/scale-out.md,
/// "TLS to PostgreSQL").
///
/// | `sslmode` | encrypted | certificate checked | host name checked |
/// | --- | --- | --- | --- |
/// | `disable` (default) | no | – | – |
/// | `require` | yes | yes | yes (stricter than libpq's `require`, which checks nothing) |
/// | `verify-ca` | yes | yes | no |
/// | `verify-full` | yes | yes | yes |
///
/// The certificate is checked against `sslrootcert` (a PEM file of CA certificates) or, when it
/// is absent or `system`, against the system's trusted roots. `sslcert` and `sslkey` (PEM files,
/// together) are a client certificate for a server that asks for one.
public struct PostgresTLSSettings: Sendable, Hashable {
    /// Whether the connection uses TLS and what it checks.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Plain TCP (a server on loopback or a private network).
        case disable
        /// TLS, the server's certificate and host name verified (as ``verifyFull``).
        case require
        /// TLS, the server's certificate verified against the CAs, its host name not.
        case verifyCA = "verify-ca"
        /// TLS, the server's certificate verified against the CAs and its host name checked.
        case verifyFull = "verify-full"
    }

    /// The URL parameters read, in libpq's names.
    public static let parameters = ["sslmode", "sslrootcert", "sslcert", "sslkey"]

    public var mode: Mode
    /// PEM file of the CAs to trust; nil: the system's roots.
    public var rootCertificatePath: String?
    /// PEM file of the client certificate.
    public var certificatePath: String?
    /// PEM file of the client certificate's key.
    public var keyPath: String?

    /// Plain TCP.
    public init(mode: Mode = .disable, rootCertificatePath: String? = nil, certificatePath: String? = nil, keyPath: String? = nil) {
        self.mode = mode
        self.rootCertificatePath = rootCertificatePath
        self.certificatePath = certificatePath
        self.keyPath = keyPath
    }

    /// The settings of a URL's query items (other names are the caller's to refuse); an error
    /// names the parameter and what it must be.
    init(queryItems: [URLQueryItem]) throws(StoreError) {
        self.init()
        for item in queryItems {
            let value = item.value ?? ""
            switch item.name {
            case "sslmode":
                guard let mode = Mode(rawValue: value) else {
                    let names = Mode.allCases.map(\.rawValue).joined(separator: ", ")
                    throw StoreError(.invalidLocation, "sslmode must be one of \(names), got '\(value.prefix(40))'")
                }
                self.mode = mode
            case "sslrootcert": rootCertificatePath = try value == "system" ? nil : Self.file(value, parameter: item.name)
            case "sslcert": certificatePath = try Self.file(value, parameter: item.name)
            case "sslkey": keyPath = try Self.file(value, parameter: item.name)
            default: continue
            }
        }
        if mode == .disable, rootCertificatePath != nil || certificatePath != nil || keyPath != nil {
            throw StoreError(.invalidLocation, "sslrootcert, sslcert and sslkey need TLS: set sslmode to require, verify-ca or verify-full")
        }
        if (certificatePath == nil) != (keyPath == nil) {
            throw StoreError(.invalidLocation, "a client certificate needs both sslcert and sslkey; only one is set")
        }
    }

    /// The postgres-nio TLS setting: certificates and keys are read now, so a bad file fails
    /// here, naming it.
    func connectionTLS() throws -> PostgresConnection.Configuration.TLS {
        guard mode != .disable else { return .disable }
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = mode == .verifyCA ? .noHostnameVerification : .fullVerification
        if let rootCertificatePath {
            configuration.trustRoots = .certificates(try Self.certificates(rootCertificatePath, parameter: "sslrootcert"))
        }
        if let certificatePath, let keyPath {
            configuration.certificateChain = try Self.certificates(certificatePath, parameter: "sslcert").map { .certificate($0) }
            do {
                configuration.privateKey = .privateKey(try NIOSSLPrivateKey(file: keyPath, format: .pem))
            } catch {
                throw StoreError(.invalidLocation, "sslkey '\(keyPath)' is not an unencrypted PEM private key: \(error)")
            }
        }
        return .require(try NIOSSLContext(configuration: configuration))
    }

    /// What a failed connection's `error` says about TLS, in words, or nil when it is no TLS
    /// failure: a certificate that is not trusted, a host name that does not match.
    func explain(_ error: any Error) -> String? {
        let underlying = (error as? PSQLError)?.underlying ?? error
        guard underlying is NIOSSLError || underlying is NIOSSLExtraError || underlying is BoringSSLError else { return nil }
        let trusted = rootCertificatePath.map { "the CAs of sslrootcert '\($0)'" } ?? "the system's trusted roots"
        let text = String(describing: underlying)
        if text.contains("CERTIFICATE_VERIFY_FAILED") || text.lowercased().contains("hostname") {
            let name = mode == .verifyCA ? "" : " and must name the host of DATABASE_URL (sslmode=\(mode.rawValue))"
            return "TLS: the server's certificate was refused (\(text)): it must chain to \(trusted)\(name)"
        }
        return "TLS with the server failed (\(text))"
    }

    private static func file(_ path: String, parameter: String) throws(StoreError) -> String {
        guard !path.isEmpty, FileManager.default.isReadableFile(atPath: path) else {
            throw StoreError(.invalidLocation, "\(parameter) '\(path)' is not a readable file")
        }
        return path
    }

    private static func certificates(_ path: String, parameter: String) throws -> [NIOSSLCertificate] {
        do {
            let certificates = try NIOSSLCertificate.fromPEMFile(path)
            guard !certificates.isEmpty else { throw StoreError(.invalidLocation, "no certificate in it") }
            return certificates
        } catch {
            throw StoreError(.invalidLocation, "\(parameter) '\(path)' is not a PEM file of certificates: \(error)")
        }
    }
}
