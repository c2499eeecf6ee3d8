"""The Retention Messaging API and the retention offer, through Apple's client and a small Get
Retention Message endpoint that verifies every request with Apple's library (retention_endpoint.py).
Called by check_apple_library.py with its helpers in `ctx` (check, wait_until, base, operator,
client, verifier, notified, transaction, root, bundle_id)."""
import struct
import uuid
import zlib

import requests
from appstoreserverlibrary.api_client import APIException
from appstoreserverlibrary.models.BulletPoint import BulletPoint
from appstoreserverlibrary.models.DefaultConfigurationRequest import DefaultConfigurationRequest
from appstoreserverlibrary.models.HeaderPosition import HeaderPosition
from appstoreserverlibrary.models.ImageSize import ImageSize
from appstoreserverlibrary.models.ImageState import ImageState
from appstoreserverlibrary.models.MessageState import MessageState
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.PerformanceTestRequest import PerformanceTestRequest
from appstoreserverlibrary.models.PerformanceTestStatus import PerformanceTestStatus
from appstoreserverlibrary.models.RealtimeUrlRequest import RealtimeUrlRequest
from appstoreserverlibrary.models.Subtype import Subtype
from appstoreserverlibrary.models.UploadMessageImage import UploadMessageImage
from appstoreserverlibrary.models.UploadMessageRequestBody import UploadMessageRequestBody

from retention_endpoint import RetentionEndpoint

PRODUCT = "news.basic.monthly"        # has the promotional offer "thanks"
UPGRADE = "news.standard.monthly"     # same group, a higher level
OTHER_GROUP = "sports.monthly"


