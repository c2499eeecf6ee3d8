/// The AMQP routing key of an event on exchange `subscriptions.events`:
/// `<NOTIFICATION_TYPE>.<SUBTYPE or NONE>`, with the proto enum value names stripped
/// of their prefix, e.g. `SUBSCRIBED.INITIAL_BUY`, `DID_RENEW.NONE`,
/// `SUBSCRIBER_COMMUNICATION.CONSENT_REQUEST`.
extension Subscriptions_V1_NotificationEvent {
    /// The routing key of this event.
    public var routingKey: String { Self.routingKey(notificationType, subtype) }

    /// The routing key of an event of `type` and `subtype` (an event written without building
    /// this message has the same).
    public static func routingKey(_ type: Subscriptions_V1_NotificationType, _ subtype: Subscriptions_V1_Subtype) -> String {
        "\(type.routingSegment).\(subtype.routingSegment)"
    }
}

extension Subscriptions_V1_NotificationType {
    /// The value's proto name without the `NOTIFICATION_TYPE_` prefix, e.g.
    /// `DID_CHANGE_RENEWAL_PREF`; a value unknown to this version gives its number.
    public var routingSegment: String {
        switch self {
        case .UNRECOGNIZED(let number): String(number)
        default: Self.segments[rawValue] ?? RoutingSegment.upperSnakeCase(String(describing: self))
        }
    }

    /// Every known value's segment, made once: an event's routing key is computed for every
    /// event published, and `String(describing:)` of an enum case goes through reflection.
    static let segments: [Int: String] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.rawValue, RoutingSegment.upperSnakeCase(String(describing: $0))) })
}

extension Subscriptions_V1_Subtype {
    /// The value's proto name without the `SUBTYPE_` prefix, e.g. `INITIAL_BUY`;
    /// `NONE` when unset; a value unknown to this version gives its number.
    public var routingSegment: String {
        switch self {
        case .unspecified: "NONE"
        case .UNRECOGNIZED(let number): String(number)
        default: Self.segments[rawValue] ?? RoutingSegment.upperSnakeCase(String(describing: self))
        }
    }

    /// Every known value's segment, made once (see `Subscriptions_V1_NotificationType.segments`).
    static let segments: [Int: String] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.rawValue, RoutingSegment.upperSnakeCase(String(describing: $0))) })
}

/// Turns a generated Swift case name back into its proto value name.
enum RoutingSegment {
    /// `didChangeRenewalPref` -> `DID_CHANGE_RENEWAL_PREF`. protoc-gen-swift derives
    /// case names by lower-camel-casing the prefix-stripped proto name, so this is its
    /// inverse for names made of letters (a test checks every value).
    static func upperSnakeCase(_ camelCase: String) -> String {
        var result = ""
        for character in camelCase {
            if character.isUppercase, !result.isEmpty {
                result.append("_")
            }
            result.append(contentsOf: character.uppercased())
        }
        return result
    }
}
