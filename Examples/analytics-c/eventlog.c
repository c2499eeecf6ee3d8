/*
 * The event log: the stream <exchange>.log the services keep, read from a point (--from) and
 * then live through one consumer (docs/event-stream.md):
 *
 *   - basic.consume with the argument x-stream-offset: "first", "last" or "next" as a string, an
 *     offset as a signed 64-bit integer, a time as an AMQP timestamp (seconds), the types the
 *     broker expects; a stream also needs a prefetch (basic.qos) and manual acks, which only
 *     let the broker send more (nothing is removed, nothing redelivered, no nack);
 *   - a time keeps the events signed at or after it: the stream is entered SEEK_MARGIN seconds
 *     earlier by the broker's clock (an event is appended after it is signed), and what was
 *     signed before is dropped;
 *   - duplicates (a message_id seen before) are counted apart; so are events whose sequence is
 *     not above the last one of their subscription;
 *   - a lost connection (a broker restart) is opened again and the reading resumes at the
 *     offset after the last one read (the x-stream-offset header of every delivery).
 */
#define _DEFAULT_SOURCE /* timegm */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tally.h"

#define STREAM_PREFETCH 1000
#define SEEK_MARGIN 60

/* ---- --from ----------------------------------------------------------------- */

/* "2026-12-01T00:00:00Z", "2026-12-01T09:30:00.250+01:00": milliseconds since the epoch. */
static int parse_time(const char *text, int64_t *millis) {
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    int consumed = 0;
    if (sscanf(text, "%4d-%2d-%2dT%2d:%2d:%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour,
               &tm.tm_min, &tm.tm_sec, &consumed) != 6 || consumed != 19)
        return 0;
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    const char *p = text + consumed;
    int64_t fraction = 0;
    if (*p == '.') {
        int64_t scale = 100;
        for (p++; isdigit((unsigned char)*p); p++, scale /= 10) fraction += scale * (*p - '0');
    }
    int64_t zone = 0;
    if (*p == 'Z' && p[1] == '\0') {
        zone = 0;
    } else if ((*p == '+' || *p == '-') && strlen(p) == 6 && p[3] == ':') {
        int hours, minutes;
        if (sscanf(p + 1, "%2d:%2d", &hours, &minutes) != 2) return 0;
        zone = (*p == '+' ? 1 : -1) * (hours * 3600 + minutes * 60);
    } else {
        return 0;
    }
    *millis = ((int64_t)timegm(&tm) - zone) * 1000 + fraction;
    return 1;
}

int parse_start(const char *text, struct start *start) {
    memset(start, 0, sizeof *start);
    if (strcmp(text, "first") == 0) start->kind = START_FIRST;
    else if (strcmp(text, "last") == 0) start->kind = START_LAST;
    else if (strcmp(text, "next") == 0) start->kind = START_NEXT;
    else if (*text && strspn(text, "0123456789") == strlen(text)) {
        start->kind = START_OFFSET;
        start->offset = strtoll(text, NULL, 10);
    } else if (parse_time(text, &start->millis)) {
        start->kind = START_TIME;
    } else {
        return 0;
    }
    return 1;
}

/* ---- a set of strings, each with a number (open addressing, FNV-1a) ------------ */

struct strtab {
    char **keys;
    uint64_t *values;
    size_t capacity, used;
};

static uint64_t fnv1a(const char *key) {
    uint64_t hash = 14695981039346656037ull;
    for (; *key; key++) hash = (hash ^ (unsigned char)*key) * 1099511628211ull;
    return hash;
}

/* The slot of `key`, added (value 0, *added = 1) when absent. */
static size_t strtab_slot(struct strtab *t, const char *key, int *added) {
    if (2 * (t->used + 1) > t->capacity) {
        struct strtab bigger = {calloc(t->capacity ? 2 * t->capacity : 1024, sizeof(char *)), NULL,
                                t->capacity ? 2 * t->capacity : 1024, 0};
        bigger.values = calloc(bigger.capacity, sizeof(uint64_t));
        if (!bigger.keys || !bigger.values) { perror("tally: calloc"); exit(1); }
        for (size_t i = 0; i < t->capacity; i++) {
            if (!t->keys[i]) continue;
            size_t j = fnv1a(t->keys[i]) & (bigger.capacity - 1);
            while (bigger.keys[j]) j = (j + 1) & (bigger.capacity - 1);
            bigger.keys[j] = t->keys[i];
            bigger.values[j] = t->values[i];
            bigger.used++;
        }
        free(t->keys);
        free(t->values);
        *t = bigger;
    }
    size_t i = fnv1a(key) & (t->capacity - 1);
    while (t->keys[i]) {
        if (strcmp(t->keys[i], key) == 0) { *added = 0; return i; }
        i = (i + 1) & (t->capacity - 1);
    }
    t->keys[i] = strdup(key);
    if (!t->keys[i]) { perror("tally: strdup"); exit(1); }
    t->values[i] = 0;
    t->used++;
    *added = 1;
    return i;
}

