import Foundation
import SpecExamples
import Testing

/// One example of `Tests/GFMFootnotes/footnotes.txt`, wikisite's own footnote examples.
struct FootnoteExample: Sendable, CustomTestStringConvertible {
    let section: String
    let line: Int
    let markdown: String

    var testDescription: String { "\(section), line \(line)" }

    /// The examples file.
    static let path = WikisiteCLI.repositoryRoot.appendingPathComponent("Tests/GFMFootnotes/footnotes.txt").path

    /// The section of the examples where wikisite and `cmark-gfm` differ, each for a reason the
    /// file gives: they are not compared.
    static let knownDifferences = "Known differences"

    /// Every example of the file.
    static let all: [FootnoteExample] = {
        guard let spec = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return SpecExample.examples(in: spec).map {
            FootnoteExample(section: $0.section, line: $0.line, markdown: $0.markdown)
        }
    }()
}

/// `wikisite render` against `cmark-gfm -e footnotes` (with GitHub's other extensions) on
/// wikisite's footnote examples. None of them reads differently in CommonMark 0.29 (cmark-gfm's)
/// and 0.30 (cmark's); the file's known differences are a bug of `cmark-gfm`'s own.
@Suite("GFM footnotes against cmark-gfm")
struct GFMFootnotesTests {
    /// Whether the oracle is installed (`make test-deps` installs it); with `CI=true` a
    /// missing one fails the test instead of skipping it.
    static let canCompare =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/cmark-gfm")
        || ProcessInfo.processInfo.environment["CI"] == "true"

    @Test func theExamplesFileHasItsExamplesInSevenSections() {
        #expect(FootnoteExample.all.count == 47)
        #expect(Set(FootnoteExample.all.map(\.section)).count == 7)
        #expect(FootnoteExample.all.count { $0.section == FootnoteExample.knownDifferences } == 2)
    }

    @Test(
        "wikisite render writes what cmark-gfm writes, apart from heading ids and table wrappers",
        .enabled(if: canCompare),
        arguments: FootnoteExample.all.filter { $0.section != FootnoteExample.knownDifferences })
    func rendersLikeCmarkGFM(_ example: FootnoteExample) throws {
        let (rendered, expected) = try GFMSpecTests.outputs(example.markdown)
        #expect(rendered.status == 0)
        #expect(GFMSpecTests.withoutWikisiteAdditions(rendered.standardOutput) == expected)
    }
}
