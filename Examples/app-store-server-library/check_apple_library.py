#!/usr/bin/env python3
"""Apple's own app-store-server-library against the real services (scripts/check-apple-library.sh).

Starts a notification receiver, then the consumer (CLOCK=manual, NOTIFICATION_URLS = the receiver)
and the producer with the signing identity and API keys made by the shell script, and checks:
  - AppStoreServerAPIClient (base URL pointed at the producer, SANDBOX, the generated app key)
    calls every endpoint it has for this service: extend one renewal date, mass extension and
    its status, Get All Subscription Statuses, Get Transaction Info, Get Transaction History v2
    (paged by revision), Get Refund History, Get Notification History (paged), Request a Test
    Notification, Get Test Notification Status, Send Consumption Information (v2) after a
    CONSUMPTION_REQUEST, Set App Account Token, Look Up Order ID (docs/refunds.md);
  - SignedDataVerifier(root = the identity's root, online checks off, SANDBOX) verifies every
    signed field received, in responses and in every notification the receiver got;
  - a token signed by another key, a missing token and a garbage token get 401; an app key on
    an operations route gets 403;
  - a receiver that answers 500 twice gets the notification on the third attempt, 1 h and 12 h
    after the first on the test clock, and Get Test Notification Status shows the three attempts.
  - every other public method of the client: Get Transaction History V1 (the library's default),
    Get App Transaction Info (verified with verify_and_decode_app_transaction), Finish Transaction,
    Send Consumption Information V1, and the whole Retention Messaging API with the retention offer
    it drives, against a Get Retention Message endpoint that verifies each request with Apple's
    verify_and_decode_realtime_request (retention_checks.py, docs/retention-messaging.md);
  - no answer was the producer's "no such route" (404 4049000) and every public method of
    AppStoreServerAPIClient was called (library_coverage.py).
Prints "N passed, 0 failed" and exits 0, or names the first failure and exits 1.
"""
import argparse
import base64
import json
import os
import subprocess
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler

import types

import jwt
import requests
import library_coverage
import retention_checks
from retention_endpoint import BurstTolerantServer
from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient, GetTransactionHistoryVersion
from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
from appstoreserverlibrary.models.ConsumptionRequestReason import ConsumptionRequestReason
from appstoreserverlibrary.models.ConsumptionRequestV1 import ConsumptionRequestV1
from appstoreserverlibrary.models.ConsumptionStatus import ConsumptionStatus
from appstoreserverlibrary.models.DeliveryStatusV1 import DeliveryStatusV1
from appstoreserverlibrary.models.Platform import Platform
from appstoreserverlibrary.models.DeliveryStatus import DeliveryStatus
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.ExtendReasonCode import ExtendReasonCode
from appstoreserverlibrary.models.ExtendRenewalDateRequest import ExtendRenewalDateRequest
from appstoreserverlibrary.models.MassExtendRenewalDateRequest import MassExtendRenewalDateRequest
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.OrderLookupStatus import OrderLookupStatus
from appstoreserverlibrary.models.RefundPreference import RefundPreference
from appstoreserverlibrary.models.SendAttemptResult import SendAttemptResult
from appstoreserverlibrary.models.TransactionHistoryRequest import Order, ProductType, TransactionHistoryRequest
from appstoreserverlibrary.models.UpdateAppAccountTokenRequest import UpdateAppAccountTokenRequest
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

BUNDLE_ID = "com.example.news"
# Signed requests of each retention performance test (the consumer's RETENTION_PERFORMANCE_TEST_REQUESTS).
PERFORMANCE_REQUESTS = 40
passed = 0


def check(condition, what):
    """Counts a passed check or stops the run naming the failed one."""
    global passed
    if not condition:
        raise SystemExit(f"FAILED: {what}")
    passed += 1
    print(f"ok - {what}", flush=True)


