import AppleErrorCatalog

/// Apple's `headerPosition`.
public enum HeaderPosition: String, StrictStringEnum, Sendable {
    /// Above the body (the default).
    case aboveBody = "ABOVE_BODY"
    /// Above the image (needs an image).
    case aboveImage = "ABOVE_IMAGE"

    static var invalidValueError: APIError? { nil }

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// Apple's `UploadMessageImage`: an image of a message and its alternative text.
public struct UploadMessageImage: Codable, Sendable, Hashable {
    /// The image's UUID.
    public var imageIdentifier: UUIDString
    /// At most 150 characters (`AltTextTooLongError` 4000175).
    public var altText: String

    /// An image reference.
    public init(imageIdentifier: UUIDString, altText: String) {
        self.imageIdentifier = imageIdentifier
        self.altText = altText
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case imageIdentifier, altText
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let identifier = fields.required(.imageIdentifier, as: UUIDString.self)
        let altText = fields.check(fields.required(.altText, as: String.self), .altText, error: .altTextTooLong) {
            $0.count <= 150 ? nil : "must be at most 150 characters, got \($0.count)"
        }
        try fields.finish()
        guard let identifier, let altText else { throw fields.inconsistency() }
        self.init(imageIdentifier: identifier, altText: altText)
    }
}

/// Apple's `BulletPoint`.
public struct BulletPoint: Codable, Sendable, Hashable {
    /// At most 66 characters (4000219).
    public var text: String
    /// A BULLET_POINT image's UUID.
    public var imageIdentifier: UUIDString
    /// At most 150 characters (4000175).
    public var altText: String

    /// A bullet point.
    public init(text: String, imageIdentifier: UUIDString, altText: String) {
        self.text = text
        self.imageIdentifier = imageIdentifier
        self.altText = altText
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case text, imageIdentifier, altText
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let text = fields.check(fields.required(.text, as: String.self), .text, error: .badRequestBulletPointTextTooLong) {
            $0.count <= 66 ? nil : "must be at most 66 characters, got \($0.count)"
        }
        let identifier = fields.required(.imageIdentifier, as: UUIDString.self)
        let altText = fields.check(fields.required(.altText, as: String.self), .altText, error: .altTextTooLong) {
            $0.count <= 150 ? nil : "must be at most 150 characters, got \($0.count)"
        }
        try fields.finish()
        guard let text, let identifier, let altText else { throw fields.inconsistency() }
        self.init(text: text, imageIdentifier: identifier, altText: altText)
    }
}

/// The body of Apple's Upload Message (`PUT /inApps/v1/messaging/message/{messageIdentifier}`,
/// `UploadMessageRequestBody`), with Apple's codes: `header` over 66 characters 4000162, `body`
/// over 144 4000163, more than 5 `bulletPoints` 4000218, `headerPosition` ABOVE_IMAGE without an
/// image 4000224.
public struct UploadMessageRequestBody: ValidatedRequest, Hashable {
    public var header: String
    public var body: String
    public var image: UploadMessageImage?
    public var headerPosition: HeaderPosition?
    public var bulletPoints: [BulletPoint]?

    public static var errorFamily: APIError.Origin { .appStoreServerAPI }

    /// Creates a body; use ``ValidatedRequest/init(validating:)`` for untrusted input.
    public init(
        header: String, body: String, image: UploadMessageImage? = nil, headerPosition: HeaderPosition? = nil,
        bulletPoints: [BulletPoint]? = nil
    ) {
        self.header = header
        self.body = body
        self.image = image
        self.headerPosition = headerPosition
        self.bulletPoints = bulletPoints
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case header, body, image, headerPosition, bulletPoints
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let header = fields.check(fields.required(.header, as: String.self), .header, error: .headerTooLong) {
            $0.count <= 66 ? nil : "must be at most 66 characters, got \($0.count)"
        }
        let body = fields.check(fields.required(.body, as: String.self), .body, error: .bodyTooLong) {
            $0.count <= 144 ? nil : "must be at most 144 characters, got \($0.count)"
        }
        let image = fields.optional(.image, as: UploadMessageImage.self)
        let position = fields.optional(.headerPosition, as: HeaderPosition.self)
        if position == .aboveImage, !fields.contains(.image) {
            fields.record(.headerPosition, "ABOVE_IMAGE needs an image", error: .badRequestAboveImageRequiresAnImage)
        }
        let bullets = fields.check(fields.optional(.bulletPoints, as: [BulletPoint].self), .bulletPoints, error: .badRequestTooManyBulletPoints) {
            $0.count <= 5 ? nil : "at most 5 bullet points, got \($0.count)"
        }
        try fields.finish()
        guard let header, let body else { throw fields.inconsistency() }
        self.init(header: header, body: body, image: image, headerPosition: position, bulletPoints: bullets)
    }
}
