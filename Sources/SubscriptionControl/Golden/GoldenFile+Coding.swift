import Foundation
import SubscriptionMessages

extension GoldenFile {
    /// The header line.
    static func headerLine(busPrefix: String, recordedAt: Date) -> String {
        line(GoldenLine(kind: "header", format: format, version: version, busPrefix: busPrefix, recordedAt: GoldenDate.text(recordedAt)))
    }

    /// The line of a command.
    static func line(_ command: Command) -> String {
        line(GoldenLine(
            kind: "command", n: command.number, receivedAt: GoldenDate.text(command.receivedAt), routingKey: command.routingKey,
            body: command.body.base64EncodedString(), commandId: command.envelope.commandID,
            testClockId: command.envelope.testClockID.isEmpty ? nil : command.envelope.testClockID))
    }

    /// The line of an event.
    static func line(_ event: Event) -> String {
        line(GoldenLine(
            kind: "event", n: event.number, receivedAt: GoldenDate.text(event.receivedAt), routingKey: event.routingKey,
            body: event.body.base64EncodedString(), subscriptionId: event.event.subscriptionID, sequence: event.event.sequence))
    }

    /// The last line: without it a file is truncated.
    static func endLine(commands: Int, events: Int) -> String {
        line(GoldenLine(kind: "end", commands: commands, events: events))
    }

    private static func line(_ value: GoldenLine) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A struct of strings and integers always encodes.
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "{}"
    }

    /// The whole file: header, every command and event in recorded order, end line.
    public func serialized() -> Data {
        var lines = [Self.headerLine(busPrefix: busPrefix, recordedAt: recordedAt)]
        var entries: [(Int, String)] = commands.map { ($0.number, Self.line($0)) }
        entries += events.map { ($0.number, Self.line($0)) }
        lines += entries.sorted { $0.0 < $1.0 }.map(\.1)
        lines.append(Self.endLine(commands: commands.count, events: events.count))
        return Data(lines.map { $0 + "\n" }.joined().utf8)
    }

    /// Reads a golden file; a file cut short (no end line, or a last line without its newline),
    /// a line that is not one of ours or a body that does not decode is refused with the line's
    /// number and what is wrong.
    public init(contentsOf url: URL) throws {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ControlError("cannot read golden file \(url.path)")
        }
        try self.init(parsing: data, name: url.lastPathComponent)
    }

    /// Parses the bytes of a golden file (`name` is used in error messages).
    public init(parsing data: Data, name: String = "golden file") throws {
        guard !data.isEmpty else { throw ControlError("\(name): empty file, not a golden recording") }
        var text = String(decoding: data, as: UTF8.self)
        let complete = text.hasSuffix("\n")
        if complete { text.removeLast() }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let decoder = JSONDecoder()
        var parsed: [GoldenLine] = []
        for (index, line) in lines.enumerated() {
            let number = index + 1
            do {
                parsed.append(try decoder.decode(GoldenLine.self, from: Data(line.utf8)))
            } catch {
                let last = number == lines.count
                throw ControlError(
                    last && !complete
                        ? "\(name): truncated: line \(number) is cut short (no newline and not a whole JSON object); the recording did not finish"
                        : "\(name): line \(number) is not a golden-file line (JSON object expected): \(error)")
            }
        }
        guard let header = parsed.first, header.kind == "header", header.format == Self.format else {
            throw ControlError("\(name): line 1 is not a '\(Self.format)' header; not a golden recording")
        }
        guard header.version == Self.version else {
            throw ControlError("\(name): line 1: format version \(header.version.map(String.init) ?? "missing"), this subscriptionsctl reads version \(Self.version)")
        }
        guard complete else {
            throw ControlError("\(name): truncated: line \(lines.count) has no newline; the recording did not finish")
        }
        guard let end = parsed.last, end.kind == "end", parsed.count >= 2 else {
            throw ControlError("\(name): truncated: no end line after line \(parsed.count); the recording did not finish (stopped before it could write one, or the file was cut)")
        }
        self.init(
            busPrefix: header.busPrefix ?? "", recordedAt: header.recordedAt.flatMap(GoldenDate.parse) ?? Date(timeIntervalSince1970: 0))
        for (index, line) in parsed.enumerated().dropFirst().dropLast() {
            try append(line, lineNumber: index + 1, name: name)
        }
        guard end.commands == commands.count, end.events == events.count else {
            throw ControlError(
                "\(name): line \(parsed.count): the end line counts \(end.commands ?? -1) commands and \(end.events ?? -1) events, the file holds \(commands.count) and \(events.count); lines are missing")
        }
    }

    private mutating func append(_ line: GoldenLine, lineNumber: Int, name: String) throws {
        func field<Value>(_ value: Value?, _ field: String) throws -> Value {
            guard let value else { throw ControlError("\(name): line \(lineNumber): \(line.kind) without '\(field)'") }
            return value
        }
        let number = try field(line.n, "n")
        let receivedText = try field(line.receivedAt, "receivedAt")
        guard let receivedAt = GoldenDate.parse(receivedText) else {
            throw ControlError("\(name): line \(lineNumber): receivedAt '\(receivedText)' is not an ISO 8601 date")
        }
        let routingKey = try field(line.routingKey, "routingKey")
        guard let body = Data(base64Encoded: try field(line.body, "body")) else {
            throw ControlError("\(name): line \(lineNumber): body is not base64")
        }
        switch line.kind {
        case "command":
            guard CommandRoute(routingKey: routingKey) != nil else {
                throw ControlError("\(name): line \(lineNumber): routingKey '\(routingKey)' is no method of SubscriptionCommands")
            }
            let envelope: Subscriptions_V1_CommandEnvelope
            do {
                envelope = try Subscriptions_V1_CommandEnvelope(serializedBytes: body)
            } catch {
                throw ControlError("\(name): line \(lineNumber): body is not a CommandEnvelope: \(error)")
            }
            commands.append(Command(number: number, receivedAt: receivedAt, routingKey: routingKey, body: body, envelope: envelope))
        case "event":
            let event: Subscriptions_V1_NotificationEvent
            do {
                event = try Subscriptions_V1_NotificationEvent(serializedBytes: body)
            } catch {
                throw ControlError("\(name): line \(lineNumber): body is not a NotificationEvent: \(error)")
            }
            events.append(Event(number: number, receivedAt: receivedAt, routingKey: routingKey, body: body, event: event))
        default:
            throw ControlError("\(name): line \(lineNumber): unknown kind '\(line.kind)' (command, event)")
        }
    }
}

extension GoldenFile {
    /// The recording of a replay: the recording's commands and `events` as the target published
    /// them, numbered after the commands.
    static func replayed(_ recording: GoldenFile, events: [Data], busPrefix: String) -> GoldenFile {
        var file = GoldenFile(busPrefix: busPrefix, recordedAt: Date(), commands: recording.commands)
        var number = recording.commands.map(\.number).max() ?? 0
        for body in events {
            guard let event = try? Subscriptions_V1_NotificationEvent(serializedBytes: body) else { continue }
            number += 1
            file.events.append(Event(number: number, receivedAt: Date(), routingKey: event.routingKey, body: body, event: event))
        }
        return file
    }
}
