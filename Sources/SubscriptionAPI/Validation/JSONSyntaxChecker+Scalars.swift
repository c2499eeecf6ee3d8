/// Strings, numbers, literals, whitespace and error positions of ``JSONSyntaxChecker``.
extension JSONSyntaxChecker {
    /// The byte at the cursor, or `nil` at the end of input.
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The character at the cursor for messages: `'"'`, or `end of input`.
    var found: String {
        guard index < bytes.count else { return "end of input" }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = String(decoding: bytes[index..<end], as: UTF8.self)
        return bytes[index] < 0x20 ? "control character U+\(String(bytes[index], radix: 16))" : "'\(character)'"
    }

    func failure(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

    /// 1-based line and column (in characters) of a byte offset.
    func location(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The offset of the first byte that is not valid UTF-8, if any.
    func firstInvalidUTF8Offset() -> Int? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// Scans a string at the opening quote; returns its raw bytes between the quotes.
    mutating func string() throws(Failure) -> ArraySlice<UInt8> {
        index += 1
        let start = index
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return bytes[start..<(index - 1)]
            case UInt8(ascii: "\\"):
                index += 1
                try escape()
            case ..<0x20:
                throw failure("unescaped \(found) in a string")
            default:
                index += 1
            }
        }
    }

    private mutating func escape() throws(Failure) {
        guard let byte = current else { throw failure("unterminated string") }
        if Array("\"\\/bfnrt".utf8).contains(byte) {
            index += 1
            return
        }
        guard byte == UInt8(ascii: "u") else { throw failure("invalid escape \\\(found)") }
        let start = index - 1
        index += 1
        let unit = try hexUnit()
        // UTF-16 surrogates come in pairs: a high one (D800-DBFF) then a low one (DC00-DFFF).
        switch unit {
        case 0xD800...0xDBFF:
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw Failure(offset: start, reason: "\\u\(hex(unit)) is half of a surrogate pair: a \\uDC00-\\uDFFF escape must follow")
            }
            index += 2
            let low = try hexUnit()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw Failure(offset: start, reason: "\\u\(hex(unit)) is half of a surrogate pair: \\u\(hex(low)) is not a \\uDC00-\\uDFFF escape")
            }
        case 0xDC00...0xDFFF:
            throw Failure(offset: start, reason: "\\u\(hex(unit)) is the second half of a surrogate pair without the first")
        default:
            break
        }
    }

    /// Four hex digits at the cursor, as a UTF-16 code unit.
    private mutating func hexUnit() throws(Failure) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let digit = current, digit.isHexDigit else { throw failure("expected 4 hex digits after \\u") }
            value = value << 4 | UInt16(hexValue(digit))
            index += 1
        }
        return value
    }

    private func hexValue(_ digit: UInt8) -> UInt8 {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: digit - UInt8(ascii: "A") + 10
        }
    }

    private func hex(_ unit: UInt16) -> String {
        let text = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - text.count) + text
    }

    mutating func number() throws(Failure) {
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
            if let digit = current, digit.isDigit { throw failure("leading zero in a number") }
        } else {
            try digits("a digit")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            try digits("a digit after '.'")
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            try digits("a digit in the exponent")
        }
    }

    private mutating func digits(_ expectation: String) throws(Failure) {
        guard let first = current, first.isDigit else { throw failure("expected \(expectation), found \(found)") }
        while let digit = current, digit.isDigit { index += 1 }
    }

    mutating func literal(_ word: String) throws(Failure) {
        for byte in word.utf8 {
            guard current == byte else { throw failure("expected '\(word)', found \(found)") }
            index += 1
        }
    }
}

extension UInt8 {
    fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
    fileprivate var isHexDigit: Bool {
        isDigit || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
