/// Constants of the subscriptions.v1 wire contract shared by producer and consumer
/// (see Protos/README.md).
public enum WireContract {
    /// The `schema_version` this package writes and accepts, also sent as the AMQP
    /// header `x-schema-version`.
    public static let schemaVersion: UInt32 = 1

    /// The `schema_version` of a preview (`preview` set, docs/previews.md): a consumer that
    /// predates previews would apply the command for real, so it must refuse the envelope
    /// instead; this consumer accepts a preview with either version.
    public static let previewSchemaVersion: UInt32 = 2

    /// The protobuf package of the contract.
    public static let protobufPackage = "subscriptions.v1"

    /// The AMQP `content_type` of every message.
    public static let contentType = "application/x-protobuf"

    /// The `version` field of every NotificationEvent, as in Apple's notifications V2.
    public static let notificationVersion = "2.0"
}