def png(width=2, height=2):
    """A valid PNG of `width` x `height` grey pixels."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def refused(ctx, what, call, status, code):
    try:
        call()
        ctx.check(False, f"{what}: refused")
    except APIException as error:
        ctx.check(error.http_status_code == status and error.raw_api_error == code,
                  f"{what}: {status} {code} ({error.http_status_code} {error.raw_api_error})")


def run(ctx):
    check = ctx.check
    endpoint = RetentionEndpoint(ctx.root, ctx.bundle_id)
    try:
        messages = configure(ctx, endpoint)
        offers(ctx, endpoint, messages)
        performance(ctx, endpoint, messages)
        cleanup(ctx, messages)
        with endpoint.lock:
            verified, unverified = len(endpoint.requests), endpoint.unverified
        check(unverified == 0 and verified > 0,
              f"every Get Retention Message request verified with Apple's verify_and_decode_realtime_request ({verified} verified, {unverified} not)")
    finally:
        endpoint.close()


def configure(ctx, endpoint):
    """Images and messages uploaded, reviewed, listed; a default message; the sandbox URL."""
    check, client, base, operator = ctx.check, ctx.client, ctx.base, ctx.operator
    image, bullet = uuid.uuid4(), uuid.uuid4()
    client.upload_image(image, png())
    client.upload_image(bullet, png(), ImageSize.BULLET_POINT)
    refused(ctx, "Upload Image with an identifier in use", lambda: client.upload_image(image, png()), 409, 4090000)
    refused(ctx, "Upload Image of something not a PNG", lambda: client.upload_image(uuid.uuid4(), b"GIF89a not a png"), 400, 4000161)
    listed = {item.imageIdentifier: item for item in client.get_image_list().imageIdentifiers}
    check(listed[image].imageState == ImageState.PENDING and listed[bullet].imageSize == ImageSize.BULLET_POINT,
          "Get Image List: both images PENDING, the bullet point's size kept")
    main, fallback, pending = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    client.upload_message(main, UploadMessageRequestBody(
        header="Before you go", body="Two months of News at half price, just for you.",
        image=UploadMessageImage(imageIdentifier=image, altText="A newspaper"), headerPosition=HeaderPosition.ABOVE_IMAGE,
        bulletPoints=[BulletPoint(text="Every edition", imageIdentifier=bullet, altText="A tick")]))
    client.upload_message(fallback, UploadMessageRequestBody(header="We will miss you", body="Your subscription stays until the end of the period."))
    client.upload_message(pending, UploadMessageRequestBody(header="Never reviewed", body="This one stays PENDING."))
    # Apple's client refuses a long header itself; a client that does not gets Apple's code.
    long = requests.put(f"{base}/inApps/v1/messaging/message/{uuid.uuid4()}", json={"header": "h" * 67, "body": "b"},
                        headers=ctx.app_headers(), timeout=30)
    check(long.status_code == 400 and long.json()["errorCode"] == 4000162,
          f"Upload Message with a header over 66 characters: 400 4000162 ({long.status_code} {long.text[:120]})")
    states = {item.messageIdentifier: item.messageState for item in client.get_message_list().messageIdentifiers}
    check(states[main] == MessageState.PENDING and states[pending] == MessageState.PENDING, "Get Message List: the uploaded messages are PENDING")
    refused(ctx, "a PENDING message as default", lambda: client.configure_default_message(
        PRODUCT, "en-US", DefaultConfigurationRequest(messageIdentifier=fallback)), 403, 4030017)
    refused(ctx, "Delete Image while a message shows it", lambda: client.delete_image(image), 403, 4030019)
    for kind, identifier in (("images", image), ("images", bullet), ("messages", main), ("messages", fallback)):
        response = requests.put(f"{base}/v1/retention/{kind}/{identifier}/review", json={"state": "APPROVED"}, headers=operator, timeout=30)
        check(response.status_code == 200, f"the operator approves {kind[:-1]} {identifier} ({response.status_code} {response.text[:120]})")
    states = {item.messageIdentifier: item.messageState for item in client.get_message_list().messageIdentifiers}
    check(states[main] == MessageState.APPROVED and states[pending] == MessageState.PENDING, "Get Message List after review: APPROVED and PENDING")
    client.configure_default_message(PRODUCT, "en-US", DefaultConfigurationRequest(messageIdentifier=fallback))
    check(client.get_default_message(PRODUCT, "en-US").messageIdentifier == fallback, "Configure and Get Default Message")
    refused(ctx, "Get Default Message of another locale", lambda: client.get_default_message(PRODUCT, "de-DE"), 404, 4040020)
    refused(ctx, "Get Realtime URL before one is configured", lambda: client.get_realtime_url(), 404, 4040021)
    client.configure_realtime_url(RealtimeUrlRequest(realtimeURL=endpoint.url))
    check(client.get_realtime_url().realtimeURL == endpoint.url, "Configure and Get Realtime URL (sandbox)")
    production = requests.put(f"{base}/inApps/v1/messaging/realtime/url?environment=Production", json={"realtimeURL": endpoint.url},
                              headers=ctx.app_headers(), timeout=30)
    check(production.status_code == 403 and production.json()["errorCode"] == 4030026,
          f"the production URL before a passed performance test: 403 4030026 ({production.text[:120]})")
    return {"main": main, "fallback": fallback, "pending": pending, "image": image, "bullet": bullet}


def subscribe(ctx, product=PRODUCT):
    customer = f"retention-{uuid.uuid4().hex[:8]}"
    response = requests.post(f"{ctx.base}/v1/purchases", json={"customerId": customer, "productId": product, "storefront": "USA"},
                             headers=ctx.operator, timeout=30)
    ctx.check(response.status_code == 200, f"purchase of {product} for {customer} ({response.text[:160]})")
    return response.json()["originalTransactionId"]


def auto_renew_off(ctx, original, preview=False):
    suffix = "?preview=true" if preview else ""
    response = requests.post(f"{ctx.base}/v1/subscriptions/autoRenew{suffix}",
                             json={"originalTransactionId": original, "autoRenewStatus": 0, "locale": "en-US"},
                             headers=ctx.operator, timeout=30)
    ctx.check(response.status_code == 200, f"auto-renew off{' (preview)' if preview else ''} for {original} ({response.text[:200]})")
    return response.json()


def presented(ctx, original):
    """The offer once the app's answer is recorded."""
    def state():
        body = requests.get(f"{ctx.base}/v1/subscriptions/{original}/retention", headers=ctx.operator, timeout=30).json()
        offer = body.get("retention")
        return offer if offer and offer["state"] == "PRESENTED" else None
    return ctx.wait_until(f"the retention message of {original}", state)


def answer(ctx, original, choice, status=200):
    response = requests.post(f"{ctx.base}/v1/subscriptions/retentionAnswer", json={"originalTransactionId": original, "answer": choice},
                             headers=ctx.operator, timeout=30)
    ctx.check(response.status_code == status, f"the subscriber answers {choice} for {original}: {status} ({response.status_code} {response.text[:200]})")
    return response.json()


def retention_events(ctx, original, count):
    """The RETENTION_MESSAGE events of the subscription's timeline (the event archive)."""
    def events():
        body = requests.get(f"{ctx.base}/v1/subscriptions/{original}/history", headers=ctx.operator, timeout=30).json()
        found = [e for s in body.get("subscriptions", []) for e in s.get("events", []) if e["notificationType"] == "RETENTION_MESSAGE"]
        return found if len(found) >= count else None
    return ctx.wait_until(f"{count} RETENTION_MESSAGE events of {original}", events)