static void strtab_free(struct strtab *t) {
    for (size_t i = 0; i < t->capacity; i++) free(t->keys[i]);
    free(t->keys);
    free(t->values);
}

/* ---- reading ------------------------------------------------------------------ */

struct reader {
    const struct start *start;
    int64_t next_offset; /* after the last offset read; -1 before the first */
    unsigned long expect;
    struct tally *tally;
    struct strtab seen, last_sequence;
};

static int64_t header_offset(const amqp_basic_properties_t *p) {
    if (!(p->_flags & AMQP_BASIC_HEADERS_FLAG)) return -1;
    for (int i = 0; i < p->headers.num_entries; i++) {
        const amqp_table_entry_t *e = &p->headers.entries[i];
        if (e->key.len != 15 || memcmp(e->key.bytes, "x-stream-offset", 15) != 0) continue;
        switch (e->value.kind) {
        case AMQP_FIELD_KIND_I64: return e->value.value.i64;
        case AMQP_FIELD_KIND_U64: return (int64_t)e->value.value.u64;
        case AMQP_FIELD_KIND_I32: return e->value.value.i32;
        default: return -1;
        }
    }
    return -1;
}

/* Counts one delivery; 1 once `expect` messages are counted. */
static int handle(struct reader *r, const amqp_message_t *message) {
    const amqp_basic_properties_t *p = &message->properties;
    int64_t offset = header_offset(p);
    if (offset >= 0) r->next_offset = offset + 1;
    struct tally *t = r->tally;
    Subscriptions__V1__NotificationEvent *event =
        subscriptions__v1__notification_event__unpack(NULL, message->body.len, message->body.bytes);
    if (!event) {
        /* No time of its own: the AMQP timestamp (whole seconds), when there is one. */
        if (r->start->kind != START_TIME || !(p->_flags & AMQP_BASIC_TIMESTAMP_FLAG) ||
            (int64_t)p->timestamp >= r->start->millis / 1000) {
            t->total++;
            t->undecodable++;
        }
        return r->expect && t->total >= r->expect;
    }
    int64_t signed_ms = event->signed_date ? event->signed_date->seconds * 1000 + event->signed_date->nanos / 1000000 : 0;
    if (r->start->kind == START_TIME && signed_ms < r->start->millis) {
        subscriptions__v1__notification_event__free_unpacked(event, NULL);
        return 0;
    }
    t->total++;
    int added = 1;
    if (p->_flags & AMQP_BASIC_MESSAGE_ID_FLAG && p->message_id.len > 0) {
        char id[256];
        snprintf(id, sizeof id, "%.*s", (int)p->message_id.len, (const char *)p->message_id.bytes);
        strtab_slot(&r->seen, id, &added);
    }
    if (!added) {
        t->duplicates++;
    } else {
        if (event->subscription_id && *event->subscription_id) {
            int first;
            size_t slot = strtab_slot(&r->last_sequence, event->subscription_id, &first);
            if (!first && event->sequence <= r->last_sequence.values[slot]) t->out_of_order++;
            if (first || event->sequence > r->last_sequence.values[slot]) r->last_sequence.values[slot] = event->sequence;
        }
        char key[300];
        event_key(key, sizeof key, event);
        tally_add(t, key);
    }
    subscriptions__v1__notification_event__free_unpacked(event, NULL);
    return r->expect && t->total >= r->expect;
}

/* basic.qos and basic.consume from where the reading is; 0 when the stream does not exist (or,
 * after a broker restart, is not recovered yet). */
