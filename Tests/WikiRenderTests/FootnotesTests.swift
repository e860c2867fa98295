import Testing
import WikiModel
import WikiRender

/// GFM footnotes, written as `cmark-gfm -e footnotes` writes them (the conformance test
/// compares every example of `Tests/GFMFootnotes/footnotes.txt` with the command itself).
@Suite("GitHub-flavoured Markdown: footnotes")
struct FootnotesTests {
    private static func reference(_ label: String, _ number: Int, use: Int = 1) -> String {
        "<sup class=\"footnote-ref\"><a href=\"#fn-\(label)\" id=\"fnref-\(label)\(use > 1 ? "-\(use)" : "")\" "
            + "data-footnote-ref>\(number)</a></sup>"
    }

    private static func backReference(_ label: String, use: Int = 1) -> String {
        "<a href=\"#fnref-\(label)\(use > 1 ? "-\(use)" : "")\" class=\"footnote-backref\" data-footnote-backref "
            + "aria-label=\"Back to content\">↩\(use > 1 ? "<sup class=\"footnote-ref\">\(use)</sup>" : "")</a>"
    }

    private static func section(_ items: String...) -> String {
        "<section class=\"footnotes\" data-footnotes>\n<ol>\n" + items.joined() + "</ol>\n</section>\n"
    }

    @Test func aDefinitionIsANoteNotALinkReferenceDefinition() {
        let html = renderForTest("See[^1].\n\n[^1]: https://example.com\n").html
        #expect(
            html
                == "<p>See\(Self.reference("1", 1)).</p>\n"
                + Self.section(
                    "<li id=\"fn-1\">\n<p><a href=\"https://example.com\">https://example.com</a> "
                        + "\(Self.backReference("1"))</p>\n</li>\n"))
    }

    @Test func referencesAreNumberedByFirstUseAndEachUseGetsABackReference() {
        let html = renderForTest("b[^b] a[^a] b[^B]\n\n[^a]: A\n[^b]: B\n").html
        #expect(
            html
                == "<p>b\(Self.reference("b", 1)) a\(Self.reference("a", 2)) b\(Self.reference("b", 1, use: 2))</p>\n"
                + Self.section(
                    "<li id=\"fn-b\">\n<p>B \(Self.backReference("b")) \(Self.backReference("b", use: 2))</p>\n</li>\n",
                    "<li id=\"fn-a\">\n<p>A \(Self.backReference("a"))</p>\n</li>\n"))
    }

    @Test func aReferenceWithoutADefinitionStaysTextAndAnUnusedDefinitionIsDropped() {
        #expect(renderForTest("x[^none]\n\n[^unused]: gone\n").html == "<p>x[^none]</p>\n")
    }

    @Test func aNoteHoldsSeveralBlocksAndEndsWithItsBackReferenceBlock() {
        let html = renderForTest("x[^n]\n\n[^n]: one\n\n    - two\n\nafter\n").html
        #expect(
            html
                == "<p>x\(Self.reference("n", 1))</p>\n<p>after</p>\n"
                + Self.section(
                    "<li id=\"fn-n\">\n<p>one</p>\n<ul>\n<li>two</li>\n</ul>\n\(Self.backReference("n"))\n</li>\n"))
    }

    @Test func aDefinitionInsideCodeOrACodeSpanIsNeverRead() {
        let html = renderForTest("```\n[^1]: code\n```\n\n`[^1]` and <span title=\"[^1]\">\n").html
        #expect(!html.contains("footnote"))
        #expect(html.contains("<code>[^1]: code\n</code>"))
        #expect(html.contains("<code>[^1]</code>"))
    }

    @Test func escapedMarksMakeNoReference() {
        let html = renderForTest("\\[^1] [\\^1] [^1\\] [^1]\n\n[^1]: n\n").html
        #expect(html.hasPrefix("<p>[^1] [^1] [^1] \(Self.reference("1", 1))</p>\n"))
    }

    @Test func labelsAreEscapedInIdsAndHrefs() {
        let html = renderForTest("x[^\"'&{]\n\n[^\"'&{]: n\n").html
        #expect(html.contains("<li id=\"fn-%22&#x27;&amp;%7B\">"))
        #expect(html.contains("href=\"#fn-%22&#x27;&amp;%7B\" id=\"fnref-%22&#x27;&amp;%7B\""))
    }

    @Test func aLabelThatHoldsATagInjectsNothing() {
        let html = renderForTest("x[^\"><script>]\n\n[^\"><script>]: n\n").html
        #expect(!html.contains("<script"))
    }

    @Test func labelsMatchWithoutRegardToCaseInAnyScript() {
        let html = renderForTest("x[^STRASSE] y[^Ünï]\n\n[^straße]: a\n[^üNÏ]: b\n").html
        #expect(html.ranges(of: "data-footnote-ref").count == 2)
    }

    @Test func notesInsideNotesAreNotesOfThePageAndGoWithAnUnusedOne() {
        #expect(renderForTest("[^t]:[^n]:").html == "")
        let html = renderForTest("x[^n]\n\n[^t]: a\n    [^n]: inner\n").html
        #expect(html.contains("<li id=\"fn-n\">\n<p>inner ") && !html.contains("fn-t"))
    }

    @Test func carriageReturnsEndLinesOfNotesAsNewlinesDo() {
        #expect(
            renderForTest("x[^1]\r\n\r\n[^1]: a\r\n\r\n    b\r\n").html
                == renderForTest("x[^1]\n\n[^1]: a\n\n    b\n").html)
    }

    @Test func theStrictCommonMarkDialectHasNoFootnotes() {
        #expect(
            renderForTest("x[^1]\n\n[^1]: /url\n", dialect: .commonmark).html
                == "<p>x<a href=\"/url\">^1</a></p>\n")
    }

    @Test func linksInANoteAreFoundOnTheirLinesOfThePage() {
        let rendered = renderForTest("x[^1]\n\n[^1]: a\n\n    see [[Other]]\n")
        #expect(rendered.links.map(\.line) == [5])
        #expect(rendered.html.contains("<a class=\"wikilink\" href=\"Other.html\">Other</a>"))
    }

    @Test func definitionsInListsAndQuotesEndThemAsCmarkGFMDoes() {
        let html = renderForTest("- a[^x]\n[^x]: note\n- b\n").html
        #expect(html.hasPrefix("<ul>\n<li>a\(Self.reference("x", 1))</li>\n</ul>\n<ul>\n<li>b</li>\n</ul>\n"))
    }
}
