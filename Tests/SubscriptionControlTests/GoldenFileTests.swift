import Foundation
import SubscriptionControl
import SubscriptionMessages
import SwiftProtobuf
import Testing

/// The golden file format and the event diff, without a broker (docs/golden-replays.md).
@Suite struct GoldenFileTests {
    static func command(_ number: Int, id: String, clock: String = "clock_0123") throws -> GoldenFile.Command {
        let envelope = Subscriptions_V1_CommandEnvelope.with {
            $0.commandID = id
            $0.testClockID = clock
            $0.schemaVersion = 1
            $0.command = .purchase(.with {
                $0.customerID = "alice"
                $0.productID = "news.basic.monthly"
            })
        }
        return GoldenFile.Command(
            number: number, receivedAt: Date(timeIntervalSince1970: 1_893_456_000.125),
            routingKey: CommandRoute.purchase.routingKey, body: try envelope.serializedData(), envelope: envelope)
    }

    static func event(subscription: String, sequence: UInt64, price: Int64 = 2990) -> Subscriptions_V1_NotificationEvent {
        .with {
            $0.notificationType = sequence == 1 ? .subscribed : .didRenew
            $0.subtype = sequence == 1 ? .initialBuy : .unspecified
            $0.notificationUuid = "uuid-\(subscription)-\(sequence)"
            $0.signedDate = Google_Protobuf_Timestamp(seconds: 1_893_456_000 + Int64(sequence) * 86_400)
            $0.version = "2.0"
            $0.sequence = sequence
            $0.subscriptionID = subscription
            $0.data = .with {
                $0.bundleID = "com.example.news"
                $0.transactionInfo = .with {
                    $0.transactionID = "\(subscription)-\(sequence)"
                    $0.price = price
                    $0.currency = "USD"
                }
            }
        }
    }

    static func recorded(_ number: Int, _ event: Subscriptions_V1_NotificationEvent) throws -> GoldenFile.Event {
        GoldenFile.Event(
            number: number, receivedAt: Date(timeIntervalSince1970: 1_893_456_001), routingKey: event.routingKey,
            body: try event.serializedData(), event: event)
    }

    static func sample() throws -> GoldenFile {
        GoldenFile(
            busPrefix: "golden-a", recordedAt: Date(timeIntervalSince1970: 1_893_456_000),
            commands: [try command(1, id: "c-1"), try command(3, id: "c-2", clock: "")],
            events: [try recorded(2, event(subscription: "2000000000000001", sequence: 1))])
    }

    @Test("R-RPL-1 a golden file reads back as written: the exact command and event bytes, their order and times")
    func roundTrip() throws {
        let file = try Self.sample()
        let data = file.serialized()
        let read = try GoldenFile(parsing: data)
        #expect(read == file)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.first?.contains(#""format":"subscriptions-golden""#) == true)
        #expect(lines[1].contains(#""kind":"command""#) && lines[1].contains(#""commandId":"c-1""#))
        #expect(lines[2].contains(#""kind":"event""#) && lines[2].contains(#""routingKey":"SUBSCRIBED.INITIAL_BUY""#))
        #expect(lines[3].contains(#""commandId":"c-2""#) && !lines[3].contains("testClockId"))
        #expect(lines.last == #"{"commands":2,"events":1,"kind":"end"}"#)
    }

