"""Seeds real subscriptions for scripts/check-schemathesis.sh, so the fuzzing reaches the engine.

Without them every operation that names a transaction answered 404 at the lookup and never got to
the state or the arithmetic behind it. This makes in-app purchases (`POST /v1/purchases`) and
Advanced Commerce subscriptions (`POST /advancedCommerce/v1/inApp`, CREATE_SUBSCRIPTION) through
the producer, and writes their ids as JSON ({"transactionIds", "originalTransactionIds",
"orderIds"}); scripts/schemathesis_hooks.py puts them into the generated requests' path
parameters and bodies.

Usage: schemathesis_seed.py PRODUCER_URL BEARER_TOKEN OUTPUT_FILE
"""

import base64
import json
import sys
import urllib.request
import uuid


def post(url, token, body, headers=None):
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}", "X-Request-Timeout": "30000",
                 **(headers or {})})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def jws_payload(jws):
    payload = jws.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def main():
    url, token, output = sys.argv[1], sys.argv[2], sys.argv[3]
    ids = {"transactionIds": [], "originalTransactionIds": [], "orderIds": []}
    products = ["news.basic.monthly", "news.premium.monthly", "news.standard.weekly", "sports.monthly",
                "news.premium.annual", "news.basic.monthly"]
    for index, product in enumerate(products):
        answer = post(f"{url}/v1/purchases", token,
                      {"customerId": f"fuzz-{index}", "productId": product, "storefront": "USA"},
                      {"Idempotency-Key": str(uuid.uuid4())})
        ids["originalTransactionIds"].append(answer["originalTransactionId"])
        ids["transactionIds"].append(answer["transactionId"])
        if answer.get("orderId"):
            ids["orderIds"].append(answer["orderId"])
    for index, skus in enumerate([["NEWS_BASIC", "LIVE_SPORTS"], ["NEWS_PREMIUM"], ["PODCASTS", "NEWS_CHANNELS"]]):
        body = {
            "operation": "CREATE_SUBSCRIPTION", "version": "1", "currency": "USD", "storefront": "USA",
            "taxCode": "C003-00-1", "period": "P1M",
            "requestInfo": {"requestReferenceId": str(uuid.uuid4())},
            "descriptors": {"displayName": "Fuzz bundle", "description": "Seeded for the fuzzing"},
            "items": [{"SKU": sku, "displayName": sku.title(), "description": "Seeded", "price": 4990 + 1000 * position}
                      for position, sku in enumerate(skus)],
        }
        answer = post(f"{url}/advancedCommerce/v1/inApp", token, body, {"X-Customer-Id": f"fuzz-ac-{index}"})
        transaction = jws_payload(answer["signedTransactionInfo"])
        ids["originalTransactionIds"].append(transaction["originalTransactionId"])
        ids["transactionIds"].append(transaction["transactionId"])
    with open(output, "w", encoding="utf-8") as file:
        json.dump(ids, file)
    print(f"seeded {len(ids['originalTransactionIds'])} subscriptions", file=sys.stderr)


if __name__ == "__main__":
    main()
