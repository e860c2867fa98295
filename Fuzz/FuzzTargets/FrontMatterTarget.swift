import WikiDocuments
import WikiFrontMatter
import WikiModel
import WikiRender

/// A page document whose `markdown` is the input read as UTF-8, through `WikiDatabaseBuilder`:
/// its front matter split off, read as YAML, or shown as code.
///
/// What must hold:
/// - Without a block at the very top (`FrontMatterBlock`), the page's Markdown is the text, its
///   displayed title nil, and there is no warning.
/// - Every warning (a part left out, or the whole block unreadable) is safe to print on a
///   terminal, and its line is within the block.
/// - With one that reads (a part of it perhaps left out), the page's Markdown is exactly the text
///   after the block, and a displayed title is never empty nor surrounded by whitespace.
/// - With one that does not read, the page is published, and its Markdown renders as a code
///   block holding exactly the block's text, then the rest.
/// - `FrontMatter` on the block's YAML reads it or throws `FrontMatterError` (never traps), whose
///   line is within the YAML; the tags it reads pass the tags target's checks (safe files,
///   bounded nesting), its aliases are trimmed and not empty.
/// - Either way the page is published or a draft, never lost.
enum FrontMatterTarget {
    static func run(_ input: UnsafeRawBufferPointer) throws(InvariantViolation) {
        let text = String(decoding: input, as: UTF8.self)
        var builder = WikiDatabaseBuilder()
        builder.add(document("w", [("type", .string("wiki"))]))
        builder.add(
            document("w:P", [("type", .string("page")), ("wiki_id", .string("w")), ("markdown", .string(text))]))
        let database = builder.build()
        let title = PageTitle("P")!
        guard let page = database.page(inWiki: "w", titled: title) ?? database.drafts(inWiki: "w").first else {
            throw InvariantViolation("the page is neither published nor a draft: \(shown(text))")
        }
        let utf8 = Array(text.utf8)
        guard let block = FrontMatterBlock(in: utf8) else {
            try require(page.markdown.isExactly(text), "a text without front matter changed: \(shown(text))")
            try require(page.displayedTitle == nil, "a text without front matter has a title: \(shown(text))")
            try require(database.invalidFrontMatter.isEmpty, "a text without front matter is warned of")
            return
        }
        try checkReading(block, of: utf8)
        let rest = String(decoding: utf8[block.markdownStart...], as: UTF8.self)
        let lines = cmarkLines(String(decoding: utf8[..<block.markdownStart], as: UTF8.self)).utf8.count(where: {
            $0 == UInt8(ascii: "\n")
        })
        for warning in database.invalidFrontMatter {
            try TerminalText.check(warning.description, "the front matter warning")
            try require(
                warning.line.map { (1...lines).contains($0) } ?? true,
                "the warning's line \(warning.line ?? 0) is outside the block's \(lines) lines")
        }
        guard database.invalidFrontMatter.contains(where: \.isShownAsCode) else {
            try require(page.markdown.isExactly(rest), "the body is not the text after the block: \(shown(text))")
            if let shownTitle = page.displayedTitle {
                let scalars = shownTitle.unicodeScalars
                try require(
                    !(scalars.first?.properties.isWhitespace ?? true) && !scalars.last!.properties.isWhitespace,
                    "the displayed title \(shown(shownTitle)) is empty or not trimmed")
            }
            return
        }
        try require(page.markdown.hasSuffix(rest), "the rest of a page with unreadable front matter changed")
        try checkShownAsCode(String(decoding: utf8[..<block.markdownStart], as: UTF8.self), in: page.markdown)
    }

    /// `FrontMatter` on the block's YAML: its tags and aliases as the build takes them, or an
    /// error whose line is within the block and whose message is safe to print.
    private static func checkReading(_ block: FrontMatterBlock, of utf8: [UInt8]) throws(InvariantViolation) {
        try require(
            block.yaml.lowerBound >= 4 && block.yaml.upperBound <= block.markdownStart,
            "the block's YAML \(block.yaml) is not between its delimiters, which end at \(block.markdownStart)")
        let yaml = String(decoding: utf8[block.yaml], as: UTF8.self)
        let frontMatter: FrontMatter
        do {
            frontMatter = try FrontMatter(yaml: yaml)
        } catch {
            try TerminalText.check(error.message, "the front matter error")
            let lines = yaml.utf8.count(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) + 1
            try require(
                error.line.map { (1...lines + 1).contains($0) } ?? true,
                "the error's line \(error.line ?? 0) is outside the YAML's \(lines) lines")
            return
        }
        for tag in frontMatter.tags { try TagsTarget.check(tag) }
        for alias in frontMatter.aliases {
            let scalars = alias.unicodeScalars
            try require(
                !(scalars.first?.properties.isWhitespace ?? true) && !scalars.last!.properties.isWhitespace,
                "the alias \(shown(alias)) is empty or not trimmed")
        }
        for problem in frontMatter.problems { try TerminalText.check(problem.message, "a front matter problem") }
    }

    /// Throws unless `markdown` renders, first, as one code block that holds exactly `block`.
    private static func checkShownAsCode(_ block: String, in markdown: String) throws(InvariantViolation) {
        let html = MarkdownTarget.render(markdown, MarkdownOptions()).html
        let expected = escaped(cmarkLines(block))
        let opening = "<pre tabindex=\"0\"><code class=\"language-yaml\">"
        try require(
            html.hasPrefix(opening + expected + "</code></pre>"),
            "unreadable front matter is not shown as one code block: \(shown(html))")
    }

    /// `text` as cmark escapes it in HTML, scalar by scalar: a quote followed by a combining mark
    /// is one `Character`, which a replacement by characters would leave alone.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` as cmark gives a code block's lines: each line ended by `\n` (whether it ended in
    /// `\r\n`, `\r` or nothing, as YAML and cmark end lines), NUL read as U+FFFD. On bytes:
    /// `\r\n` is one `Character`.
    private static func cmarkLines(_ text: String) -> String {
        var bytes: [UInt8] = []
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\n") where previous == UInt8(ascii: "\r"): break
            case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "\n"))
            case 0: bytes += [0xEF, 0xBF, 0xBD]
            default: bytes.append(byte)
            }
            previous = byte
        }
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func document(_ id: String, _ fields: [(String, JSONValue)]) -> Document {
        let members: [(key: String, value: JSONValue)] = [("_id", .string(id)), ("_rev", .string("1-a"))] + fields
        return Document(
            id: id, revisionText: "1-a", isDeleted: false, body: JSONObject(members),
            origin: DocumentOrigin(source: "fuzz", line: 1))
    }
}
