import Testing
import WikiRender

/// Inputs built to make the Obsidian passes slow or to slip markup through: each renders in
/// time about linear in its size and writes only escaped text.
@Suite("Obsidian-flavoured Markdown: hostile inputs", .timeLimit(.minutes(10)))
struct ObsidianExtensionsHostileTests {
    @Test func aThousandNestedCalloutsEachBecomeOne() {
        let depth = 1_000
        let markdown = (1...depth).map { String(repeating: "> ", count: $0) + "[!tip] T\($0)\n" }.joined()
        let html = renderForTest(markdown).html
        #expect(html.ranges(of: "<div class=\"callout\" data-callout=\"tip\">").count == depth)
        #expect(html.ranges(of: "<div class=\"callout-content\">").count == depth - 1)
        #expect(html.contains("<span class=\"callout-title-inner\">T\(depth)</span>"))
        #expect(!html.contains("[!tip]"))
    }

    @Test func aTitleOfTenThousandCharactersIsEscapedWhole() {
        let title = String(repeating: "<&\"", count: 10_000 / 3)
        let html = renderForTest("> [!note] " + title + "\n").html
        #expect(html.contains(String(repeating: "&lt;&amp;&quot;", count: 10_000 / 3)))
        #expect(!html.contains("<&"))
        let type = String(repeating: "x", count: 10_000)
        #expect(
            renderForTest("> [!\(type)]\n").html.contains("<span class=\"callout-title-inner\">X\(type.dropFirst())"))
    }

    @Test func manyCommentsAndHighlightsAreEachReadOnce() {
        let count = 50_000
        let comments = renderForTest(String(repeating: "a %%b%% ", count: count) + "\n").html
        #expect(!comments.contains("b") && comments.ranges(of: "a").count == count)
        let blocks = renderForTest(String(repeating: "%%\n\nx\n\n%%\n\ny\n\n", count: count / 10)).html
        #expect(blocks == String(repeating: "<p>y</p>\n", count: count / 10))
        let highlights = renderForTest(String(repeating: "==a== ", count: count) + "\n").html
        #expect(highlights.ranges(of: "<mark>a</mark>").count == count)
    }

    @Test func aCommentOpenedDeepInQuotesClosesAtTheTop() {
        let depth = 1_000
        let markdown = String(repeating: "> ", count: depth) + "%%a\n\nb%% c\n"
        #expect(renderForTest(markdown).html == "<p>c</p>\n")
    }
}
