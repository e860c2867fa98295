import Testing
import WikiRender

/// Strikethrough, task list items and extended autolinks, as `cmark-gfm` renders them, and
/// never inside code, raw HTML or links.
@Suite("GitHub-flavoured Markdown: inline extensions")
struct GitHubExtensionsTests {
    func render(_ markdown: String) -> String {
        renderForTest(markdown).html
    }

    @Test func tildePairsOfOneOrTwoStrikeThrough() {
        #expect(render("a ~~b~~ c ~d~ e\n") == "<p>a <del>b</del> c <del>d</del> e</p>\n")
        #expect(render("a ~~~c~~~ and ~~a~\n") == "<p>a ~~~c~~~ and ~~a~</p>\n")
        #expect(render("~~ a~~\n") == "<p>~~ a~~</p>\n")
    }

    @Test func strikethroughWrapsOtherInlinesAndWikilinks() {
        #expect(
            render("~~*a* `b` [[Page]]~~\n") == """
                <p><del><em>a</em> <code>b</code> <a class="wikilink" href="Page.html">Page</a></del></p>

                """)
        #expect(render("*~~a~~*\n") == "<p><em><del>a</del></em></p>\n")
    }

    @Test func anAddressRunsToTheNextSpaceBeforeTildesAreMatched() {
        #expect(render("~~www.a.com~~\n") == "<p><del><a href=\"http://www.a.com\">www.a.com</a></del></p>\n")
        #expect(
            render("~~www.x.comw~~#_www.x.com\n")
                == "<p>~~<a href=\"http://www.x.comw~~#_www.x.com\">www.x.comw~~#_www.x.com</a></p>\n")
        #expect(
            render("~~a me@z.io~~x\n") == "<p><del>a <a href=\"mailto:me@z.io\">me@z.io</a></del>x</p>\n")
    }

    @Test func anEscapedTildeNeitherOpensNorCloses() {
        #expect(render("\\~~a~~ and ~~a\\~~\n") == "<p>~~a~~ and ~~a~~</p>\n")
        #expect(render("&#126;~a~~\n") == "<p>~~a~~</p>\n")
        #expect(render("\\~a~\n") == "<p>~a~</p>\n")
    }

    @Test func aCloserOnlyTakesTheNearestOpenerWhenTheirLengthsMatch() {
        #expect(render("~a ~~b~\n") == "<p>~a ~~b~</p>\n")
        #expect(render("~~a ~b~~\n") == "<p>~~a ~b~~</p>\n")
        #expect(render("~a ~b~ c~\n") == "<p><del>a <del>b</del> c</del></p>\n")
        #expect(render("~a ~~~b~\n") == "<p><del>a ~~~b</del></p>\n")
    }

    @Test func theCommonMarkDialectLeavesTildesAlone() {
        let options = MarkdownOptions(dialect: .commonmark)
        let html = MarkdownRenderer(options: options).render("~~a~~ www.example.com\n- [ ] b\n", resolve: testResolve)
        #expect(html.html == "<p>~~a~~ www.example.com</p>\n<ul>\n<li>[ ] b</li>\n</ul>\n")
    }

    @Test func taskListItemsShowDisabledCheckboxes() {
        #expect(
            render("- [ ] a\n- [x] b\n- [X] *c*\n") == """
                <ul>
                <li><input type="checkbox" disabled="" aria-label="Incomplete task" /> a</li>
                <li><input type="checkbox" checked="" disabled="" aria-label="Completed task" /> b</li>
                <li><input type="checkbox" checked="" disabled="" aria-label="Completed task" /> <em>c</em></li>
                </ul>

                """)
    }

    @Test func aTaskMarkNeedsASpaceAfterItAndNoEscape() {
        #expect(
            render("- [ ]\n- [x]b\n- \\[ ] c\n- [y] d\n") == """
                <ul>
                <li>[ ]</li>
                <li>[x]b</li>
                <li>[ ] c</li>
                <li>[y] d</li>
                </ul>

                """)
    }

    @Test func aLooseTaskListWritesTheCheckboxBeforeTheParagraph() {
        #expect(
            render("3. [x] a\n\n4. b\n\n5.\n")
                == "<ol start=\"3\">\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"Completed task\" /> \n<p>a</p>\n</li>\n"
                + "<li>\n<p>b</p>\n</li>\n<li></li>\n</ol>\n")
    }

    @Test func aTaskMarkMustFollowTheItemsMarkerOnItsLine() {
        #expect(render("> - [ ] a\n") == "<blockquote>\n<ul>\n<li>[ ] a</li>\n</ul>\n</blockquote>\n")
        #expect(render("- - [ ] a\n") == "<ul>\n<li>\n<ul>\n<li>[ ] a</li>\n</ul>\n</li>\n</ul>\n")
        #expect(render("-\n  [ ] a\n") == "<ul>\n<li>[ ] a</li>\n</ul>\n")
    }

    @Test func wwwAddressesURLsAndEmailAddressesBecomeLinks() {
        #expect(
            render("See www.example.com/a.b. or https://example.org?q=1; or me@example.com.\n") == """
                <p>See <a href="http://www.example.com/a.b">www.example.com/a.b</a>. or \
                <a href="https://example.org?q=1">https://example.org?q=1</a>; or \
                <a href="mailto:me@example.com">me@example.com</a>.</p>

                """)
    }

    @Test func anUnmatchedClosingParenthesisEndsTheLink() {
        #expect(
            render("(www.a.com/x_(y)) www.a.com/&hl;\n") == """
                <p>(<a href="http://www.a.com/x_(y)">www.a.com/x_(y)</a>) <a href="http://www.a.com/">www.a.com/</a>&amp;hl;</p>

                """)
    }

    @Test func addressesInsideCodeLinksOrAnOpenBracketStayText() {
        #expect(
            render("`www.a.com` [www.b.com](/x) [see www.c.com] [[www.d.com]]\n") == """
                <p><code>www.a.com</code> <a href="/x">www.b.com</a> [see www.c.com] \
                <a class="wikilink" href="www.d.com.html">www.d.com</a></p>

                """)
        #expect(render("    www.a.com ~~b~~\n") == "<pre tabindex=\"0\"><code>www.a.com ~~b~~\n</code></pre>\n")
        #expect(
            render("[x *y* www.a.com] [a](b) www.c.com\n") == """
                <p>[x <em>y</em> www.a.com] <a href="b">a</a> <a href="http://www.c.com">www.c.com</a></p>

                """)
    }

    @Test func aBracketInsideAnAddressOpensNothing() {
        #expect(
            render("www.a.com/[x www.b.com\n")
                == "<p><a href=\"http://www.a.com/%5Bx\">www.a.com/[x</a> <a href=\"http://www.b.com\">www.b.com</a></p>\n"
        )
    }

    @Test func onlyHTTPHTTPSAndFTPInAnyCaseStartURLsAndAnAddressNeedsItsName() {
        #expect(
            render("HTTPS://a.org/x FtP://b.org dendron://c.org/d mailto:me@a.org @you x@ @b.org\n") == """
                <p><a href="HTTPS://a.org/x">HTTPS://a.org/x</a> <a href="FtP://b.org">FtP://b.org</a> \
                dendron://c.org/d <a href="mailto:me@a.org">mailto:me@a.org</a> @you x@ @b.org</p>

                """)
    }

    @Test func anAutolinksURLGoesThroughSafeMode() {
        #expect(render("javascript://www.a.com/%0aalert(1)\n") == "<p>javascript://www.a.com/%0aalert(1)</p>\n")
        #expect(!render("<b>www.a.com</b>\n").contains("<b>"))
    }

    @Test func everyConstructInsideCodeOrRawHTMLIsUntouched() {
        let constructs = "| a | b |\n| - | - |\n| ~~c~~ | www.d.com |\n- [ ] e@f.com https://g.h\n"
        let indented = constructs.split(separator: "\n").map { "    " + $0 + "\n" }.joined()
        let markdown =
            "`~~a~~ www.b.com c@d.com [ ] |`\n\n```\n" + constructs + "```\n\n" + indented + "\n<div>\n"
            + constructs + "</div>\n\n<span title=\"~~a~~ www.b.com\">x</span>\n"
        let gfm = renderForTest(markdown, allowRawHTML: true).html
        #expect(gfm == renderForTest(markdown, allowRawHTML: true, dialect: .commonmark).html)
        #expect(gfm.contains("<pre tabindex=\"0\"><code>| a | b |\n| - | - |\n| ~~c~~ | www.d.com |\n"))
    }
}
