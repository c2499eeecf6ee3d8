import CompactCoding

/// The stored form of a retention offer (``Subscription`` field 43). Field numbers are forever.
extension RetentionOffer: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, requestIdentifier)
        writer.write(2, state)
        writer.write(3, productId)
        writer.write(4, locale)
        writer.write(5, requestedAt)
        writer.write(6, presentation)
        writer.write(7, answer)
        writer.write(8, answeredAt)
    }

    public init(from reader: inout RecordReader) throws {
        var requestIdentifier = "", state = RetentionOfferState.requested, productId = "", locale = ""
        var requestedAt = Timestamp(millisecondsSince1970: 0), presentation: RetentionPresentation?
        var answer: RetentionAnswer?, answeredAt: Timestamp?
        while let field = try reader.nextField() {
            switch field {
            case 1: requestIdentifier = try reader.string()
            case 2: state = try reader.value()
            case 3: productId = try reader.string()
            case 4: locale = try reader.string()
            case 5: requestedAt = try reader.timestamp()
            case 6: presentation = try reader.record()
            case 7: answer = try reader.value()
            case 8: answeredAt = try reader.timestamp()
            default: try reader.skip()
            }
        }
        self.init(
            requestIdentifier: requestIdentifier, state: state, productId: productId, locale: locale, requestedAt: requestedAt,
            presentation: presentation, answer: answer, answeredAt: answeredAt)
    }
}

extension RetentionPresentation: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, source)
        writer.write(2, fallbackReason)
        writer.write(3, fallbackDetail)
        writer.write(4, messageIdentifier)
        writer.write(5, alternateProductId)
        writer.write(6, promotionalOfferIdentifier)
        writer.write(7, promotionalOfferProductId)
        writer.write(8, httpStatus)
        writer.write(9, latencyMilliseconds)
        writer.write(10, sendAttemptResult)
    }

    public init(from reader: inout RecordReader) throws {
        var source = RetentionMessageSource.none, fallbackReason: RetentionFallbackReason?, fallbackDetail = ""
        var messageIdentifier: String?, alternateProductId: String?, offerIdentifier: String?, offerProductId: String?
        var httpStatus = 0, latency: Int64 = 0, sendAttemptResult = ""
        while let field = try reader.nextField() {
            switch field {
            case 1: source = try reader.value()
            case 2: fallbackReason = try reader.value()
            case 3: fallbackDetail = try reader.string()
            case 4: messageIdentifier = try reader.string()
            case 5: alternateProductId = try reader.string()
            case 6: offerIdentifier = try reader.string()
            case 7: offerProductId = try reader.string()
            case 8: httpStatus = try reader.int()
            case 9: latency = try reader.int64()
            case 10: sendAttemptResult = try reader.string()
            default: try reader.skip()
            }
        }
        self.init(
            source: source, fallbackReason: fallbackReason, fallbackDetail: fallbackDetail,
            messageIdentifier: messageIdentifier, alternateProductId: alternateProductId,
            promotionalOfferIdentifier: offerIdentifier, promotionalOfferProductId: offerProductId, httpStatus: httpStatus,
            latencyMilliseconds: latency, sendAttemptResult: sendAttemptResult)
    }
}
