import Testing
import WikiModel
import WikiRender

/// Obsidian's block ids: `text ^id` gives its block the id `^id`, which `[[Page#^id]]` lands
/// on and `![[Page#^id]]` shows alone.
@Suite("Obsidian-flavoured Markdown: block ids")
struct BlockIDTests {
    @Test func aParagraphLosesItsMarkerAndGetsTheID() {
        let result = renderForTest("Some *text* here ^abc-1\n")
        #expect(result.html == "<p id=\"^abc-1\">Some <em>text</em> here</p>\n")
        #expect(result.blockIDs == ["abc-1"])
    }

    @Test func aMarkerAfterALinkOrCodeIsTheParagraphs() {
        #expect(
            renderForTest("see [[Page]] ^l1\n").html
                == "<p id=\"^l1\">see <a class=\"wikilink\" href=\"Page.html\">Page</a></p>\n")
        #expect(renderForTest("run `x` ^c1\n").html == "<p id=\"^c1\">run <code>x</code></p>\n")
    }

    @Test func aMarkerOnTheParagraphsLastLineAloneIsTheParagraphs() {
        #expect(renderForTest("first line\n^x1\n").html == "<p id=\"^x1\">first line</p>\n")
    }

    @Test func aListItemGetsTheIDInATightAndALooseList() {
        #expect(
            renderForTest("- one ^a\n- two\n  - nested ^b\n").html
                == "<ul>\n<li id=\"^a\">one</li>\n<li>two\n<ul>\n<li id=\"^b\">nested</li>\n</ul>\n</li>\n</ul>\n")
        #expect(
            renderForTest("1. one ^a\n\n2. two\n").html
                == "<ol>\n<li id=\"^a\">\n<p>one</p>\n</li>\n<li>\n<p>two</p>\n</li>\n</ol>\n")
    }

    @Test func anIDOnItsOwnLineAfterATableAListOrAQuoteIsThatBlocks() {
        let table = renderForTest("| a |\n| - |\n| 1 |\n\n^t1\n").html
        #expect(table.hasPrefix("<div id=\"^t1\" class=\"table-wrapper\""))
        #expect(!table.contains("<p>"))
        #expect(renderForTest("- a\n- b\n\n^l1\n").html == "<ul id=\"^l1\">\n<li>a</li>\n<li>b</li>\n</ul>\n")
        #expect(renderForTest("> quoted\n\n^q1\n").html == "<blockquote id=\"^q1\">\n<p>quoted</p>\n</blockquote>\n")
    }

    @Test func anIDAloneAfterAParagraphStaysText() {
        #expect(renderForTest("para\n\n^alone\n").html == "<p>para</p>\n<p>^alone</p>\n")
    }

    @Test func aMarkerInCodeEscapedOrNotAfterABlankIsText() {
        #expect(renderForTest("a `b ^c`\n").html == "<p>a <code>b ^c</code></p>\n")
        #expect(renderForTest("```\nx ^c\n```\n").html == "<pre tabindex=\"0\"><code>x ^c\n</code></pre>\n")
        #expect(renderForTest("a \\^c\n").html == "<p>a ^c</p>\n")
        #expect(renderForTest("a&#32;^c\n").html == "<p>a ^c</p>\n")
        #expect(renderForTest("a^c\n").html == "<p>a^c</p>\n")
        #expect(renderForTest("a ^c!\n").html == "<p>a ^c!</p>\n")
        #expect(renderForTest("a ^c\n", dialect: .commonmark).html == "<p>a ^c</p>\n")
    }

    @Test func aRepeatedIDIsTakenOffButOnlyTheFirstBlockHasIt() {
        let result = renderForTest("one ^same\n\ntwo ^same\n")
        #expect(result.html == "<p id=\"^same\">one</p>\n<p>two</p>\n")
        #expect(result.blockIDs == ["same"])
    }

    @Test func aBlockKeepsTheFirstIDThatNamesItAndALaterMarkerIsTakenOff() {
        let list = renderForTest("- a\n- b\n\n^first\n\n^second\n")
        #expect(list.html == "<ul id=\"^first\">\n<li>a</li>\n<li>b</li>\n</ul>\n")
        #expect(list.blockIDs == ["first"])
        // The id a block did not take is free for another.
        #expect(renderForTest("- a\n\n^x\n\n^y\n\nlater ^y\n").blockIDs == ["x", "y"])
    }

    @Test func aLinkToABlockLandsOnItsID() {
        #expect(
            renderForTest("[[Other page#^abc-1]] and [[#^x]]").html
                == "<p><a class=\"wikilink\" href=\"Other_page.html#^abc-1\">Other page#^abc-1</a>"
                + " and <a class=\"wikilink\" href=\"#^x\">#^x</a></p>\n")
        #expect(renderForTest("[[Page#^not an id]]").html.contains("href=\"Page.html#not-an-id\""))
    }

    @Test func anEmbedOfABlockShowsThatBlockAlone() {
        let embeds = TestEmbeds(pages: ["B": "# B\n\nintro\n\nthe block ^b1\n\n- x\n- y ^i1\n- z\n"])
        let paragraph = MarkdownRenderer().render(
            "![[B#^b1]]", of: PageTitle("Home"), resolve: testResolve, embeds: embeds)
        #expect(
            paragraph.html
                == "<div class=\"embed\">\n<p class=\"embed-source\"><a class=\"wikilink\" href=\"B.html#^b1\">"
                + "B#^b1</a></p>\n<p>the block</p>\n</div>\n")
        let item = MarkdownRenderer().render("![[B#^i1]]", of: PageTitle("Home"), resolve: testResolve, embeds: embeds)
        #expect(item.html.contains("<ul>\n<li>y</li>\n</ul>\n</div>"))
    }

    @Test func anEmbedOfAMissingBlockIsShownAsMissing() {
        let embeds = TestEmbeds(pages: ["B": "text ^b1\n"])
        let html = MarkdownRenderer().render(
            "![[B#^nope]]", of: PageTitle("Home"), resolve: testResolve, embeds: embeds
        )
        .html
        #expect(
            html
                == "<p><a class=\"wikilink missing\" href=\"B.html#^nope\" title=\"Page “B” has no block “^nope”\">"
                + "B#^nope</a></p>\n")
    }

    @Test func theOutlineHasTheBlockIDsTheRenderingHas() {
        let markdown = "a ^one\n\n- b ^two\n\n> c\n\n^three\n"
        let outline = MarkdownRenderer().outline(markdown, of: nil, resolve: testResolve, embeds: TestEmbeds())
        #expect(outline.blockIDs == ["one", "two", "three"])
        #expect(renderForTest(markdown).blockIDs == outline.blockIDs)
    }
}
