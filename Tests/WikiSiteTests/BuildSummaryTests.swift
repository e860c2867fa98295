import Testing
import WikiDocuments
import WikiModel

@testable import WikiBuildEngine
@testable import WikiSite

@Suite("Build summary")
struct BuildSummaryTests {
    static func skipped(_ count: Int) -> [SkippedDocument] {
        (0..<count).map { number in
            SkippedDocument(
                documentID: "w:Page \(number)", origin: DocumentOrigin(source: "dump.json", line: number + 1),
                reason: "field \"markdown\" is a number, expected a string")
        }
    }

    @Test func aFewWarningsAreAllListed() {
        var summary = BuildSummary()
        summary.skipped = Self.skipped(3)
        let warnings = summary.lines.filter { $0.hasPrefix("  warning: ") }
        #expect(warnings.count == 3)
        #expect(!summary.lines.contains { $0.contains("more (wikisite check lists them all)") })
    }

    @Test func manyWarningsAreCutWithTheCountOfTheRest() {
        var summary = BuildSummary()
        summary.skipped = Self.skipped(BuildSummary.warningsListed + 7)
        let lines = summary.lines
        #expect(lines.contains("Skipped \(BuildSummary.warningsListed + 7) documents:"))
        #expect(lines.filter { $0.hasPrefix("  warning: ") }.count == BuildSummary.warningsListed)
        #expect(lines.contains("  … and 7 more (wikisite check lists them all)"))
        #expect(lines.contains { $0.contains("\"w:Page 0\"") })
        #expect(!lines.contains { $0.contains("\"w:Page \(BuildSummary.warningsListed)\"") })
    }
}
