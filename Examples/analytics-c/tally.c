/*
 * Analytics consumer: tallies subscriptions.v1 NotificationEvents from RabbitMQ.
 * C twin of ../analytics-python/tally.py, with the same options and the same output
 * bytes: one line of JSON, keys sorted,
 *
 *   {"by_type": {"DID_RENEW.NONE": 2, "SUBSCRIBED.INITIAL_BUY": 3}, "total": 6, "undecodable": 1}
 *
 * It declares its own durable quorum queue bound to the topic exchange
 * `subscriptions.events`, consumes with manual acks and counts events by
 * "<NOTIFICATION_TYPE>.<SUBTYPE or NONE>". A body that does not decode is counted under
 * `undecodable` and nacked without requeue (dropped, or dead-lettered by a policy).
 *
 * With --from first|last|next|<offset>|<ISO 8601 time> it reads the event log instead, the
 * stream <exchange>.log the services keep: see eventlog.c.
 *
 * rabbitmq-c (librabbitmq) is single-threaded: everything runs on the main thread, and
 * amqp_consume_message() with a short timeout also services heartbeats.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "tally.h"

#define EXCHANGE "subscriptions.events"
#define PREFETCH 100
#define MAX_BINDS 32

/* ---- tally ------------------------------------------------------------------ */

void tally_add(struct tally *t, const char *key) {
    for (size_t i = 0; i < t->used; i++) {
        if (strcmp(t->entries[i].key, key) == 0) {
            t->entries[i].count++;
            return;
        }
    }
    if (t->used == t->capacity) {
        t->capacity = t->capacity ? 2 * t->capacity : 32;
        t->entries = realloc(t->entries, t->capacity * sizeof *t->entries);
        if (!t->entries) { perror("tally: realloc"); exit(1); }
    }
    t->entries[t->used].key = strdup(key);
    if (!t->entries[t->used].key) { perror("tally: strdup"); exit(1); }
    t->entries[t->used].count = 1;
    t->used++;
}

static int entry_cmp(const void *a, const void *b) {
    /* Byte order = Python's sort_keys for the ASCII keys we produce. */
    return strcmp(((const struct entry *)a)->key, ((const struct entry *)b)->key);
}

/* Keys are enum names, digits, '_' and '.', so no JSON escaping is needed. Reading the event
 * log adds "duplicates" and "out_of_order", in key order. */
void tally_write(struct tally *t, FILE *out) {
    qsort(t->entries, t->used, sizeof *t->entries, entry_cmp);
    fputs("{\"by_type\": {", out);
    for (size_t i = 0; i < t->used; i++)
        fprintf(out, "%s\"%s\": %lu", i ? ", " : "", t->entries[i].key, t->entries[i].count);
    fputs("}, ", out);
    if (t->reads_stream)
        fprintf(out, "\"duplicates\": %lu, \"out_of_order\": %lu, ", t->duplicates, t->out_of_order);
    fprintf(out, "\"total\": %lu, \"undecodable\": %lu}\n", t->total, t->undecodable);
}

void rate_delivered(struct rate *r) {
    double now = now_seconds();
    if (!r->count) r->first = now;
    r->last = now;
    r->count++;
}

/* "tally: read N messages in S s (R/s)" on stderr, like the Python and Swift twins. */
void rate_print(const struct rate *r) {
    if (!r->count) { fputs("tally: read 0 messages\n", stderr); return; }
    double seconds = r->last - r->first;
    fprintf(stderr, "tally: read %lu messages in %.3f s (%lu/s)\n", r->count, seconds,
            seconds > 0 ? (unsigned long)((double)r->count / seconds) : r->count);
}

/*
 * Routing-key segment of an enum value: its .proto name without `prefix`; zero is
 * `zero_name`; a number this build does not know (proto3 enums are open, protobuf-c
 * keeps the int) is its decimal text. Same rule as tally.py.
 */
