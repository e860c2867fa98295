import Foundation
import SpecExamples
import Testing
import WikiRender

/// One example of the CommonMark spec (spec.txt format).
struct CommonMarkExample: Sendable, CustomTestStringConvertible {
    let number: Int
    let line: Int
    let markdown: String

    var testDescription: String { "example \(number) (spec line \(line))" }

    /// The spec file named by `WIKISITE_COMMONMARK_SPEC`, if set.
    static let specPath = ProcessInfo.processInfo.environment["WIKISITE_COMMONMARK_SPEC"]

    /// The spec's examples without `[[` (those are wikilinks here), or none without a spec.
    static let examples: [CommonMarkExample] = {
        guard let specPath, let spec = try? String(contentsOfFile: specPath, encoding: .utf8) else { return [] }
        return parse(spec).filter { !$0.markdown.contains("[[") }
    }()

    /// The examples of a spec, numbered from 1.
    static func parse(_ spec: String) -> [CommonMarkExample] {
        SpecExample.examples(in: spec).enumerated().map { index, example in
            CommonMarkExample(number: index + 1, line: example.line, markdown: example.markdown)
        }
    }
}

@Suite("CommonMark 0.30 spec (WIKISITE_COMMONMARK_SPEC)")
struct CommonMarkSpecTests {
    @Test("the spec has its 652 examples", .enabled(if: CommonMarkExample.specPath != nil))
    func specIsComplete() throws {
        let spec = try String(contentsOfFile: try #require(CommonMarkExample.specPath), encoding: .utf8)
        #expect(CommonMarkExample.parse(spec).count == 652)
    }

    @Test(
        "the commonmark dialect renders as the cmark command does, apart from heading ids and focusable code blocks",
        .enabled(if: CommonMarkExample.specPath != nil),
        arguments: CommonMarkExample.examples)
    func rendersLikeCmark(_ example: CommonMarkExample) throws {
        let expected = try Self.cmark(example.markdown)
        let html = renderForTest(example.markdown, dialect: .commonmark).html
        let withoutAdditions = html.replacing(/<h([1-6]) id="[^"]*">/) { "<h\($0.1)>" }
            .replacing("<pre tabindex=\"0\"><code", with: "<pre><code")
        #expect(withoutAdditions == expected)
    }

    /// What `/usr/bin/cmark` makes of `markdown`.
    static func cmark(_ markdown: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/cmark")
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(markdown.utf8))
        try input.fileHandleForWriting.close()
        let html = try output.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        return String(decoding: html, as: UTF8.self)
    }
}
