import Foundation
import Testing

/// The request examples of seed 001, copied verbatim (one file per code block of the seed).
enum Seed001 {
    /// The text of one code block, e.g. `upgrade.part1.json`.
    static func block(_ name: String) throws -> String {
        let directory = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures/seed001")
        return try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// An example as a reader of the seed sees it: its code blocks one after the other.
    static func example(_ name: String) throws -> String {
        try block("\(name).part1.json") + block("\(name).part2.json")
    }
}
