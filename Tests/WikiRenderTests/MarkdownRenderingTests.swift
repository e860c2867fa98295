import Testing
import WikiRender

@Suite("Markdown rendering")
struct MarkdownRenderingTests {
    @Test func rendersCommonMark() {
        #expect(
            renderForTest("Hello *world*\n\n- a\n- b\n").html
                == "<p>Hello <em>world</em></p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n")
        #expect(renderForTest("").html == "")
    }

    @Test func rawHTMLIsOmittedByDefault() {
        let markdown = "<script>alert(1)</script>\n\nA <b onclick=\"x()\">b</b>\n"
        #expect(
            renderForTest(markdown).html
                == "<!-- raw HTML omitted -->\n<p>A <!-- raw HTML omitted -->b<!-- raw HTML omitted --></p>\n")
        #expect(
            renderForTest(markdown, allowRawHTML: true).html
                == "<script>alert(1)</script>\n<p>A <b onclick=\"x()\">b</b></p>\n")
    }

    @Test func dangerousURLsAreDropped() {
        let markdown =
            "[a](javascript:alert(1)) [b](VBScript:x) [c](file:///etc/passwd) [d](data:text/html,x) ![e](data:image/png;base64,AA==)"
        #expect(
            renderForTest(markdown).html
                == "<p><a href=\"\">a</a> <a href=\"\">b</a> <a href=\"\">c</a> <a href=\"\">d</a> <img src=\"data:image/png;base64,AA==\" alt=\"e\" /></p>\n"
        )
        #expect(renderForTest(markdown, allowRawHTML: true).html.contains("href=\"javascript:alert(1)\""))
    }

    @Test func nulBytesDoNotTruncate() {
        let result = renderForTest("a\0b\n\n# x\0y\n\n[[P\0Q]] end")
        #expect(
            result.html
                == "<p>a\u{FFFD}b</p>\n<h1 id=\"xy\">x\u{FFFD}y</h1>\n<p><a class=\"wikilink\" href=\"P\u{FFFD}Q.html\">P\u{FFFD}Q</a> end</p>\n"
        )
        #expect(result.links.map(\.label) == ["P\u{FFFD}Q"])
    }

    @Test func deepNestingDoesNotCrash() {
        let depth = 10_000
        let lists = String(repeating: "- ", count: depth) + "[[Deep]]\n"
        #expect(renderForTest(lists).links.count == 1)
        let quotes =
            String(repeating: ">", count: depth) + " [[Deep]] \\[[x]]\n" + String(repeating: ">", count: depth)
            + " # [[Head]]\n"
        let result = renderForTest(quotes)
        #expect(result.links.map(\.label) == ["Deep", "Head"])
        #expect(result.headings.count == 1)
        let emphasis = String(repeating: "*a ", count: depth) + "[[x]]" + String(repeating: " a*", count: depth)
        #expect(renderForTest(emphasis).links.count == 1)
        let lazyLines =
            String(repeating: ">", count: depth) + " start\n" + String(repeating: "[[a]] [[b]] \\& x\n", count: 50_000)
        #expect(renderForTest(lazyLines).links.count == 100_000)
        let brackets = String(repeating: "[", count: 100_000) + "x" + String(repeating: "]", count: 100_000)
        #expect(renderForTest(brackets).links.count == 1)
    }

    @Test func manyLinks() {
        let count = 100_000
        let markdown = (0..<count).map { "[[Page \($0 % 100)]] [x](y) \\[[z]] " }.joined()
        let result = renderForTest(markdown)
        #expect(result.links.count == count)
        #expect(result.links.last?.label == "Page 99")
        let lines = (0..<count).map { "[[Page \($0)]]" }.joined(separator: "\n")
        #expect(renderForTest(lines).links.last?.line == count)
    }

    @Test func textThatLooksLikeCodeBeforeItIsFound() {
        let run = String(repeating: "a", count: 200_000)
        let markdown = "`\(run)` \(run)[[x]] \\& `\(run)[[x]]`\(run)[[y]]"
        #expect(renderForTest(markdown).links.map(\.label) == ["x", "y"])
    }

    @Test func contrivedLookAlikesStayLinear() {
        // Finding text nodes in the source has a budget: this input exhausts it quickly
        // instead of taking quadratic time, and its links are then taken as escaped.
        let run = String(repeating: "a", count: 200_000)
        let markdown = "\\& `\(run)\(run)` \(run)[[x]]\(run)"
        #expect(renderForTest(markdown).html.count > 400_000)
    }
}

@Suite("Heading ids")
struct MarkdownHeadingTests {
    @Test func headingsGetIDs() {
        let result = renderForTest("# Hello World\n\nSetext *Heading*\n---\n\n### `code` & more!\n")
        #expect(
            result.html
                == "<h1 id=\"hello-world\">Hello World</h1>\n<h2 id=\"setext-heading\">Setext <em>Heading</em></h2>\n<h3 id=\"code--more\"><code>code</code> &amp; more!</h3>\n"
        )
        #expect(result.headings.map(\.level) == [1, 2, 3])
        #expect(result.headings.map(\.text) == ["Hello World", "Setext Heading", "code & more!"])
        #expect(result.headings.map(\.id) == ["hello-world", "setext-heading", "code--more"])
    }

    @Test func duplicateHeadingsAreNumbered() {
        let result = renderForTest("# A\n## A\n### A\n# A-1\n# B\n")
        #expect(result.headings.map(\.id) == ["a", "a-1", "a-2", "a-1-1", "b"])
    }

    @Test func headingsInContainers() {
        #expect(
            renderForTest("> # Quote\n\n- ## Item\n").html
                == "<blockquote>\n<h1 id=\"quote\">Quote</h1>\n</blockquote>\n<ul>\n<li>\n<h2 id=\"item\">Item</h2>\n</li>\n</ul>\n"
        )
    }

    @Test func emptyHeading() {
        let result = renderForTest("#\n\n# !!!\n")
        #expect(result.html == "<h1 id=\"section\"></h1>\n<h1 id=\"section-1\">!!!</h1>\n")
    }

    @Test func multilineHeadingText() {
        #expect(renderForTest("a\nb\n===\n").headings.map(\.text) == ["a b"])
    }
}
