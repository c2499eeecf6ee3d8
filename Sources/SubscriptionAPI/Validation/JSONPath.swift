/// Formats a Codable coding path as a JSON path: `changeItems[0].price`; the empty path is `body`.
enum JSONPath {
    static func string(_ codingPath: [any CodingKey]) -> String {
        var result = ""
        for key in codingPath {
            if let index = key.intValue {
                result += "[\(index)]"
            } else {
                result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return result.isEmpty ? "body" : result
    }
}

/// A coding key for any object member or array index, used to see every key of an object.
struct JSONKey: CodingKey, Hashable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }

    init(_ key: some CodingKey) {
        self.stringValue = key.stringValue
        self.intValue = nil
    }
}