    @Test("R-RPL-1 a truncated golden file is refused saying so: cut inside a line, or before the end line")
    func truncated() throws {
        let data = try Self.sample().serialized()
        let text = String(decoding: data, as: UTF8.self)
        let cutInLine = Data(text.utf8.prefix(text.utf8.count - 60))  // the end line and 20 bytes of line 4
        #expect(throws: ControlError.self) { try GoldenFile(parsing: cutInLine, name: "run.golden") }
        do {
            _ = try GoldenFile(parsing: cutInLine, name: "run.golden")
        } catch let error as ControlError {
            #expect(error.description.hasPrefix("run.golden: truncated: line 4 is cut short"), "\(error)")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast(2)  // the empty remainder and the end line
        let noEnd = Data((lines.joined(separator: "\n") + "\n").utf8)
        do {
            _ = try GoldenFile(parsing: noEnd, name: "run.golden")
            Issue.record("a file without its end line was read")
        } catch let error as ControlError {
            #expect(error.description.contains("truncated: no end line after line 4"), "\(error)")
        }
        let noNewline = Data(text.utf8.dropLast())
        #expect(throws: ControlError.self) { try GoldenFile(parsing: noNewline) }
    }

    @Test("R-RPL-1 bad input in a golden file names the line and what is wrong, and nothing is replayed")
    func badInput() throws {
        let text = String(decoding: try Self.sample().serialized(), as: UTF8.self)
        func error(_ text: String) -> String {
            do {
                _ = try GoldenFile(parsing: Data(text.utf8), name: "f")
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        #expect(error("") == "f: empty file, not a golden recording")
        #expect(error("{\"kind\":\"end\"}\n").hasPrefix("f: line 1 is not a 'subscriptions-golden' header"))
        #expect(error(text.replacingOccurrences(of: #""version":1"#, with: #""version":9"#)).contains("line 1: format version 9"))
        let lines = text.split(separator: "\n").map(String.init)
        var badBody = lines
        badBody[1] = badBody[1].replacingOccurrences(of: #""body":""#, with: #""body":"!!"#)
        #expect(error(badBody.joined(separator: "\n") + "\n") == "f: line 2: body is not base64")
        var notEnvelope = lines
        notEnvelope[1] = notEnvelope[1].replacing(#/"body":"[^"]*"/#, with: #""body":"\#(Data([0xFF, 0xFF, 0xFF]).base64EncodedString())""#)
        #expect(error(notEnvelope.joined(separator: "\n") + "\n").hasPrefix("f: line 2: body is not a CommandEnvelope"))
        var badRoute = lines
        badRoute[1] = badRoute[1].replacingOccurrences(of: "SubscriptionCommands/Purchase", with: "SubscriptionCommands/Nope")
        #expect(error(badRoute.joined(separator: "\n") + "\n").contains("line 2: routingKey 'subscriptions.v1.SubscriptionCommands/Nope' is no method"))
        var missing = lines
        missing.remove(at: 2)
        #expect(error(missing.joined(separator: "\n") + "\n").contains("the end line counts 2 commands and 1 events, the file holds 2 and 0"))
        var notJSON = lines
        notJSON[2] = "hello"
        #expect(error(notJSON.joined(separator: "\n") + "\n").hasPrefix("f: line 3 is not a golden-file line"))
    }

    @Test("R-RPL-3 the diff compares per subscription by sequence, ignores arrival order across subscriptions and redeliveries, and names the field that differs")
    func diff() throws {
        let a1 = Self.event(subscription: "2000000000000001", sequence: 1)
        let a2 = Self.event(subscription: "2000000000000001", sequence: 2)
        let b1 = Self.event(subscription: "2000000000000002", sequence: 1)
        let recorded = try [a1, b1, a2].map { try $0.serializedData() }
        let reordered = try [b1, a1, a2, a2].map { try $0.serializedData() }
        let same = GoldenDiff(recorded: recorded, replayed: reordered)
        #expect(same.identical)
        #expect(same.report(commands: 3, limit: 5) == ["identical: 3 commands replayed; 3 events of 2 subscription(s) equal byte for byte"])

        let pricier = Self.event(subscription: "2000000000000001", sequence: 2, price: 3490)
        let b2 = Self.event(subscription: "2000000000000002", sequence: 2)
        let changed = GoldenDiff(recorded: recorded, replayed: try [a1, pricier].map { try $0.serializedData() } + [try b2.serializedData()])
        #expect(!changed.identical)
        #expect(changed.differences == [
            .changed(
                .init(a2), routingKey: "DID_RENEW.NONE",
                fields: [GoldenDiff.FieldChange(path: "data.transactionInfo.price", recorded: "2990", replayed: "3490")]),
            .onlyInRecording(.init(b1), routingKey: "SUBSCRIBED.INITIAL_BUY"),
            .onlyInReplay(.init(b2), routingKey: "DID_RENEW.NONE"),
        ])
        let report = changed.report(commands: 3, limit: 2)
        #expect(report.first == "different: 3 commands replayed; of 3 recorded and 3 replayed events, 1 differ, 1 only in the recording, 1 only in the replay")
        #expect(report.dropFirst().first == "changed subscription 2000000000000001 #2 DID_RENEW.NONE:")
        #expect(report.contains("  data.transactionInfo.price: 2990 → 3490"))
        #expect(report.contains("only in the recording: subscription 2000000000000002 #1 SUBSCRIBED.INITIAL_BUY"))
        #expect(report.last == "… and 1 more difference(s)")
    }
}
