#!/usr/bin/env python3
"""A Python grpcio client of the gRPC front door against the real services (scripts/check-grpc.sh).

Its stubs are generated from Protos/ (generate.sh: Debian's protoc and grpc_python_plugin), as an
application team calling the service from its own backend would generate them. Starts the
consumer and the producer (GRPC_PORT set, the API keys made by the shell script) on a private bus
prefix and checks, over gRPC (`subscriptions.v1.SubscriptionCommands`):
  - Purchase with an operator token answers the new subscription, with `x-command-id` in the
    initial metadata; the same call with the same `idempotency-key` answers the same
    subscription under the same command id (the consumer's stored reply);
  - GetAllSubscriptionStatuses with an app token finds it;
  - a purchase of a product the catalog lacks fails with NOT_FOUND, the consumer's message, and
    in the status details (google.rpc.Status, grpc-status-details-bin) an ErrorInfo and the
    reply's subscriptions.v1.ErrorDetail with Apple's error code, which the trailing metadata
    `apple-error-code` repeats;
  - no token gets UNAUTHENTICATED, an app token on an operations method PERMISSION_DENIED,
    both with their error code in the details;
  - with the consumer stopped, a call with a deadline of 1.5 s ends with DEADLINE_EXCEEDED
    within about that time (gRPC's deadline, not the producer's REPLY_TIMEOUT of 5 s), and a
    call without one ends after REPLY_TIMEOUT with the producer's own DEADLINE_EXCEEDED and its
    code 5049000 in the details.
Prints "N passed, 0 failed" and exits 0, or names the first failure and exits 1.
"""
import argparse
import os
import subprocess
import sys
import time
import urllib.request
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "generated"))

import grpc  # noqa: E402
from google.rpc import error_details_pb2  # noqa: E402
from grpc_status import rpc_status  # noqa: E402
from subscriptions.v1 import commands_pb2, service_pb2_grpc, status_pb2  # noqa: E402

passed = 0


def check(condition, what):
    """Counts a passed check or stops the run naming the failed one."""
    global passed
    if not condition:
        raise SystemExit(f"FAILED: {what}")
    passed += 1
    print(f"ok - {what}", flush=True)


