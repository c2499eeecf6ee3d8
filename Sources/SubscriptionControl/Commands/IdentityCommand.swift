import ArgumentParser
import Foundation
import SubscriptionTrust

/// `identity create` and `identity show`: the signing identity both services sign with.
struct IdentityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identity",
        abstract: "Create or inspect a signing identity (root CA, intermediate, leaf; docs/signing-and-auth.md).",
        subcommands: [IdentityCreateCommand.self, IdentityShowCommand.self]
    )
}

/// `identity create`: a root CA (or the one of `--root-from`), an intermediate with Apple's
/// intermediate marker OID and a leaf with the leaf marker OID, written to a new folder.
struct IdentityCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Write a new signing identity to a folder (SIGNING_IDENTITY of both services).",
        discussion: """
            The folder gets root.pem (give it, or root.cer in DER, to verifiers), root-key.pem (keep it \
            offline: only --root-from reads it), intermediate.pem, leaf.pem and leaf-key.pem. \
            --root-from issues the new intermediate and leaf under the root of an existing identity \
            folder, so verifiers that trust that root keep verifying after the rotation.
            Examples:
              subscriptionsctl identity create --out /etc/subscriptions/identity
              subscriptionsctl identity create --out identity-2 --root-from identity-1
            """
    )

    @Option(help: "The folder to write (created; must not hold an identity).") var out: String
    @Option(help: "An identity folder whose root (root.pem, root-key.pem) issues the new certificates.") var rootFrom: String?
    @Option(help: "Common-name prefix of the certificates.") var name: String = "subscriptions"

    func run() async throws {
        let root = try rootFrom.map { try SigningIdentity.Root(directory: $0) }
        let (identity, usedRoot) = try SigningIdentity.create(root: root, commonName: name)
        try identity.write(to: out, root: usedRoot)
        let output = ControlContext.output
        output.write("signing identity written to \(out)")
        output.write("root certificate: \(URL(filePath: out).appending(path: SigningIdentity.FileName.root).path) (DER: \(SigningIdentity.FileName.rootDER))")
        output.write("root sha256: \(identity.rootFingerprint)")
    }
}

/// `identity show`: checks an identity folder as the services do and prints its certificates.
struct IdentityShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Check an identity folder as the services do at start and print its chain."
    )

    @Argument(help: "The identity folder.") var directory: String

    func run() async throws {
        let identity = try SigningIdentity(directory: directory)
        let output = ControlContext.output
        for (role, certificate) in zip(["leaf", "intermediate", "root"], identity.chain) {
            output.write("\(role): \(certificate.subject) valid \(certificate.notValidBefore.formatted(.iso8601)) … \(certificate.notValidAfter.formatted(.iso8601))")
        }
        output.write("root sha256: \(identity.rootFingerprint)")
    }
}
