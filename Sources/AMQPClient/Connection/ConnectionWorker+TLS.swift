import CRabbitMQ
import Foundation

extension ConnectionWorker {
    /// A TLS socket trusting ``AMQPConfiguration/tlsCACertificatePath`` or else the system's
    /// roots, presenting the client certificate when one is configured, and verifying the
    /// broker's certificate and host name unless ``AMQPConfiguration/tlsVerifyPeer`` is off.
    func makeTLSSocket(for connection: amqp_connection_state_t) throws(AMQPError) -> OpaquePointer {
        guard let socket = amqp_ssl_socket_new(connection) else {
            throw AMQPError(.tls, "cannot create a TLS socket")
        }
        if let path = configuration.tlsCACertificatePath {
            guard amqp_ssl_socket_set_cacert(socket, path) == AMQP_STATUS_OK.rawValue else {
                throw AMQPError(.tls, "cannot read CA certificates from '\(path)' (a PEM file of one or more certificates)")
            }
        } else if configuration.tlsVerifyPeer, crmq_ssl_socket_trust_system_roots(socket) == 0 {
            throw AMQPError(.tls, "cannot load the system's trusted CA certificates (OpenSSL's default paths, SSL_CERT_FILE, SSL_CERT_DIR)")
        }
        switch (configuration.tlsCertificatePath, configuration.tlsKeyPath) {
        case (nil, nil):
            break
        case (let certificate?, let key?):
            guard amqp_ssl_socket_set_key(socket, certificate, key) == AMQP_STATUS_OK.rawValue else {
                throw AMQPError(
                    .tls,
                    "cannot use the client certificate '\(certificate)' with the key '\(key)' (PEM files, the key unencrypted and matching the certificate)"
                )
            }
        case (.some, nil), (nil, .some):
            throw AMQPError(.tls, "a client certificate needs both a certificate file and its key file; only one is set")
        }
        amqp_ssl_socket_set_verify_peer(socket, configuration.tlsVerifyPeer ? 1 : 0)
        amqp_ssl_socket_set_verify_hostname(socket, configuration.tlsVerifyPeer ? 1 : 0)
        return socket
    }

    /// The error of a TLS handshake that failed with `status`, saying what was trusted and what
    /// OpenSSL reported (e.g. "certificate verify failed"); nil when `status` is no TLS failure.
    func tlsHandshakeFailure(status: Int32, endpoint: AMQPEndpoint) -> AMQPError? {
        let tlsStatuses = [
            AMQP_STATUS_SSL_ERROR, AMQP_STATUS_SSL_HOSTNAME_VERIFY_FAILED, AMQP_STATUS_SSL_PEER_VERIFY_FAILED,
            AMQP_STATUS_SSL_CONNECTION_FAILED,
        ].map(\.rawValue)
        guard tlsStatuses.contains(status) else { return nil }
        var buffer = [CChar](repeating: 0, count: 256)
        crmq_tls_take_error(&buffer, buffer.count)
        let detail = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let trusted = configuration.tlsCACertificatePath.map { "the CA file '\($0)'" } ?? "the system's trusted CA certificates"
        var message = "TLS handshake with \(endpoint.address) failed: \(String(cString: amqp_error_string2(status)))"
        if !detail.isEmpty { message += " (\(detail))" }
        if status == AMQP_STATUS_SSL_HOSTNAME_VERIFY_FAILED.rawValue || detail.contains("certificate verify failed")
            || status == AMQP_STATUS_SSL_PEER_VERIFY_FAILED.rawValue
        {
            message += "; the broker's certificate must chain to \(trusted) and name the host '\(endpoint.host)'"
                + " (rabbitmq-c checks DNS names, not IP addresses)"
        } else if detail.contains("alert") || status == AMQP_STATUS_SSL_ERROR.rawValue {
            message += "; the broker refused the handshake: it may require a client certificate"
                + (configuration.tlsCertificatePath == nil ? " (none is configured)" : " that it trusts")
        }
        return AMQPError(.tls, message)
    }
}
