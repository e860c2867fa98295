import Testing
import WikiRender

/// Raw HTML in a wiki without `raw_html`: the harmless tags of `AllowedHTML` are kept, written
/// anew; every other tag and attribute is dropped, and nothing opened escapes its block.
@Suite("Raw HTML kept safely")
struct RawHTMLRenderingTests {
    func html(_ markdown: String) -> String {
        renderForTest(markdown).html
    }

    @Test func eachAllowedTagIsKept() {
        let markdown = """
            <kbd>Ctrl</kbd>+<kbd>C</kbd>, H<sub>2</sub>O, x<sup>2</sup>, <mark>hot</mark>, <small>fine</small>,
            <abbr title="HyperText Markup Language">HTML</abbr>, <ins>new</ins> <del>old</del>,
            <span class="tag">span</span>, line<br>break, <img src="https://example.com/a.png" alt="A" width="10" height="20">

            """
        #expect(
            html(markdown) == """
                <p><kbd>Ctrl</kbd>+<kbd>C</kbd>, H<sub>2</sub>O, x<sup>2</sup>, <mark>hot</mark>, <small>fine</small>,
                <abbr title="HyperText Markup Language">HTML</abbr>, <ins>new</ins> <del>old</del>,
                <span class="tag">span</span>, line<br />break, <img src="https://example.com/a.png" alt="A" width="10" height="20" /></p>

                """)
        #expect(
            html("<div class=\"note\">\n<details open>\n<summary>More</summary>\nHidden\n</details>\n</div>\n")
                == "<div class=\"note\">\n<details open=\"\">\n<summary>More</summary>\nHidden\n</details>\n</div>\n")
    }

    @Test func detailsHoldTheMarkdownBlocksBetweenThem() {
        #expect(
            html("<details><summary>More</summary>\n\nMarkdown *inside*\n\n</details>\n")
                == "<details><summary>More</summary>\n<p>Markdown <em>inside</em></p>\n</details>\n")
    }

    @Test func everyOtherAttributeIsDropped() {
        #expect(html("<img src=x onerror=alert(1)>") == "<img src=\"x\" alt=\"\" />\n")
        #expect(
            html("<div class=\"x\" style=\"position:fixed\" id=y>\ntext\n</div>") == "<div class=\"x\">\ntext\n</div>\n"
        )
        #expect(html("a <kbd class=k title=t>k</kbd>") == "<p>a <kbd>k</kbd></p>\n")
        #expect(
            html("a <span class='q\"><script>'>b</span>")
                == "<p>a <span class=\"q&quot;&gt;&lt;script&gt;\">b</span></p>\n")
    }

    @Test func scriptURLsAreDroppedHoweverSpelled() {
        let sources = [
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", "java&#x09;script:alert(1)", "&#106;avascript:x",
            "&#x6A&#x61vascript:x", " \u{01}javascript:x", "java\nscript:x", "vbscript:x", "data:image/png;base64,AA==",
            "data:text/html,x", "jav&Tab;ascript:x", "javascript&colon;x", "file:///etc/passwd", "",
        ]
        for source in sources {
            #expect(html("a <img src=\"\(source)\" alt=z>") == "<p>a <img alt=\"z\" /></p>\n", "\(source)")
        }
        #expect(html("a <IMG SRC=JaVaScRiPt:alert(1)>") == "<p>a <img alt=\"\" /></p>\n")
        for source in ["http://a.example/x.png", "HTTPS://a.example/x.png", "pics/x.png", "/x.png", "//cdn.example/x"] {
            #expect(html("a <img src=\"\(source)\">") == "<p>a <img src=\"\(source)\" alt=\"\" /></p>\n", "\(source)")
        }
        #expect(html("a <img src=\" pics/a\tb.png \">") == "<p>a <img src=\"pics/ab.png\" alt=\"\" /></p>\n")
    }

    @Test func otherTagsAreDroppedAndTheirTextKept() {
        #expect(
            html("a <a href=\"https://x\">link</a> <b>bold</b>")
                == "<p>a <!-- raw HTML omitted -->link<!-- raw HTML omitted --> <!-- raw HTML omitted -->bold<!-- raw HTML omitted --></p>\n"
        )
        #expect(html("<table><tr><td>cell</td></tr></table>\n") == "cell\n")
        #expect(
            html("<div>\na < b & c &amp; d > e &#60;\n</div>")
                == "<div>\na &lt; b &amp; c &amp; d &gt; e &#60;\n</div>\n")
    }

    @Test func scriptAndStyleContentNeverShows() {
        #expect(html("<script>alert(1)</script>\n") == "<!-- raw HTML omitted -->\n")
        #expect(html("<div>\n<style>body { display: none }</style>\nx\n</div>") == "<div>\n\nx\n</div>\n")
        #expect(html("<div>\n<textarea><kbd>a</kbd></textarea>b\n</div>") == "<div>\nb\n</div>\n")
        #expect(html("<div><!-- <kbd>note</kbd> --><?x <kbd> ?><![CDATA[<kbd>]]></div>") == "<div></div>\n")
    }

    @Test func anElementLeftOpenIsClosedAtTheEndOfItsBlock() {
        #expect(html("<details>\n\ntext\n") == "<details>\n<p>text</p>\n</details>\n")
        #expect(
            html("> <div class=\"note\">\n>\n> quoted\n\nafter\n")
                == "<blockquote>\n<div class=\"note\">\n<p>quoted</p>\n</div>\n</blockquote>\n<p>after</p>\n")
        #expect(
            html("- <span>a\n- b</span>\n")
                == "<ul>\n<li><span>a</span></li>\n<li>b<!-- raw HTML omitted --></li>\n</ul>\n")
        #expect(html("*<kbd>a*</kbd> b") == "<p><em><kbd>a</kbd></em><!-- raw HTML omitted --> b</p>\n")
    }

    @Test func anElementOpenIsClosedBeforeATagWikisiteWritesAmongInlines() {
        #expect(html("| a |\n| - |\n| x <details>y |\n").contains("<td>x <details>y</details></td>"))
        #expect(html("~~a <kbd>b~~ c</kbd>") == "<p><del>a <kbd>b</kbd></del> c<!-- raw HTML omitted --></p>\n")
        #expect(html("<kbd>a ~~b~~ c</kbd>") == "<p><kbd>a </kbd><del>b</del> c<!-- raw HTML omitted --></p>\n")
    }

    @Test func anEndTagClosesOnlyWhatTheSameBlockOpened() {
        #expect(html("</div>\n\ntext\n") == "<!-- raw HTML omitted -->\n<p>text</p>\n")
        #expect(html("a </kbd> b") == "<p>a <!-- raw HTML omitted --> b</p>\n")
        #expect(html("<div><span><kbd>x</div>\n") == "<div><span><kbd>x</kbd></span></div>\n")
        #expect(html("a <br/> b <br /> c </br> d") == "<p>a <br /> b <br /> c <br /> d</p>\n")
    }

    @Test func rawHTMLInAnImageDescriptionStaysItsText() {
        #expect(html("![a <kbd>b</kbd>](x.png)") == "<p><img src=\"x.png\" alt=\"a &lt;kbd&gt;b&lt;/kbd&gt;\" /></p>\n")
    }

    @Test func rawHTMLOnOrStrictCommonMarkRenderAsCmarkDoes() {
        let markdown = "a <kbd onclick=\"x()\">k</kbd>\n"
        #expect(renderForTest(markdown, allowRawHTML: true).html == "<p>a <kbd onclick=\"x()\">k</kbd></p>\n")
        #expect(
            renderForTest(markdown, dialect: .commonmark).html
                == "<p>a <!-- raw HTML omitted -->k<!-- raw HTML omitted --></p>\n")
    }

    @Test func deepNestingIsClosedInOrder() {
        let depth = 10_000
        let rendered = html(String(repeating: "<span>", count: depth) + "x\n")
        #expect(
            rendered == "<p>" + String(repeating: "<span>", count: depth) + "x"
                + String(repeating: "</span>", count: depth)
                + "</p>\n")
    }
}
