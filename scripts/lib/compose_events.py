"""An analytics-style tap on the events exchange, for scripts/compose-e2e.sh.

    compose_events.py bind QUEUE          declare a durable quorum queue bound to the events
                                          exchange with '#' (before the commands are sent)
    compose_events.py drain QUEUE --expect-type TYPE --expect N [--idle S]
                                          read every event until N distinct events of TYPE came
                                          and the queue stayed idle S seconds; print one JSON
                                          line and delete the queue

The JSON line: deliveries, distinct message ids, duplicate deliveries (same message_id again:
at-least-once publishing allows them), events of TYPE by (subscription, sequence) and how many
of those pairs came under more than one message_id (one command applied twice would make a
second event with a new id). Environment: AMQP_URL, EVENTS_EXCHANGE (subscriptions.events),
ANALYTICS_GENERATED (folder of the generated protobuf classes).
"""

import argparse
import json
import os
import sys
import time

import pika

sys.path.insert(0, os.environ["ANALYTICS_GENERATED"])
from subscriptions.v1 import events_pb2  # noqa: E402  (generated; path set above)

EXCHANGE = os.environ.get("EVENTS_EXCHANGE", "subscriptions.events")


def channel():
    connection = pika.BlockingConnection(pika.URLParameters(os.environ["AMQP_URL"]))
    return connection, connection.channel()


def bind(queue):
    connection, ch = channel()
    ch.exchange_declare(EXCHANGE, exchange_type="topic", durable=True, passive=True)
    ch.queue_declare(queue, durable=True, arguments={"x-queue-type": "quorum"})
    ch.queue_bind(queue, EXCHANGE, routing_key="#")
    connection.close()


def drain(queue, expect_type, expect, idle, timeout):
    connection, ch = channel()
    ch.basic_qos(prefetch_count=500)
    wanted = events_pb2.NotificationType.Value(expect_type)
    seen = {}  # message_id -> (type, subscription, sequence)
    deliveries = duplicates = undecodable = 0
    last = started = time.monotonic()

    def distinct_of_type():
        return len({(s, q) for t, s, q in seen.values() if t == wanted})

    while True:
        method, properties, body = ch.basic_get(queue)
        now = time.monotonic()
        if method is None:
            if distinct_of_type() >= expect and now - last >= idle:
                break
            if now - started > timeout:
                break
            time.sleep(0.2)
            continue
        last = now
        deliveries += 1
        event = events_pb2.NotificationEvent()
        try:
            event.ParseFromString(body)
        except Exception:  # a body that is no NotificationEvent: counted, reported
            undecodable += 1
        else:
            message_id = properties.message_id or ""
            if message_id in seen:
                duplicates += 1
            else:
                seen[message_id] = (event.notification_type, event.subscription_id, event.sequence)
        ch.basic_ack(method.delivery_tag)
    pairs = {}
    for t, s, q in seen.values():
        if t == wanted:
            pairs[(s, q)] = pairs.get((s, q), 0) + 1
    ch.queue_delete(queue)
    connection.close()
    print(json.dumps({
        "deliveries": deliveries,
        "distinct_messages": len(seen),
        "duplicate_deliveries": duplicates,
        "undecodable": undecodable,
        "type": expect_type,
        "subscriptions": len({s for s, _ in pairs}),
        "events_of_type": len(pairs),
        "pairs_with_two_ids": sum(1 for n in pairs.values() if n > 1),
        "timed_out": distinct_of_type() < expect,
    }, sort_keys=True))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("op", choices=["bind", "drain"])
    parser.add_argument("queue")
    parser.add_argument("--expect-type", default="NOTIFICATION_TYPE_SUBSCRIBED")
    parser.add_argument("--expect", type=int, default=0)
    parser.add_argument("--idle", type=float, default=5)
    parser.add_argument("--timeout", type=float, default=300)
    args = parser.parse_args()
    if args.op == "bind":
        bind(args.queue)
    else:
        drain(args.queue, args.expect_type, args.expect, args.idle, args.timeout)


if __name__ == "__main__":
    main()
