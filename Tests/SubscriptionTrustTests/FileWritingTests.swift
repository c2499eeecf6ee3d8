import Foundation
import Testing

@testable import SubscriptionTrust

/// A private key is written into a file created with its final mode: never readable by others,
/// not even between a write and a chmod (docs/reliability.md, "Inputs tried").
@Suite struct FileWritingTests {
    @Test("a secret is written 0600, also over a readable file, and leaves no temporary file")
    func secretMode() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "file-writing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appending(path: "AuthKey_TEST.p8")
        try Data("old".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        try FileWriting.write(Data("-----BEGIN PRIVATE KEY-----".utf8), to: url, mode: 0o600)
        #expect(try String(contentsOf: url, encoding: .utf8) == "-----BEGIN PRIVATE KEY-----")
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["AuthKey_TEST.p8"])
    }

    @Test("a signing identity's private keys are 0600 and its certificates 0644")
    func identityModes() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "identity-\(UUID().uuidString)").path
        let identity = try SigningIdentity.create()
        try identity.identity.write(to: folder, root: identity.root)
        let names = SigningIdentity.FileName.self
        for (name, mode) in [(names.leafKey, 0o600), (names.rootKey, 0o600), (names.leaf, 0o644)] {
            let path = "\(folder)/\(name)"
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == mode, "\(name)")
        }
    }
}
