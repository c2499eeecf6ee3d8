import ArgumentParser
import Crypto
import Foundation
import SubscriptionTrust

/// `key create`: a P-256 key pair for bearer tokens; the private key goes to a `.p8` file (as
/// App Store Connect hands them out), the public key into the producer's `AUTH_KEYS` file.
struct KeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "API keys for bearer tokens (AUTH_KEYS of the producer; docs/signing-and-auth.md).",
        subcommands: [KeyCreateCommand.self]
    )
}

/// `key create`.
struct KeyCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a key pair: the private key as AuthKey_<key id>.p8, the public key added to the keys file.",
        discussion: """
            An app key (--role app) opens Apple's routes (/inApps, /advancedCommerce) to tokens whose bid is \
            --bundle-id; an operator key (--role operator) opens every route, the operations routes under /v1 too.
            Example:
              subscriptionsctl key create --keys-file keys.json --out . --key-id APPKEY0001 \\
                  --issuer-id 57246542-96fe-1a63-e053-0824d011072a --bundle-id com.example.news
            """
    )

    @Option(help: "The producer's keys file (AUTH_KEYS); created when missing.") var keysFile: String
    @Option(help: "Folder for the private key file AuthKey_<key id>.p8.") var out: String
    @Option(help: "The key id (the token header's kid).") var keyId: String
    @Option(help: "The issuer id (the token's iss).") var issuerId: String
    @Option(help: "The app's bundle id (the token's bid); required for app keys.") var bundleId: String?
    @Option(help: "app or operator.") var role: String = "app"

    func validate() throws {
        guard let role = APIKey.Role(rawValue: role) else { throw ValidationError("--role must be app or operator") }
        guard role == .operator || bundleId != nil else { throw ValidationError("an app key needs --bundle-id") }
        guard !keyId.isEmpty, keyId.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw ValidationError("--key-id takes letters, digits, '-' and '_'")
        }
    }

    func run() async throws {
        let privateKey = P256.Signing.PrivateKey()
        let folder = URL(filePath: out)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let keyFile = folder.appending(path: "AuthKey_\(keyId).p8")
        guard !FileManager.default.fileExists(atPath: keyFile.path) else { throw ControlError("\(keyFile.path) exists already") }
        try FileWriting.write(Data(privateKey.pemRepresentation.utf8), to: keyFile, mode: 0o600)
        var keys = FileManager.default.fileExists(atPath: keysFile) ? try APIKeySet(contentsOf: keysFile) : APIKeySet()
        keys.insert(APIKey(
            keyId: keyId, issuerId: issuerId, bundleId: bundleId, role: APIKey.Role(rawValue: role) ?? .app,
            publicKey: privateKey.publicKey))
        try keys.write(to: keysFile)
        let output = ControlContext.output
        output.write("private key: \(keyFile.path)")
        output.write("keys file: \(keysFile) (\(keys.keys.count) keys)")
        output.write(
            "token: subscriptionsctl token --key \(keyFile.path) --key-id \(keyId) --issuer-id \(issuerId)"
                + (bundleId.map { " --bundle-id \($0)" } ?? ""))
    }
}

/// `token`: mints a bearer token with a `.p8` private key.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print a bearer token (ES256 JWT as Apple's App Store Server API takes it) signed with a private key.",
        discussion: """
            Example:
              curl -H "Authorization: Bearer $(subscriptionsctl token --key AuthKey_APPKEY0001.p8 --key-id APPKEY0001 \\
                  --issuer-id 57246542-96fe-1a63-e053-0824d011072a --bundle-id com.example.news)" \\
                  http://127.0.0.1:8080/inApps/v1/transactions/2000000000000001
            """
    )

    @Option(help: "The private key file (PEM, e.g. AuthKey_<key id>.p8).") var key: String
    @Option(help: "The key id (kid).") var keyId: String
    @Option(help: "The issuer id (iss).") var issuerId: String
    @Option(help: "The bundle id (bid).") var bundleId: String = "com.example.news"
    @Option(help: "Lifetime in seconds, at most 3600.") var lifetime: Int = 3600

    func validate() throws {
        guard (1...3600).contains(lifetime) else { throw ValidationError("--lifetime must be 1…3600 seconds") }
    }

    func run() async throws {
        let pem: String
        do {
            pem = try String(contentsOfFile: key, encoding: .utf8)
        } catch {
            throw ControlError("cannot read \(key): \(error.localizedDescription)")
        }
        let privateKey: P256.Signing.PrivateKey
        do {
            privateKey = try P256.Signing.PrivateKey(pemRepresentation: pem)
        } catch {
            throw ControlError("\(key) is not a P-256 private key in PEM")
        }
        ControlContext.output.write(try BearerToken.mint(
            key: privateKey, keyId: keyId, issuerId: issuerId, bundleId: bundleId, lifetime: TimeInterval(lifetime)))
    }
}