static void enum_segment(char *buf, size_t size, const ProtobufCEnumDescriptor *desc,
                         int value, const char *prefix, const char *zero_name) {
    const ProtobufCEnumValue *v = value ? protobuf_c_enum_descriptor_get_value(desc, value) : NULL;
    if (value == 0) {
        snprintf(buf, size, "%s", zero_name);
    } else if (!v) {
        snprintf(buf, size, "%d", value);
    } else {
        size_t n = strlen(prefix);
        snprintf(buf, size, "%s", strncmp(v->name, prefix, n) == 0 ? v->name + n : v->name);
    }
}

void event_key(char *buf, size_t size, const Subscriptions__V1__NotificationEvent *e) {
    char kind[128], subtype[128];
    enum_segment(kind, sizeof kind, &subscriptions__v1__notification_type__descriptor,
                 (int)e->notification_type, "NOTIFICATION_TYPE_", "UNSPECIFIED");
    enum_segment(subtype, sizeof subtype, &subscriptions__v1__subtype__descriptor,
                 (int)e->subtype, "SUBTYPE_", "NONE");
    snprintf(buf, size, "%s.%s", kind, subtype);
}

/* ---- AMQP helpers ----------------------------------------------------------- */

void die_on_reply(amqp_rpc_reply_t r, const char *what) {
    switch (r.reply_type) {
    case AMQP_RESPONSE_NORMAL:
        return;
    case AMQP_RESPONSE_NONE:
        fprintf(stderr, "tally: %s: missing RPC reply\n", what);
        break;
    case AMQP_RESPONSE_LIBRARY_EXCEPTION:
        fprintf(stderr, "tally: %s: %s\n", what, amqp_error_string2(r.library_error));
        break;
    case AMQP_RESPONSE_SERVER_EXCEPTION:
        if (r.reply.id == AMQP_CONNECTION_CLOSE_METHOD || r.reply.id == AMQP_CHANNEL_CLOSE_METHOD) {
            /* Both close methods start with reply_code, reply_text. */
            amqp_connection_close_t *m = r.reply.decoded;
            fprintf(stderr, "tally: %s: server closed %s: %u %.*s\n", what,
                    r.reply.id == AMQP_CONNECTION_CLOSE_METHOD ? "connection" : "channel",
                    m->reply_code, (int)m->reply_text.len, (char *)m->reply_text.bytes);
        } else {
            fprintf(stderr, "tally: %s: server exception, method 0x%08X\n", what, r.reply.id);
        }
        break;
    }
    exit(1);
}

void die_on_status(int status, const char *what) {
    if (status < 0) {
        fprintf(stderr, "tally: %s: %s\n", what, amqp_error_string2(status));
        exit(1);
    }
}

double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Connects and opens channel 1; on failure exits when `fatal`, else returns NULL, silently (the
 * event log reader retries and says so once). */
amqp_connection_state_t open_connection(const struct amqp_connection_info *info, const char *vhost, int fatal) {
    amqp_connection_state_t conn = amqp_new_connection();
    amqp_socket_t *socket = amqp_tcp_socket_new(conn);
    if (!socket) { fputs("tally: cannot create TCP socket\n", stderr); exit(1); }
    int status = amqp_socket_open(socket, info->host, info->port);
    if (status != AMQP_STATUS_OK) {
        if (fatal) die_on_status(status, "connect");
        amqp_destroy_connection(conn);
        return NULL;
    }
    amqp_rpc_reply_t login = amqp_login(conn, vhost, 0, AMQP_DEFAULT_FRAME_SIZE, HEARTBEAT_SECONDS,
                                        AMQP_SASL_METHOD_PLAIN, info->user, info->password);
    if (login.reply_type != AMQP_RESPONSE_NORMAL && !fatal) {
        amqp_destroy_connection(conn);
        return NULL;
    }
    die_on_reply(login, "login");
    amqp_channel_open(conn, CHANNEL);
    die_on_reply(amqp_get_rpc_reply(conn), "channel.open");
    return conn;
}

/* ---- main ------------------------------------------------------------------- */

volatile sig_atomic_t stop_signal = 0;

static void on_signal(int signum) { stop_signal = signum; }