static int subscribe(amqp_connection_state_t conn, const char *stream, const struct reader *r) {
    amqp_basic_qos(conn, CHANNEL, 0, STREAM_PREFETCH, 0);
    die_on_reply(amqp_get_rpc_reply(conn), "basic.qos");
    amqp_table_entry_t entry;
    entry.key = amqp_cstring_bytes("x-stream-offset");
    if (r->next_offset >= 0) {
        entry.value.kind = AMQP_FIELD_KIND_I64;
        entry.value.value.i64 = r->next_offset;
    } else if (r->start->kind == START_OFFSET) {
        entry.value.kind = AMQP_FIELD_KIND_I64;
        entry.value.value.i64 = r->start->offset;
    } else if (r->start->kind == START_TIME) {
        entry.value.kind = AMQP_FIELD_KIND_TIMESTAMP;
        int64_t seconds = r->start->millis / 1000 - SEEK_MARGIN;
        entry.value.value.u64 = seconds > 0 ? (uint64_t)seconds : 0;
    } else {
        entry.value.kind = AMQP_FIELD_KIND_UTF8;
        entry.value.value.bytes = amqp_cstring_bytes(r->start->kind == START_FIRST ? "first"
                                                     : r->start->kind == START_LAST ? "last" : "next");
    }
    amqp_table_t arguments = {1, &entry};
    amqp_basic_consume(conn, CHANNEL, amqp_cstring_bytes(stream), amqp_empty_bytes, 0, 0 /* manual ack */, 0,
                       arguments);
    amqp_rpc_reply_t reply = amqp_get_rpc_reply(conn);
    if (reply.reply_type == AMQP_RESPONSE_SERVER_EXCEPTION && reply.reply.id == AMQP_CHANNEL_CLOSE_METHOD &&
        ((amqp_channel_close_t *)reply.reply.decoded)->reply_code == 404) {
        if (r->next_offset < 0)
            fprintf(stderr, "tally: the event log %s does not exist (the services declare it when they start)\n", stream);
        return 0;
    }
    die_on_reply(reply, "basic.consume");
    return 1;
}

int read_event_log(const struct amqp_connection_info *info, const char *vhost, const char *stream,
                   const struct start *start, unsigned long expect, double idle_timeout,
                   struct tally *tally, struct rate *rate) {
    struct reader r = {start, -1, expect, tally, {0}, {0}};
    double poll = idle_timeout > 0 && idle_timeout < 1 ? idle_timeout : 1.0;
    struct timeval timeout = {(time_t)poll, (suseconds_t)((poll - (double)(time_t)poll) * 1e6)};
    double last = now_seconds();
    int status = 0, done = 0, unreachable = 0;
    while (!done && !stop_signal) {
        amqp_connection_state_t conn = open_connection(info, vhost, 0);
        if (!conn) {
            if (!unreachable++) fprintf(stderr, "tally: cannot connect to %s:%d; retrying every second\n", info->host, info->port);
            if (idle_timeout > 0 && now_seconds() - last >= idle_timeout) { status = 1; break; }
            sleep(1);
            continue;
        }
        unreachable = 0;
        if (!subscribe(conn, stream, &r)) {
            amqp_destroy_connection(conn);
            /* Missing from the start: give up. Missing after a restart: the broker is still
             * recovering the stream; try again until the idle timeout. */
            if (r.next_offset < 0 || (idle_timeout > 0 && now_seconds() - last >= idle_timeout)) {
                status = 1;
                break;
            }
            sleep(1);
            continue;
        }
        uint64_t unacked_tag = 0;
        unsigned long unacked = 0;
        while (!done && !stop_signal) {
            amqp_envelope_t envelope;
            amqp_maybe_release_buffers(conn);
            amqp_rpc_reply_t reply = amqp_consume_message(conn, &envelope, &timeout, 0);
            if (reply.reply_type == AMQP_RESPONSE_LIBRARY_EXCEPTION && reply.library_error == AMQP_STATUS_TIMEOUT) {
                if (unacked) { /* let the broker send more */
                    amqp_basic_ack(conn, CHANNEL, unacked_tag, 1);
                    unacked = 0;
                }
                if (idle_timeout > 0 && now_seconds() - last >= idle_timeout) done = 1;
                continue;
            }
            if (reply.reply_type != AMQP_RESPONSE_NORMAL) {
                if (stop_signal) break;
                /* A close (the broker stopping) or a broken socket: open a new connection and
                 * go on after the last offset read. */
                fprintf(stderr, "tally: connection lost; resuming at offset %lld\n", (long long)r.next_offset);
                break;
            }
            last = now_seconds();
            rate_delivered(rate);
            done = handle(&r, &envelope.message);
            unacked_tag = envelope.delivery_tag;
            /* For a stream an ack only lets the broker send more: one per quarter prefetch. */
            if (++unacked >= STREAM_PREFETCH / 4) {
                amqp_basic_ack(conn, CHANNEL, unacked_tag, 1);
                unacked = 0;
            }
            amqp_destroy_envelope(&envelope);
        }
        if (done || stop_signal) {
            amqp_channel_close(conn, CHANNEL, AMQP_REPLY_SUCCESS);
            amqp_connection_close(conn, AMQP_REPLY_SUCCESS);
        } else {
            sleep(1);
        }
        amqp_destroy_connection(conn);
    }
    strtab_free(&r.seen);
    strtab_free(&r.last_sequence);
    return status;
}