def offers(ctx, endpoint, messages):
    check = ctx.check
    main, fallback, pending = str(messages["main"]), str(messages["fallback"]), str(messages["pending"])

    # A message, kept; and a preview first, which calls out to nobody.
    kept = subscribe(ctx)
    endpoint.answers[kept] = ("message", main)
    previewed = auto_renew_off(ctx, kept, preview=True)
    check(previewed.get("preview") is True and previewed["httpStatus"] == 200 and previewed["reply"]["retention"]["state"] == "REQUESTED"
          and any(e.get("subtype") == "SUBTYPE_RETENTION_REQUESTED" for e in previewed.get("events", [])),
          "a preview of auto-renew off shows the retention request it would make, and its event")
    opened = auto_renew_off(ctx, kept)
    check(opened["retention"]["state"] == "REQUESTED" and "signedRenewalInfo" in opened, "auto-renew off opens a retention offer (REQUESTED)")
    offer = presented(ctx, kept)
    check(offer["presentation"]["source"] == "APP" and offer["presentation"]["messageIdentifier"] == main
          and offer["presentation"].get("httpStatus") == 200, f"the app's message is shown (source APP): {offer['presentation']}")
    requests_made = len(endpoint.requests_for(kept))
    check(requests_made == 1, f"one Get Retention Message request for the preview and the real command ({requests_made})")
    decoded = endpoint.requests_for(kept)[0]
    check(decoded.productId == PRODUCT and decoded.userLocale == "en-US" and str(decoded.requestIdentifier) == offer["requestIdentifier"],
          "the signed request carries the product, the locale and the offer's requestIdentifier")
    again = auto_renew_off(ctx, kept, preview=True)
    check(again["reply"]["retention"]["state"] == "PRESENTED" and again["reply"]["retention"]["presentation"]["messageIdentifier"] == main
          and len(endpoint.requests_for(kept)) == 1, "a preview of auto-renew off again shows the same message without calling out twice")
    status = ctx.renewal_status(kept)
    check(status == 1, f"auto-renew stays on while the offer is open ({status})")
    kept_answer = answer(ctx, kept, "KEEP")
    check(kept_answer["retention"]["answer"] == "KEEP" and ctx.renewal_status(kept) == 1, "KEEP: the subscription keeps auto-renewing")
    events = retention_events(ctx, kept, 3)
    check([e["subtype"] for e in events[:3]] == ["RETENTION_REQUESTED", "RETENTION_PRESENTED", "RETENTION_ANSWERED"],
          "RETENTION_MESSAGE events: requested, presented, answered")

    # A switch plan, taken.
    switcher = subscribe(ctx)
    endpoint.answers[switcher] = ("alternate", main, UPGRADE)
    auto_renew_off(ctx, switcher)
    offer = presented(ctx, switcher)
    check(offer["presentation"]["alternateProductId"] == UPGRADE, "the app's switch-plan suggestion is shown")
    switched = answer(ctx, switcher, "SWITCH_PLAN")
    paid = ctx.transaction(switched["subscription"]["signedTransactionInfo"])
    check(paid.productId == UPGRADE, "SWITCH_PLAN: the engine switched the subscription to the suggested plan")
    ctx.notified(switcher, NotificationTypeV2.DID_CHANGE_RENEWAL_PREF, Subtype.UPGRADE)
    check(True, "SWITCH_PLAN: DID_CHANGE_RENEWAL_PREF / UPGRADE notification")

    # A promotional offer (signature V2), taken.
    taker = subscribe(ctx)
    endpoint.answers[taker] = ("offer_v2", main, PRODUCT, "thanks")
    auto_renew_off(ctx, taker)
    offer = presented(ctx, taker)
    check(offer["presentation"]["promotionalOfferIdentifier"] == "thanks", "the app's promotional offer (signature V2) is shown")
    answer(ctx, taker, "ACCEPT_OFFER")
    redeemed = ctx.notified(taker, NotificationTypeV2.OFFER_REDEEMED, None)
    renewal = ctx.renewal(redeemed[0].data.signedRenewalInfo)
    check(renewal.offerIdentifier == "thanks" and renewal.autoRenewStatus == 1,
          "ACCEPT_OFFER: OFFER_REDEEMED, the renewal carries the offer and auto-renew stays on")

    # A promotional offer (signature V1), declined: cancel.
    canceller = subscribe(ctx)
    endpoint.answers[canceller] = ("offer_v1", main, PRODUCT, "thanks")
    auto_renew_off(ctx, canceller)
    presented(ctx, canceller)
    answer(ctx, canceller, "CANCEL")
    ctx.notified(canceller, NotificationTypeV2.DID_CHANGE_RENEWAL_STATUS, Subtype.AUTO_RENEW_DISABLED)
    check(ctx.renewal_status(canceller) == 0, "CANCEL: auto-renew off (DID_CHANGE_RENEWAL_STATUS / AUTO_RENEW_DISABLED)")
    answer(ctx, canceller, "KEEP", status=403)

    # Failures: the default message, and why.
    for name, reply, reason in (
        ("a failing endpoint (500)", ("status", 500), "ENDPOINT_FAILED"),
        ("a slow endpoint (1.5 s, past the 700 ms limit)", ("slow", 1.5, ("message", main)), "TIMED_OUT"),
        ("an answer that is not JSON", ("garbage",), "INVALID_RESPONSE"),
        ("two choices at once", ("raw", '{"message": {"messageIdentifier": "%s"}, "alternateProduct": {"messageIdentifier": "%s", "productId": "%s"}}' % (main, main, UPGRADE)), "INVALID_RESPONSE"),
        ("a message never approved", ("message", pending), "NOT_APPROVED"),
        ("a plan of another group", ("alternate", main, OTHER_GROUP), "INVALID_CHOICE"),
    ):
        original = subscribe(ctx)
        endpoint.answers[original] = reply
        auto_renew_off(ctx, original)
        offer = presented(ctx, original)
        shown = offer["presentation"]
        check(shown["source"] == "DEFAULT" and shown["messageIdentifier"] == fallback and shown["fallbackReason"] == reason,
              f"{name}: the default message is shown, reason {reason} ({shown})")
        offered = answer(ctx, original, "ACCEPT_OFFER", status=403)
        check("no promotional offer" in offered.get("errorMessage", ""), f"{name}: the default message has no offer to accept")
        answer(ctx, original, "CANCEL")