static void usage(FILE *out) {
    fputs("usage: tally [--amqp-url URL] [--exchange NAME] [--queue NAME] [--bind PATTERN]... [--expect N]\n"
          "             [--idle-timeout SECONDS] [--json-out FILE] [--declare-only]\n"
          "             [--from first|last|next|OFFSET|TIME] [--stream NAME]\n"
          "  --amqp-url URL      broker (default $AMQP_URL, else amqp://guest:guest@127.0.0.1:5672/)\n"
          "  --exchange NAME     events exchange, <BUS_PREFIX>.events (default " EXCHANGE ")\n"
          "  --queue NAME        quorum queue to declare and consume (default analytics.c)\n"
          "  --bind PATTERN      topic pattern on the exchange, repeatable (default #)\n"
          "  --expect N          stop after N messages (0: no limit)\n"
          "  --idle-timeout S    stop when nothing arrived for S seconds (0: never)\n"
          "  --json-out FILE     also write the tally to FILE\n"
          "  --declare-only      declare the queue and bindings, then exit\n"
          "  --from START        read the event log from first, last, next, an offset or an ISO 8601\n"
          "                      time (events signed at or after it), then live\n"
          "  --stream NAME       event log to read with --from (default <exchange>.log)\n", out);
}

int main(int argc, char **argv) {
    const char *env_url = getenv("AMQP_URL");
    const char *url = env_url && *env_url ? env_url : "amqp://guest:guest@127.0.0.1:5672/";
    const char *queue = "analytics.c", *json_out = NULL, *exchange = EXCHANGE, *from = NULL, *stream = NULL;
    const char *binds[MAX_BINDS];
    int nbinds = 0, declare_only = 0;
    unsigned long expect = 0;
    double idle_timeout = 0;

    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(arg, "--declare-only") == 0) { declare_only = 1; continue; }
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) { usage(stdout); return 0; }
        if (!value) { usage(stderr); return 2; }
        char *end = NULL;
        if (strcmp(arg, "--amqp-url") == 0) url = value;
        else if (strcmp(arg, "--exchange") == 0) exchange = value;
        else if (strcmp(arg, "--queue") == 0) queue = value;
        else if (strcmp(arg, "--json-out") == 0) json_out = value;
        else if (strcmp(arg, "--from") == 0) from = value;
        else if (strcmp(arg, "--stream") == 0) stream = value;
        else if (strcmp(arg, "--bind") == 0) {
            if (nbinds == MAX_BINDS) { fprintf(stderr, "tally: at most %d --bind\n", MAX_BINDS); return 2; }
            binds[nbinds++] = value;
        } else if (strcmp(arg, "--expect") == 0) {
            expect = strtoul(value, &end, 10);
            if (*end) { fprintf(stderr, "tally: bad --expect %s\n", value); return 2; }
        } else if (strcmp(arg, "--idle-timeout") == 0) {
            idle_timeout = strtod(value, &end);
            if (*end || idle_timeout < 0) { fprintf(stderr, "tally: bad --idle-timeout %s\n", value); return 2; }
        } else { usage(stderr); return 2; }
        i++;
    }
    if (nbinds == 0) binds[nbinds++] = "#";

    /* Connect. amqp_parse_url edits its argument, so parse a copy. */
    char *url_copy = strdup(url);
    struct amqp_connection_info info;
    amqp_default_connection_info(&info);
    if (!url_copy || amqp_parse_url(url_copy, &info) != AMQP_STATUS_OK) {
        fprintf(stderr, "tally: cannot parse AMQP URL %s\n", url);
        return 2;
    }
    if (info.ssl) { fputs("tally: amqps:// is not supported by this example\n", stderr); return 2; }
    /* "amqp://host/" parses to vhost "", which pika (and most clients) read as "/". */
    const char *vhost = *info.vhost ? info.vhost : "/";

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal; /* no SA_RESTART: a blocked read returns with EINTR */

    if (from) {
        struct start start;
        if (!parse_start(from, &start)) {
            fprintf(stderr, "tally: bad --from %s: expected first, last, next, an offset or an ISO 8601 "
                    "time with a zone\n", from);
            return 2;
        }
        char default_stream[512];
        snprintf(default_stream, sizeof default_stream, "%s.log", exchange);
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);
        struct tally tally = {0};
        tally.reads_stream = 1;
        struct rate rate = {0};
        int status = read_event_log(&info, vhost, stream ? stream : default_stream, &start, expect,
                                    idle_timeout, &tally, &rate);
        tally_write(&tally, stdout);
        fflush(stdout);
        rate_print(&rate);
        if (json_out) {
            FILE *f = fopen(json_out, "w");
            if (!f) { fprintf(stderr, "tally: %s: %s\n", json_out, strerror(errno)); return 1; }
            tally_write(&tally, f);
            if (fclose(f) != 0) { fprintf(stderr, "tally: %s: %s\n", json_out, strerror(errno)); return 1; }
        }
        free(url_copy);
        return status;
    }

    amqp_connection_state_t conn = open_connection(&info, vhost, 1);

    /* Declare: the exchange with the services' own arguments (topic, durable, no arguments), so
     * whoever starts first creates it and the others' declarations are no-ops: this consumer may
     * start before the services. The broker's analytics user (subscriptions-analytics,
     * Compose/README.md "Broker users") may not declare it: the broker closes the channel with
     * 403, and on the channel opened again a passive declare checks that the exchange exists.
     * Then the queue and its bindings. */
    amqp_exchange_declare(conn, CHANNEL, amqp_cstring_bytes(exchange), amqp_cstring_bytes("topic"),
                          0, 1, 0, 0, amqp_empty_table);
    amqp_rpc_reply_t declared = amqp_get_rpc_reply(conn);
    if (declared.reply_type == AMQP_RESPONSE_SERVER_EXCEPTION && declared.reply.id == AMQP_CHANNEL_CLOSE_METHOD
        && ((amqp_channel_close_t *)declared.reply.decoded)->reply_code == 403) {
        amqp_channel_close_ok_t close_ok = {0};
        die_on_status(amqp_send_method(conn, CHANNEL, AMQP_CHANNEL_CLOSE_OK_METHOD, &close_ok), "channel.close-ok");
        amqp_channel_open(conn, CHANNEL);
        die_on_reply(amqp_get_rpc_reply(conn), "channel.open");
        amqp_exchange_declare(conn, CHANNEL, amqp_cstring_bytes(exchange), amqp_cstring_bytes("topic"),
                              1 /* passive */, 0, 0, 0, amqp_empty_table);
        declared = amqp_get_rpc_reply(conn);
    }
    die_on_reply(declared, "exchange.declare");
    amqp_table_entry_t queue_args[1];
    queue_args[0].key = amqp_cstring_bytes("x-queue-type");
    queue_args[0].value.kind = AMQP_FIELD_KIND_UTF8;
    queue_args[0].value.value.bytes = amqp_cstring_bytes("quorum");
    amqp_table_t queue_table = {1, queue_args};
    amqp_queue_declare(conn, CHANNEL, amqp_cstring_bytes(queue), 0, 1, 0, 0, queue_table);
    die_on_reply(amqp_get_rpc_reply(conn), "queue.declare");
    for (int i = 0; i < nbinds; i++) {
        amqp_queue_bind(conn, CHANNEL, amqp_cstring_bytes(queue), amqp_cstring_bytes(exchange),
                        amqp_cstring_bytes(binds[i]), amqp_empty_table);
        die_on_reply(amqp_get_rpc_reply(conn), "queue.bind");
    }

    struct tally tally = {0};
    struct rate rate = {0};
    if (!declare_only) {
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);

        amqp_basic_qos(conn, CHANNEL, 0, PREFETCH, 0);
        die_on_reply(amqp_get_rpc_reply(conn), "basic.qos");
        amqp_basic_consume_ok_t *ok = amqp_basic_consume(conn, CHANNEL, amqp_cstring_bytes(queue),
                                                         amqp_empty_bytes, 0, 0 /* manual ack */, 0,
                                                         amqp_empty_table);
        die_on_reply(amqp_get_rpc_reply(conn), "basic.consume");
        /* Copied: replies live in buffers that amqp_maybe_release_buffers frees. */
        amqp_bytes_t tag = amqp_bytes_malloc_dup(ok->consumer_tag);

        /* Wake up at least every second to check the idle timeout and signals. */
        double poll = idle_timeout > 0 && idle_timeout < 1 ? idle_timeout : 1.0;
        struct timeval timeout = {(time_t)poll, (suseconds_t)((poll - (double)(time_t)poll) * 1e6)};
        double last = now_seconds();

        while (!stop_signal && !(expect && tally.total >= expect)) {
            amqp_envelope_t envelope;
            amqp_maybe_release_buffers(conn);
            amqp_rpc_reply_t r = amqp_consume_message(conn, &envelope, &timeout, 0);
            if (r.reply_type == AMQP_RESPONSE_LIBRARY_EXCEPTION &&
                r.library_error == AMQP_STATUS_TIMEOUT) {
                if (idle_timeout > 0 && now_seconds() - last >= idle_timeout) break;
                continue;
            }
            if (r.reply_type == AMQP_RESPONSE_LIBRARY_EXCEPTION &&
                r.library_error == AMQP_STATUS_SOCKET_ERROR && stop_signal)
                break; /* read interrupted by SIGINT/SIGTERM */
            if (r.reply_type == AMQP_RESPONSE_LIBRARY_EXCEPTION &&
                r.library_error == AMQP_STATUS_UNEXPECTED_STATE) {
                /* A frame other than a delivery was put back: read it. We publish nothing,
                 * so only a channel/connection close (or a broker cancel) can be here. */
                amqp_frame_t frame;
                die_on_status(amqp_simple_wait_frame(conn, &frame), "wait frame");
                if (frame.frame_type == AMQP_FRAME_METHOD &&
                    (frame.payload.method.id == AMQP_CHANNEL_CLOSE_METHOD ||
                     frame.payload.method.id == AMQP_CONNECTION_CLOSE_METHOD ||
                     frame.payload.method.id == AMQP_BASIC_CANCEL_METHOD)) {
                    tally_write(&tally, stdout); /* what was acked so far */
                    if (frame.payload.method.id == AMQP_BASIC_CANCEL_METHOD) {
                        fputs("tally: the broker cancelled the consumer (queue deleted?)\n", stderr);
                        return 1;
                    }
                    amqp_rpc_reply_t closed = {AMQP_RESPONSE_SERVER_EXCEPTION, frame.payload.method, 0};
                    die_on_reply(closed, "consume");
                }
                continue;
            }
            die_on_reply(r, "consume");

            last = now_seconds();
            rate_delivered(&rate);
            tally.total++;
            Subscriptions__V1__NotificationEvent *event = subscriptions__v1__notification_event__unpack(
                NULL, envelope.message.body.len, envelope.message.body.bytes);
            if (!event) {
                tally.undecodable++;
                die_on_status(amqp_basic_nack(conn, CHANNEL, envelope.delivery_tag, 0, 0 /* no requeue */),
                              "basic.nack");
            } else {
                char key[300];
                event_key(key, sizeof key, event);
                tally_add(&tally, key);
                subscriptions__v1__notification_event__free_unpacked(event, NULL);
                die_on_status(amqp_basic_ack(conn, CHANNEL, envelope.delivery_tag, 0), "basic.ack");
            }
            amqp_destroy_envelope(&envelope);
        }
        /* Prefetched deliveries not handled go back to the queue when the channel closes. */
        amqp_basic_cancel(conn, CHANNEL, tag);
        amqp_bytes_free(tag);

        tally_write(&tally, stdout);
        fflush(stdout);
        rate_print(&rate);
        if (json_out) {
            FILE *f = fopen(json_out, "w");
            if (!f) { fprintf(stderr, "tally: %s: %s\n", json_out, strerror(errno)); return 1; }
            tally_write(&tally, f);
            if (fclose(f) != 0) { fprintf(stderr, "tally: %s: %s\n", json_out, strerror(errno)); return 1; }
        }
    }

    amqp_channel_close(conn, CHANNEL, AMQP_REPLY_SUCCESS);
    amqp_connection_close(conn, AMQP_REPLY_SUCCESS);
    amqp_destroy_connection(conn);
    free(url_copy);
    for (size_t i = 0; i < tally.used; i++) free(tally.entries[i].key);
    free(tally.entries);
    return 0;
}
