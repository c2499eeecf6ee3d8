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

import schemathesis

_CATALOG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Config", "catalog.example.json")
with open(_CATALOG, encoding="utf-8") as catalog_file:
    _PRODUCTS = sorted(product["productId"] for product in json.load(catalog_file)["products"])


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


@schemathesis.hook
def before_call(context, case, kwargs):
    body = case.body
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
    if case.headers and "Idempotency-Key" in case.headers:
        case.headers["Idempotency-Key"] = str(uuid.uuid4())


@schemathesis.hook
def filter_failure(context, failure, case, response):
    return not _breaks_prose_rule(case)


@schemathesis.hook
def filter_case(context, case):
    return not _breaks_prose_rule(case)
