import CompactCoding

extension SubscriptionItem: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, sku)
        writer.write(2, displayName)
        writer.write(3, description)
        writer.write(4, price)
        writer.write(5, offer)
    }

    public init(from reader: inout RecordReader) throws {
        var sku = "", displayName = "", description = "", price = Milliunits.zero, offer: ItemOffer?
        while let field = try reader.nextField() {
            switch field {
            case 1: sku = try reader.string()
            case 2: displayName = try reader.string()
            case 3: description = try reader.string()
            case 4: price = try reader.milliunits()
            case 5: offer = try reader.record()
            default: try reader.skip()
            }
        }
        self.init(sku: sku, displayName: displayName, description: description, price: price, offer: offer)
    }
}

extension ItemOffer: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, offerType)
        writer.write(2, discountType)
        writer.write(3, identifier)
        writer.write(4, price)
        writer.write(5, periodLength)
        writer.write(6, remainingPeriods)
        writer.write(7, offerPeriod)
    }

    public init(from reader: inout RecordReader) throws {
        var offerType = OfferType.introductory, discountType = OfferDiscountType.freeTrial, identifier = ""
        var price = Milliunits.zero, periodLength = ISOPeriod.oneMonth, remainingPeriods = 0, offerPeriod = ISOPeriod.oneMonth
        while let field = try reader.nextField() {
            switch field {
            case 1: offerType = try reader.value()
            case 2: discountType = try reader.value()
            case 3: identifier = try reader.string()
            case 4: price = try reader.milliunits()
            case 5: periodLength = try reader.period()
            case 6: remainingPeriods = try reader.int()
            case 7: offerPeriod = try reader.period()
            default: try reader.skip()
            }
        }
        self.init(
            offerType: offerType, discountType: discountType, identifier: identifier, price: price,
            periodLength: periodLength, remainingPeriods: remainingPeriods, offerPeriod: offerPeriod)
    }
}

extension PendingChanges: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, itemChanges)
        writer.write(2, removals)
        writer.write(3, period)
        writer.write(4, descriptors)
    }

    public init(from reader: inout RecordReader) throws {
        self.init()
        while let field = try reader.nextField() {
            switch field {
            case 1: itemChanges.append(try reader.record())
            case 2: removals.append(try reader.string())
            case 3: period = try reader.period()
            case 4: descriptors = try reader.record()
            default: try reader.skip()
            }
        }
    }
}

extension PendingItemChange: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, currentSKU)
        writer.write(2, item)
    }

    public init(from reader: inout RecordReader) throws {
        var currentSKU = "", item = SubscriptionItem(sku: "", price: .zero)
        while let field = try reader.nextField() {
            switch field {
            case 1: currentSKU = try reader.string()
            case 2: item = try reader.record()
            default: try reader.skip()
            }
        }
        self.init(currentSKU: currentSKU, item: item)
    }
}
