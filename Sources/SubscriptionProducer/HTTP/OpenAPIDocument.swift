// Generated from docs/openapi.yaml by scripts/check-openapi.sh --write; do not edit.

/// The OpenAPI 3.1 document of the HTTP API, served at `GET /openapi.yaml`.
enum OpenAPIDocument {
    static let yaml = #"""
        openapi: 3.1.0
        info:
          title: Subscriptions producer
          version: "1"
          summary: Apple-shaped HTTP API whose requests become RabbitMQ commands (subscriptions.v1).
          description: |
            Every command endpoint validates the body (400 with Apple's error body naming the field,
            nothing published), publishes a CommandEnvelope and waits for the consumer's CommandReply
            until the deadline (`X-Request-Timeout` ms, default `REPLY_TIMEOUT`). See docs/producer.md.

            Every command endpoint also takes the query parameters `preview` and `previewUntil`
            (components/parameters Preview and PreviewUntil; docs/previews.md): with `preview=true` the
            command is a dry run answered with 200 and a PreviewResponse (the status and body the
            request would get, and the events it would cause, with their dates); nothing is applied or
            published. They are not repeated in each operation's parameters.

            Every route but /health, /metrics and /openapi.yaml needs `Authorization: Bearer <JWT>`, an
            ES256 token as Apple specifies for the App Store Server API (header alg ES256, kid, typ JWT;
            claims iss, iat, exp at most 60 minutes after iat, aud appstoreconnect-v1, bid) signed by a key
            of AUTH_KEYS: Apple's routes take an app or operator key, the /v1 operations routes an operator
            key. Signed fields are ES256 JWS with an x5c chain under the operator's root (SIGNING_IDENTITY).
            See docs/signing-and-auth.md.
        servers:
          - url: http://127.0.0.1:8080
        security:
          - appStoreServerAPI: []
        components:
          securitySchemes:
            appStoreServerAPI:
              type: http
              scheme: bearer
              bearerFormat: JWT
              description: ES256 JWT of an app or operator key (subscriptionsctl token). 401 with Apple's error body naming what is wrong (codes 4019001-4019010).
            operatorKey:
              type: http
              scheme: bearer
              bearerFormat: JWT
              description: ES256 JWT of an operator key; an app key gets 403 (4039005).
          parameters:
            RequestTimeout:
              name: X-Request-Timeout
              in: header
              description: >-
                Deadline of the command in milliseconds, 100 to 300000; default REPLY_TIMEOUT. Under 100 ms
                is refused with 400 naming the header: a command's round trip through the broker and the
                consumer cannot be shorter.
              schema: {type: integer, minimum: 100, maximum: 300000}
            IdempotencyKey:
              name: Idempotency-Key
              in: header
              description: Replay key for requests without Apple's requestReferenceId / requestIdentifier; the same key with the same body gives the same command_id and the first answer, with another body 409 (4099004 IdempotencyKeyReusedError) and nothing changes. Empty = absent.
              schema: {type: string}
            TestClock:
              name: X-Test-Clock
              in: header
              description: >-
                The test clock the command runs on (docs/test-clocks.md): a purchase or creation attaches
                the customer to it; a clock is a sandbox, so the same customer id on another clock is another
                customer. An unknown clock is 404 (4049001 TestClockNotFoundError). Absent = the consumer's clock.
              schema: {$ref: "#/components/schemas/Identifier"}
            TestClockId:
              name: testClockId
              in: path
              required: true
              description: A test clock's id (clock_ and 24 hex digits); an unknown one is 404 (4049001).
              schema: {$ref: "#/components/schemas/Identifier"}
            Traceparent:
              name: traceparent
              in: header
              description: W3C trace context, passed through; generated when absent or invalid.
              schema: {type: string}
            TransactionId:
              name: transactionId
              in: path
              required: true
              schema: {$ref: "#/components/schemas/Identifier"}
            OriginalTransactionId:
              name: originalTransactionId
              in: path
              required: true
              schema: {$ref: "#/components/schemas/Identifier"}
            Preview:
              name: preview
              in: query
              description: true = a dry run (docs/previews.md), answered with a PreviewResponse; false = as if absent.
              schema: {type: boolean}
            PreviewUntil:
              name: previewUntil
              in: query
              description: With preview=true, let the command's clock run to this instant (ms since 1970) and list what it would fire.
              schema: {type: integer, format: int64, minimum: 0, maximum: 253402300799999}
            EventLimit:
              name: eventLimit
              in: query
              description: At most this many events per subscription, the latest ones, 1 to 2000 (default 100).
              schema: {type: integer, minimum: 1, maximum: 2000}
          headers:
            CommandId:
              description: The command_id the request was published with.
              schema: {type: string, format: uuid}
          schemas:
            ErrorPayload:
              type: object
              required: [errorCode, errorMessage]
              properties:
                errorCode:
                  type: integer
                  format: int64
                  description: >-
                    Apple's code, or ours, whose fourth digit is 9: 4009000-4009004 validation (malformed
                    JSON, unknown field, missing field, wrong type, invalid value), 4039001-4039004 a price
                    change refused by the subscription's state (auto-renew off, grace period, billing retry,
                    offer period), 4019001-4019010 the bearer token is missing or wrong, 4039005 the route needs
                    an operator key, 4049000 no route has the path, 4049140 the customer has no subscription,
                    4049141 no dead-lettered command has the id, 4049142 no refund request is pending for the
                    transaction, 4099005 a refund request is already pending, 4099006 no refund to reverse, 4059000 the path takes other methods (see
                    Allow), 4099001/4099002 the test clock cannot move there, 4229001/4229002 the consumer's
                    catalog file cannot be read / is not valid, 5039000 broker unavailable, 5049000 no reply
                    before the deadline, <status>9999 a refusal without a code of its own. One list:
                    the AppleErrorCatalog module.
                errorMessage: {type: string, description: "What was wrong, naming the field: `storefront: missing`."}
            Identifier:
              type: string
              minLength: 1
              maxLength: 128
              pattern: '^[^\x00-\x20\x7F-\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+$'
              description: An identifier (transactionId, originalTransactionId, customerId, productId) of 1 to 128 characters without whitespace or control characters.
            SKU:
              type: string
              minLength: 1
              maxLength: 128
              pattern: '^[^\x00-\x20\x7F-\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+$'
              description: A SKU or product id, 1 to 128 characters without whitespace or control characters (SKULengthExceeded 4000087, InvalidSKU 4000122).
            DisplayName:
              type: string
              minLength: 1
              maxLength: 30
              pattern: '^[^\x00-\x1F\x7F-\x9F]+$'
              description: 1 to 30 characters, spaces allowed, no control characters (DisplayNameLengthExceeded 4000089, InvalidDisplayName 4000118).
            Description:
              type: string
              minLength: 1
              maxLength: 45
              pattern: '^[^\x00-\x1F\x7F-\x9F]+$'
              description: 1 to 45 characters, spaces allowed, no control characters (DescriptionLengthExceeded 4000088, InvalidDescription 4000119).
            UUID:
              type: string
              format: uuid
              pattern: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$'
            StorefrontCode:
              type: string
              pattern: '^[A-Z]{3}$'
              description: ISO 3166-1 alpha-3, upper case (InvalidStorefront 4000028).
            CurrencyCode:
              type: string
              pattern: '^[A-Z]{3}$'
              description: ISO 4217, upper case (InvalidCurrency 4000053).
            TaxCode:
              type: string
              pattern: '^[A-Z0-9-]{1,32}$'
              description: 1 to 32 upper-case letters, digits or '-' (InvalidTaxProductCode 4000127).
            Price:
              type: integer
              format: int64
              minimum: 1
              maximum: 1000000000000
              description: Milliunits of the currency, more than 0 (NegativePrice 4000086) and at most 10^12.
            NonNegativePrice:
              type: integer
              format: int64
              minimum: 0
              maximum: 1000000000000
              description: Milliunits of the currency, 0 or more and at most 10^12.
            SubscriptionPeriod: {type: string, enum: [P1W, P1M, P2M, P3M, P6M, P1Y]}
            Effective: {type: string, enum: [IMMEDIATELY, NEXT_BILL_CYCLE]}
            RefundReason:
              type: string
              enum: [UNINTENDED_PURCHASE, FULFILLMENT_ISSUE, UNSATISFIED_WITH_PURCHASE, LEGAL, OTHER, MODIFY_ITEMS_REFUND, SIMULATE_REFUND_DECLINE]
            JWS:
              type: string
              description: Compact JWS, ES256 with x5c [leaf, intermediate, root] of the signing identity, whose payload is Apple's decoded transaction, renewal info or notification.
            SignedInfos:
              type: object
              required: [signedTransactionInfo, signedRenewalInfo]
              properties:
                signedTransactionInfo: {$ref: "#/components/schemas/JWS"}
                signedRenewalInfo: {$ref: "#/components/schemas/JWS"}
            SubscriptionStatus:
              type: integer
              enum: [1, 2, 3, 4, 5]
              description: Apple's status, 1 active, 2 expired, 3 billing retry, 4 billing grace period, 5 revoked.
            ServiceSubscriptionResponse:
              type: object
              description: Our routes' answer; the ids and status as plain fields (no JWS decoding needed) beside Apple's signed infos.
              required: [originalTransactionId, transactionId, status, signedTransactionInfo, signedRenewalInfo]
              properties:
                originalTransactionId: {type: string}
                transactionId: {type: string, description: The subscription's latest transaction.}
                orderId: {type: string, description: "The latest transaction's order id (Look Up Order ID)."}
                status: {$ref: "#/components/schemas/SubscriptionStatus"}
                signedTransactionInfo: {$ref: "#/components/schemas/JWS"}
                signedRenewalInfo: {$ref: "#/components/schemas/JWS"}
            ServiceRenewalResponse:
              type: object
              description: Our answer to a renewal-preference change; the ids and status as plain fields beside the signed renewal info.
              required: [originalTransactionId, transactionId, status, signedRenewalInfo]
              properties:
                originalTransactionId: {type: string}
                transactionId: {type: string}
                orderId: {type: string, description: "The latest transaction's order id (Look Up Order ID)."}
                status: {$ref: "#/components/schemas/SubscriptionStatus"}
                signedRenewalInfo: {$ref: "#/components/schemas/JWS"}
                retention: {$ref: "#/components/schemas/RetentionOffer"}
            RequestInfo:
              type: object
              required: [requestReferenceId]
              additionalProperties: false
              properties:
                requestReferenceId: {$ref: "#/components/schemas/UUID"}
                consistencyToken: {type: string, minLength: 1, description: "Copied from the latest renewal info; omit when none was received."}
                appAccountToken: {$ref: "#/components/schemas/UUID"}
            Offer:
              type: object
              required: [period, periodCount, price, reason]
              additionalProperties: false
              description: An offer on an item; a free trial (price 0) has periodCount 1 (FreeTrialOfferMustUsePeriodCountOfOne 4000223).
              properties:
                period: {type: string, enum: [P3D, P1W, P2W, P1M, P2M, P3M, P6M, P9M, P1Y]}
                periodCount: {type: integer, minimum: 1, maximum: 12}
                price: {$ref: "#/components/schemas/NonNegativePrice"}
                reason: {type: string, enum: [ACQUISITION, WIN_BACK, RETENTION]}
              anyOf:
                - {properties: {price: {minimum: 1}}}
                - {properties: {periodCount: {const: 1}}}
            Descriptors:
              type: object
              required: [displayName, description]
              additionalProperties: false
              properties:
                displayName: {$ref: "#/components/schemas/DisplayName"}
                description: {$ref: "#/components/schemas/Description"}
            EffectiveDescriptors:
              type: object
              required: [effective]
              additionalProperties: false
              properties:
                effective: {$ref: "#/components/schemas/Effective"}
                displayName: {$ref: "#/components/schemas/DisplayName"}
                description: {$ref: "#/components/schemas/Description"}
            CreateItem:
              type: object
              required: [SKU, displayName, description, price]
              additionalProperties: false
              properties:
                SKU: {$ref: "#/components/schemas/SKU"}
                displayName: {$ref: "#/components/schemas/DisplayName"}
                description: {$ref: "#/components/schemas/Description"}
                price: {$ref: "#/components/schemas/Price"}
                offer: {$ref: "#/components/schemas/Offer"}
            AddItem:
              type: object
              required: [SKU, displayName, description, price]
              additionalProperties: false
              properties:
                SKU: {$ref: "#/components/schemas/SKU"}
                displayName: {$ref: "#/components/schemas/DisplayName"}
                description: {$ref: "#/components/schemas/Description"}
                price: {$ref: "#/components/schemas/Price"}
                offer: {$ref: "#/components/schemas/Offer"}
                proratedPrice: {$ref: "#/components/schemas/NonNegativePrice"}
            ChangeItem:
              type: object
              required: [currentSKU, SKU, displayName, description, price, effective, reason]
              additionalProperties: false
              description: proratedPrice only with effective IMMEDIATELY (InvalidProratedPriceForChangeItemWithEffectiveLater 4000222).
              properties:
                currentSKU: {$ref: "#/components/schemas/SKU"}
                SKU: {$ref: "#/components/schemas/SKU"}
                displayName: {$ref: "#/components/schemas/DisplayName"}
                description: {$ref: "#/components/schemas/Description"}
                price: {$ref: "#/components/schemas/Price"}
                effective: {$ref: "#/components/schemas/Effective"}
                reason: {type: string, enum: [UPGRADE, DOWNGRADE, APPLY_OFFER]}
                offer: {$ref: "#/components/schemas/Offer"}
                proratedPrice: {$ref: "#/components/schemas/NonNegativePrice"}
              anyOf:
                - {properties: {effective: {const: IMMEDIATELY}}}
                - {not: {required: [proratedPrice]}}
            SKUItem:
              type: object
              required: [SKU]
              additionalProperties: false
              properties:
                SKU: {$ref: "#/components/schemas/SKU"}
            ExtendRenewalDateRequest:
              type: object
              required: [extendByDays, extendReasonCode, requestIdentifier]
              additionalProperties: false
              properties:
                extendByDays: {type: integer, minimum: 1, maximum: 90}
                extendReasonCode: {type: integer, enum: [0, 1, 2, 3]}
                requestIdentifier: {type: string, minLength: 1, maxLength: 128}
            ExtendRenewalDateResponse:
              type: object
              properties:
                originalTransactionId: {type: string}
                webOrderLineItemId: {type: string}
                success: {type: boolean}
                effectiveDate: {type: integer, format: int64}
            MassExtendRenewalDateRequest:
              type: object
              required: [extendByDays, extendReasonCode, requestIdentifier, productId]
              additionalProperties: false
              description: productId must be a product of the consumer's catalog (InvalidProductIdError 4000023 otherwise).
              properties:
                extendByDays: {type: integer, minimum: 1, maximum: 90}
                extendReasonCode: {type: integer, enum: [0, 1, 2, 3]}
                requestIdentifier: {$ref: "#/components/schemas/UUID"}
                productId: {$ref: "#/components/schemas/SKU"}
                storefrontCountryCodes: {type: array, minItems: 1, items: {$ref: "#/components/schemas/StorefrontCode"}}
            MassExtendRenewalDateResponse:
              type: object
              properties:
                requestIdentifier: {type: string}
            MassExtendRenewalDateStatusResponse:
              type: object
              properties:
                requestIdentifier: {type: string}
                complete: {type: boolean}
                completeDate: {type: integer, format: int64}
                succeededCount: {type: integer, format: int64}
                failedCount: {type: integer, format: int64}
            StatusResponse:
              type: object
              properties:
                environment: {type: string}
                bundleId: {type: string}
                appAppleId: {type: integer, format: int64}
                data:
                  type: array
                  items:
                    type: object
                    properties:
                      subscriptionGroupIdentifier: {type: string}
                      lastTransactions:
                        type: array
                        items:
                          type: object
                          properties:
                            status: {$ref: "#/components/schemas/SubscriptionStatus"}
                            originalTransactionId: {type: string}
                            signedTransactionInfo: {$ref: "#/components/schemas/JWS"}
                            signedRenewalInfo: {$ref: "#/components/schemas/JWS"}
            TransactionInfoResponse:
              type: object
              properties:
                signedTransactionInfo: {$ref: "#/components/schemas/JWS"}
            HistoryResponse:
              type: object
              properties:
                revision: {type: string}
                hasMore: {type: boolean}
                bundleId: {type: string}
                appAppleId: {type: integer, format: int64}
                environment: {type: string}
                signedTransactions: {type: array, items: {$ref: "#/components/schemas/JWS"}}
            RefundHistoryResponse:
              type: object
              properties:
                signedTransactions: {type: array, items: {$ref: "#/components/schemas/JWS"}}
                revision: {type: string}
                hasMore: {type: boolean}
            NotificationHistoryRequest:
              type: object
              required: [startDate, endDate]
              additionalProperties: false
              description: >-
                A time window (endDate after startDate, InvalidEndDateError 4000016 otherwise) and at most one
                filter: notificationType (with an optional notificationSubtype) or transactionId
                (MultipleFiltersSuppliedError 4000019 for both).
              dependentRequired:
                notificationSubtype: [notificationType]
              properties:
                startDate: {type: integer, format: int64, minimum: 0, description: Milliseconds since 1970, inclusive.}
                endDate: {type: integer, format: int64, minimum: 1, description: Milliseconds since 1970, exclusive; after startDate.}
                notificationType: {type: string, enum: [SUBSCRIBED, DID_RENEW, DID_CHANGE_RENEWAL_PREF, DID_CHANGE_RENEWAL_STATUS, OFFER_REDEEMED, DID_FAIL_TO_RENEW, GRACE_PERIOD_EXPIRED, EXPIRED, PRICE_INCREASE, PRICE_CHANGE, RENEWAL_EXTENDED, RENEWAL_EXTENSION, REFUND, REFUND_DECLINED, REFUND_REVERSED, REVOKE, CONSUMPTION_REQUEST, ONE_TIME_CHARGE, METADATA_UPDATE, MIGRATION, RESCIND_CONSENT, TEST, EXTERNAL_PURCHASE_TOKEN]}
                notificationSubtype: {type: string, enum: [INITIAL_BUY, RESUBSCRIBE, DOWNGRADE, UPGRADE, AUTO_RENEW_ENABLED, AUTO_RENEW_DISABLED, VOLUNTARY, BILLING_RETRY, PRICE_INCREASE, GRACE_PERIOD, PENDING, ACCEPTED, BILLING_RECOVERY, PRODUCT_NOT_FOR_SALE, SUMMARY, FAILURE, UNREPORTED, CREATED, ACTIVE_TOKEN_REMINDER]}
                transactionId: {type: string, minLength: 1, maxLength: 128}
                onlyFailures: {type: boolean}
            SendAttemptItem:
              type: object
              properties:
                attemptDate: {type: integer, format: int64}
                sendAttemptResult: {type: string, enum: [SUCCESS, TIMED_OUT, TLS_ISSUE, CIRCULAR_REDIRECT, NO_RESPONSE, SOCKET_ISSUE, UNSUPPORTED_CHARSET, INVALID_RESPONSE, PREMATURE_CLOSE, UNSUCCESSFUL_HTTP_RESPONSE_CODE, OTHER]}
            NotificationHistoryResponse:
              type: object
              properties:
                paginationToken: {type: string}
                hasMore: {type: boolean}
                notificationHistory:
                  type: array
                  items:
                    type: object
                    properties:
                      signedPayload: {$ref: "#/components/schemas/JWS"}
                      sendAttempts: {type: array, items: {$ref: "#/components/schemas/SendAttemptItem"}}
            SendTestNotificationResponse:
              type: object
              properties:
                testNotificationToken: {type: string}
            CheckTestNotificationResponse:
              type: object
              properties:
                signedPayload: {$ref: "#/components/schemas/JWS"}
                sendAttempts: {type: array, items: {$ref: "#/components/schemas/SendAttemptItem"}}
            PriceChangeRequest:
              type: object
              required: [requestInfo, items]
              additionalProperties: false
              description: >-
                Apple's SubscriptionPriceChangeRequest. Each SKU appears in one item only
                (ItemCannotBeSpecifiedMultipleTimes 4000194); an item's dependentSKUs are other items of the
                subscription, never its own SKU (DependentSKUsCannotBeChained 4000193).
              properties:
                requestInfo: {$ref: "#/components/schemas/RequestInfo"}
                items:
                  type: array
                  minItems: 1
                  items:
                    type: object
                    required: [SKU, price]
                    additionalProperties: false
                    properties:
                      SKU:
                        $ref: "#/components/schemas/SKU"
                        description: >-
                          The item whose price changes. For an Advanced Commerce subscription, the SKU of one
                          of its items; for an in-app subscription (bought with POST /v1/purchases), its
                          productId, e.g. news.basic.monthly.
                      price: {$ref: "#/components/schemas/Price"}
                      dependentSKUs: {type: array, minItems: 1, uniqueItems: true, items: {$ref: "#/components/schemas/SKU"}}
                currency: {$ref: "#/components/schemas/CurrencyCode"}
                storefront: {$ref: "#/components/schemas/StorefrontCode"}
            ChangeMetadataRequest:
              type: object
              required: [requestInfo]
              additionalProperties: false
              description: Apple's SubscriptionChangeMetadataRequest; changes at least one of descriptors, items, taxCode.
              properties:
                requestInfo: {$ref: "#/components/schemas/RequestInfo"}
                descriptors:
                  $ref: "#/components/schemas/EffectiveDescriptors"
                  anyOf: [{required: [displayName]}, {required: [description]}]
                items:
                  type: array
                  minItems: 1
                  items:
                    type: object
                    required: [currentSKU, effective]
                    additionalProperties: false
                    properties:
                      currentSKU: {$ref: "#/components/schemas/SKU"}
                      effective: {$ref: "#/components/schemas/Effective"}
                      SKU: {$ref: "#/components/schemas/SKU"}
                      displayName: {$ref: "#/components/schemas/DisplayName"}
                      description: {$ref: "#/components/schemas/Description"}
                    anyOf: [{required: [SKU]}, {required: [displayName]}, {required: [description]}]
                storefront: {$ref: "#/components/schemas/StorefrontCode"}
                taxCode: {$ref: "#/components/schemas/TaxCode"}
              anyOf: [{required: [descriptors]}, {required: [items]}, {required: [taxCode]}]
            CancelSubscriptionRequest:
              type: object
              required: [requestInfo]
              additionalProperties: false
              description: Apple's SubscriptionCancelRequest.
              properties:
                requestInfo: {$ref: "#/components/schemas/RequestInfo"}
                storefront: {$ref: "#/components/schemas/StorefrontCode"}
            RevokeSubscriptionRequest:
              type: object
              required: [requestInfo, refundReason, refundType, refundRiskingPreference]
              additionalProperties: false
              description: Apple's SubscriptionRevokeRequest.
              properties:
                requestInfo: {$ref: "#/components/schemas/RequestInfo"}
                refundReason: {$ref: "#/components/schemas/RefundReason"}
                refundType: {type: string, enum: [FULL, PRORATED]}
                refundRiskingPreference: {type: boolean}
                storefront: {$ref: "#/components/schemas/StorefrontCode"}
            MigrateSubscriptionRequest:
              type: object
              required: [requestInfo, descriptors, items, targetProductId, taxCode]
              additionalProperties: false
              description: Apple's SubscriptionMigrateRequest.
              properties:
                requestInfo: {$ref: "#/components/schemas/RequestInfo"}
                descriptors: {$ref: "#/components/schemas/Descriptors"}
                items: {type: array, minItems: 1, items: {$ref: "#/components/schemas/MigrateItem"}}
                targetProductId: {$ref: "#/components/schemas/SKU"}
                taxCode: {$ref: "#/components/schemas/TaxCode"}
                renewalItems: {type: array, minItems: 1, items: {$ref: "#/components/schemas/MigrateItem"}}
                storefront: {$ref: "#/components/schemas/StorefrontCode"}
            MigrateItem:
              type: object
              required: [SKU, displayName, description]
              additionalProperties: false
              properties:
                SKU: {$ref: "#/components/schemas/SKU"}
                displayName: {$ref: "#/components/schemas/DisplayName"}
                description: {$ref: "#/components/schemas/Description"}
            RequestRefundRequest:
              type: object
              required: [requestInfo, items, refundRiskingPreference]
              additionalProperties: false
              description: >-
                Apple's RequestRefundRequest. This service refunds whole transactions: every item has the
                same refundReason, refundType, refundAmount and revoke (other requests are answered 501,
                not emulated).
              properties:
                requestInfo: {$ref: "#/components/schemas/RequestInfo"}
                items:
                  type: array
                  minItems: 1
                  items:
                    description: refundAmount is required with refundType CUSTOM and refused with the others.
                    oneOf:
                      - type: object
                        required: [SKU, refundReason, refundType, revoke]
                        additionalProperties: false
                        properties:
                          SKU: {$ref: "#/components/schemas/SKU"}
                          refundReason: {$ref: "#/components/schemas/RefundReason"}
                          refundType: {type: string, enum: [FULL, PRORATED]}
                          revoke: {type: boolean}
                      - type: object
                        required: [SKU, refundReason, refundType, revoke, refundAmount]
                        additionalProperties: false
                        properties:
                          SKU: {$ref: "#/components/schemas/SKU"}
                          refundReason: {$ref: "#/components/schemas/RefundReason"}
                          refundType: {type: string, const: CUSTOM}
                          revoke: {type: boolean}
                          refundAmount: {$ref: "#/components/schemas/Price"}
                refundRiskingPreference: {type: boolean}
                currency: {$ref: "#/components/schemas/CurrencyCode"}
                storefront: {$ref: "#/components/schemas/StorefrontCode"}
            CreateSubscriptionRequest:
              type: object
              required: [operation, version, requestInfo, currency, descriptors, items, period, taxCode, storefront]
              additionalProperties: false
              description: >-
                Apple's SubscriptionCreateRequest. This service needs the storefront (NullStorefront 4000100)
                to price the subscription; its SKUs are SKUs of one Advanced Commerce product of the
                consumer's catalog (404 ProductNotFound otherwise).
              properties:
                operation: {type: string, const: CREATE_SUBSCRIPTION}
                version: {type: string, const: "1"}
                requestInfo: {$ref: "#/components/schemas/RequestInfo"}
                currency: {$ref: "#/components/schemas/CurrencyCode"}
                descriptors: {$ref: "#/components/schemas/Descriptors"}
                items: {type: array, minItems: 1, items: {$ref: "#/components/schemas/CreateItem"}}
                period: {$ref: "#/components/schemas/SubscriptionPeriod"}
                taxCode: {$ref: "#/components/schemas/TaxCode"}
                previousTransactionId: {type: string}
                storefront: {$ref: "#/components/schemas/StorefrontCode"}
            ModifySubscriptionRequest:
              type: object
              required: [operation, version, requestInfo, transactionId, retainBillingCycle]
              additionalProperties: false
              description: >-
                Apple's SubscriptionModifyInAppRequest. Changes at least one thing (OneItemNeededInModify
                4000063); a SKU appears in one operation only (MultipleOperationsOnSingleSKU 4000143);
                retainBillingCycle false takes no change at NEXT_BILL_CYCLE (BillingCycleResetWithEffectiveLater
                4000148) and true takes no immediate period change (PeriodResetWithRetainBillingCycle 4000141).
              properties:
                operation: {type: string, const: MODIFY_SUBSCRIPTION}
                version: {type: string, const: "1"}
                requestInfo: {$ref: "#/components/schemas/RequestInfo"}
                transactionId: {$ref: "#/components/schemas/Identifier"}
                retainBillingCycle: {type: boolean}
                addItems: {type: array, minItems: 1, items: {$ref: "#/components/schemas/AddItem"}}
                changeItems: {type: array, minItems: 1, items: {$ref: "#/components/schemas/ChangeItem"}}
                removeItems: {type: array, minItems: 1, items: {$ref: "#/components/schemas/SKUItem"}}
                periodChange:
                  type: object
                  required: [effective, period]
                  additionalProperties: false
                  properties:
                    effective: {$ref: "#/components/schemas/Effective"}
                    period: {$ref: "#/components/schemas/SubscriptionPeriod"}
                descriptors: {$ref: "#/components/schemas/EffectiveDescriptors"}
                currency: {$ref: "#/components/schemas/CurrencyCode"}
                storefront: {$ref: "#/components/schemas/StorefrontCode"}
                taxCode: {$ref: "#/components/schemas/TaxCode"}
              allOf:
                - anyOf: [{required: [addItems]}, {required: [changeItems]}, {required: [removeItems]}, {required: [periodChange]}, {required: [descriptors]}]
                - anyOf:
                    - {properties: {retainBillingCycle: {const: true}}}
                    - {properties: {changeItems: {items: {properties: {effective: {const: IMMEDIATELY}}}}}}
                - anyOf:
                    - {properties: {retainBillingCycle: {const: false}}}
                    - {properties: {periodChange: {properties: {effective: {const: NEXT_BILL_CYCLE}}}}}
            ReactivateSubscriptionRequest:
              type: object
              required: [operation, version, requestInfo, transactionId]
              additionalProperties: false
              description: Apple's SubscriptionReactivateInAppRequest.
              properties:
                operation: {type: string, const: REACTIVATE_SUBSCRIPTION}
                version: {type: string, const: "1"}
                requestInfo: {$ref: "#/components/schemas/RequestInfo"}
                transactionId: {$ref: "#/components/schemas/Identifier"}
                items: {type: array, minItems: 1, items: {$ref: "#/components/schemas/SKUItem"}}
                storefront: {$ref: "#/components/schemas/StorefrontCode"}
            InAppRequest:
              description: Apple's CREATE_SUBSCRIPTION, MODIFY_SUBSCRIPTION or REACTIVATE_SUBSCRIPTION request JSON (the decoded `request` claim), chosen by operation.
              oneOf:
                - {$ref: "#/components/schemas/CreateSubscriptionRequest"}
                - {$ref: "#/components/schemas/ModifySubscriptionRequest"}
                - {$ref: "#/components/schemas/ReactivateSubscriptionRequest"}
            PurchaseRequest:
              type: object
              required: [customerId, productId, storefront]
              additionalProperties: false
              properties:
                customerId: {$ref: "#/components/schemas/Identifier"}
                appAccountToken: {$ref: "#/components/schemas/UUID"}
                productId: {$ref: "#/components/schemas/SKU"}
                storefront: {$ref: "#/components/schemas/StorefrontCode"}
                offer:
                  type: object
                  required: [offerType, offerIdentifier]
                  additionalProperties: false
                  description: Introductory offers (1) apply by themselves when the customer is eligible.
                  properties:
                    offerType: {type: integer, enum: [2, 3, 4], description: 2 promotional, 3 offer code, 4 win-back.}
                    offerIdentifier: {$ref: "#/components/schemas/Identifier"}
            SwitchProductRequest:
              type: object
              required: [originalTransactionId, productId]
              additionalProperties: false
              properties:
                originalTransactionId: {$ref: "#/components/schemas/Identifier"}
                productId: {$ref: "#/components/schemas/SKU"}
            SwitchProductResponse:
              allOf:
                - {$ref: "#/components/schemas/ServiceSubscriptionResponse"}
                - type: object
                  required: [effectiveImmediately, proratedRefund]
                  properties:
                    effectiveImmediately: {type: boolean}
                    proratedRefund: {type: integer, format: int64}
            PriceIncreaseResponseRequest:
              type: object
              required: [originalTransactionId, response]
              additionalProperties: false
              properties:
                originalTransactionId: {$ref: "#/components/schemas/Identifier"}
                SKU: {$ref: "#/components/schemas/SKU"}
                response: {type: string, enum: [CONSENT, DECLINE, SHEET_ACKNOWLEDGED]}
            PreviewResponse:
              type: object
              required: [preview, httpStatus, reply, events]
              description: A dry run's answer (docs/previews.md); nothing was applied or published.
              properties:
                preview: {type: boolean, enum: [true]}
                httpStatus: {type: integer, description: The HTTP status the request would have answered.}
                reply:
                  description: The body the request would have answered (Apple's error body for a refusal); null when it has none.
                  oneOf: [{type: object}, {type: "null"}]
                events:
                  type: array
                  description: The events it would cause, in order, each a subscriptions.v1.NotificationEvent as protobuf JSON (signedDate RFC 3339).
                  items: {type: object}
            ConsumptionRequest:
              type: object
              description: >-
                Apple's ConsumptionRequest (Send Consumption Information v2). customerConsented must be true
                (4000035), deliveryStatus 4000036, sampleContentProvided 4000041; consumptionPercentage and
                refundPreference are optional (4009004 when out of range).
              required: [customerConsented, sampleContentProvided, deliveryStatus]
              additionalProperties: false
              properties:
                customerConsented: {type: boolean, enum: [true]}
                sampleContentProvided: {type: boolean}
                deliveryStatus:
                  type: string
                  enum: [DELIVERED, UNDELIVERED_QUALITY_ISSUE, UNDELIVERED_WRONG_ITEM, UNDELIVERED_SERVER_OUTAGE, UNDELIVERED_OTHER]
                consumptionPercentage: {type: integer, format: int32, minimum: 0, maximum: 100000, description: Milliunits of a percent.}
                refundPreference: {type: string, enum: [DECLINE, GRANT_FULL, GRANT_PRORATED]}
            OrderLookupResponse:
              type: object
              required: [status, signedTransactions]
              properties:
                status: {type: integer, enum: [0, 1], description: Apple's OrderLookupStatus, 0 valid, 1 invalid.}
                signedTransactions: {type: array, items: {$ref: "#/components/schemas/JWS"}}
            UpdateAppAccountTokenRequest:
              type: object
              description: Apple's UpdateAppAccountTokenRequest; a token that is not a UUID is 4000183.
              required: [appAccountToken]
              additionalProperties: false
              properties:
                appAccountToken: {type: string, format: uuid, pattern: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$'}
            CustomerRefundRequest:
              type: object
              required: [consumptionRequestReason]
              additionalProperties: false
              properties:
                consumptionRequestReason:
                  type: string
                  enum: [UNINTENDED_PURCHASE, FULFILLMENT_ISSUE, UNSATISFIED_WITH_PURCHASE, LEGAL, OTHER]
            RefundDecisionRequest:
              type: object
              required: [decision]
              additionalProperties: false
              properties:
                decision: {type: string, enum: [GRANT_FULL, GRANT_PRORATED, DECLINE, REVERSE]}
            AutoRenewRequest:
              type: object
              required: [originalTransactionId, autoRenewStatus]
              additionalProperties: false
              properties:
                originalTransactionId: {$ref: "#/components/schemas/Identifier"}
                autoRenewStatus: {type: integer, enum: [0, 1]}
                locale: {$ref: "#/components/schemas/Locale"}
            Locale:
              type: string
              description: A locale such as en-US (the retention message's userLocale); InvalidLocaleError 4000164 otherwise.
              pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$'
            ConsumptionRequestV1:
              type: object
              description: >-
                Apple's deprecated ConsumptionRequestV1 (Send Consumption Information V1), answered as V2:
                deliveryStatus by meaning, consumptionStatus as a percentage (not 0, partially 50, fully
                100), refundPreference PREFER_GRANT as GRANT_FULL, PREFER_DECLINE as DECLINE. The other
                fields are checked against Apple's ranges (4000032, 4000033, 4000037-4000040, 4000042).
              required: [customerConsented, sampleContentProvided, deliveryStatus]
              additionalProperties: false
              properties:
                customerConsented: {type: boolean, enum: [true]}
                sampleContentProvided: {type: boolean}
                deliveryStatus: {type: integer, minimum: 0, maximum: 5}
                consumptionStatus: {type: integer, minimum: 0, maximum: 3}
                refundPreference: {type: integer, minimum: 0, maximum: 3}
                platform: {type: integer, minimum: 0, maximum: 2}
                appAccountToken: {type: string, pattern: '^$|^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$'}
                accountTenure: {type: integer, minimum: 0, maximum: 7}
                playTime: {type: integer, minimum: 0, maximum: 7}
                lifetimeDollarsRefunded: {type: integer, minimum: 0, maximum: 7}
                lifetimeDollarsPurchased: {type: integer, minimum: 0, maximum: 7}
                userStatus: {type: integer, minimum: 0, maximum: 4}
            AppTransactionInfoResponse:
              type: object
              required: [signedAppTransactionInfo]
              properties:
                signedAppTransactionInfo: {$ref: "#/components/schemas/JWS"}
            UploadMessageRequestBody:
              type: object
              description: >-
                Apple's UploadMessageRequestBody: header at most 66 characters (4000162), body 144 (4000163),
                altText 150 (4000175), at most 5 bulletPoints (4000218) of at most 66 characters (4000219);
                ABOVE_IMAGE needs an image (4000224).
              required: [header, body]
              additionalProperties: false
              properties:
                header: {type: string, maxLength: 66}
                body: {type: string, maxLength: 144}
                image:
                  type: object
                  required: [imageIdentifier, altText]
                  additionalProperties: false
                  properties:
                    imageIdentifier: {$ref: "#/components/schemas/UUID"}
                    altText: {type: string, maxLength: 150}
                headerPosition: {type: string, enum: [ABOVE_BODY, ABOVE_IMAGE], description: "ABOVE_IMAGE needs an image (BadRequestAboveImageRequiresAnImageError 4000224 otherwise)."}
                bulletPoints:
                  type: array
                  maxItems: 5
                  items:
                    type: object
                    required: [text, imageIdentifier, altText]
                    additionalProperties: false
                    properties:
                      text: {type: string, maxLength: 66}
                      imageIdentifier: {$ref: "#/components/schemas/UUID"}
                      altText: {type: string, maxLength: 150}
            GetImageListResponse:
              type: object
              required: [imageIdentifiers]
              properties:
                imageIdentifiers:
                  type: array
                  items:
                    type: object
                    properties:
                      imageIdentifier: {type: string}
                      imageState: {type: string, enum: [PENDING, APPROVED, REJECTED]}
                      imageSize: {type: string, enum: [FULL_SIZE, BULLET_POINT]}
            GetMessageListResponse:
              type: object
              required: [messageIdentifiers]
              properties:
                messageIdentifiers:
                  type: array
                  items:
                    type: object
                    properties:
                      messageIdentifier: {type: string}
                      messageState: {type: string, enum: [PENDING, APPROVED, REJECTED]}
            DefaultConfigurationRequest:
              type: object
              required: [messageIdentifier]
              additionalProperties: false
              properties:
                messageIdentifier: {$ref: "#/components/schemas/UUID"}
            DefaultConfigurationResponse:
              type: object
              required: [messageIdentifier]
              properties:
                messageIdentifier: {type: string}
            RealtimeUrlRequest:
              type: object
              required: [realtimeURL]
              additionalProperties: false
              properties:
                realtimeURL:
                  type: string
                  maxLength: 256
                  pattern: '^https?://[a-z0-9]+(\.[a-z0-9]+)*(/[A-Za-z0-9._~-]*)*$'
                  description: "An http or https URL with a host (BadRequestRealtimeUrlError 4000215 otherwise)."
            RealtimeUrlResponse:
              type: object
              required: [realtimeURL]
              properties:
                realtimeURL: {type: string}
            PerformanceTestRequest:
              type: object
              required: [originalTransactionId]
              additionalProperties: false
              properties:
                originalTransactionId: {$ref: "#/components/schemas/Identifier"}
            PerformanceTestConfig:
              type: object
              properties:
                maxConcurrentRequests: {type: integer}
                totalRequests: {type: integer}
                totalDuration: {type: integer, description: Milliseconds.}
                responseTimeThreshold: {type: integer, description: Milliseconds.}
                successRateThreshold: {type: integer, description: Percent.}
            PerformanceTestResponse:
              type: object
              required: [config, requestId]
              properties:
                config: {$ref: "#/components/schemas/PerformanceTestConfig"}
                requestId: {type: string}
            PerformanceTestResultResponse:
              type: object
              required: [config, target, result, numPending, failures]
              properties:
                config: {$ref: "#/components/schemas/PerformanceTestConfig"}
                target: {type: string}
                result: {type: string, enum: [PENDING, PASS, FAIL]}
                successRate: {type: integer}
                numPending: {type: integer}
                responseTimes:
                  type: object
                  properties:
                    average: {type: integer}
                    p50: {type: integer}
                    p90: {type: integer}
                    p95: {type: integer}
                    p99: {type: integer}
                failures: {type: object, additionalProperties: {type: integer}, description: Count per SendAttemptResult.}
            RetentionReviewRequest:
              type: object
              required: [state]
              additionalProperties: false
              properties:
                state: {type: string, enum: [PENDING, APPROVED, REJECTED]}
            RetentionAnswerRequest:
              type: object
              required: [originalTransactionId, answer]
              additionalProperties: false
              properties:
                originalTransactionId: {$ref: "#/components/schemas/Identifier"}
                answer: {type: string, enum: [KEEP, ACCEPT_OFFER, SWITCH_PLAN, CANCEL]}
                requestIdentifier: {$ref: "#/components/schemas/UUID"}
            RetentionOffer:
              type: object
              description: OURS. A retention offer (docs/retention-messaging.md); instants in milliseconds since 1970.
              required: [requestIdentifier, state, productId, locale, requestedDate]
              properties:
                requestIdentifier: {type: string}
                state: {type: string, enum: [REQUESTED, PRESENTED, ANSWERED]}
                productId: {type: string}
                locale: {type: string}
                requestedDate: {type: integer}
                presentation:
                  type: object
                  properties:
                    source: {type: string, enum: [APP, DEFAULT, NONE]}
                    fallbackReason: {type: string, enum: [NO_REALTIME_URL, TIMED_OUT, ENDPOINT_FAILED, INVALID_RESPONSE, NOT_APPROVED, INVALID_CHOICE]}
                    fallbackDetail: {type: string}
                    messageIdentifier: {type: string}
                    alternateProductId: {type: string}
                    promotionalOfferIdentifier: {type: string}
                    promotionalOfferProductId: {type: string}
                    httpStatus: {type: integer}
                    latencyMilliseconds: {type: integer}
                    sendAttemptResult: {type: string}
                answer: {type: string, enum: [KEEP, ACCEPT_OFFER, SWITCH_PLAN, CANCEL]}
                answeredDate: {type: integer}
            RetentionOfferResponse:
              type: object
              required: [subscription]
              properties:
                subscription: {$ref: "#/components/schemas/ServiceSubscriptionResponse"}
                retention: {$ref: "#/components/schemas/RetentionOffer"}
            PaymentOutcomeRequest:
              type: object
              required: [originalTransactionId, outcome]
              additionalProperties: false
              properties:
                originalTransactionId: {$ref: "#/components/schemas/Identifier"}
                outcome: {type: string, enum: [CHARGE_SUCCEEDED, CHARGE_FAILED, PAYMENT_METHOD_FIXED]}
            ClockAdvanceRequest:
              description: >-
                Exactly one of advanceTo (ms since 1970, up to the end of 9999) or advanceBy (an ISO 8601
                duration P[nY][nM][nW][nD][T[nH][nM][nS]] with at least one part, up to 6 digits per part;
                the service also takes zero parts and leading zeros as long as the whole is not zero). Years and
                months are calendar arithmetic in UTC: the day of the month is kept and clamped to the end
                of a shorter month (31 January + P1M = 28 February), as renewal dates are; weeks, days and
                clock parts are fixed lengths. The clock only moves forward and not past 9999-12-31
                (409 otherwise).
              oneOf:
                - type: object
                  required: [advanceTo]
                  additionalProperties: false
                  properties:
                    advanceTo: {type: integer, format: int64, minimum: 0, maximum: 253402300799999}
                - type: object
                  required: [advanceBy]
                  additionalProperties: false
                  properties:
                    advanceBy:
                      type: string
                      minLength: 3
                      pattern: '^P([1-9][0-9]{0,5}Y)?([1-9][0-9]{0,5}M)?([1-9][0-9]{0,5}W)?([1-9][0-9]{0,5}D)?(T([1-9][0-9]{0,5}H([1-9][0-9]{0,5}M)?([1-9][0-9]{0,5}S)?|[1-9][0-9]{0,5}M([1-9][0-9]{0,5}S)?|[1-9][0-9]{0,5}S))?$'
                      examples: [P1M, P1Y, P1D, PT36H, P2W, P1Y2M3DT4H]
            ClockAdvanceResponse:
              type: object
              properties:
                previousNow: {type: integer, format: int64}
                now: {type: integer, format: int64}
                transitionsFired: {type: integer, format: int64}
                eventsPublished: {type: integer, format: int64}
            TestClockCreateRequest:
              type: object
              required: [frozenTime]
              additionalProperties: false
              description: A test clock starting at frozenTime (docs/test-clocks.md).
              properties:
                frozenTime:
                  type: integer
                  format: int64
                  minimum: 0
                  maximum: 253402300799999
                  description: The clock's first now, in milliseconds since 1970 (up to the end of 9999).
                name:
                  type: string
                  maxLength: 100
                  pattern: '^[^\x00-\x1F\x7F-\x9F]*$'
                  description: Free text, at most 100 characters, no control characters; may be empty.
            TestClock:
              type: object
              required: [id, name, now, frozenTimeAtCreation, subscriptionCount, status]
              properties:
                id: {type: string, description: "clock_ and 24 hex digits"}
                name: {type: string}
                now: {type: integer, format: int64, description: The clock's now (ms since 1970).}
                frozenTimeAtCreation: {type: integer, format: int64}
                subscriptionCount: {type: integer, format: int64}
                status: {type: string, enum: [ready], description: An advance completes before it is answered.}
            TestClockList:
              type: object
              required: [testClocks]
              properties:
                testClocks: {type: array, items: {$ref: "#/components/schemas/TestClock"}}
            TestClockDeletion:
              type: object
              required: [id, deleted, subscriptionsDeleted]
              properties:
                id: {type: string}
                deleted: {type: boolean}
                subscriptionsDeleted: {type: integer, format: int64}
            CatalogReloadRequest:
              type: object
              additionalProperties: false
              maxProperties: 0
              description: >-
                `{}`. The consumer re-reads the catalog file it was started with (CATALOG_PATH); a caller
                never names a file (the former catalogPath is refused with 400 naming it). A file that cannot
                be read or is not a valid catalog is answered 422 (4229001, 4229002) and changes nothing.
            CatalogReloadResponse:
              type: object
              properties:
                catalogVersion: {type: string}
                productCount: {type: integer}
                storefrontCount: {type: integer}
            SubscriptionHistoryResponse:
              type: object
              description: >-
                OURS (the console's timeline). Each subscription's state now, its transactions and renewal
                info decoded (Apple's field names, instants in ms since 1970), and the events the consumer's
                archive holds for it (EVENT_ARCHIVE; docs/console.md), by sequence.
              properties:
                now: {type: integer, format: int64, description: "The engine's now (the test clock under CLOCK=manual)."}
                archiveEnabled: {type: boolean, description: Whether the consumer keeps an event archive; without one every events list is empty.}
                subscriptions:
                  type: array
                  items:
                    type: object
                    properties:
                      originalTransactionId: {type: string}
                      customerId: {type: string}
                      productId: {type: string}
                      subscriptionGroupIdentifier: {type: string}
                      status: {type: integer, description: "1 active, 2 expired, 3 billing retry, 4 billing grace period, 5 revoked."}
                      renewalInfo: {type: object, description: JWSRenewalInfoDecodedPayload as signed now.}
                      transactions: {type: array, items: {type: object, description: JWSTransactionDecodedPayload}, description: Every transaction, oldest first.}
                      events:
                        type: array
                        items: {$ref: "#/components/schemas/EventView"}
                      eventsTruncated: {type: boolean, description: Older events were left out by eventLimit.}
                      lastSequence: {type: integer, format: int64, description: "The sequence of the subscription's latest event, archived or not; events are gap-free (R-EVT-1)."}
            EventView:
              type: object
              description: A notification event as the console shows it.
              required: [sequence, notificationUUID, notificationType, routingKey, subscriptionId, signedDate, fields]
              properties:
                sequence: {type: integer, format: int64}
                notificationUUID: {type: string}
                notificationType: {type: string, description: "The routing key's type segment, e.g. DID_RENEW."}
                subtype: {type: string, description: "The subtype segment; absent for NONE."}
                routingKey: {type: string}
                subscriptionId: {type: string}
                signedDate: {type: integer, format: int64}
                causedByCommandId: {type: string, description: Absent when time passing caused it.}
                fields: {type: object, description: "The whole subscriptions.v1.NotificationEvent in protobuf's JSON mapping."}
                signedPayload: {type: string, description: "In a history, for Apple's types: the signedPayload (ES256 JWS with x5c) Apple's notification would carry."}
            ConsoleStatus:
              type: object
              description: OURS (the console's health panel). Instants in ms since 1970.
              properties:
                now: {type: integer, format: int64}
                producer:
                  type: object
                  properties:
                    ready: {type: boolean, description: Connected and consuming its reply queue.}
                    brokerConnected: {type: boolean}
                queues:
                  type: object
                  properties:
                    commands: {$ref: "#/components/schemas/QueueDepth"}
                    deadLetter: {$ref: "#/components/schemas/QueueDepth"}
                consumers:
                  type: array
                  description: "Every consumer heard from in the last 2 minutes (its ConsumerStatus reports on <prefix>.status), freshest first."
                  items:
                    type: object
                    properties:
                      instanceId: {type: string}
                      host: {type: string}
                      startedAt: {type: integer, format: int64}
                      reportedAt: {type: integer, format: int64}
                      secondsSinceReport: {type: number}
                      stale: {type: boolean, description: No report for 15 s.}
                      clock:
                        type: object
                        properties:
                          mode: {type: string, enum: [system, manual]}
                          now: {type: integer, format: int64}
                      storeReady: {type: boolean}
                      commandsTotal: {type: number}
                      commandsPerSecond: {type: number, description: Between the last two reports.}
                      eventsPublishedTotal: {type: number}
                      eventsPerSecond: {type: number}
                      outboxBacklog: {type: number}
                      deadLetteredTotal: {type: number}
                      commands:
                        type: array
                        items:
                          type: object
                          properties:
                            method: {type: string}
                            status: {type: string}
                            count: {type: number}
            QueueDepth:
              type: object
              properties:
                name: {type: string}
                messages: {type: integer, description: Ready messages.}
                consumers: {type: integer}
                error: {type: string, description: Why the broker could not be asked.}
            DeadLetter:
              type: object
              properties:
                commandId: {type: string}
                routingKey: {type: string}
                method: {type: string}
                reason: {type: string, description: "The consumer's reason (undecodable, invalid-command-id, unknown-schema-version, unknown-command) or the broker's (delivery_limit, rejected, expired)."}
                message: {type: string}
                size: {type: integer}
                issuedAt: {type: integer, format: int64}
            DeadLetterList:
              type: object
              properties:
                queue: {type: string}
                total: {type: integer, description: Commands in the queue when it was read.}
                entries: {type: array, items: {$ref: "#/components/schemas/DeadLetter"}}
            DeadLetterReplayRequest:
              type: object
              additionalProperties: false
              minProperties: 1
              maxProperties: 1
              description: Exactly one of commandId (replay that command) and all (replay every dead-lettered command, at most 1000).
              properties:
                commandId: {$ref: "#/components/schemas/Identifier"}
                all: {type: boolean, const: true}
            DeadLetterReplayResponse:
              type: object
              properties:
                replayed: {type: array, items: {$ref: "#/components/schemas/DeadLetter"}}
          responses:
            Error:
              description: >-
                Apple-style error: 400 validation, 401 bearer token, 403 operator key required, 4xx/5xx from
                the consumer's reply, 404 no such route, 405 another method (with Allow), 503 broker
                unavailable, 504 no reply before the deadline.
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/ErrorPayload"}
            SignedInfos:
              description: The subscription after the command.
              headers:
                X-Command-Id: {$ref: "#/components/headers/CommandId"}
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/SignedInfos"}
            ServiceSubscription:
              description: The subscription after the command, its ids and status as plain fields.
              headers:
                X-Command-Id: {$ref: "#/components/headers/CommandId"}
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/ServiceSubscriptionResponse"}
            ServiceRenewal:
              description: The renewal info after the command, the ids and status as plain fields.
              headers:
                X-Command-Id: {$ref: "#/components/headers/CommandId"}
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/ServiceRenewalResponse"}
        paths:
          /inApps/v1/subscriptions/extend/{originalTransactionId}:
            put:
              operationId: extendRenewalDate
              summary: Extend a subscription renewal date (idempotent on requestIdentifier).
              parameters:
                - $ref: "#/components/parameters/OriginalTransactionId"
                - $ref: "#/components/parameters/RequestTimeout"
                - $ref: "#/components/parameters/Traceparent"
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/ExtendRenewalDateRequest"}
              responses:
                "200":
                  description: Extended (or not, see success).
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ExtendRenewalDateResponse"}
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/subscriptions/extend/mass:
            post:
              operationId: massExtendRenewalDate
              summary: Extend the renewal date of all active subscribers of a product (idempotent on requestIdentifier).
              parameters:
                - $ref: "#/components/parameters/RequestTimeout"
                - $ref: "#/components/parameters/Traceparent"
                - $ref: "#/components/parameters/TestClock"
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/MassExtendRenewalDateRequest"}
              responses:
                "200":
                  description: Accepted.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/MassExtendRenewalDateResponse"}
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}:
            get:
              operationId: getMassExtensionStatus
              summary: Status of a mass renewal-date extension.
              parameters:
                - {name: productId, in: path, required: true, schema: {$ref: "#/components/schemas/Identifier"}}
                - {name: requestIdentifier, in: path, required: true, schema: {$ref: "#/components/schemas/Identifier"}}
                - $ref: "#/components/parameters/RequestTimeout"
              responses:
                "200":
                  description: The status.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/MassExtendRenewalDateStatusResponse"}
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/subscriptions/{transactionId}:
            get:
              operationId: getAllSubscriptionStatuses
              summary: All subscription statuses of the customer owning transactionId.
              parameters:
                - $ref: "#/components/parameters/TransactionId"
                - name: status
                  in: query
                  description: Filter; repeat for several.
                  schema: {type: array, items: {type: integer, enum: [1, 2, 3, 4, 5]}}
                  style: form
                  explode: true
                - $ref: "#/components/parameters/RequestTimeout"
              responses:
                "200":
                  description: Statuses.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/StatusResponse"}
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/transactions/{transactionId}:
            get:
              operationId: getTransactionInfo
              summary: Get Transaction Info.
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              responses:
                "200":
                  description: The transaction.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/TransactionInfoResponse"}
                default: {$ref: "#/components/responses/Error"}
          /inApps/v2/history/{transactionId}:
            get:
              operationId: getTransactionHistory
              summary: Get Transaction History (v2), 20 per page; pass the answer's revision for the next page.
              parameters:
                - $ref: "#/components/parameters/TransactionId"
                - {name: revision, in: query, schema: {type: string, minLength: 1}, description: "The revision the previous page answered; any other value is refused (InvalidRequestRevisionError 4000005)."}
                - {name: startDate, in: query, schema: {type: integer, format: int64, minimum: 0}, description: "Milliseconds since 1970; not after endDate (StartDateAfterEndDateError 4000013)."}
                - {name: endDate, in: query, schema: {type: integer, format: int64, minimum: 0}}
                - {name: productId, in: query, schema: {type: array, items: {type: string}}, style: form, explode: true}
                - {name: productType, in: query, schema: {type: array, items: {type: string, enum: [AUTO_RENEWABLE, NON_RENEWABLE, CONSUMABLE, NON_CONSUMABLE]}}, style: form, explode: true}
                - {name: sort, in: query, schema: {type: string, enum: [ASCENDING, DESCENDING]}}
                - {name: subscriptionGroupIdentifier, in: query, schema: {type: array, items: {type: string}}, style: form, explode: true}
                - {name: inAppOwnershipType, in: query, schema: {type: string, enum: [PURCHASED, FAMILY_SHARED]}}
                - {name: revoked, in: query, schema: {type: boolean}}
                - $ref: "#/components/parameters/RequestTimeout"
              responses:
                "200":
                  description: One page of the customer's transactions.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/HistoryResponse"}
                default: {$ref: "#/components/responses/Error"}
          /inApps/v2/refund/lookup/{transactionId}:
            get:
              operationId: getRefundHistory
              summary: Get Refund History, 20 per page.
              parameters:
                - $ref: "#/components/parameters/TransactionId"
                - {name: revision, in: query, schema: {type: string, minLength: 1}, description: "The revision the previous page answered; any other value is refused (InvalidRequestRevisionError 4000005)."}
                - $ref: "#/components/parameters/RequestTimeout"
              responses:
                "200":
                  description: One page of the customer's refunded transactions.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/RefundHistoryResponse"}
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/notifications/history:
            post:
              operationId: getNotificationHistory
              summary: Get Notification History, 20 per page, with every send attempt (docs/notifications.md).
              parameters:
                - {name: paginationToken, in: query, schema: {type: string, minLength: 1}, description: "The paginationToken the previous page answered; any other value is refused (InvalidPaginationTokenError 4000014)."}
                - $ref: "#/components/parameters/RequestTimeout"
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/NotificationHistoryRequest"}
              responses:
                "200":
                  description: One page of the notifications sent.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/NotificationHistoryResponse"}
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/notifications/test:
            post:
              operationId: requestTestNotification
              summary: Request a Test Notification (404 ServerNotificationUrlNotFoundError without NOTIFICATION_URLS).
              parameters: [{$ref: "#/components/parameters/RequestTimeout"}]
              responses:
                "200":
                  description: The token of the test notification.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/SendTestNotificationResponse"}
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/notifications/test/{testNotificationToken}:
            get:
              operationId: getTestNotificationStatus
              summary: Get Test Notification Status.
              parameters:
                - name: testNotificationToken
                  in: path
                  required: true
                  description: The token Request a Test Notification answered, `<UUID>_<signed date ms>`.
                  schema: {type: string, pattern: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(_[0-9]{1,19})?$'}
                - $ref: "#/components/parameters/RequestTimeout"
              responses:
                "200":
                  description: The test notification as sent and its attempts.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/CheckTestNotificationResponse"}
                default: {$ref: "#/components/responses/Error"}
          /inApps/v2/transactions/consumption/{transactionId}:
            put:
              operationId: sendConsumptionInformation
              summary: >-
                Send Consumption Information (v2): the app's answer to a CONSUMPTION_REQUEST, kept on the
                transaction's pending refund request (R-REF-2; 404 4049142 RefundRequestNotFoundError when
                none is pending). 202 with no body.
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/ConsumptionRequest"}
              responses:
                "202":
                  description: Accepted; no body.
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/lookup/{orderId}:
            get:
              operationId: lookUpOrderId
              summary: >-
                Look Up Order ID: the transaction of an order id (our answers carry it as orderId; docs/refunds.md).
                status 0 with the signed transaction, or 1 (and none) for an id that is not this app's (R-REF-6).
              parameters:
                - name: orderId
                  in: path
                  required: true
                  schema: {$ref: "#/components/schemas/Identifier"}
                - $ref: "#/components/parameters/RequestTimeout"
              responses:
                "200":
                  description: The order's status and transactions.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/OrderLookupResponse"}
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/transactions/{transactionId}/appAccountToken:
            put:
              operationId: setAppAccountToken
              summary: >-
                Set App Account Token: the token of the subscription's renewal info, its latest transaction and
                every later one (R-REF-5). 4000183 not a UUID, 4000185 a family member's subscription, 4000187
                not the original transaction id, 4040010 unknown. 200 with no body.
              parameters:
                - name: transactionId
                  in: path
                  required: true
                  description: "Apple's originalTransactionId: the subscription's original transaction id (another of its ids is 4000187)."
                  schema: {$ref: "#/components/schemas/Identifier"}
                - $ref: "#/components/parameters/RequestTimeout"
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/UpdateAppAccountTokenRequest"}
              responses:
                "200":
                  description: Done; no body.
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/history/{transactionId}:
            get:
              operationId: getTransactionHistoryV1
              summary: >-
                Get Transaction History V1 (deprecated by Apple, still the library's default): as v2 but
                without finished consumables (none are sold here), 20 per page, with revisions of its own
                (a v2 revision is refused here, and a V1 one by v2: 4000005).
              parameters:
                - $ref: "#/components/parameters/TransactionId"
                - {name: revision, in: query, schema: {type: string, minLength: 1}}
                - {name: startDate, in: query, schema: {type: integer, format: int64, minimum: 0}}
                - {name: endDate, in: query, schema: {type: integer, format: int64, minimum: 0}}
                - {name: productId, in: query, schema: {type: array, items: {type: string}}, style: form, explode: true}
                - {name: productType, in: query, schema: {type: array, items: {type: string, enum: [AUTO_RENEWABLE, NON_RENEWABLE, CONSUMABLE, NON_CONSUMABLE]}}, style: form, explode: true}
                - {name: sort, in: query, schema: {type: string, enum: [ASCENDING, DESCENDING]}}
                - {name: subscriptionGroupIdentifier, in: query, schema: {type: array, items: {type: string}}, style: form, explode: true}
                - {name: inAppOwnershipType, in: query, schema: {type: string, enum: [PURCHASED, FAMILY_SHARED]}}
                - {name: revoked, in: query, schema: {type: boolean}}
                - $ref: "#/components/parameters/RequestTimeout"
              responses:
                "200":
                  description: One page of the customer's transactions.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/HistoryResponse"}
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/transactions/appTransactions/{transactionId}:
            get:
              operationId: getAppTransactionInfo
              summary: >-
                Get App Transaction Info: the customer's app transaction, signed (signedAppTransactionInfo,
                verifiable with Apple's SignedDataVerifier.verify_and_decode_app_transaction); one per
                customer, its originalPurchaseDate the customer's first purchase.
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              responses:
                "200":
                  description: The app transaction.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/AppTransactionInfoResponse"}
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/transactions/{transactionId}/finish:
            post:
              operationId: finishTransaction
              summary: Finish Transaction. 200 with no body; 404 (4040010) for an unknown transaction.
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              responses:
                "200":
                  description: Done; no body.
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/transactions/consumption/{transactionId}:
            put:
              operationId: sendConsumptionInformationV1
              summary: Send Consumption Information V1 (deprecated by Apple), answered as V2 is. 202 with no body.
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/ConsumptionRequestV1"}
              responses:
                "202":
                  description: Accepted; no body.
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/messaging/image/{imageIdentifier}:
            put:
              operationId: uploadRetentionImage
              summary: Upload Image (a PNG; 4000161 otherwise), PENDING until the operator reviews it; 409 (4090000) when the identifier exists.
              parameters:
                - name: imageIdentifier
                  in: path
                  required: true
                  schema: {$ref: "#/components/schemas/UUID"}
                - {name: imageSize, in: query, schema: {type: string, enum: [FULL_SIZE, BULLET_POINT]}}
                - $ref: "#/components/parameters/RequestTimeout"
              requestBody:
                required: true
                content:
                  image/png:
                    schema: {type: string, contentMediaType: image/png}
              responses:
                "200":
                  description: Done; no body.
                default: {$ref: "#/components/responses/Error"}
            delete:
              operationId: deleteRetentionImage
              summary: Delete Image; 403 (4030019) while a message shows it, 404 (4040014) when unknown.
              parameters:
                - name: imageIdentifier
                  in: path
                  required: true
                  schema: {$ref: "#/components/schemas/UUID"}
                - $ref: "#/components/parameters/RequestTimeout"
              responses:
                "200":
                  description: Done; no body.
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/messaging/image/list:
            get:
              operationId: getRetentionImageList
              summary: Get Image List.
              parameters: [{$ref: "#/components/parameters/RequestTimeout"}]
              responses:
                "200":
                  description: Every image and its state.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/GetImageListResponse"}
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/messaging/message/{messageIdentifier}:
            put:
              operationId: uploadRetentionMessage
              summary: Upload Message, PENDING until the operator reviews it; its images must exist (4040014).
              parameters:
                - name: messageIdentifier
                  in: path
                  required: true
                  schema: {$ref: "#/components/schemas/UUID"}
                - $ref: "#/components/parameters/RequestTimeout"
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/UploadMessageRequestBody"}
              responses:
                "200":
                  description: Done; no body.
                default: {$ref: "#/components/responses/Error"}
            delete:
              operationId: deleteRetentionMessage
              summary: Delete Message (and the default messages naming it); 404 (4040015) when unknown.
              parameters:
                - name: messageIdentifier
                  in: path
                  required: true
                  schema: {$ref: "#/components/schemas/UUID"}
                - $ref: "#/components/parameters/RequestTimeout"
              responses:
                "200":
                  description: Done; no body.
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/messaging/message/list:
            get:
              operationId: getRetentionMessageList
              summary: Get Message List.
              parameters: [{$ref: "#/components/parameters/RequestTimeout"}]
              responses:
                "200":
                  description: Every message and its state.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/GetMessageListResponse"}
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/messaging/default/{productId}/{locale}:
            put:
              operationId: configureDefaultRetentionMessage
              summary: Configure Default Message of a product in a locale; the message and its images must be APPROVED (4030017, 4030018).
              parameters: &defaultMessageParameters
                - {name: productId, in: path, required: true, schema: {$ref: "#/components/schemas/Identifier"}}
                - {name: locale, in: path, required: true, schema: {$ref: "#/components/schemas/Locale"}}
                - $ref: "#/components/parameters/RequestTimeout"
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/DefaultConfigurationRequest"}
              responses:
                "200":
                  description: Done; no body.
                default: {$ref: "#/components/responses/Error"}
            get:
              operationId: getDefaultRetentionMessage
              summary: Get Default Message; 404 (4040020) when none is configured.
              parameters: *defaultMessageParameters
              responses:
                "200":
                  description: The default message.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/DefaultConfigurationResponse"}
                default: {$ref: "#/components/responses/Error"}
            delete:
              operationId: deleteDefaultRetentionMessage
              summary: Delete Default Message; 404 (4040020) when none is configured.
              parameters: *defaultMessageParameters
              responses:
                "200":
                  description: Done; no body.
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/messaging/realtime/url:
            put:
              operationId: configureRealtimeUrl
              summary: >-
                Configure Realtime URL: the app's Get Retention Message endpoint of an environment; Production
                needs a passed performance test first (4030026).
              parameters:
                - {name: environment, in: query, schema: {type: string, enum: [Sandbox, Production]}, description: "OURS: the environment; absent = the deployment's (the catalog's app)."}
                - $ref: "#/components/parameters/RequestTimeout"
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/RealtimeUrlRequest"}
              responses:
                "200":
                  description: Done; no body.
                default: {$ref: "#/components/responses/Error"}
            get:
              operationId: getRealtimeUrl
              summary: Get Realtime URL; 404 (4040021) when none is configured.
              parameters:
                - {name: environment, in: query, schema: {type: string, enum: [Sandbox, Production]}, description: "OURS: the environment; absent = the deployment's (the catalog's app)."}
                - $ref: "#/components/parameters/RequestTimeout"
              responses:
                "200":
                  description: The URL.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/RealtimeUrlResponse"}
                default: {$ref: "#/components/responses/Error"}
            delete:
              operationId: deleteRealtimeUrl
              summary: Delete Realtime URL; 404 (4040021) when none is configured.
              parameters:
                - {name: environment, in: query, schema: {type: string, enum: [Sandbox, Production]}, description: "OURS: the environment; absent = the deployment's (the catalog's app)."}
                - $ref: "#/components/parameters/RequestTimeout"
              responses:
                "200":
                  description: Done; no body.
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/messaging/performanceTest:
            post:
              operationId: initiatePerformanceTest
              summary: >-
                Initiate Performance Test: the consumer sends N signed requests to the environment's URL
                (RETENTION_PERFORMANCE_TEST_REQUESTS, so many at once) and records latencies and failures.
              parameters: [{$ref: "#/components/parameters/RequestTimeout"}]
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/PerformanceTestRequest"}
              responses:
                "200":
                  description: The test's parameters and request id.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/PerformanceTestResponse"}
                default: {$ref: "#/components/responses/Error"}
          /inApps/v1/messaging/performanceTest/result/{requestId}:
            get:
              operationId: getPerformanceTestResults
              summary: Get Performance Test Results (PENDING while it runs).
              parameters:
                - {name: requestId, in: path, required: true, schema: {$ref: "#/components/schemas/Identifier"}}
                - $ref: "#/components/parameters/RequestTimeout"
              responses:
                "200":
                  description: The test's result.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/PerformanceTestResultResponse"}
                default: {$ref: "#/components/responses/Error"}
          /advancedCommerce/v1/subscription/changePrice/{transactionId}:
            post:
              operationId: changePrice
              summary: Change subscription price (idempotent on requestInfo.requestReferenceId). For an in-app subscription the item's SKU is its productId.
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody: {required: true, content: {application/json: {schema: {$ref: "#/components/schemas/PriceChangeRequest"}}}}
              responses: {"200": {$ref: "#/components/responses/SignedInfos"}, default: {$ref: "#/components/responses/Error"}}
          /advancedCommerce/v1/subscription/changeMetadata/{transactionId}:
            post:
              operationId: changeMetadata
              summary: Change subscription metadata.
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody: {required: true, content: {application/json: {schema: {$ref: "#/components/schemas/ChangeMetadataRequest"}}}}
              responses: {"200": {$ref: "#/components/responses/SignedInfos"}, default: {$ref: "#/components/responses/Error"}}
          /advancedCommerce/v1/subscription/cancel/{transactionId}:
            post:
              operationId: cancelSubscription
              summary: Cancel a subscription (auto-renew off).
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody: {required: true, content: {application/json: {schema: {$ref: "#/components/schemas/CancelSubscriptionRequest"}}}}
              responses: {"200": {$ref: "#/components/responses/SignedInfos"}, default: {$ref: "#/components/responses/Error"}}
          /advancedCommerce/v1/subscription/revoke/{transactionId}:
            post:
              operationId: revokeSubscription
              summary: Revoke a subscription with a refund.
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody: {required: true, content: {application/json: {schema: {$ref: "#/components/schemas/RevokeSubscriptionRequest"}}}}
              responses: {"200": {$ref: "#/components/responses/SignedInfos"}, default: {$ref: "#/components/responses/Error"}}
          /advancedCommerce/v1/subscription/migrate/{transactionId}:
            post:
              operationId: migrateSubscription
              summary: Migrate a subscription to Advanced Commerce.
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody: {required: true, content: {application/json: {schema: {$ref: "#/components/schemas/MigrateSubscriptionRequest"}}}}
              responses: {"200": {$ref: "#/components/responses/SignedInfos"}, default: {$ref: "#/components/responses/Error"}}
          /advancedCommerce/v1/transaction/requestRefund/{transactionId}:
            post:
              operationId: requestRefund
              summary: Request a transaction refund.
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody: {required: true, content: {application/json: {schema: {$ref: "#/components/schemas/RequestRefundRequest"}}}}
              responses: {"200": {$ref: "#/components/responses/SignedInfos"}, default: {$ref: "#/components/responses/Error"}}
          /advancedCommerce/v1/inApp:
            post:
              operationId: inAppRequest
              summary: OURS. An Advanced Commerce in-app request (what StoreKit would submit), chosen by operation.
              parameters:
                - name: X-Customer-Id
                  in: header
                  required: true
                  description: Our customer id; needed by CREATE_SUBSCRIPTION (400 naming it when absent), ignored by the other operations.
                  schema: {$ref: "#/components/schemas/Identifier"}
                - $ref: "#/components/parameters/TestClock"
                - $ref: "#/components/parameters/RequestTimeout"
                - $ref: "#/components/parameters/Traceparent"
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/InAppRequest"}
              responses: {"200": {$ref: "#/components/responses/SignedInfos"}, default: {$ref: "#/components/responses/Error"}}
          /v1/purchases:
            post:
              security: [{operatorKey: []}]
              operationId: purchase
              summary: OURS. In-app purchase of an auto-renewable product.
              parameters:
                - $ref: "#/components/parameters/IdempotencyKey"
                - $ref: "#/components/parameters/RequestTimeout"
                - $ref: "#/components/parameters/Traceparent"
                - $ref: "#/components/parameters/TestClock"
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/PurchaseRequest"}
              responses: {"200": {$ref: "#/components/responses/ServiceSubscription"}, default: {$ref: "#/components/responses/Error"}}
          /v1/subscriptions/switchProduct:
            post:
              security: [{operatorKey: []}]
              operationId: switchProduct
              summary: OURS. Upgrade, downgrade or crossgrade within the group.
              parameters: [{$ref: "#/components/parameters/IdempotencyKey"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/SwitchProductRequest"}
              responses:
                "200":
                  description: The subscription after the switch.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/SwitchProductResponse"}
                default: {$ref: "#/components/responses/Error"}
          /v1/subscriptions/priceIncreaseResponse:
            post:
              security: [{operatorKey: []}]
              operationId: respondToPriceIncrease
              summary: OURS. Consent, decline or sheet acknowledgement of a price increase.
              parameters: [{$ref: "#/components/parameters/IdempotencyKey"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/PriceIncreaseResponseRequest"}
              responses: {"200": {$ref: "#/components/responses/ServiceRenewal"}, default: {$ref: "#/components/responses/Error"}}
          /v1/subscriptions/autoRenew:
            post:
              security: [{operatorKey: []}]
              operationId: setAutoRenew
              summary: OURS. Auto-renew on or off.
              parameters: [{$ref: "#/components/parameters/IdempotencyKey"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/AutoRenewRequest"}
              responses: {"200": {$ref: "#/components/responses/ServiceRenewal"}, default: {$ref: "#/components/responses/Error"}}
          /v1/subscriptions/paymentOutcome:
            post:
              security: [{operatorKey: []}]
              operationId: reportBillingOutcome
              summary: OURS. Outcome of the (simulated) payment side.
              parameters: [{$ref: "#/components/parameters/IdempotencyKey"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/PaymentOutcomeRequest"}
              responses:
                "200":
                  description: Status and subscription after the outcome.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ServiceSubscriptionResponse"}
                default: {$ref: "#/components/responses/Error"}
          /v1/testClock/advance:
            post:
              security: [{operatorKey: []}]
              operationId: advanceTestClock
              summary: OURS. Move the service's test clock forward (by a duration with calendar months and years in UTC, or to an instant).
              parameters: [{$ref: "#/components/parameters/IdempotencyKey"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/ClockAdvanceRequest"}
              responses:
                "200":
                  description: The clock after the advance.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ClockAdvanceResponse"}
                default: {$ref: "#/components/responses/Error"}
          /v1/testClocks:
            post:
              security: [{operatorKey: []}]
              operationId: createTestClock
              summary: OURS. Create a test clock starting at an instant (Stripe-like; docs/test-clocks.md).
              parameters: [{$ref: "#/components/parameters/IdempotencyKey"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/TestClockCreateRequest"}
              responses:
                "200":
                  description: The new clock.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/TestClock"}
                default: {$ref: "#/components/responses/Error"}
            get:
              security: [{operatorKey: []}]
              operationId: listTestClocks
              summary: OURS. Every test clock.
              parameters: [{$ref: "#/components/parameters/RequestTimeout"}]
              responses:
                "200":
                  description: The clocks, by id.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/TestClockList"}
                default: {$ref: "#/components/responses/Error"}
          /v1/testClocks/{testClockId}:
            get:
              security: [{operatorKey: []}]
              operationId: getTestClock
              summary: OURS. One test clock.
              parameters: [{$ref: "#/components/parameters/TestClockId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              responses:
                "200":
                  description: The clock.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/TestClock"}
                default: {$ref: "#/components/responses/Error"}
            delete:
              security: [{operatorKey: []}]
              operationId: deleteTestClock
              summary: OURS. Delete a test clock and everything on it (its subscriptions with their history, its mass extensions).
              parameters: [{$ref: "#/components/parameters/TestClockId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              responses:
                "200":
                  description: The clock is gone.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/TestClockDeletion"}
                default: {$ref: "#/components/responses/Error"}
          /v1/testClocks/{testClockId}/advance:
            post:
              security: [{operatorKey: []}]
              operationId: advanceTestClockObject
              summary: OURS. Move one test clock forward, firing only its subscriptions' timers, whatever the consumer's clock mode.
              parameters:
                - $ref: "#/components/parameters/TestClockId"
                - $ref: "#/components/parameters/IdempotencyKey"
                - $ref: "#/components/parameters/RequestTimeout"
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/ClockAdvanceRequest"}
              responses:
                "200":
                  description: The clock after the advance.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ClockAdvanceResponse"}
                default: {$ref: "#/components/responses/Error"}
          /v1/transactions/{transactionId}/refundRequest:
            post:
              security: [{operatorKey: []}]
              operationId: requestCustomerRefund
              summary: >-
                OURS. The customer asks for a refund of the subscription's latest transaction (what Report a
                Problem does): CONSUMPTION_REQUEST with consumptionRequestReason follows (R-REF-1). 403 4030024
                an earlier transaction, 403 4030021 already refunded, 409 4099005 a request is already pending.
              parameters:
                - $ref: "#/components/parameters/TransactionId"
                - $ref: "#/components/parameters/IdempotencyKey"
                - $ref: "#/components/parameters/RequestTimeout"
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/CustomerRefundRequest"}
              responses:
                "200":
                  description: The subscription, unchanged but for its pending request.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ServiceSubscriptionResponse"}
                default: {$ref: "#/components/responses/Error"}
          /v1/transactions/{transactionId}/refundDecision:
            post:
              security: [{operatorKey: []}]
              operationId: decideRefund
              summary: >-
                OURS. The operator's decision in Apple's place: GRANT_FULL or GRANT_PRORATED (REFUND, the
                subscription revoked) or DECLINE (REFUND_DECLINED) the pending request (404 4049142 when none
                is), or REVERSE a granted refund (REFUND_REVERSED, the revocation cleared, the renewal date
                unchanged; 409 4099006 when the transaction carries no refund) (R-REF-3, R-REF-4).
              parameters:
                - $ref: "#/components/parameters/TransactionId"
                - $ref: "#/components/parameters/IdempotencyKey"
                - $ref: "#/components/parameters/RequestTimeout"
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/RefundDecisionRequest"}
              responses:
                "200":
                  description: The subscription after the decision.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ServiceSubscriptionResponse"}
                default: {$ref: "#/components/responses/Error"}
          /v1/catalog/reload:
            post:
              security: [{operatorKey: []}]
              operationId: reloadCatalog
              summary: OURS. Reload the product catalog from the consumer's configured file (CATALOG_PATH).
              parameters: [{$ref: "#/components/parameters/IdempotencyKey"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/CatalogReloadRequest"}
              responses:
                "200":
                  description: The catalog now in use.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/CatalogReloadResponse"}
                default: {$ref: "#/components/responses/Error"}
          /v1/subscriptions/{transactionId}/history:
            get:
              security: [{operatorKey: []}]
              operationId: getSubscriptionHistory
              summary: OURS. A subscription's life for the console's timeline, by any of its transaction ids.
              description: >-
                Answered by the consumer (GetSubscriptionHistory over the bus) from its state (every
                transaction, the renewal info now) and its event archive (the latest eventLimit events, each
                with the signedPayload Apple's notification would carry). A read: it changes nothing and
                fires nothing. 404 (4040010) for an unknown transaction id.
              parameters:
                - {$ref: "#/components/parameters/TransactionId"}
                - {$ref: "#/components/parameters/EventLimit"}
                - {$ref: "#/components/parameters/RequestTimeout"}
              responses:
                "200":
                  description: The subscription.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/SubscriptionHistoryResponse"}
                default: {$ref: "#/components/responses/Error"}
          /v1/retention/images/{imageIdentifier}/review:
            put:
              security: [{operatorKey: []}]
              operationId: reviewRetentionImage
              summary: OURS. The operator reviews an image as App Store review would (PENDING, APPROVED, REJECTED).
              parameters:
                - name: imageIdentifier
                  in: path
                  required: true
                  schema: {$ref: "#/components/schemas/UUID"}
                - $ref: "#/components/parameters/RequestTimeout"
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/RetentionReviewRequest"}
              responses:
                "200":
                  description: Done; no body.
                default: {$ref: "#/components/responses/Error"}
          /v1/retention/messages/{messageIdentifier}/review:
            put:
              security: [{operatorKey: []}]
              operationId: reviewRetentionMessage
              summary: OURS. The operator reviews a message as App Store review would (PENDING, APPROVED, REJECTED).
              parameters:
                - name: messageIdentifier
                  in: path
                  required: true
                  schema: {$ref: "#/components/schemas/UUID"}
                - $ref: "#/components/parameters/RequestTimeout"
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/RetentionReviewRequest"}
              responses:
                "200":
                  description: Done; no body.
                default: {$ref: "#/components/responses/Error"}
          /v1/subscriptions/retentionAnswer:
            post:
              security: [{operatorKey: []}]
              operationId: answerRetentionMessage
              summary: >-
                OURS. The subscriber answers the retention offer auto-renew off opened: KEEP, ACCEPT_OFFER (the
                promotional offer is redeemed, OFFER_REDEEMED), SWITCH_PLAN (the engine's switch) or CANCEL
                (auto-renew off); 403 without an open offer or without the choice answered.
              parameters: [{$ref: "#/components/parameters/IdempotencyKey"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/RetentionAnswerRequest"}
              responses:
                "200":
                  description: The subscription and the answered offer.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/RetentionOfferResponse"}
                default: {$ref: "#/components/responses/Error"}
          /v1/subscriptions/{transactionId}/retention:
            get:
              security: [{operatorKey: []}]
              operationId: getRetentionOffer
              summary: OURS. A subscription's latest retention offer (absent when it never had one).
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              responses:
                "200":
                  description: The subscription and its offer.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/RetentionOfferResponse"}
                default: {$ref: "#/components/responses/Error"}
          /v1/customers/{customerId}/history:
            get:
              security: [{operatorKey: []}]
              operationId: getCustomerHistory
              summary: OURS. Every subscription of a customer for the console's timeline.
              description: As getSubscriptionHistory, for each subscription of the customer; 404 (4049140) when the customer has none.
              parameters:
                - name: customerId
                  in: path
                  required: true
                  schema: {$ref: "#/components/schemas/Identifier"}
                - {$ref: "#/components/parameters/EventLimit"}
                - {$ref: "#/components/parameters/RequestTimeout"}
              responses:
                "200":
                  description: The customer's subscriptions, by originalTransactionId.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/SubscriptionHistoryResponse"}
                default: {$ref: "#/components/responses/Error"}
          /v1/events/stream:
            get:
              security: [{operatorKey: []}]
              operationId: streamEvents
              summary: OURS. Every notification event as it is published, as server-sent events.
              description: >-
                text/event-stream: `event: ready` once every later event will arrive on the stream, then one
                `event: notification` per event (data: an EventView without signedPayload; id: grows by one
                per event, so a gap is an event this stream dropped for being too slow), and a comment line
                every 15 s. Needs the Authorization header like every /v1 route: read it with fetch and a
                streaming body (EventSource cannot send the header). The stream lasts until the client goes,
                the producer shuts down, or `seconds` pass.
              parameters:
                - name: seconds
                  in: query
                  description: End the stream after this many seconds (1 to 86400); without it, it lasts until the client goes.
                  schema: {type: integer, minimum: 1, maximum: 86400}
              responses:
                "200":
                  description: The stream.
                  content:
                    text/event-stream: {schema: {type: string}}
                default: {$ref: "#/components/responses/Error"}
          /v1/status:
            get:
              security: [{operatorKey: []}]
              operationId: getStatus
              summary: "OURS. The console's health panel: broker connection, queue depths, each consumer's metrics and clock."
              responses:
                "200":
                  description: The status now.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ConsoleStatus"}
                default: {$ref: "#/components/responses/Error"}
          /v1/deadLetters:
            get:
              security: [{operatorKey: []}]
              operationId: listDeadLetters
              summary: OURS. The dead-lettered commands with their reasons (subscriptionsctl dlq list).
              description: >-
                Takes up to `limit` commands from the dead-letter queue unacknowledged and hands them all
                back: nothing is removed. 503 (5039000) when the broker is not connected.
              parameters:
                - name: limit
                  in: query
                  description: At most this many commands, 1 to 1000 (default 100).
                  schema: {type: integer, minimum: 1, maximum: 1000}
              responses:
                "200":
                  description: The commands.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/DeadLetterList"}
                default: {$ref: "#/components/responses/Error"}
          /v1/deadLetters/replay:
            post:
              security: [{operatorKey: []}]
              operationId: replayDeadLetters
              summary: OURS. Republish dead-lettered commands to the commands exchange (subscriptionsctl dlq replay).
              description: >-
                Each chosen command's original body and properties (less the dead-lettering headers) are
                published with its original routing key and confirmed by the broker; only then is it removed
                from the dead-letter queue. 404 (4049141) when commandId names no dead-lettered command.
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/DeadLetterReplayRequest"}
              responses:
                "200":
                  description: The commands replayed.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/DeadLetterReplayResponse"}
                default: {$ref: "#/components/responses/Error"}
          /health:
            get:
              security: []
              operationId: health
              summary: 200 when the broker is connected and replies are consumed, else 503.
              responses:
                "200":
                  description: Ready.
                  content:
                    application/json:
                      schema: {type: object, properties: {status: {type: string, const: ready}}}
                "503":
                  description: Not connected to the broker.
                  content:
                    application/json:
                      schema: {type: object, properties: {status: {type: string, const: unavailable}}}
          /metrics:
            get:
              security: []
              operationId: metrics
              summary: Prometheus text exposition.
              responses:
                "200":
                  description: Metrics.
                  content:
                    text/plain: {schema: {type: string}}
          /openapi.yaml:
            get:
              security: []
              operationId: openapi
              summary: This document.
              responses:
                "200":
                  description: OpenAPI 3.1 YAML.
                  content:
                    application/yaml: {schema: {type: string}}
          /console:
            get:
              security: []
              operationId: consolePage
              summary: "The operators' console: one page (docs/console.md). Its API calls carry the operator token pasted into it."
              responses:
                "200":
                  description: The page.
                  content:
                    text/html: {schema: {type: string}}
          /console/{asset}:
            get:
              security: []
              operationId: consoleAsset
              summary: The console's static files, embedded in the binary.
              parameters:
                - name: asset
                  in: path
                  required: true
                  schema:
                    type: string
                    enum: [index.html, console.css, main.js, api.js, format.js, events.js, timeline.js, detail.js, clock.js, deadletters.js, health.js]
              responses:
                "200":
                  description: The file (text/html, text/css or text/javascript).
                  content:
                    text/javascript: {schema: {type: string}}
                default: {$ref: "#/components/responses/Error"}
        """#
}
