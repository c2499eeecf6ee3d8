"""Schemathesis hooks for scripts/check-schemathesis.sh.

docs/openapi.yaml states every rule of the request validators that JSON Schema can express. A few
cannot be: JSON Schema cannot compare values of different array elements, and does not know the
consumer's catalog. Each of those is stated in the schema's descriptions instead, and these hooks
apply them to the generated requests, in every phase:

- a SKU appears once per request (PriceChangeRequest items, ModifySubscriptionRequest operations)
  and an item's dependentSKUs do not hold its own SKU;
- the items of a RequestRefundRequest share their refund terms (refundReason, refundType,
  refundAmount, revoke): the engine refunds whole transactions, so other requests are answered
  501 (not emulated);
- a mass extension names a product of the consumer's catalog: Apple answers an unknown one with
  InvalidProductIdError (400). Requests get a product id of Config/catalog.example.json;
- a time window ends after it starts (Get Transaction History's startDate/endDate query, Get
  Notification History's body), and the notification history takes one filter: notificationType
  or transactionId. Requests get the dates in order and lose the transactionId when both come;
- a page token (Get Transaction History's and Get Refund History's revision, Get Notification
  History's paginationToken) is one a previous answer gave out: the service refuses any other
  with Apple's InvalidRequestRevisionError / InvalidPaginationTokenError (400), as Apple does.
  Generated requests ask for the first page (no token).

- an uploaded retention image is a PNG file (bytes JSON Schema cannot describe): requests carry a
  1x1 PNG; a retention message's headerPosition ABOVE_IMAGE needs an image, so requests without
  one lose it.

The live event stream (streamEvents) lasts until the client goes: requests ask for a one-second
stream (`seconds=1`), which is a value the document allows.

Every request that names a subscription names a real one: scripts/schemathesis_seed.py seeds in-app
and Advanced Commerce subscriptions before the run (SCHEMATHESIS_IDS names its file), and their ids
replace the generated `transactionId`, `originalTransactionId` and `orderId` in path parameters and
bodies (chosen by the generated value, so every seeded subscription is met). The requests then
reach the engine and its arithmetic instead of a 404 at the lookup. On a real subscription the
engine refuses what its state does not allow (a SKU it does not hold, an offer on an expired
subscription): such a refusal answered by the consumer (the response carries `X-Command-Id`) is
not a failure of `positive_data_acceptance`, which is about what the validators accept; a server
error always is.

Every request also gets fresh idempotency keys (requestInfo.requestReferenceId, requestIdentifier,
Idempotency-Key): the generator reuses values, and a reused key is a replay whose answer is the
first request's (docs/producer.md, "Idempotency"), which says nothing about the new body.

The fuzzing phase does not generate requests that break one of the first two rules
(`filter_case`); the coverage phase does, and a failure of such a request is dropped
(`filter_failure`), only such a failure: every other failure fails the run.
"""

import json
import os
import uuid
import zlib

import schemathesis

_CATALOG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Config", "catalog.example.json")
with open(_CATALOG, encoding="utf-8") as catalog_file:
    _PRODUCTS = sorted(product["productId"] for product in json.load(catalog_file)["products"])


_SEEDED = {}
if os.environ.get("SCHEMATHESIS_IDS"):
    with open(os.environ["SCHEMATHESIS_IDS"], encoding="utf-8") as seeded_file:
        _SEEDED = json.load(seeded_file)
_SEEDED_KINDS = {"transactionId": "transactionIds", "originalTransactionId": "originalTransactionIds", "orderId": "orderIds"}


def _seeded(name, generated):
    """A seeded id for the parameter `name`, picked by the generated value; None when none is."""
    ids = _SEEDED.get(_SEEDED_KINDS.get(name, ""), [])
    if not ids:
        return None
    return ids[zlib.crc32(str(generated).encode()) % len(ids)]


def _use_seeded_ids(values):
    if not isinstance(values, dict):
        return False
    used = False
    for name in _SEEDED_KINDS:
        if name in values:
            seeded = _seeded(name, values[name])
            if seeded is not None:
                values[name] = seeded
                used = True
    return used


def _operation_id(case):
    return case.operation.definition.raw.get("operationId")


def _repeats(values):
    return len(values) != len(set(values))


