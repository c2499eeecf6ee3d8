/* What tally.c (options, the own queue, output) and eventlog.c (reading the event log) share. */
#ifndef TALLY_H
#define TALLY_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>

/* rabbitmq-c >= 0.12 moved its headers under rabbitmq-c/; Debian 12 ships 0.11. */
#if __has_include(<rabbitmq-c/amqp.h>)
#include <rabbitmq-c/amqp.h>
#include <rabbitmq-c/tcp_socket.h>
#else
#include <amqp.h>
#include <amqp_tcp_socket.h>
#endif

#include "subscriptions/v1/events.pb-c.h"

#define CHANNEL 1
#define HEARTBEAT_SECONDS 30

struct entry {
    char *key;
    unsigned long count;
};

struct tally {
    unsigned long total, undecodable;
    /* Reading the event log: duplicates dropped (same message_id), events whose sequence is not
     * above their subscription's last one. */
    int reads_stream;
    unsigned long duplicates, out_of_order;
    struct entry *entries;
    size_t used, capacity;
};

/* Messages read and the time from the first to the last (the rate line on stderr). */
struct rate {
    unsigned long count;
    double first, last;
};

/* Where --from starts. */
enum start_kind { START_FIRST, START_LAST, START_NEXT, START_OFFSET, START_TIME };
struct start {
    enum start_kind kind;
    int64_t offset;    /* START_OFFSET */
    int64_t millis;    /* START_TIME: milliseconds since the epoch */
};

extern volatile sig_atomic_t stop_signal;

void tally_add(struct tally *t, const char *key);
void tally_write(struct tally *t, FILE *out);
void rate_delivered(struct rate *r);
void rate_print(const struct rate *r);
void event_key(char *buf, size_t size, const Subscriptions__V1__NotificationEvent *e);
void die_on_reply(amqp_rpc_reply_t r, const char *what);
void die_on_status(int status, const char *what);
double now_seconds(void);
amqp_connection_state_t open_connection(const struct amqp_connection_info *info, const char *vhost, int fatal);

/* eventlog.c */
int parse_start(const char *text, struct start *start);
int read_event_log(const struct amqp_connection_info *info, const char *vhost, const char *stream,
                   const struct start *start, unsigned long expect, double idle_timeout,
                   struct tally *tally, struct rate *rate);

#endif
