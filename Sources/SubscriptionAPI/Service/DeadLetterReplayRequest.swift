import AppleErrorCatalog

/// Our `POST /v1/deadLetters/replay` body: replay one dead-lettered command (`commandId`) or all
/// of them (`"all": true`) — exactly one of the two.
public struct DeadLetterReplayRequest: ValidatedRequest, Hashable {
    /// Which commands to replay.
    public enum Selection: Hashable, Sendable {
        /// The command with this id.
        case command(String)
        /// Every dead-lettered command.
        case all
    }

    /// Which commands to replay.
    public var selection: Selection

    public static var errorFamily: APIError.Origin { .service }

    /// Creates a request.
    public init(_ selection: Selection) {
        self.selection = selection
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case commandId, all
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let commandId = fields.check(fields.optional(.commandId, as: String.self), .commandId) {
            (1...128).contains($0.count) && !$0.contains(where: \.isWhitespace) ? nil : "must be 1…128 characters without whitespace"
        }
        let all = fields.check(fields.optional(.all, as: Bool.self), .all) { $0 ? nil : "must be true when given" }
        switch (fields.contains(.commandId), fields.contains(.all)) {
        case (false, false): fields.record(nil, "must contain one of commandId, all", kind: .missingField)
        case (true, true): fields.record(.all, "not allowed together with commandId")
        default: break
        }
        try fields.finish()
        if let commandId {
            self.init(.command(commandId))
        } else if all == true {
            self.init(.all)
        } else {
            throw fields.inconsistency()
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch selection {
        case .command(let id): try container.encode(id, forKey: .commandId)
        case .all: try container.encode(true, forKey: .all)
        }
    }
}
