#ifndef CRABBITMQ_SHIM_H
#define CRABBITMQ_SHIM_H

/* rabbitmq-c >= 0.12 installs its headers under rabbitmq-c/; Debian 12 ships 0.11 with flat headers. */
#if __has_include(<rabbitmq-c/amqp.h>)
#include <rabbitmq-c/amqp.h>
#include <rabbitmq-c/tcp_socket.h>
#include <rabbitmq-c/ssl_socket.h>
#else
#include <amqp.h>
#include <amqp_framing.h>
#include <amqp_tcp_socket.h>
#include <amqp_ssl_socket.h>
#endif

/* rabbitmq-c never loads OpenSSL's default trust store: without a CA file its TLS context trusts
 * nothing. Two OpenSSL functions, declared here rather than through <openssl/ssl.h> (which would
 * bring all of OpenSSL into this module), fill that gap and explain a failed handshake. */
struct ssl_ctx_st;
int SSL_CTX_set_default_verify_paths(struct ssl_ctx_st *ctx);
unsigned long ERR_get_error(void);
void ERR_clear_error(void);
void ERR_error_string_n(unsigned long error, char *buffer, size_t length);

/* Trust the system's CA certificates (OpenSSL's default file and directory, which SSL_CERT_FILE
 * and SSL_CERT_DIR override) on a TLS socket: 1 on success, 0 on failure. */
static inline int crmq_ssl_socket_trust_system_roots(amqp_socket_t *socket) {
    struct ssl_ctx_st *context = (struct ssl_ctx_st *)amqp_ssl_socket_get_context(socket);
    return context != NULL && SSL_CTX_set_default_verify_paths(context) == 1;
}

/* Empties this thread's OpenSSL error queue (before a handshake, so that what follows is its own). */
static inline void crmq_tls_clear_errors(void) { ERR_clear_error(); }

/* The oldest error left in this thread's OpenSSL error queue as text (e.g. "...:certificate verify
 * failed"), the queue emptied; an empty string when there is none. */
static inline void crmq_tls_take_error(char *buffer, size_t length) {
    unsigned long first = ERR_get_error();
    buffer[0] = 0;
    if (first != 0) ERR_error_string_n(first, buffer, length);
    while (ERR_get_error() != 0) {}
}

/* amqp_login() is variadic, which Swift cannot call: this fixed-arity wrapper uses SASL PLAIN. */
static inline amqp_rpc_reply_t crmq_login_plain(amqp_connection_state_t state, const char *vhost,
                                                int channel_max, int frame_max, int heartbeat,
                                                const char *user, const char *password) {
    return amqp_login(state, vhost, channel_max, frame_max, heartbeat, AMQP_SASL_METHOD_PLAIN, user, password);
}

/* Same, with client properties (e.g. connection_name shown by the management UI). */
static inline amqp_rpc_reply_t crmq_login_plain_with_properties(amqp_connection_state_t state, const char *vhost,
                                                                int channel_max, int frame_max, int heartbeat,
                                                                const amqp_table_t *properties,
                                                                const char *user, const char *password) {
    return amqp_login_with_properties(state, vhost, channel_max, frame_max, heartbeat, properties,
                                      AMQP_SASL_METHOD_PLAIN, user, password);
}

#endif
