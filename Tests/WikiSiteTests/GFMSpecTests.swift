import Foundation
import SpecExamples
import Testing

/// One example of an extension section of the GFM spec (tables, task list items,
/// strikethrough, autolinks).
struct GFMExample: Sendable, CustomTestStringConvertible {
    let section: String
    let line: Int
    let markdown: String

    var testDescription: String { "\(section), spec line \(line)" }

    /// The spec file named by `WIKISITE_GFM_SPEC`, if set.
    static let specPath = ProcessInfo.processInfo.environment["WIKISITE_GFM_SPEC"]

    /// The sections compared; the spec's other extension (disallowed raw HTML) is not one of
    /// wikisite's, which keeps only a short list of harmless tags instead.
    static let sections = ["Tables", "Task list items", "Strikethrough", "Autolinks"]

    /// The examples of the compared sections, or none without a spec.
    static let examples: [GFMExample] = {
        guard let specPath, let spec = try? String(contentsOfFile: specPath, encoding: .utf8) else { return [] }
        return parse(spec)
    }()

    /// Every example of the spec without `[[` (a wikilink here), the CommonMark ones included:
    /// the extensions must leave what is not theirs as cmark-gfm leaves it.
    static let allExamples: [GFMExample] = {
        guard let specPath, let spec = try? String(contentsOfFile: specPath, encoding: .utf8) else { return [] }
        return parse(spec, sections: nil).filter { !$0.markdown.contains("[[") }
    }()

    /// The examples of the spec in the sections `## <name> (extension)` of `sections` (every
    /// example when nil).
    static func parse(_ spec: String, sections: [String]? = Self.sections) -> [GFMExample] {
        SpecExample.examples(in: spec).compactMap { example in
            let section =
                sections.map { names in names.first { example.section == "\($0) (extension)" } }
                ?? example.section
            return section.map { GFMExample(section: $0, line: example.line, markdown: example.markdown) }
        }
    }
}

/// `wikisite render` (the default dialect, GFM) against the `cmark-gfm` command on the GFM
/// spec's extension examples, then on all its other examples. No example needs excluding:
/// where CommonMark 0.29 (cmark-gfm's) and 0.30 (cmark's) differ, no example of this spec is
/// affected.
@Suite("GFM spec extensions (WIKISITE_GFM_SPEC)")
struct GFMSpecTests {
    @Test("the spec has its 23 extension examples", .enabled(if: GFMExample.specPath != nil))
    func specIsComplete() throws {
        let spec = try String(contentsOfFile: try #require(GFMExample.specPath), encoding: .utf8)
        let sections = GFMExample.parse(spec).map(\.section)
        #expect(sections.count == 23)
        #expect(GFMExample.sections.map { name in sections.count { $0 == name } } == [8, 2, 2, 11])
    }

    @Test(
        "wikisite render writes what cmark-gfm writes, apart from heading ids and table wrappers",
        .enabled(if: GFMExample.specPath != nil), arguments: GFMExample.examples)
    func rendersLikeCmarkGFM(_ example: GFMExample) throws {
        let (rendered, expected) = try Self.outputs(example.markdown)
        #expect(rendered.status == 0)
        #expect(Self.withoutWikisiteAdditions(rendered.standardOutput) == expected)
    }

    @Test("the spec has its 672 examples", .enabled(if: GFMExample.specPath != nil))
    func specHasAllItsExamples() throws {
        let spec = try String(contentsOfFile: try #require(GFMExample.specPath), encoding: .utf8)
        #expect(GFMExample.parse(spec, sections: nil).count == 672)
    }

    @Test(
        "every other example renders as cmark-gfm renders it too",
        .enabled(if: GFMExample.specPath != nil), arguments: GFMExample.allExamples)
    func coreExampleRendersLikeCmarkGFM(_ example: GFMExample) throws {
        let (rendered, expected) = try Self.outputs(example.markdown)
        #expect(Self.withoutWikisiteAdditions(rendered.standardOutput) == expected)
    }

    /// `wikisite render`'s run on `markdown` and what `cmark-gfm` writes for it. Where
    /// cmark-gfm's safe mode leaves raw HTML out, both pass it through (`--raw-html`,
    /// `--unsafe`): wikisite keeps the harmless tags GitHub keeps, which that mode drops, so
    /// the parse is compared with raw HTML on (`RawHTMLRenderingTests` covers it off).
    static func outputs(_ markdown: String) throws -> (WikisiteCLI.Result, String) {
        let safe = try cmarkGFM(markdown)
        guard safe.contains("<!-- raw HTML omitted -->") else {
            return (try WikisiteCLI.run(["render"], input: markdown), safe)
        }
        return (try WikisiteCLI.run(["render", "--raw-html"], input: markdown), try cmarkGFM(markdown, unsafe: true))
    }

    /// What `cmark-gfm` with GitHub's extensions makes of `markdown`, raw HTML passed through
    /// when `unsafe`.
    static func cmarkGFM(_ markdown: String, unsafe: Bool = false) throws -> String {
        let extensions = ["table", "strikethrough", "autolink", "tasklist", "footnotes"]
        let run = try WikisiteCLI.run(
            extensions.flatMap { ["-e", $0] } + (unsafe ? ["--unsafe"] : []), input: markdown,
            executable: URL(fileURLWithPath: "/usr/bin/cmark-gfm"))
        return run.standardOutput
    }

    /// `html` without what wikisite adds to what cmark-gfm writes: headings' ids, the focus of
    /// code blocks, the labels of task checkboxes, and the scrolling container around each table.
    static func withoutWikisiteAdditions(_ html: String) -> String {
        html.replacing(/<h([1-6]) id="[^"]*">/) { "<h\($0.1)>" }
            .replacing("<pre tabindex=\"0\"><code", with: "<pre><code")
            .replacing(#/ aria-label="(Completed|Incomplete) task" \/>/#) { _ in " />" }
            .replacing(/<div class="table-wrapper"[^>]*>\n(<table>\n(?s:.)*?<\/table>\n)<\/div>\n/) { String($0.1) }
    }
}
