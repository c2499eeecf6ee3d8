import SubscriptionMessages
import SwiftProtobuf
import Testing

@Suite("Command envelope and reply round trips")
struct EnvelopeRoundTripTests {
    @Test("an envelope of every case survives binary encoding", arguments: CommandRoute.allCases)
    func envelopeBinaryRoundTrip(route: CommandRoute) throws {
        let envelope = SampleCommands.envelope(for: route)
        let bytes: [UInt8] = try envelope.serializedBytes()
        let decoded = try Subscriptions_V1_CommandEnvelope(serializedBytes: bytes)
        #expect(decoded == envelope)
        #expect(decoded.route == route)
        #expect(decoded.schemaVersion == WireContract.schemaVersion)
    }

    @Test("an envelope of every case survives JSON encoding", arguments: CommandRoute.allCases)
    func envelopeJSONRoundTrip(route: CommandRoute) throws {
        let envelope = SampleCommands.envelope(for: route)
        let decoded = try Subscriptions_V1_CommandEnvelope(jsonString: envelope.jsonString())
        #expect(decoded == envelope)
    }

    @Test("a reply of every case survives binary encoding", arguments: CommandRoute.allCases)
    func replyBinaryRoundTrip(route: CommandRoute) throws {
        let reply = Subscriptions_V1_CommandReply.with {
            $0.commandID = "0d8e7c3a-8a55-4f5e-b7a2-5c1d6f2e9a01"
            $0.schemaVersion = WireContract.schemaVersion
            $0.status = .ok
            $0.repliedAt = Google_Protobuf_Timestamp(seconds: 1_767_225_602)
            $0.result = route.makeEmptyResult()
        }
        let bytes: [UInt8] = try reply.serializedBytes()
        let decoded = try Subscriptions_V1_CommandReply(serializedBytes: bytes)
        #expect(decoded == reply)
        #expect(decoded.route == route)
    }

    @Test("typed results keep their fields")
    func typedResults() throws {
        let reply = Subscriptions_V1_CommandReply.with {
            $0.commandID = "c-1"
            $0.status = .ok
            $0.getAllSubscriptionStatuses = .with {
                $0.environment = .sandbox
                $0.bundleID = "com.example.app"
                $0.data = [.with {
                    $0.subscriptionGroupIdentifier = "21000001"
                    $0.lastTransactions = [.with {
                        $0.status = .billingGracePeriod
                        $0.originalTransactionID = "2000000000000001"
                        $0.transactionInfo = SampleEvents.transaction
                        $0.renewalInfo = SampleEvents.renewal
                    }]
                }]
            }
        }
        let decoded = try Subscriptions_V1_CommandReply(serializedBytes: reply.serializedBytes() as [UInt8])
        #expect(decoded.getAllSubscriptionStatuses.data.first?.lastTransactions.first?.status == .billingGracePeriod)
        #expect(decoded == reply)
    }

    @Test("an error reply carries Apple's error code and the offending field")
    func errorReply() throws {
        let reply = Subscriptions_V1_CommandReply.with {
            $0.commandID = "c-2"
            $0.status = .failedPrecondition
            $0.error = .with {
                $0.appleErrorCode = 4_030_005
                $0.appleErrorName = "SubscriptionMaxExtensionError"
                $0.message = "subscription 2000000000000001 was already extended twice in 365 days"
                $0.field = "originalTransactionId"
                $0.httpStatus = 403
            }
        }
        let decoded = try Subscriptions_V1_CommandReply(serializedBytes: reply.serializedBytes() as [UInt8])
        #expect(decoded.status == .failedPrecondition)
        #expect(decoded.status.rawValue == 9)
        #expect(decoded.error.appleErrorCode == 4_030_005)
        #expect(decoded.result == nil)
        #expect(decoded.route == nil)
    }

    @Test("status codes keep gRPC's numbers")
    func grpcNumbers() {
        let expected: [(Subscriptions_V1_StatusCode, Int)] = [
            (.ok, 0), (.cancelled, 1), (.unknown, 2), (.invalidArgument, 3), (.deadlineExceeded, 4),
            (.notFound, 5), (.alreadyExists, 6), (.permissionDenied, 7), (.resourceExhausted, 8),
            (.failedPrecondition, 9), (.aborted, 10), (.outOfRange, 11), (.unimplemented, 12),
            (.internal, 13), (.unavailable, 14), (.dataLoss, 15), (.unauthenticated, 16),
        ]
        for (code, number) in expected {
            #expect(code.rawValue == number, "\(code)")
        }
        #expect(Subscriptions_V1_StatusCode.allCases.count == expected.count)
    }

    @Test("wrapper fields keep absence apart from the zero value (R-MOD-1)")
    func wrapperPresence() throws {
        var request = Subscriptions_V1_ModifySubscriptionRequest()
        #expect(!request.hasRetainBillingCycle)
        request.retainBillingCycle = Google_Protobuf_BoolValue(false)
        let decoded = try Subscriptions_V1_ModifySubscriptionRequest(serializedBytes: request.serializedBytes() as [UInt8])
        #expect(decoded.hasRetainBillingCycle)
        #expect(decoded.retainBillingCycle.value == false)
        #expect(!decoded.hasAddItems)
    }

    @Test("message names match the AMQP type property")
    func messageNames() {
        #expect(Subscriptions_V1_CommandEnvelope.protoMessageName == "subscriptions.v1.CommandEnvelope")
        #expect(Subscriptions_V1_CommandReply.protoMessageName == "subscriptions.v1.CommandReply")
        #expect(Subscriptions_V1_NotificationEvent.protoMessageName == "subscriptions.v1.NotificationEvent")
    }
}
