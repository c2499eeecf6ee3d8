import Foundation

/// The basic properties of a message (AMQP 0-9-1 `basic` class content header).
public struct AMQPProperties: Sendable, Hashable {
    /// MIME type of the body, e.g. `application/x-protobuf`.
    public var contentType: String?
    /// Application message identifier (the idempotency key of a command).
    public var messageId: String?
    /// Correlates a reply with its request.
    public var correlationId: String?
    /// The queue a reply should be sent to.
    public var replyTo: String?
    /// Application message type name (e.g. the protobuf full name).
    public var type: String?
    /// Per-message TTL in milliseconds, as decimal text (AMQP's representation).
    public var expiration: String?
    /// Creation time (second precision on the wire).
    public var timestamp: Date?
    /// The creating application.
    public var appId: String?
    /// The broker user that published the message: the broker refuses a publish whose
    /// `user_id` is not the connection's user (``AMQPConfiguration/stampsUserID``).
    public var userId: String?
    /// Persistent (delivery mode 2) or transient (1).
    public var persistent: Bool
    /// Application headers.
    public var headers: AMQPTable

    /// Properties; persistent and without headers by default.
    public init(
        contentType: String? = nil,
        messageId: String? = nil,
        correlationId: String? = nil,
        replyTo: String? = nil,
        type: String? = nil,
        expiration: String? = nil,
        timestamp: Date? = nil,
        appId: String? = nil,
        userId: String? = nil,
        persistent: Bool = true,
        headers: AMQPTable = [:]
    ) {
        self.contentType = contentType
        self.messageId = messageId
        self.correlationId = correlationId
        self.replyTo = replyTo
        self.type = type
        self.expiration = expiration
        self.timestamp = timestamp
        self.appId = appId
        self.userId = userId
        self.persistent = persistent
        self.headers = headers
    }
}

/// A message: a body and its properties.
public struct AMQPMessage: Sendable, Hashable {
    /// The payload.
    public var body: Data
    /// The properties (content header).
    public var properties: AMQPProperties

    /// A message with the given body and properties.
    public init(body: Data, properties: AMQPProperties = AMQPProperties()) {
        self.body = body
        self.properties = properties
    }
}