class Receiver:
    """An HTTP notification receiver: keeps every body; answers 500 to the next `fail_tests`
    TEST notifications (decoded without verification only to see the type)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.bodies = []
        self.test_attempts = []
        self.fail_tests = 0
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                payload = jwt.decode(json.loads(body)["signedPayload"], options={"verify_signature": False})
                status = 200
                with receiver.lock:
                    receiver.bodies.append(body)
                    if payload["notificationType"] == "TEST":
                        if receiver.fail_tests > 0:
                            receiver.fail_tests -= 1
                            status = 500
                        receiver.test_attempts.append((payload["notificationUUID"], status))
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = BurstTolerantServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/notifications"

    def notifications(self):
        with self.lock:
            return [json.loads(body)["signedPayload"] for body in self.bodies]


def wait_until(what, condition, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise SystemExit(f"FAILED: timed out waiting for {what}")


def operator_token(args):
    key = open(args.operator_key, "rb").read()
    now = int(time.time())
    return jwt.encode(
        {"iss": args.issuer_id, "iat": now, "exp": now + 600, "aud": "appstoreconnect-v1", "bid": BUNDLE_ID},
        key, algorithm="ES256", headers={"kid": args.operator_key_id, "typ": "JWT"})


def app_token(args, key_bytes=None):
    key = key_bytes or open(args.app_key, "rb").read()
    now = int(time.time())
    return jwt.encode(
        {"iss": args.issuer_id, "iat": now, "exp": now + 600, "aud": "appstoreconnect-v1", "bid": BUNDLE_ID},
        key, algorithm="ES256", headers={"kid": args.app_key_id, "typ": "JWT"})


def start_services(args, receiver, work):
    common = dict(os.environ, AMQP_URL=args.amqp_url, BUS_PREFIX=args.bus_prefix, HTTP_HOST="127.0.0.1",
                  SIGNING_IDENTITY=args.identity, LOG_LEVEL="info")
    consumer = subprocess.Popen(
        [f"{args.bin}/subscriptions-consumer"],
        env=dict(common, HTTP_PORT=str(args.consumer_port), CLOCK="manual", DATABASE_PATH=f"{work}/subscriptions.sqlite",
                 CATALOG_PATH=args.catalog, NOTIFICATION_URLS=receiver.url, NOTIFICATION_TIMEOUT="5",
                 RETENTION_PERFORMANCE_TEST_REQUESTS=str(PERFORMANCE_REQUESTS)),
        stdout=open(f"{work}/consumer.log", "w"), stderr=subprocess.STDOUT)
    producer = subprocess.Popen(
        [f"{args.bin}/subscriptions-producer"], env=dict(common, HTTP_PORT=str(args.producer_port), AUTH_KEYS=args.keys),
        stdout=open(f"{work}/producer.log", "w"), stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{args.producer_port}"
    for url in (f"{base}/health", f"http://127.0.0.1:{args.consumer_port}/health"):
        wait_until(url, lambda: _healthy(url), timeout=60)
    return consumer, producer, base


def _healthy(url):
    try:
        return requests.get(url, timeout=2).status_code == 200
    except requests.RequestException:
        return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for name in ("bin", "identity", "keys", "app-key", "app-key-id", "operator-key", "operator-key-id", "issuer-id",
                 "catalog", "amqp-url", "bus-prefix", "work"):
        parser.add_argument(f"--{name}", required=True)
    parser.add_argument("--producer-port", type=int, required=True)
    parser.add_argument("--consumer-port", type=int, required=True)
    args = parser.parse_args()

    root = open(os.path.join(args.identity, "root.cer"), "rb").read()
    verifier = SignedDataVerifier([root], False, Environment.SANDBOX, BUNDLE_ID)
    receiver = Receiver()
    consumer, producer, base = start_services(args, receiver, args.work)
    try:
        run(args, base, verifier, receiver)
    finally:
        for process in (producer, consumer):
            process.terminate()
            process.wait(timeout=30)
    print(f"{passed} passed, 0 failed")


def run(args, base, verifier, receiver):
    client = AppStoreServerAPIClient(open(args.app_key, "rb").read(), args.app_key_id, args.issuer_id, BUNDLE_ID,
                                     Environment.SANDBOX)
    client._base_url = base  # Apple's client has no base-URL option: point it at the producer.
    coverage = library_coverage.Coverage()
    coverage.watch(client)
    operator = {"Authorization": f"Bearer {operator_token(args)}"}
    verified = {"transactions": 0, "renewals": 0, "notifications": 0}

    def transaction(jws):
        decoded = verifier.verify_and_decode_signed_transaction(jws)
        verified["transactions"] += 1
        return decoded

    def renewal(jws):
        decoded = verifier.verify_and_decode_renewal_info(jws)
        verified["renewals"] += 1
        return decoded

    def notification(jws):
        decoded = verifier.verify_and_decode_notification(jws)
        verified["notifications"] += 1
        if decoded.data and decoded.data.signedTransactionInfo:
            transaction(decoded.data.signedTransactionInfo)
        if decoded.data and decoded.data.signedRenewalInfo:
            renewal(decoded.data.signedRenewalInfo)
        return decoded

    def advance(duration):
        response = requests.post(f"{base}/v1/testClock/advance", json={"advanceBy": duration}, headers=operator, timeout=30)
        check(response.status_code == 200, f"test clock advanced by {duration} ({response.text[:200]})")
        return response.json()

    # --- authentication ---------------------------------------------------------------
    customer = f"apple-{uuid.uuid4().hex[:8]}"
    purchase = {"customerId": customer, "productId": "news.standard.weekly", "storefront": "USA"}
    response = requests.post(f"{base}/v1/purchases", json=purchase, timeout=30)
    check(response.status_code == 401 and "Authorization" in response.json()["errorMessage"],
          f"no token: 401 naming the header ({response.status_code} {response.text[:120]})")
    response = requests.post(f"{base}/v1/purchases", json=purchase, headers={"Authorization": "Bearer garbage"}, timeout=30)
    check(response.status_code == 401, f"a garbage token: 401 ({response.text[:120]})")
    response = requests.post(f"{base}/v1/purchases", json=purchase,
                             headers={"Authorization": f"Bearer {app_token(args)}"}, timeout=30)
    check(response.status_code == 403, f"an app key on an operations route: 403 ({response.text[:120]})")
    other_key = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    stranger = AppStoreServerAPIClient(other_key, args.app_key_id, args.issuer_id, BUNDLE_ID, Environment.SANDBOX)
    stranger._base_url = base
    try:
        stranger.get_all_subscription_statuses("1")
        check(False, "a token signed by another key is refused")
    except APIException as error:
        check(error.http_status_code == 401, f"Apple's client with a token signed by another key: 401 ({error.http_status_code})")

    # --- a weekly subscription renewed 22 times, and its notifications -------------------
    response = requests.post(f"{base}/v1/purchases", json=purchase, headers=operator, timeout=30)
    check(response.status_code == 200, f"purchase with the operator key ({response.text[:200]})")
    purchased = transaction(response.json()["signedTransactionInfo"])
    order_id = response.json()["orderId"]
    renewal(response.json()["signedRenewalInfo"])
    original = purchased.originalTransactionId
    check(purchased.bundleId == BUNDLE_ID and purchased.productId == "news.standard.weekly",
          "the purchase's signedTransactionInfo verifies with the generated root and decodes")
    subscribed = wait_until("the SUBSCRIBED notification", lambda: [
        n for n in map(notification, receiver.notifications()) if n.notificationType == NotificationTypeV2.SUBSCRIBED])
    check(subscribed[0].data.status is not None and subscribed[0].version == "2.0",
          "the SUBSCRIBED notification reached the receiver and verifies (signedPayload, transaction, renewal)")
    advance("P21W")

    # --- App Store Server API through Apple's client --------------------------------------
    extended = client.extend_subscription_renewal_date(original, ExtendRenewalDateRequest(
        extendByDays=3, extendReasonCode=ExtendReasonCode.CUSTOMER_SATISFACTION, requestIdentifier=str(uuid.uuid4())))
    check(extended.success and extended.originalTransactionId == original, "extend a renewal date")
    mass_id = str(uuid.uuid4())
    mass = client.extend_renewal_date_for_all_active_subscribers(MassExtendRenewalDateRequest(
        extendByDays=1, extendReasonCode=ExtendReasonCode.SERVICE_ISSUE_OR_OUTAGE, requestIdentifier=mass_id,
        productId="news.standard.weekly"))
    check(mass.requestIdentifier == mass_id, "mass extension accepted")
    status = client.get_status_of_subscription_renewal_date_extensions(mass_id, "news.standard.weekly")
    check(status.requestIdentifier == mass_id, "mass extension status")
    statuses = client.get_all_subscription_statuses(original)
    items = [item for group in statuses.data for item in group.lastTransactions]
    for item in items:
        transaction(item.signedTransactionInfo)
        renewal(item.signedRenewalInfo)
    check(any(item.originalTransactionId == original for item in items), "Get All Subscription Statuses, every signed field verified")
    info = client.get_transaction_info(original)
    check(transaction(info.signedTransactionInfo).transactionId == original, "Get Transaction Info")

    pages, history, revision = 0, [], None
    while True:
        page = client.get_transaction_history(original, revision, TransactionHistoryRequest(
            sort=Order.ASCENDING, productTypes=[ProductType.AUTO_RENEWABLE], revoked=False), GetTransactionHistoryVersion.V2)
        pages += 1
        history += [transaction(jws) for jws in page.signedTransactions]
        revision = page.revision
        if not page.hasMore:
            break
    ids = [t.transactionId for t in history]
    check(pages == 2 and len(ids) == 22 and len(set(ids)) == 22 and ids[0] == original,
          f"Get Transaction History v2: 22 transactions in 2 pages by revision (got {len(ids)} in {pages})")
    check([t.purchaseDate for t in history] == sorted(t.purchaseDate for t in history), "history in ascending order")

    # --- a refund (Advanced Commerce: the Python client has no ACA calls, so plain HTTP) ----
    create = {"operation": "CREATE_SUBSCRIPTION", "version": "1", "requestInfo": {"requestReferenceId": str(uuid.uuid4())},
              "currency": "USD", "storefront": "USA", "taxCode": "C003-00-1", "period": "P1M",
              "descriptors": {"displayName": "Streaming Pass", "description": "Streaming pass"},
              "items": [{"SKU": "NEWS_BASIC", "displayName": "News", "description": "Daily news", "price": 4990}]}
    app = {"Authorization": f"Bearer {app_token(args)}"}
    response = requests.post(f"{base}/advancedCommerce/v1/inApp", json=create, headers=dict(app, **{"X-Customer-Id": customer}), timeout=30)
    check(response.status_code == 200, f"Advanced Commerce subscription created ({response.text[:200]})")
    ac_transaction = transaction(response.json()["signedTransactionInfo"]).transactionId
    refund = {"requestInfo": {"requestReferenceId": str(uuid.uuid4())}, "refundRiskingPreference": True,
              "items": [{"SKU": "NEWS_BASIC", "refundReason": "OTHER", "refundType": "FULL", "revoke": True}]}
    response = requests.post(f"{base}/advancedCommerce/v1/transaction/requestRefund/{ac_transaction}", json=refund, headers=app, timeout=30)
    check(response.status_code == 200, f"refund requested ({response.text[:200]})")
    refunds = client.get_refund_history(original, None)
    refunded = [transaction(jws) for jws in refunds.signedTransactions]
    check(any(t.transactionId == ac_transaction and t.revocationDate for t in refunded) and not refunds.hasMore,
          "Get Refund History lists the refunded transaction of the customer")

    # --- the refund flow (docs/refunds.md): the customer asks (ours), the app answers with
    # Apple's client, the operator declines (ours); Set App Account Token with Apple's client ---
    latest = history[-1].transactionId

    def notified(kind):
        return wait_until(f"the {kind} notification", lambda: [
            n for n in map(notification, receiver.notifications()) if n.notificationType == kind])

    response = requests.post(f"{base}/v1/transactions/{latest}/refundRequest",
                             json={"consumptionRequestReason": "UNSATISFIED_WITH_PURCHASE"}, headers=operator, timeout=30)
    check(response.status_code == 200, f"a customer's refund request ({response.text[:200]})")
    asked = notified(NotificationTypeV2.CONSUMPTION_REQUEST)
    check(asked[0].data.consumptionRequestReason == ConsumptionRequestReason.UNSATISFIED_WITH_PURCHASE
          and transaction(asked[0].data.signedTransactionInfo).transactionId == latest,
          "the CONSUMPTION_REQUEST notification verifies and carries consumptionRequestReason")
    client.send_consumption_information(latest, ConsumptionRequest(
        customerConsented=True, sampleContentProvided=False, deliveryStatus=DeliveryStatus.DELIVERED,
        consumptionPercentage=25000, refundPreference=RefundPreference.DECLINE))
    check(True, "Send Consumption Information (v2) through Apple's client: accepted")
    try:
        client.send_consumption_information(latest, ConsumptionRequest(
            customerConsented=False, sampleContentProvided=False, deliveryStatus=DeliveryStatus.DELIVERED))
        check(False, "consumption information without the customer's consent is refused")
    except APIException as error:
        check(error.http_status_code == 400 and error.raw_api_error == 4000035,
              f"without consent: Apple's InvalidCustomerConsentedError ({error.http_status_code} {error.raw_api_error})")
    response = requests.post(f"{base}/v1/transactions/{latest}/refundDecision", json={"decision": "DECLINE"},
                             headers=operator, timeout=30)
    check(response.status_code == 200, f"the refund declined ({response.text[:200]})")
    notified(NotificationTypeV2.REFUND_DECLINED)
    check(True, "the REFUND_DECLINED notification verifies")
    account = str(uuid.uuid4())
    client.set_app_account_token(original, UpdateAppAccountTokenRequest(appAccountToken=account))
    check(transaction(client.get_transaction_info(latest).signedTransactionInfo).appAccountToken == account,
          "Set App Account Token through Apple's client: the latest transaction carries it")
    order = client.look_up_order_id(order_id)
    check(order.status == OrderLookupStatus.VALID and [transaction(jws).transactionId for jws in order.signedTransactions] == [original],
          "Look Up Order ID through Apple's client: the purchase's order id finds its transaction, verified")
    unknown = client.look_up_order_id("MK5TTTVWJH")
    check(unknown.status == OrderLookupStatus.INVALID and not unknown.signedTransactions, "an unknown order id: status INVALID")

    # --- Get Transaction History V1, App Transaction Info, Finish Transaction, Consumption V1 ---
    v1_pages, v1_history, revision = 0, [], None
    while True:
        page = client.get_transaction_history(original, revision, TransactionHistoryRequest(sort=Order.ASCENDING))
        v1_pages += 1
        v1_history += [transaction(jws) for jws in page.signedTransactions]
        revision = page.revision
        if not page.hasMore:
            break
    check([t.transactionId for t in v1_history[:22]] == ids and v1_pages >= 2,
          f"Get Transaction History V1 (the library's default version): the same transactions, 20 per page ({len(v1_history)} in {v1_pages})")
    try:
        client.get_transaction_history(original, revision, TransactionHistoryRequest(sort=Order.ASCENDING), GetTransactionHistoryVersion.V2)
        check(False, "a V1 revision is refused by Get Transaction History v2")
    except APIException as error:
        check(error.http_status_code == 400 and error.raw_api_error == 4000005, f"a V1 revision given to v2: 400 4000005 ({error.raw_api_error})")
    app_transaction = client.get_app_transaction_info(latest)
    decoded_app = verifier.verify_and_decode_app_transaction(app_transaction.signedAppTransactionInfo)
    check(decoded_app.bundleId == BUNDLE_ID and decoded_app.receiptType == Environment.SANDBOX and decoded_app.appTransactionId
          and decoded_app.originalPurchaseDate == purchased.originalPurchaseDate,
          "Get App Transaction Info: verify_and_decode_app_transaction accepts it; one app transaction, from the first purchase")
    again = verifier.verify_and_decode_app_transaction(client.get_app_transaction_info(original).signedAppTransactionInfo)
    check(again.appTransactionId == decoded_app.appTransactionId, "the same app transaction through another transaction id of the customer")
    client.finish_transaction(latest)
    client.finish_transaction(latest)
    check(True, "Finish Transaction (twice: answered alike)")
    try:
        client.finish_transaction("9999999999")
        check(False, "Finish Transaction of an unknown transaction is refused")
    except APIException as error:
        check(error.http_status_code == 404 and error.raw_api_error == 4040010, f"Finish Transaction of an unknown id: 404 4040010 ({error.raw_api_error})")
    response = requests.post(f"{base}/v1/transactions/{latest}/refundRequest",
                             json={"consumptionRequestReason": "OTHER"}, headers=operator, timeout=30)
    check(response.status_code == 200, f"another refund request ({response.text[:200]})")
    client.send_consumption_data(latest, ConsumptionRequestV1(
        customerConsented=True, consumptionStatus=ConsumptionStatus.PARTIALLY_CONSUMED, platform=Platform.APPLE,
        sampleContentProvided=False, deliveryStatus=DeliveryStatusV1.DELIVERED_AND_WORKING_PROPERLY))
    check(True, "Send Consumption Information V1 (send_consumption_data): accepted as V2 is")
    response = requests.post(f"{base}/v1/transactions/{latest}/refundDecision", json={"decision": "DECLINE"}, headers=operator, timeout=30)
    check(response.status_code == 200, f"the second refund declined ({response.text[:200]})")

    # --- the Retention Messaging API and the retention offer (retention_checks.py) -------------
    def notified_for(subscription, kind, subtype):
        def matching():
            found = []
            for n in map(notification, receiver.notifications()):
                if n.notificationType != kind or (subtype is not None and n.subtype != subtype) or not n.data:
                    continue
                if renewal(n.data.signedRenewalInfo).originalTransactionId == subscription:
                    found.append(n)
            return found
        return wait_until(f"{kind} for {subscription}", matching)

    def renewal_status(subscription):
        statuses = client.get_all_subscription_statuses(subscription)
        return next(renewal(item.signedRenewalInfo).autoRenewStatus
                    for group in statuses.data for item in group.lastTransactions if item.originalTransactionId == subscription)

    retention_checks.run(types.SimpleNamespace(
        check=check, wait_until=wait_until, base=base, operator=operator, client=client, verifier=verifier,
        root=open(os.path.join(args.identity, "root.cer"), "rb").read(), bundle_id=BUNDLE_ID,
        app_headers=lambda: {"Authorization": f"Bearer {app_token(args)}"}, notified=notified_for,
        renewal_status=renewal_status, transaction=transaction, renewal=renewal, performance_requests=PERFORMANCE_REQUESTS))

    # --- test notification and the retry schedule -------------------------------------------
    sent = client.request_test_notification()
    token = sent.testNotificationToken
    check(bool(token), "Request a Test Notification")
    wait_until("the test notification", lambda: any(uuid_ == token.split("_")[0] for uuid_, _ in receiver.test_attempts))
    checked = client.get_test_notification_status(token)
    test = notification(checked.signedPayload)
    check(test.notificationType == NotificationTypeV2.TEST and test.data.bundleId == BUNDLE_ID,
          "Get Test Notification Status: the TEST payload verifies")
    check([a.sendAttemptResult for a in checked.sendAttempts] == [SendAttemptResult.SUCCESS], "one successful attempt")

    with receiver.lock:
        receiver.fail_tests = 2
    failing = client.request_test_notification().testNotificationToken
    failing_uuid = failing.split("_")[0]

    def attempts():
        return [status for id_, status in receiver.test_attempts if id_ == failing_uuid]

    wait_until("the first attempt", lambda: len(attempts()) >= 1)
    time.sleep(1)
    check(attempts() == [500], "the first attempt got 500 and nothing more was tried yet")
    advance("PT1H")
    wait_until("the second attempt, 1 h later", lambda: len(attempts()) >= 2)
    advance("PT10H")
    time.sleep(1)
    check(attempts() == [500, 500], "no third attempt before 12 h")
    advance("PT1H")
    wait_until("the third attempt, 12 h after the first", lambda: len(attempts()) >= 3)
    check(attempts() == [500, 500, 200], "the receiver that answered 500 twice got the notification on the third attempt")
    status = wait_until("three recorded attempts", lambda: (
        lambda s: s if len(s.sendAttempts) == 3 else None)(client.get_test_notification_status(failing)))
    results = [a.sendAttemptResult for a in status.sendAttempts]
    dates = [a.attemptDate for a in status.sendAttempts]
    check(results == [SendAttemptResult.UNSUCCESSFUL_HTTP_RESPONSE_CODE] * 2 + [SendAttemptResult.SUCCESS],
          "Get Test Notification Status shows the two failures and the success")
    check(dates[1] - dates[0] == 3_600_000 and dates[2] - dates[0] == 12 * 3_600_000,
          "attempts 1 h and 12 h after the first, on the test clock")

    # --- notification history --------------------------------------------------------------
    now_ms = int(advance("PT1S")["now"])
    start = now_ms - 400 * 86_400_000
    request = NotificationHistoryRequest(startDate=start, endDate=now_ms + 1)
    history_items, pages, token_ = [], 0, None
    while True:
        page = client.get_notification_history(token_, request)
        pages += 1
        history_items += page.notificationHistory
        token_ = page.paginationToken
        if not page.hasMore:
            break
    for item in history_items:
        notification(item.signedPayload)
    check(pages >= 2 and len(history_items) > 20, f"Get Notification History pages ({len(history_items)} in {pages} pages)")
    check(all(item.sendAttempts for item in history_items), "every history item has its send attempts")
    mine = client.get_notification_history(None, NotificationHistoryRequest(startDate=start, endDate=now_ms + 1, transactionId=original))
    check(mine.notificationHistory and all(
        notification(i.signedPayload).data.bundleId == BUNDLE_ID for i in mine.notificationHistory),
        "Get Notification History filtered by transactionId")
    for jws in receiver.notifications():
        notification(jws)
    check(verified["notifications"] > 40 and verified["transactions"] > 40 and verified["renewals"] > 20,
          f"SignedDataVerifier verified every signed field received: {verified}")

    check(not coverage.unknown_routes, f"no call of Apple's client met the producer's 404 4049000 (no such route): {coverage.unknown_routes}")
    check(not coverage.missing(),
          f"every public method of AppStoreServerAPIClient was called ({len(library_coverage.public_methods())}); missing: {coverage.missing()}")
    try:
        verifier_other_root = SignedDataVerifier([base64.b64decode(_other_root())], False, Environment.SANDBOX, BUNDLE_ID)
        verifier_other_root.verify_and_decode_notification(receiver.notifications()[0])
        check(False, "a verifier with another root refuses the payloads")
    except VerificationException:
        check(True, "a verifier given another root refuses the payloads")


def _other_root():
    """A self-signed P-256 certificate that did not sign anything here (DER, base64)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.x509.oid import NameOID
    import datetime
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "other root")])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
                   .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(days=1))
                   .not_valid_after(now + datetime.timedelta(days=3650))
                   .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                   .sign(key, hashes.SHA256()))
    return base64.b64encode(certificate.public_bytes(serialization.Encoding.DER))


if __name__ == "__main__":
    main()
