/// A strict RFC 8259 syntax check run before `JSONDecoder`, for two reasons: Foundation's decoder on
/// Linux tolerates trailing commas and duplicate keys, and its syntax errors name no position. This
/// check rejects both and reports `malformed JSON at line 3 column 5: expected ',' or '}' …`.
struct JSONSyntaxChecker {
    /// A syntax error at a byte offset.
    struct Failure: Error {
        let offset: Int
        let reason: String
    }

    private static let maximumDepth = 128

    let bytes: [UInt8]
    var index = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Throws a `body: malformed JSON at line L column C: …` issue unless `bytes` is one valid JSON value.
    static func check(_ bytes: [UInt8]) throws(ValidationError) {
        var checker = JSONSyntaxChecker(bytes)
        do {
            try checker.document()
        } catch {
            let (line, column) = checker.location(of: error.offset)
            throw ValidationError(ValidationIssue(
                path: "body", message: "malformed JSON at line \(line) column \(column): \(error.reason)",
                kind: .malformedJSON))
        }
    }

    private mutating func document() throws(Failure) {
        if let offset = firstInvalidUTF8Offset() {
            throw Failure(offset: offset, reason: "invalid UTF-8 byte 0x\(String(bytes[offset], radix: 16, uppercase: true))")
        }
        skipWhitespace()
        try value(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw failure("unexpected \(found) after the end of the JSON value") }
    }

    private mutating func value(depth: Int) throws(Failure) {
        guard depth < Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
        switch current ?? 0 {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth)
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw failure("expected a JSON value, found \(found)")
        }
    }

    private mutating func object(depth: Int) throws(Failure) {
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return }
        var keys: Set<ArraySlice<UInt8>> = []
        while true {
            guard current == UInt8(ascii: "\"") else { throw failure("expected a quoted key, found \(found)") }
            let keyOffset = index
            let key = try string()
            guard keys.insert(key).inserted else {
                throw Failure(offset: keyOffset, reason: "duplicate key \"\(String(decoding: key, as: UTF8.self))\"")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after a key, found \(found)") }
            index += 1
            skipWhitespace()
            try value(depth: depth + 1)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
                if current == UInt8(ascii: "}") { throw failure("trailing comma before '}'") }
            case UInt8(ascii: "}"):
                index += 1
                return
            default:
                throw failure("expected ',' or '}' after an object member, found \(found)")
            }
        }
    }

    private mutating func array(depth: Int) throws(Failure) {
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return }
        while true {
            try value(depth: depth + 1)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
                if current == UInt8(ascii: "]") { throw failure("trailing comma before ']'") }
            case UInt8(ascii: "]"):
                index += 1
                return
            default:
                throw failure("expected ',' or ']' after an array element, found \(found)")
            }
        }
    }
}