def wait_until(what, condition, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise SystemExit(f"FAILED: timed out waiting for {what}")


def healthy(url):
    try:
        return urllib.request.urlopen(url, timeout=2).status == 200
    except OSError:
        return False


def details(error):
    """(ErrorInfo, subscriptions.v1.ErrorDetail) of a failed call's google.rpc.Status."""
    status = rpc_status.from_call(error)
    info, detail = None, None
    for packed in status.details if status else []:
        if packed.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            packed.Unpack(info)
        elif packed.Is(status_pb2.ErrorDetail.DESCRIPTOR):
            detail = status_pb2.ErrorDetail()
            packed.Unpack(detail)
    return info, detail


def trailer(error, key):
    return dict(error.trailing_metadata() or ()).get(key)


def start(args, binary, env, log):
    return subprocess.Popen([f"{args.bin}/{binary}"], env=dict(os.environ, **env), stdout=open(log, "w"),
                            stderr=subprocess.STDOUT)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for name in ("bin", "keys", "operator-token", "app-token", "catalog", "amqp-url", "bus-prefix", "work"):
        parser.add_argument(f"--{name}", required=True)
    for name in ("producer-port", "consumer-port", "grpc-port"):
        parser.add_argument(f"--{name}", type=int, required=True)
    args = parser.parse_args()

    common = dict(AMQP_URL=args.amqp_url, BUS_PREFIX=args.bus_prefix, HTTP_HOST="127.0.0.1", LOG_LEVEL="info")
    consumer = start(args, "subscriptions-consumer", dict(
        common, HTTP_PORT=str(args.consumer_port), CLOCK="system", DATABASE_PATH=f"{args.work}/subscriptions.sqlite",
        CATALOG_PATH=args.catalog), f"{args.work}/consumer.log")
    producer = start(args, "subscriptions-producer", dict(
        common, HTTP_PORT=str(args.producer_port), GRPC_PORT=str(args.grpc_port), AUTH_KEYS=args.keys,
        REPLY_TIMEOUT="5"), f"{args.work}/producer.log")
    try:
        for port in (args.producer_port, args.consumer_port):
            url = f"http://127.0.0.1:{port}/health"
            wait_until(url, lambda: healthy(url))
        with grpc.insecure_channel(f"127.0.0.1:{args.grpc_port}") as channel:
            run(args, service_pb2_grpc.SubscriptionCommandsStub(channel), consumer)
    finally:
        for process in (producer, consumer):
            process.terminate()
            process.wait(timeout=30)
    print(f"{passed} passed, 0 failed")


def run(args, stub, consumer):
    operator = [("authorization", f"Bearer {args.operator_token}")]
    app = [("authorization", f"Bearer {args.app_token}")]
    customer = f"grpc-{uuid.uuid4().hex[:8]}"
    purchase = commands_pb2.PurchaseRequest(customer_id=customer, product_id="news.standard.weekly", storefront="USA")

    # --- a purchase, its replay, a read ------------------------------------------------
    key = [("idempotency-key", f"grpc-check-{uuid.uuid4()}")]
    reply, call = stub.Purchase.with_call(purchase, metadata=operator + key, timeout=30)
    original = reply.subscription.transaction_info.original_transaction_id
    command_id = dict(call.initial_metadata()).get("x-command-id")
    check(original and reply.subscription.transaction_info.product_id == "news.standard.weekly",
          f"Purchase answers the subscription ({original})")
    check(command_id, f"x-command-id in the initial metadata ({command_id})")
    replay, call = stub.Purchase.with_call(purchase, metadata=operator + key, timeout=30)
    check(replay.subscription.transaction_info.original_transaction_id == original
          and dict(call.initial_metadata()).get("x-command-id") == command_id,
          "the same idempotency-key answers the same subscription under the same command id")

    statuses = stub.GetAllSubscriptionStatuses(
        commands_pb2.GetAllSubscriptionStatusesRequest(transaction_id=original), metadata=app, timeout=30)
    found = [item.original_transaction_id for group in statuses.data for item in group.last_transactions]
    check(original in found, f"GetAllSubscriptionStatuses with an app token finds it ({found})")

    # --- errors as gRPC status codes with Apple's code in the details ----------------------
    unknown = commands_pb2.PurchaseRequest(customer_id=customer + "-x", product_id="no.such.product", storefront="USA")
    try:
        stub.Purchase(unknown, metadata=operator, timeout=30)
        check(False, "a purchase of an unknown product fails")
    except grpc.RpcError as error:
        info, detail = details(error)
        check(error.code() == grpc.StatusCode.NOT_FOUND, f"an unknown product: NOT_FOUND ({error.code()}: {error.details()})")
        check(detail is not None and detail.apple_error_code != 0 and detail.http_status == 404,
              f"its ErrorDetail in the status details carries Apple's code ({detail})")
        check(info is not None and info.domain == "subscriptions.v1"
              and info.metadata["appleErrorCode"] == str(detail.apple_error_code),
              f"and an ErrorInfo with the same code ({info})")
        check(trailer(error, "apple-error-code") == str(detail.apple_error_code),
              "the trailing metadata apple-error-code repeats it")

    for metadata, code, what in ((None, grpc.StatusCode.UNAUTHENTICATED, "no token"),
                                 (app, grpc.StatusCode.PERMISSION_DENIED, "an app token on Purchase")):
        try:
            stub.Purchase(purchase, metadata=metadata, timeout=30)
            check(False, f"{what} is refused")
        except grpc.RpcError as error:
            _, detail = details(error)
            check(error.code() == code and detail is not None and detail.apple_error_code // 10000 in (401, 403),
                  f"{what}: {code.name} with its code ({detail.apple_error_code if detail else None}: {error.details()})")

    # --- deadlines: gRPC's own, else the producer's REPLY_TIMEOUT ---------------------------
    consumer.terminate()
    consumer.wait(timeout=30)
    late = commands_pb2.PurchaseRequest(customer_id=customer + "-late", product_id="news.standard.weekly", storefront="USA")
    started = time.monotonic()
    try:
        stub.Purchase(late, metadata=operator, timeout=1.5)
        check(False, "no consumer: the call with a deadline fails")
    except grpc.RpcError as error:
        elapsed = time.monotonic() - started
        check(error.code() == grpc.StatusCode.DEADLINE_EXCEEDED and 1.4 <= elapsed < 4,
              f"no consumer, deadline 1.5 s: DEADLINE_EXCEEDED after {elapsed:.2f} s")
    started = time.monotonic()
    try:
        stub.Purchase(late, metadata=operator)  # no deadline: the producer's REPLY_TIMEOUT applies
        check(False, "no consumer: the call without a deadline fails")
    except grpc.RpcError as error:
        elapsed = time.monotonic() - started
        _, detail = details(error)
        check(error.code() == grpc.StatusCode.DEADLINE_EXCEEDED and detail is not None
              and detail.apple_error_code == 5049000 and 4.5 <= elapsed < 10,
              f"no consumer, no deadline: the producer's DEADLINE_EXCEEDED at REPLY_TIMEOUT 5 s "
              f"({elapsed:.2f} s, {detail.apple_error_code if detail else None}: {error.details()})")


if __name__ == "__main__":
    main()
