import Foundation

/// The samples of a Prometheus text exposition (version 0.0.4), as a consumer's `/metrics`
/// serves them: `name{label="value",…} number` per line; comments and malformed lines are
/// skipped. Enough to read counters and gauges back, not a full parser (no timestamps, no
/// escaped quotes inside label values).
struct PrometheusSamples: Sendable {
    /// One sample.
    struct Sample: Sendable, Hashable {
        var name: String
        var labels: [String: String]
        var value: Double
    }

    let samples: [Sample]

    /// The samples of `text`.
    init(_ text: String) {
        samples = text.split(separator: "\n").compactMap(Self.sample)
    }

    /// The sum of every sample named `name` (every label set); 0 when there is none.
    func total(_ name: String) -> Double {
        samples.lazy.filter { $0.name == name }.reduce(0) { $0 + $1.value }
    }

    /// The samples named `name`.
    func all(_ name: String) -> [Sample] {
        samples.filter { $0.name == name }
    }

    private static func sample(_ line: Substring) -> Sample? {
        let line = line.trimmingPrefix(while: \.isWhitespace)
        guard !line.isEmpty, line.first != "#" else { return nil }
        var labels: [String: String] = [:]
        let name: Substring
        let rest: Substring
        if let open = line.firstIndex(of: "{") {
            guard let close = line[open...].firstIndex(of: "}") else { return nil }
            name = line[..<open]
            for pair in line[line.index(after: open)..<close].split(separator: ",") {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                let value = pair[pair.index(after: equals)...].trimmingCharacters(in: .init(charactersIn: "\""))
                labels[String(pair[..<equals])] = value
            }
            rest = line[line.index(after: close)...]
        } else {
            guard let space = line.firstIndex(of: " ") else { return nil }
            name = line[..<space]
            rest = line[space...]
        }
        guard let text = rest.split(separator: " ").first, let value = Double(text) else { return nil }
        return Sample(name: String(name), labels: labels, value: value)
    }
}
