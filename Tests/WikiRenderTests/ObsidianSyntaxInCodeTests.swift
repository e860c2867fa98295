import Testing
import WikiRender

/// Callouts, highlights and comments written in a code span, a fenced or indented code block,
/// raw HTML or a link's destination are left exactly as written.
@Suite("Obsidian-flavoured Markdown: nothing changes in code or raw HTML")
struct ObsidianSyntaxInCodeTests {
    static let lines = "> [!tip] Title\n==mark== %%comment%%\n%%\nblock\n%%\n"
    static let escapedLines = "&gt; [!tip] Title\n==mark== %%comment%%\n%%\nblock\n%%\n"

    func render(_ markdown: String) -> String {
        renderForTest(markdown, allowRawHTML: true).html
    }

    @Test func aCodeSpanKeepsEveryConstruct() {
        #expect(
            render("`> [!tip] ==a== %%b%%` and `%%`\n")
                == "<p><code>&gt; [!tip] ==a== %%b%%</code> and <code>%%</code></p>\n")
    }

    @Test func aFencedCodeBlockKeepsEveryConstruct() {
        #expect(
            render("```\n" + Self.lines + "```\n") == "<pre tabindex=\"0\"><code>\(Self.escapedLines)</code></pre>\n")
    }

    @Test func anIndentedCodeBlockKeepsEveryConstruct() {
        let indented = Self.lines.split(separator: "\n").map { "    " + $0 + "\n" }.joined()
        #expect(render(indented) == "<pre tabindex=\"0\"><code>\(Self.escapedLines)</code></pre>\n")
    }

    @Test func rawHTMLKeepsEveryConstruct() {
        let block = "<div>\n" + Self.lines + "</div>\n"
        #expect(render(block) == block)
        #expect(
            render("a <span title=\"==b== %%c%%\">d</span>\n") == "<p>a <span title=\"==b== %%c%%\">d</span></p>\n")
    }

    @Test func aLinkDestinationKeepsItsMarks() {
        #expect(
            render("[x](http://a/==b==%%c%%) <http://a/==d==%%e%%>\n")
                == "<p><a href=\"http://a/==b==%%c%%\">x</a> <a href=\"http://a/==d==%%e%%\">http://a/==d==%%e%%</a></p>\n"
        )
    }

    @Test func aFencedBlockHoldingACommentMarkStaysCodeBetweenUnpairedMarks() {
        #expect(
            render("%%\n\n```\n%%\n```\n")
                == "<p>%%</p>\n<pre tabindex=\"0\"><code>%%\n</code></pre>\n")
    }
}
