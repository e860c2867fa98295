import Testing
import WikiRender

/// Obsidian's `==highlight==` as `<mark>` and `%%comments%%` left out of the page.
@Suite("Obsidian-flavoured Markdown: highlights and comments")
struct HighlightAndCommentTests {
    func render(_ markdown: String, dialect: MarkdownDialect = .gfm) -> String {
        renderForTest(markdown, dialect: dialect).html
    }

    @Test func twoEqualsSignsOnEachSideHighlight() {
        #expect(render("a ==b *c*== d\n") == "<p>a <mark>b <em>c</em></mark> d</p>\n")
        #expect(render("==a== and ~~==b==~~\n") == "<p><mark>a</mark> and <del><mark>b</mark></del></p>\n")
    }

    @Test func highlightsFollowTheFlankingRulesOfStrikethrough() {
        #expect(render("a == b == c\n") == "<p>a == b == c</p>\n")
        #expect(render("=a= ===b=== ==c=\n") == "<p>=a= ===b=== ==c=</p>\n")
        #expect(render("x==y==z\n") == "<p>x<mark>y</mark>z</p>\n")
    }

    @Test func anEscapedEqualsSignNeitherOpensNorCloses() {
        #expect(render("\\==a== and ==a\\==\n") == "<p>==a== and ==a==</p>\n")
        #expect(render("&#61;=a==\n") == "<p>==a==</p>\n")
    }

    @Test func anInlineCommentIsLeftOut() {
        #expect(render("a %%hidden *b*%% c\n") == "<p>a  c</p>\n")
        #expect(render("a %%one\nline two%% b %%x%%\n") == "<p>a  b</p>\n")
        #expect(render("%%all of it%%\n\nnext\n") == "<p>next</p>\n")
    }

    @Test func marksAfterACommentStillPairWhereTheParagraphHasEscapes() {
        #expect(render("a \\*b %%x%% ==c== ~~d~~\n") == "<p>a *b  <mark>c</mark> <del>d</del></p>\n")
    }

    @Test func aBlockCommentLeavesOutEveryBlockBetweenItsMarks() {
        let markdown = """
            before

            %%
            # Hidden heading

            ```
            hidden code
            ```

            - [[Hidden link]]
            %%

            after

            """
        let rendered = renderForTest(markdown)
        #expect(rendered.html == "<p>before</p>\n<p>after</p>\n")
        #expect(rendered.headings.isEmpty)
        #expect(rendered.links.isEmpty)
    }

    @Test func aCommentStartingInAParagraphEndsInALaterOne() {
        #expect(render("a %%b\n\nc\n\nd%% e\n") == "<p>a</p>\n<p>e</p>\n")
    }

    @Test func anUnclosedOrEscapedMarkStaysText() {
        #expect(render("100%% sure\n") == "<p>100%% sure</p>\n")
        #expect(render("a \\%%b%% c\n") == "<p>a %%b%% c</p>\n")
    }

    @Test func aCommentCrossesContainersAndRemovesThoseItEmpties() {
        #expect(render("> %%a\n\nb%%\n") == "")
        #expect(render("- a\n- %%b\n\nc\n\n- d%%\n- e\n") == "<ul>\n<li>a</li>\n</ul>\n<ul>\n<li>e</li>\n</ul>\n")
    }

    @Test func commentsInTitlesCellsAndHeadingsAreLeftOut() {
        #expect(render("# Title %%x%%\n") == "<h1 id=\"title\">Title</h1>\n")
        #expect(render("| a %%x%% |\n| - |\n").contains("<th>a </th>"))
        #expect(
            render("> [!tip] T%%x%%\n").contains("<span class=\"callout-title-inner\">T</span>"))
    }

    @Test func theCommonMarkDialectLeavesMarksAlone() {
        #expect(render("==a== %%b%%\n", dialect: .commonmark) == "<p>==a== %%b%%</p>\n")
    }
}
