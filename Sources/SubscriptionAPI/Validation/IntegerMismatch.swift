/// Foundation's `JSONDecoder` reports a number that does not fit an integer type (`4990.5`, `3e9` for
/// an `Int32`) with an internal error (`numberIsNotRepresentableInSwift`) that the decoder finally turns
/// into "The given data was not valid JSON." with an **empty** coding path. The syntax is already known
/// to be valid at that point, so such an error is re-read at the member it came from and described
/// there: `price: expected an integer, got 4990.5`.
enum IntegerMismatch {
    /// Whether `error`, thrown while decoding `type`, is Foundation's report of a number that does not fit.
    static func matches(_ error: any Error, decoding type: Any.Type) -> Bool {
        guard type is any BinaryInteger.Type, !(error is ValidationError) else { return false }
        guard let decodingError = error as? DecodingError else { return true }
        if case .dataCorrupted(let context) = decodingError { return context.codingPath.isEmpty }
        return false
    }

    /// What is wrong with `number` for the integer type `type`.
    static func describe(_ number: Double?, as type: Any.Type) -> String {
        guard let number else { return "expected an integer" }
        let text = number.rounded() == number && abs(number) < 1e18 ? "\(Int64(number))" : "\(number)"
        if number.rounded() != number { return "expected an integer, got \(text)" }
        let bits = (type as? any FixedWidthInteger.Type)?.bitWidth ?? 64
        return "must fit in a \(bits)-bit integer, got \(text)"
    }
}
