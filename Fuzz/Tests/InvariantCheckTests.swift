import Testing

@testable import FuzzTargets

/// The checks the fuzz targets make catch what they are meant to catch: a fuzzer is only as good
/// as its invariants.
@Suite("Fuzz invariant checks")
struct InvariantCheckTests {
    @Test(
        "HTMLTags refuses markup that cmark and wikisite never write",
        arguments: [
            "<script>alert(1)</script>", #"<img src="x" onerror="alert(1)" />"#, "<a href=x>", "a > b", "<!-- x -->",
            #"<p class="a"b">"#, "<svg>", #"<a href="x" title="<b>">"#, #"<kbd class="x">"#, #"<abbr id="x">"#,
            #"<span style="x">"#, "<style>", #"<abbr onclick="x">"#,
        ])
    func refusesForeignMarkup(_ html: String) {
        #expect(throws: InvariantViolation.self) { try HTMLTags(html) }
    }

    @Test("HTMLTags reads what cmark and wikisite write")
    func readsRenderedMarkup() throws {
        let html = #"""
            <h2 id="x-1">A &amp; B</h2>
            <p><a class="wikilink missing" href="Sync_Client~zibhwbl4kz.html#retries" title="Page &quot;x&quot;">x</a><br />
            <img src="a.png" alt="a" title="t" /><!-- raw HTML omitted --></p>
            <ol start="3"><li><code>x</code></li></ol><pre><code class="language-js">&lt;</code></pre><hr />
            """#
        let tags = try HTMLTags(html).tags
        #expect(
            tags.filter { !$0.isEnd }.map(\.name) == [
                "h2", "p", "a", "br", "img", "ol", "li", "code", "pre", "code", "hr",
            ])
        #expect(tags[0].value(of: "id") == "x-1")
    }

    @Test("HTMLTags reads the tags raw HTML keeps, with their own attributes")
    func readsKeptRawHTML() throws {
        let html =
            #"<p><kbd>K</kbd><abbr title="t">A</abbr><span class="c">s</span><img src="a.png" width="1" /></p>"#
            + #"<details open=""><summary>S</summary></details>"#
        #expect(
            try HTMLTags(html).tags.filter { !$0.isEnd }.map(\.name) == [
                "p", "kbd", "abbr", "span", "img", "details", "summary",
            ])
    }

    @Test(
        "DangerousURL finds script and file URLs however they are spelled",
        arguments: [
            "javascript:alert(1)", "JaVaScRiPt:x", " \tjavascript:x", "java&#x09;script:x", "java\nscript:x",
            "&#106;avascript:x", "javascript&colon;x", "vbscript:x", "file:///etc/passwd", "data:text/html,x",
        ])
    func findsDangerousURLs(_ url: String) {
        #expect(DangerousURL.isDangerous(url))
    }

    @Test(
        "DangerousURL lets ordinary URLs through",
        arguments: ["page.html", "https://example.com/javascript:x", "data:image/png;base64,AAAA", "#javascript:", ""])
    func acceptsOrdinaryURLs(_ url: String) {
        #expect(!DangerousURL.isDangerous(url))
    }

    @Test(
        "FileNameRules refuses names that escape, hide or clash with devices",
        arguments: [
            "", ".", "..", ".hidden", "_assets", "a/b", #"a\b"#, "a\u{0}b", "a:b", "CON", "con.html", "index.html",
            "x.",
        ])
    func refusesUnsafeNames(_ name: String) {
        #expect(throws: InvariantViolation.self) { try FileNameRules.checkComponent(name, maximumBytes: 255, "test") }
    }

    @Test("FileNameRules finds names only case or normalization tell apart")
    func findsClashes() {
        #expect(FileNameRules.clash("Apple.html", "apple.html"))
        #expect(FileNameRules.clash("Caf\u{E9}.html", "Cafe\u{301}.html"))
        #expect(FileNameRules.clash("\u{130}.html", "\u{130}.HTML"))
        #expect(!FileNameRules.clash("Apple~aaaaaaaaaa.html", "apple.html"))
        #expect(FileNameRules.hash(of: "Apple~zibhwbl4kz.html") == "zibhwbl4kz")
    }

    @Test("TextPosition finds a line, column or byte that name different places")
    func findsWrongPositions() throws {
        let text = Array("ab\ncé\nx".utf8)
        try text.withUnsafeBytes { bytes in
            try TextPosition.check(line: 2, column: 3, byteOffset: 6, in: bytes, "test")
            try TextPosition.check(line: 3, column: 1, byteOffset: 7, in: bytes, "test")
            #expect(throws: InvariantViolation.self) {
                try TextPosition.check(line: 2, column: 4, byteOffset: 6, in: bytes, "")
            }
            #expect(throws: InvariantViolation.self) {
                try TextPosition.check(line: 1, column: 3, byteOffset: 6, in: bytes, "")
            }
            #expect(throws: InvariantViolation.self) {
                try TextPosition.check(line: 3, column: 2, byteOffset: 9, in: bytes, "")
            }
        }
    }

    @Test(
        "TerminalText finds what drives a terminal", arguments: ["\u{1B}[2J", "a\nb", "\u{7F}", "\u{9B}", "\u{202E}x"])
    func findsTerminalControls(_ message: String) {
        #expect(throws: InvariantViolation.self) { try TerminalText.check(message, "test") }
    }
}
