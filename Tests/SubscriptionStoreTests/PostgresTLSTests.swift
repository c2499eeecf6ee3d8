import Foundation
import ServiceTestSupport
import SubscriptionStore
import SubscriptionStorePostgres
import Testing

/// `DATABASE_URL`'s TLS parameters (libpq's names), read without a server.
@Suite("PostgreSQL TLS settings")
struct PostgresTLSSettingsTests {
    @Test("sslmode verify-ca and verify-full with sslrootcert (a file, or system for the system's roots) and a client certificate")
    func parses() throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "tls-settings-\(UUID().uuidString).pem")
        try Data("placeholder".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let full = try PostgresStoreConfiguration(url: "postgres://u@db/d?sslmode=verify-full&sslrootcert=\(file.path)")
        #expect(full.tls == PostgresTLSSettings(mode: .verifyFull, rootCertificatePath: file.path))
        let chainOnly = try PostgresStoreConfiguration(url: "postgres://u@db/d?sslmode=verify-ca&sslrootcert=system")
        #expect(chainOnly.tls == PostgresTLSSettings(mode: .verifyCA))
        let client = try PostgresStoreConfiguration(
            url: "postgres://u@db/d?sslmode=require&sslcert=\(file.path)&sslkey=\(file.path)")
        #expect(client.tls == PostgresTLSSettings(mode: .require, certificatePath: file.path, keyPath: file.path))
    }

    @Test("a TLS parameter that cannot work is refused at start, naming it", arguments: [
        ("postgres://u:secret@h/d?sslmode=prefer", "sslmode must be one of disable, require, verify-ca, verify-full"),
        ("postgres://u:secret@h/d?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem", "sslrootcert '/nonexistent/ca.pem' is not a readable file"),
        ("postgres://u:secret@h/d?sslrootcert=system&sslcert=/etc/hostname&sslkey=/etc/hostname", "need TLS: set sslmode"),
        ("postgres://u:secret@h/d?sslmode=require&sslcert=/etc/hostname", "needs both sslcert and sslkey"),
    ])
    func refuses(url: String, reason: String) {
        do {
            _ = try PostgresStoreConfiguration(url: url)
            Issue.record("accepted \(url)")
        } catch {
            #expect(error.code == .invalidLocation)
            #expect(error.message.contains(reason), "\(error.message)")
            #expect(!error.message.contains("secret"), "\(error.message)")
        }
    }
}

/// The store against a private PostgreSQL server with TLS on and plain connections refused
/// (scripts/postgres-local.sh, POSTGRES_LOCAL_TLS=1), its certificate from a CA made for the
/// test and naming localhost only, not 127.0.0.1 (NIOSSL accepts a certificate naming the
/// address it connected to, whatever host name was asked for).
@Suite("PostgreSQL over TLS", .serialized, .requiresPostgres)
struct PostgresTLSTests {
    @Test(
        "the server's CA connects with verify-full at the name its certificate has and with verify-ca at an address it lacks; verify-full at that address, another CA, the system's roots and a plain connection are refused, each saying why"
    )
    func verifiesTheServer() async throws {
        let otherCA = try await TestCertificateAuthority.make(name: "other")
        defer { otherCA.remove() }
        let server = try PrivatePostgresServer(
            name: "tls-\(ProcessInfo.processInfo.processIdentifier % 1000)",
            environment: ["POSTGRES_LOCAL_TLS": "1", "POSTGRES_LOCAL_TLS_NAMES": "DNS:localhost"])
        try await server.use { server in
            let ca = server.caPath
            // verify-full at the name the certificate has: the store opens, writes and reads.
            let store = try await PostgresStore.open(
                url: server.url(host: "localhost", query: "sslmode=verify-full&sslrootcert=\(ca)"), logger: StoreBackend.logger)
            try await store.write { try $0.setSetting("tls", to: "on") }
            #expect(try await store.read { try $0.setting("tls") } == "on")
            await store.close()
            // verify-ca checks the chain only: 127.0.0.1, which the certificate lacks, is fine.
            let chainOnly = try await PostgresStore.open(
                url: server.url(query: "sslmode=verify-ca&sslrootcert=\(ca)"), logger: StoreBackend.logger)
            #expect(try await chainOnly.read { try $0.setting("tls") } == "on")
            await chainOnly.close()

            let wrongName = await refusal(server.url(query: "sslmode=verify-full&sslrootcert=\(ca)"))
            #expect(wrongName.contains("must name the host of DATABASE_URL (sslmode=verify-full)"), "\(wrongName)")
            let wrongCA = await refusal(server.url(host: "localhost", query: "sslmode=verify-full&sslrootcert=\(otherCA.certificatePath)"))
            #expect(wrongCA.contains("must chain to the CAs of sslrootcert '\(otherCA.certificatePath)'"), "\(wrongCA)")
            let systemRoots = await refusal(server.url(host: "localhost", query: "sslmode=require"))
            #expect(systemRoots.contains("must chain to the system's trusted roots"), "\(systemRoots)")
            // The server takes TLS connections only (hostssl): what connected above was TLS.
            let plain = await refusal(server.url(query: "sslmode=disable"))
            #expect(plain.contains("no encryption"), "\(plain)")
        }
    }

    /// The message of the error opening `url` gives; the password never in it.
    private func refusal(_ url: String) async -> String {
        do {
            let store = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
            await store.close()
            Issue.record("\(PostgresStoreConfiguration.redacted(url)) connected")
            return ""
        } catch {
            #expect(error.code == .cannotOpen)
            #expect(!error.message.contains("subscriptions-local-dev"), "\(error.message)")
            return error.message
        }
    }
}
