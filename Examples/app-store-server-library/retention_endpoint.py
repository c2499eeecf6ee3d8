#!/usr/bin/env python3
"""A small Get Retention Message endpoint, as an app team would write one with Apple's library.

Every request's `signedPayload` is verified with Apple's `SignedDataVerifier.verify_and_decode_realtime_request`
(the operator's root, online checks off); a request that does not verify is answered 401 and
counted. The answer is chosen per original transaction id (`answers`), else `default_answer`:

  ("message", message_id)                     a text message
  ("alternate", message_id, product_id)       a switch-plan message
  ("offer_v1", message_id, product_id, offer) a promotional offer, signature V1 fields
  ("offer_v2", message_id, product_id, offer) a promotional offer, signature V2 (a JWS signed by
                                              PromotionalOfferV2SignatureCreator with a throwaway key)
  ("slow", seconds, answer)                   the answer after `seconds` (past the time limit)
  ("status", code)                            an HTTP error
  ("garbage",)                                a body that is not JSON
  ("raw", json_text)                          any body

Run alone: `python retention_endpoint.py --root root.cer --port 5860` answers every request
with an empty message list's first message (prints the requests it verified).
"""
import argparse
import json
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from appstoreserverlibrary.jws_signature_creator import PromotionalOfferV2SignatureCreator
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


class BurstTolerantServer(ThreadingHTTPServer):
    """socketserver listens with a backlog of 5: a burst of concurrent connections (a
    performance test sends many at once, each on a connection of its own) overflowed it, and a
    dropped SYN is sent again only after 1 s, past the 700 ms limit of a real-time answer."""

    request_queue_size = 128


class RetentionEndpoint:
    """A threaded HTTP server on 127.0.0.1 answering POSTs of Apple's RealtimeRequestBody."""

    def __init__(self, root_der, bundle_id, environment=Environment.SANDBOX, port=0):
        self.verifier = SignedDataVerifier([root_der], False, environment, bundle_id)
        self.lock = threading.Lock()
        self.requests = []          # every DecodedRealtimeRequestBody verified, in order
        self.unverified = 0         # requests whose signedPayload did not verify
        self.answers = {}           # originalTransactionId -> answer tuple
        self.default_answer = ("status", 404)
        offer_key = ec.generate_private_key(ec.SECP256R1()).private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
        self.offer_signer = PromotionalOfferV2SignatureCreator(offer_key, "OFFERKEY01", str(uuid.uuid4()), bundle_id)
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                try:
                    decoded = endpoint.verifier.verify_and_decode_realtime_request(json.loads(body)["signedPayload"])
                except (VerificationException, KeyError, ValueError):
                    with endpoint.lock:
                        endpoint.unverified += 1
                    return self.answer(401, b"")
                with endpoint.lock:
                    endpoint.requests.append(decoded)
                    answer = endpoint.answers.get(decoded.originalTransactionId, endpoint.default_answer)
                status, payload = endpoint.render(answer, decoded)
                self.answer(status, payload)

            def answer(self, status, payload):
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args):
                pass

        self.server = BurstTolerantServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        # A caller that gave up on a slow answer closed its socket: nothing to report.
        self.server.handle_error = lambda request, address: None
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/retention"

    def render(self, answer, decoded):
        """The status and body of `answer` for the verified request `decoded`."""
        kind = answer[0]
        if kind == "slow":
            time.sleep(answer[1])
            return self.render(answer[2], decoded)
        if kind == "status":
            return answer[1], json.dumps({"error": "failing on purpose"}).encode()
        if kind == "garbage":
            return 200, b"this is not json"
        if kind == "raw":
            return 200, answer[1].encode()
        if kind == "message":
            return 200, json.dumps({"message": {"messageIdentifier": str(answer[1])}}).encode()
        if kind == "alternate":
            return 200, json.dumps({"alternateProduct": {"messageIdentifier": str(answer[1]), "productId": answer[2]}}).encode()
        if kind == "offer_v1":
            return 200, json.dumps({"promotionalOffer": {"messageIdentifier": str(answer[1]), "promotionalOfferSignatureV1": {
                "encodedSignature": "c2lnbmF0dXJl", "productId": answer[2], "nonce": str(uuid.uuid4()),
                "timestamp": int(time.time() * 1000), "keyId": "OFFERKEY01", "offerIdentifier": answer[3]}}}).encode()
        if kind == "offer_v2":
            signature = self.offer_signer.create_signature(answer[2], answer[3], decoded.originalTransactionId)
            return 200, json.dumps({"promotionalOffer": {
                "messageIdentifier": str(answer[1]), "promotionalOfferSignatureV2": signature}}).encode()
        raise ValueError(f"unknown answer {answer!r}")

    def requests_for(self, original_transaction_id):
        with self.lock:
            return [r for r in self.requests if r.originalTransactionId == original_transaction_id]

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", required=True, help="the operator's root certificate (DER), e.g. <identity>/root.cer")
    parser.add_argument("--bundle-id", default="com.example.news")
    parser.add_argument("--port", type=int, default=5860)
    parser.add_argument("--message", help="the messageIdentifier to answer with (else 404)")
    args = parser.parse_args()
    endpoint = RetentionEndpoint(open(args.root, "rb").read(), args.bundle_id, port=args.port)
    if args.message:
        endpoint.default_answer = ("message", args.message)
    print(f"Get Retention Message endpoint on {endpoint.url}", flush=True)
    seen = 0
    try:
        while True:
            time.sleep(0.5)
            with endpoint.lock:
                new, seen = endpoint.requests[seen:], len(endpoint.requests)
            for request in new:
                print(f"verified: {request.originalTransactionId} {request.productId} {request.userLocale} {request.requestIdentifier}", flush=True)
    except KeyboardInterrupt:
        endpoint.close()


if __name__ == "__main__":
    main()
