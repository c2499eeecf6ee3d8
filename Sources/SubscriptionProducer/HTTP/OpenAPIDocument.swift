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
              description: ES256 JWT of an operator key; an app key gets 403 (4039001).
          parameters:
            RequestTimeout:
              name: X-Request-Timeout
              in: header
              description: Deadline of the command in milliseconds (1 to 300000); default REPLY_TIMEOUT.
              schema: {type: integer, minimum: 1, maximum: 300000}
            IdempotencyKey:
              name: Idempotency-Key
              in: header
              description: Replay key for requests without Apple's requestReferenceId / requestIdentifier; the same key gives the same command_id and the first answer.
              schema: {type: string}
            Traceparent:
              name: traceparent
              in: header
              description: W3C trace context, passed through; generated when absent or invalid.
              schema: {type: string}
            TransactionId:
              name: transactionId
              in: path
              required: true
              schema: {type: string, minLength: 1, maxLength: 128}
            OriginalTransactionId:
              name: originalTransactionId
              in: path
              required: true
              schema: {type: string, minLength: 1, maxLength: 128}
          headers:
            CommandId:
              description: The command_id the request was published with.
              schema: {type: string, format: uuid}
          schemas:
            ErrorPayload:
              type: object
              required: [errorCode, errorMessage]
              properties:
                errorCode: {type: integer, format: int64, description: "Apple's code, or ours (4009xxx validation, 4019xxx bearer token, 4039001 operator key required, <status>9999 without an Apple code, 5039000 broker unavailable, 5049000 no reply before the deadline)."}
                errorMessage: {type: string}
            JWS:
              type: string
              description: Compact JWS, ES256 with x5c [leaf, intermediate, root] of the signing identity, whose payload is Apple's decoded transaction, renewal info or notification.
            SignedInfos:
              type: object
              required: [signedTransactionInfo, signedRenewalInfo]
              properties:
                signedTransactionInfo: {$ref: "#/components/schemas/JWS"}
                signedRenewalInfo: {$ref: "#/components/schemas/JWS"}
            SignedRenewalInfo:
              type: object
              required: [signedRenewalInfo]
              properties:
                signedRenewalInfo: {$ref: "#/components/schemas/JWS"}
            RequestInfo:
              type: object
              required: [requestReferenceId]
              additionalProperties: false
              properties:
                requestReferenceId: {type: string, format: uuid}
                consistencyToken: {type: string}
                appAccountToken: {type: string, format: uuid}
            AppleRequest:
              type: object
              description: Apple's request body for this endpoint, validated strictly (unknown keys are refused); see docs/http-api-models.md.
            AdvancedCommerceServerRequest:
              type: object
              required: [requestInfo]
              description: Apple's Advanced Commerce server request body (SubscriptionPriceChangeRequest, SubscriptionChangeMetadataRequest, SubscriptionCancelRequest, SubscriptionRevokeRequest, SubscriptionMigrateRequest, RequestRefundRequest).
              properties:
                requestInfo: {$ref: "#/components/schemas/RequestInfo"}
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
              properties:
                extendByDays: {type: integer, minimum: 1, maximum: 90}
                extendReasonCode: {type: integer, enum: [0, 1, 2, 3]}
                requestIdentifier: {type: string, format: uuid}
                productId: {type: string}
                storefrontCountryCodes: {type: array, minItems: 1, items: {type: string, pattern: "^[A-Z]{3}$"}}
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
                            status: {type: integer, enum: [1, 2, 3, 4, 5]}
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
              properties:
                startDate: {type: integer, format: int64}
                endDate: {type: integer, format: int64}
                notificationType: {type: string}
                notificationSubtype: {type: string}
                transactionId: {type: string}
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
            InAppRequest:
              type: object
              required: [operation, version, requestInfo]
              description: Apple's CREATE_SUBSCRIPTION, MODIFY_SUBSCRIPTION or REACTIVATE_SUBSCRIPTION request JSON (the decoded `request` claim).
              properties:
                operation: {type: string, enum: [CREATE_SUBSCRIPTION, MODIFY_SUBSCRIPTION, REACTIVATE_SUBSCRIPTION]}
                version: {type: string, const: "1"}
                requestInfo: {$ref: "#/components/schemas/RequestInfo"}
            PurchaseRequest:
              type: object
              required: [customerId, productId, storefront]
              additionalProperties: false
              properties:
                customerId: {type: string}
                appAccountToken: {type: string, format: uuid}
                productId: {type: string}
                storefront: {type: string, pattern: "^[A-Z]{3}$"}
                offer:
                  type: object
                  required: [offerType, offerIdentifier]
                  properties:
                    offerType: {type: integer, enum: [2, 3, 4]}
                    offerIdentifier: {type: string}
            SwitchProductRequest:
              type: object
              required: [originalTransactionId, productId]
              additionalProperties: false
              properties:
                originalTransactionId: {type: string}
                productId: {type: string}
            SwitchProductResponse:
              allOf:
                - {$ref: "#/components/schemas/SignedInfos"}
                - type: object
                  properties:
                    effectiveImmediately: {type: boolean}
                    proratedRefund: {type: integer, format: int64}
            PriceIncreaseResponseRequest:
              type: object
              required: [originalTransactionId, response]
              additionalProperties: false
              properties:
                originalTransactionId: {type: string}
                SKU: {type: string}
                response: {type: string, enum: [CONSENT, DECLINE, SHEET_ACKNOWLEDGED]}
            AutoRenewRequest:
              type: object
              required: [originalTransactionId, autoRenewStatus]
              additionalProperties: false
              properties:
                originalTransactionId: {type: string}
                autoRenewStatus: {type: integer, enum: [0, 1]}
            PaymentOutcomeRequest:
              type: object
              required: [originalTransactionId, outcome]
              additionalProperties: false
              properties:
                originalTransactionId: {type: string}
                outcome: {type: string, enum: [CHARGE_SUCCEEDED, CHARGE_FAILED, PAYMENT_METHOD_FIXED]}
            PaymentOutcomeResponse:
              allOf:
                - {$ref: "#/components/schemas/SignedInfos"}
                - type: object
                  properties:
                    status: {type: integer, enum: [1, 2, 3, 4, 5]}
            ClockAdvanceRequest:
              type: object
              additionalProperties: false
              description: Exactly one of advanceTo (ms since 1970) or advanceBy (ISO 8601 duration of weeks, days, hours, minutes, seconds).
              properties:
                advanceTo: {type: integer, format: int64, minimum: 0}
                advanceBy: {type: string, examples: [P1D, PT36H, P2W]}
            ClockAdvanceResponse:
              type: object
              properties:
                previousNow: {type: integer, format: int64}
                now: {type: integer, format: int64}
                transitionsFired: {type: integer, format: int64}
                eventsPublished: {type: integer, format: int64}
            CatalogReloadRequest:
              type: object
              additionalProperties: false
              properties:
                catalogPath: {type: string}
            CatalogReloadResponse:
              type: object
              properties:
                catalogVersion: {type: string}
                productCount: {type: integer}
                storefrontCount: {type: integer}
          responses:
            Error:
              description: Apple-style error (400 validation, 401 bearer token, 403 operator key required, 4xx/5xx from the consumer's reply, 503 broker unavailable, 504 no reply before the deadline).
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
            SignedRenewalInfo:
              description: The renewal info after the command.
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/SignedRenewalInfo"}
          requestBodies:
            AdvancedCommerceServerRequest:
              required: true
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/AdvancedCommerceServerRequest"}
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
                - {name: productId, in: path, required: true, schema: {type: string}}
                - {name: requestIdentifier, in: path, required: true, schema: {type: string}}
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
                - {name: revision, in: query, schema: {type: string}}
                - {name: startDate, in: query, schema: {type: integer, format: int64}}
                - {name: endDate, in: query, schema: {type: integer, format: int64}}
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
                - {name: revision, in: query, schema: {type: string}}
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
                - {name: paginationToken, in: query, schema: {type: string}}
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
                - {name: testNotificationToken, in: path, required: true, schema: {type: string}}
                - $ref: "#/components/parameters/RequestTimeout"
              responses:
                "200":
                  description: The test notification as sent and its attempts.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/CheckTestNotificationResponse"}
                default: {$ref: "#/components/responses/Error"}
          /advancedCommerce/v1/subscription/changePrice/{transactionId}:
            post:
              operationId: changePrice
              summary: Change subscription price (idempotent on requestInfo.requestReferenceId).
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody: {$ref: "#/components/requestBodies/AdvancedCommerceServerRequest"}
              responses: {"200": {$ref: "#/components/responses/SignedInfos"}, default: {$ref: "#/components/responses/Error"}}
          /advancedCommerce/v1/subscription/changeMetadata/{transactionId}:
            post:
              operationId: changeMetadata
              summary: Change subscription metadata.
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody: {$ref: "#/components/requestBodies/AdvancedCommerceServerRequest"}
              responses: {"200": {$ref: "#/components/responses/SignedInfos"}, default: {$ref: "#/components/responses/Error"}}
          /advancedCommerce/v1/subscription/cancel/{transactionId}:
            post:
              operationId: cancelSubscription
              summary: Cancel a subscription (auto-renew off).
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody: {$ref: "#/components/requestBodies/AdvancedCommerceServerRequest"}
              responses: {"200": {$ref: "#/components/responses/SignedInfos"}, default: {$ref: "#/components/responses/Error"}}
          /advancedCommerce/v1/subscription/revoke/{transactionId}:
            post:
              operationId: revokeSubscription
              summary: Revoke a subscription with a refund.
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody: {$ref: "#/components/requestBodies/AdvancedCommerceServerRequest"}
              responses: {"200": {$ref: "#/components/responses/SignedInfos"}, default: {$ref: "#/components/responses/Error"}}
          /advancedCommerce/v1/subscription/migrate/{transactionId}:
            post:
              operationId: migrateSubscription
              summary: Migrate a subscription to Advanced Commerce.
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody: {$ref: "#/components/requestBodies/AdvancedCommerceServerRequest"}
              responses: {"200": {$ref: "#/components/responses/SignedInfos"}, default: {$ref: "#/components/responses/Error"}}
          /advancedCommerce/v1/transaction/requestRefund/{transactionId}:
            post:
              operationId: requestRefund
              summary: Request a transaction refund.
              parameters: [{$ref: "#/components/parameters/TransactionId"}, {$ref: "#/components/parameters/RequestTimeout"}]
              requestBody: {$ref: "#/components/requestBodies/AdvancedCommerceServerRequest"}
              responses: {"200": {$ref: "#/components/responses/SignedInfos"}, default: {$ref: "#/components/responses/Error"}}
          /advancedCommerce/v1/inApp:
            post:
              operationId: inAppRequest
              summary: OURS. An Advanced Commerce in-app request (what StoreKit would submit), chosen by operation.
              parameters:
                - name: X-Customer-Id
                  in: header
                  description: Our customer id; required for CREATE_SUBSCRIPTION.
                  schema: {type: string}
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
              parameters: [{$ref: "#/components/parameters/IdempotencyKey"}, {$ref: "#/components/parameters/RequestTimeout"}, {$ref: "#/components/parameters/Traceparent"}]
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/PurchaseRequest"}
              responses: {"200": {$ref: "#/components/responses/SignedInfos"}, default: {$ref: "#/components/responses/Error"}}
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
              responses: {"200": {$ref: "#/components/responses/SignedRenewalInfo"}, default: {$ref: "#/components/responses/Error"}}
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
              responses: {"200": {$ref: "#/components/responses/SignedRenewalInfo"}, default: {$ref: "#/components/responses/Error"}}
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
                      schema: {$ref: "#/components/schemas/PaymentOutcomeResponse"}
                default: {$ref: "#/components/responses/Error"}
          /v1/testClock/advance:
            post:
              security: [{operatorKey: []}]
              operationId: advanceTestClock
              summary: OURS. Move the service's test clock forward.
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
          /v1/catalog/reload:
            post:
              security: [{operatorKey: []}]
              operationId: reloadCatalog
              summary: OURS. Reload the product catalog.
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
        """#
}
