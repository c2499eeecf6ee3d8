#!/usr/bin/env python3
"""Publish one CommandEnvelope straight to the commands exchange and print the reply.

What another service does without the producer's HTTP API (README, "Publishing commands
directly"): build a subscriptions.v1.CommandEnvelope, publish it persistent and mandatory
to `subscriptions.commands` with the method's full name as routing key, `reply_to` an
exclusive queue of its own and `correlation_id` = `command_id`, and wait for the
CommandReply.

    python3 publish_command.py purchase --customer c-42 --product news.basic.monthly --storefront USA
    python3 publish_command.py auto-renew --original-transaction-id 2000000000000001 --off
"""

import argparse
import os
import sys
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "generated"))

import pika  # noqa: E402
from google.protobuf import json_format  # noqa: E402
from subscriptions.v1 import commands_pb2, envelope_pb2  # noqa: E402

SERVICE = "subscriptions.v1.SubscriptionCommands"


def envelope_for(args):
    envelope = envelope_pb2.CommandEnvelope(command_id=str(uuid.uuid4()), schema_version=1)
    envelope.issued_at.GetCurrentTime()
    envelope.deadline.FromSeconds(int(time.time()) + args.timeout)
    if args.command == "purchase":
        envelope.purchase.CopyFrom(commands_pb2.PurchaseRequest(
            customer_id=args.customer, product_id=args.product, storefront=args.storefront))
        return envelope, "Purchase"
    action = commands_pb2.AUTO_RENEW_ACTION_DISABLE if args.off else commands_pb2.AUTO_RENEW_ACTION_ENABLE
    envelope.set_auto_renew.CopyFrom(commands_pb2.SetAutoRenewRequest(
        original_transaction_id=args.original_transaction_id, action=action))
    return envelope, "SetAutoRenew"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--amqp-url", default=os.environ.get("AMQP_URL", "amqp://guest:guest@127.0.0.1:5672/"))
    parser.add_argument("--exchange", default=os.environ.get("BUS_PREFIX", "subscriptions") + ".commands")
    parser.add_argument("--timeout", type=int, default=10, help="seconds to wait for the reply (also the deadline)")
    sub = parser.add_subparsers(dest="command", required=True)
    purchase = sub.add_parser("purchase")
    purchase.add_argument("--customer", required=True)
    purchase.add_argument("--product", required=True)
    purchase.add_argument("--storefront", default="USA")
    renew = sub.add_parser("auto-renew")
    renew.add_argument("--original-transaction-id", required=True)
    renew.add_argument("--off", action="store_true")
    args = parser.parse_args()

    envelope, method = envelope_for(args)
    connection = pika.BlockingConnection(pika.URLParameters(args.amqp_url))
    channel = connection.channel()
    channel.confirm_delivery()
    reply_queue = channel.queue_declare(queue="", exclusive=True).method.queue
    channel.basic_publish(
        exchange=args.exchange,
        routing_key=f"{SERVICE}/{method}",
        body=envelope.SerializeToString(),
        mandatory=True,
        properties=pika.BasicProperties(
            content_type="application/x-protobuf", type="subscriptions.v1.CommandEnvelope",
            message_id=envelope.command_id, correlation_id=envelope.command_id, reply_to=reply_queue,
            delivery_mode=2, expiration=str(args.timeout * 1000), headers={"x-schema-version": 1}),
    )
    deadline = time.time() + args.timeout
    while time.time() < deadline:
        method_frame, properties, body = channel.basic_get(reply_queue, auto_ack=True)
        if method_frame and properties.correlation_id == envelope.command_id:
            reply = envelope_pb2.CommandReply.FromString(body)
            print(json_format.MessageToJson(reply))
            connection.close()
            sys.exit(0 if reply.status == 0 else 1)
        time.sleep(0.05)
    connection.close()
    sys.exit(f"publish_command.py: no reply within {args.timeout} s")


if __name__ == "__main__":
    main()