def _breaks_prose_rule(case):
    body = case.body
    if not isinstance(body, dict):
        return False
    items = body.get("items") if isinstance(body.get("items"), list) else []
    items = [item for item in items if isinstance(item, dict)]
    operation = _operation_id(case)
    if operation == "changePrice":
        return _repeats([item.get("SKU") for item in items]) or any(
            item.get("SKU") in (item.get("dependentSKUs") or []) for item in items)
    if operation == "requestRefund":
        terms = {(item.get("refundReason"), item.get("refundType"), item.get("refundAmount"), item.get("revoke"))
                 for item in items}
        return len(terms) > 1
    if operation == "inAppRequest" and body.get("operation") == "MODIFY_SUBSCRIPTION":
        def skus(key, field):
            values = body.get(key) if isinstance(body.get(key), list) else []
            return [value.get(field) for value in values if isinstance(value, dict)]
        return _repeats(skus("addItems", "SKU") + skus("changeItems", "currentSKU") + skus("removeItems", "SKU"))
    return False


def _ordered_window(values, start, end, strictly):
    if not isinstance(values, dict):
        return
    first, last = values.get(start), values.get(end)
    # JSON Schema's integers include integral floats (1.0), which the generator sends too.
    numbers = (int, float)
    if isinstance(first, numbers) and isinstance(last, numbers) and not isinstance(first, bool) and not isinstance(last, bool):
        if last < first or (strictly and last == first):
            values[start], values[end] = min(first, last), max(first, last) + (1 if strictly and first == last else 0)


def _png_chunk(kind, data):
    return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")


_PNG = (
    b"\x89PNG\r\n\x1a\n"
    + _png_chunk(b"IHDR", (1).to_bytes(4, "big") + (1).to_bytes(4, "big") + bytes([8, 6, 0, 0, 0]))
    + _png_chunk(b"IDAT", zlib.compress(b"\x00\x00\x00\x00\x00"))
    + _png_chunk(b"IEND", b"")
)


@schemathesis.hook
def before_call(context, case, kwargs):
    body = case.body
    _use_seeded_ids(case.path_parameters)
    _use_seeded_ids(body)
    if _operation_id(case) == "streamEvents":
        case.query = dict(case.query or {}, seconds=1)
    if _operation_id(case) == "getTransactionHistory":
        _ordered_window(case.query, "startDate", "endDate", strictly=False)
    if isinstance(case.query, dict):
        for token in ("revision", "paginationToken"):
            case.query.pop(token, None)
    if _operation_id(case) == "getNotificationHistory" and isinstance(body, dict):
        _ordered_window(body, "startDate", "endDate", strictly=True)
        if "transactionId" in body and "notificationType" in body:
            del body["transactionId"]
    if isinstance(body, dict):
        if _operation_id(case) == "massExtendRenewalDate":
            body["productId"] = _PRODUCTS[len(str(body.get("productId", ""))) % len(_PRODUCTS)]
        if isinstance(body.get("requestInfo"), dict) and "requestReferenceId" in body["requestInfo"]:
            body["requestInfo"]["requestReferenceId"] = str(uuid.uuid4())
        if "requestIdentifier" in body:
            body["requestIdentifier"] = str(uuid.uuid4())
    if _operation_id(case) == "uploadRetentionImage":
        # The body must be a PNG file, which JSON Schema cannot say of bytes: a 1x1 one.
        case.body = _PNG
    if _operation_id(case) == "uploadRetentionMessage" and isinstance(body, dict):
        # ABOVE_IMAGE needs an image (stated in the schema's description).
        if body.get("headerPosition") == "ABOVE_IMAGE" and "image" not in body:
            del body["headerPosition"]
    if case.headers and "Idempotency-Key" in case.headers:
        case.headers["Idempotency-Key"] = str(uuid.uuid4())


def _answered_by_the_engine(failure, response):
    """A positive-data failure whose answer came from the consumer (X-Command-Id): the validators
    accepted the request and the engine refused it on the seeded subscription's state."""
    if "positive_data_acceptance" not in getattr(failure, "checks", ()) and type(failure).__name__ != "RejectedPositiveData":
        return False
    headers = {key.lower(): value for key, value in (getattr(response, "headers", None) or {}).items()}
    return "x-command-id" in headers


@schemathesis.hook
def filter_failure(context, failure, case, response):
    return not _breaks_prose_rule(case) and not _answered_by_the_engine(failure, response)


@schemathesis.hook
def filter_case(context, case):
    return not _breaks_prose_rule(case)
