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