def performance(ctx, endpoint, messages):
    check, client = ctx.check, ctx.client
    endpoint.default_answer = ("message", str(messages["main"]))
    original = subscribe(ctx)
    before = len(endpoint.requests)
    started = client.initiate_performance_test(PerformanceTestRequest(originalTransactionId=original))
    check(bool(started.requestId) and started.config.totalRequests == ctx.performance_requests
          and started.config.responseTimeThreshold == 700, f"Initiate Performance Test: {started.config}")
    result = ctx.wait_until("the performance test's result", lambda: (
        lambda r: r if r.result != PerformanceTestStatus.PENDING else None)(client.get_performance_test_results(started.requestId)), timeout=120)
    times = result.responseTimes
    check(result.result == PerformanceTestStatus.PASS and result.successRate == 100 and result.numPending == 0
          and times.p50 <= times.p90 <= times.p95 <= times.p99 and not result.failures,
          f"Get Performance Test Results: {result.result}, {result.successRate} %, pending {result.numPending}, "
          f"failures {result.rawFailures or result.failures}, p50 {times.p50} p90 {times.p90} p95 {times.p95} p99 {times.p99} ms")
    check(len(endpoint.requests) - before >= ctx.performance_requests, "the endpoint got every signed request of the test, verified")
    production = requests.put(f"{ctx.base}/inApps/v1/messaging/realtime/url?environment=Production", json={"realtimeURL": endpoint.url},
                              headers=ctx.app_headers(), timeout=30)
    check(production.status_code == 200, f"the production URL after a passed test ({production.text[:120]})")
    # 503 after half a second: the test runs for about 2 s, so a second one is refused meanwhile.
    endpoint.default_answer = ("slow", 0.5, ("status", 503))
    failed = client.initiate_performance_test(PerformanceTestRequest(originalTransactionId=original))
    refused(ctx, "a second performance test while one runs",
            lambda: client.initiate_performance_test(PerformanceTestRequest(originalTransactionId=original)), 400, 4000213)
    result = ctx.wait_until("the failing performance test's result", lambda: (
        lambda r: r if r.result != PerformanceTestStatus.PENDING else None)(client.get_performance_test_results(failed.requestId)), timeout=120)
    check(result.result == PerformanceTestStatus.FAIL and result.successRate == 0
          and result.rawFailures == {"UNSUCCESSFUL_HTTP_RESPONSE_CODE": ctx.performance_requests},
          f"an endpoint answering 503: FAIL, every request under UNSUCCESSFUL_HTTP_RESPONSE_CODE ({result.rawFailures})")
    refused(ctx, "Get Performance Test Results of an unknown test", lambda: client.get_performance_test_results(str(uuid.uuid4())), 404, 4040018)


def cleanup(ctx, messages):
    check, client = ctx.check, ctx.client
    client.delete_default_message(PRODUCT, "en-US")
    refused(ctx, "Get Default Message after Delete Default Message", lambda: client.get_default_message(PRODUCT, "en-US"), 404, 4040020)
    client.delete_realtime_url()
    refused(ctx, "Get Realtime URL after Delete Realtime URL", lambda: client.get_realtime_url(), 404, 4040021)
    client.delete_message(messages["main"])
    refused(ctx, "Delete Message twice", lambda: client.delete_message(messages["main"]), 404, 4040015)
    client.delete_image(messages["image"])
    listed = [item.imageIdentifier for item in client.get_image_list().imageIdentifiers]
    check(messages["image"] not in listed and messages["bullet"] in listed, "Delete Message, then Delete Image: the image is gone")
