import Foundation
import Testing

/// `docs/rules.md` is the list of the behaviour rules the code cites: every rule id named in
/// `Sources/` or `Tests/` is there, every rule there is named by a `@Test`, and the test files
/// it lists under "proved by" do name it.
@Suite("docs/rules.md against the code")
struct RuleCatalogTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A row of docs/rules.md: the id and the test files (`Target/File`) listed for it.
    struct Rule {
        var id: String
        var provedBy: [String]
    }

    static func documentedRules() throws -> [Rule] {
        let text = try String(contentsOf: root.appending(path: "docs/rules.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> Rule? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, cells[1].wholeMatch(of: #/R-[A-Z]+-\d+/#) != nil else { return nil }
            let files = cells[3].matches(of: #/`([A-Za-z]+/[A-Za-z]+)`/#).map { String($0.output.1) }
            return Rule(id: cells[1], provedBy: files)
        }
    }

    /// Every Swift file below `folder`, by its path relative to the folder (`Target/File.swift`).
    static func swiftFiles(in folder: String) throws -> [(path: String, text: String)] {
        let base = root.appending(path: folder)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let relative = String(url.path.dropFirst(base.path.count + 1))
            files.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return files
    }

    static func ruleIDs(in text: Substring) -> Set<String> {
        Set(text.matches(of: #/R-[A-Z]{3}-\d+/#).map { String($0.output) })
    }

    /// The rule ids in the names of the `@Test`s of `text`.
    static func testedRuleIDs(in text: String) -> Set<String> {
        var ids = Set<String>()
        for match in text.matches(of: #/@Test\(\s*"((?:[^"\\]|\\.)*)"/#) {
            ids.formUnion(ruleIDs(in: match.output.1))
        }
        return ids
    }

    @Test("every rule id named in Sources/ or Tests/ is in docs/rules.md")
    func everyNamedRuleIsDocumented() throws {
        let documented = Set(try Self.documentedRules().map(\.id))
        #expect(documented.count > 30, "docs/rules.md parsed: \(documented.count) rules")
        for folder in ["Sources", "Tests"] {
            for file in try Self.swiftFiles(in: folder) {
                let missing = Self.ruleIDs(in: file.text[...]).subtracting(documented)
                #expect(missing.isEmpty, "\(folder)/\(file.path) names \(missing.sorted()), which docs/rules.md lacks")
            }
        }
    }

    @Test("every rule in docs/rules.md is named by a @Test, in each test file it lists")
    func everyDocumentedRuleIsTested() throws {
        let tests = Dictionary(uniqueKeysWithValues: try Self.swiftFiles(in: "Tests").map {
            (String($0.path.dropLast(".swift".count)), Self.testedRuleIDs(in: $0.text))
        })
        let rules = try Self.documentedRules()
        #expect(Set(rules.map(\.id)).count == rules.count, "a rule is listed twice")
        for rule in rules {
            #expect(tests.values.contains { $0.contains(rule.id) }, "no @Test names \(rule.id)")
            #expect(!rule.provedBy.isEmpty, "\(rule.id) lists no test file")
            for file in rule.provedBy {
                #expect(tests[file]?.contains(rule.id) == true, "\(file) is listed for \(rule.id) but has no @Test naming it")
            }
        }
    }
}
