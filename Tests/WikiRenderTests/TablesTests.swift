import Testing
import WikiRender

/// GFM's pipe tables, as `cmark-gfm` writes them, in a scrolling container.
@Suite("GitHub-flavoured Markdown: tables")
struct TablesTests {
    static let wrapper = "<div class=\"table-wrapper\" tabindex=\"0\" role=\"region\" aria-label=\"Table\">\n"

    func render(_ markdown: String, allowRawHTML: Bool = false) -> String {
        renderForTest(markdown, allowRawHTML: allowRawHTML).html
    }

    @Test func aHeaderAndDelimiterRowMakeATableWithAlignedColumns() {
        #expect(
            render("| a | b | c | d |\n| - | :- | :-: | -: |\n| 1 | 2 | 3 | 4 |\n") == Self.wrapper + """
                <table>
                <thead>
                <tr>
                <th>a</th>
                <th align="left">b</th>
                <th align="center">c</th>
                <th align="right">d</th>
                </tr>
                </thead>
                <tbody>
                <tr>
                <td>1</td>
                <td align="left">2</td>
                <td align="center">3</td>
                <td align="right">4</td>
                </tr>
                </tbody>
                </table>
                </div>

                """)
    }

    @Test func aTableWithoutRowsHasNoBody() {
        #expect(
            render("a | b\n--|--\n") == Self.wrapper + """
                <table>
                <thead>
                <tr>
                <th>a</th>
                <th>b</th>
                </tr>
                </thead>
                </table>
                </div>

                """)
    }

    @Test func aPipeInsideACodeSpanStillSplitsTheCell() {
        #expect(render("| a |\n| - |\n| `x|y` |\n").contains("<td>`x</td>"))
        #expect(render("| a |\n| - |\n| `x\\|y` **\\|** |\n").contains("<td><code>x|y</code> <strong>|</strong></td>"))
    }

    @Test func shortRowsGetEmptyCellsAndLongRowsLoseTheirExtraCells() {
        let html = render("| a | b |\n| - | - |\n| 1 |\n| 1 | 2 | 3 |\n")
        #expect(html.contains("<tr>\n<td>1</td>\n<td></td>\n</tr>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>"))
    }

    @Test func theLinesBeforeTheHeaderRowStayAParagraph() {
        let html = render("Some *text*\n| a |\n| - |\n| b |\n")
        #expect(html.hasPrefix("<p>Some <em>text</em></p>\n" + Self.wrapper + "<table>\n"))
    }

    @Test func aBlankLineOrAnotherBlockEndsTheTable() {
        #expect(render("| a |\n| - |\n| b |\n\nc\n").hasSuffix("</table>\n</div>\n<p>c</p>\n"))
        #expect(
            render("| a |\n| - |\n| b |\n> c\n").hasSuffix("</table>\n</div>\n<blockquote>\n<p>c</p>\n</blockquote>\n"))
        #expect(
            render("| a |\n| - |\n    code\n").hasSuffix(
                "</table>\n</div>\n<pre tabindex=\"0\"><code>code\n</code></pre>\n"))
    }

    @Test func aLineWithoutPipesAfterTheRowsIsARow() {
        #expect(render("| a |\n| - |\n| b |\nc\n===\n").contains("<td>c</td>\n</tr>\n<tr>\n<td>===</td>"))
    }

    @Test func aSetextUnderlineIsNotADelimiterRow() {
        #expect(render("a\n---\n") == "<h2 id=\"a\">a</h2>\n")
        #expect(render("Foo\n---\nbar\n") == "<h2 id=\"foo\">Foo</h2>\n<p>bar</p>\n")
        #expect(render("- Bar\n  ---\n  baz\n") == "<ul>\n<li>\n<h2 id=\"bar\">Bar</h2>\nbaz</li>\n</ul>\n")
    }

    @Test func anIndentedDelimiterRowIsText() {
        #expect(render("Foo\n    ---\n") == "<p>Foo\n---</p>\n")
        #expect(render("- Foo\n      | - |\n").hasPrefix("<ul>\n<li>Foo\n| - |</li>"))
        #expect(render("- Foo\n  | - |\n").contains("<th>Foo</th>"))
    }

    @Test func aHeaderAndDelimiterOfDifferentWidthsAreAParagraph() {
        #expect(render("| a | b |\n| - |\n| c |\n") == "<p>| a | b |\n| - |\n| c |</p>\n")
    }

    @Test func tablesWorkInsideListItemsAndQuotes() {
        #expect(render("- | a |\n  | - |\n  | b |\n").hasPrefix("<ul>\n<li>\n" + Self.wrapper + "<table>\n"))
        let quoted = render("> | a |\n> | - |\n> | b |\nlazy\n")
        #expect(quoted.hasPrefix("<blockquote>\n" + Self.wrapper + "<table>\n"))
        #expect(quoted.hasSuffix("</table>\n</div>\n</blockquote>\n<p>lazy</p>\n"))
    }

    @Test func aTaskItemsLineBeforeATableKeepsItsCheckbox() {
        #expect(
            render("- [ ] task\n  | a |\n  | - |\n")
                == "<ul>\n<li><input type=\"checkbox\" disabled=\"\" aria-label=\"Incomplete task\" /> task\n"
                + Self.wrapper
                + "<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n</table>\n</div>\n</li>\n</ul>\n")
    }

    @Test func cellsHoldWikilinksWithAnEscapedPipe() {
        let result = renderForTest("| page | embed |\n| - | - |\n| [[Home\\|the home]] [[Missing]] | ~~x~~ |\n")
        #expect(
            result.html.contains(
                "<td><a class=\"wikilink\" href=\"Home.html\">the home</a> "
                    + "<a class=\"wikilink missing\" href=\"Missing.html\" title=\"Page “Missing” does not exist yet\">"
                    + "Missing</a></td>"))
        #expect(result.html.contains("<td><del>x</del></td>"))
        #expect(result.links.map(\.label) == ["the home", "Missing"])
    }

    @Test func aCellIsInlinesOnlyAndItsRawHTMLIsDroppedInSafeMode() {
        let html = render("| a | b |\n| - | - |\n| # x | <script>alert(1)</script> |\n")
        #expect(html.contains("<td># x</td>\n<td><!-- raw HTML omitted -->alert(1)<!-- raw HTML omitted --></td>"))
        #expect(render("| a |\n| - |\n| <b>x</b> |\n", allowRawHTML: true).contains("<td><b>x</b></td>"))
    }

    @Test func aTableOfTenThousandColumnsIsLinear() {
        let columns = 10_000
        let header = String(repeating: "| a ", count: columns) + "|\n"
        let delimiter = String(repeating: "| - ", count: columns) + "|\n"
        let html = render(header + delimiter + "| b |\n")
        #expect(html.count { $0 == "\n" } > 2 * columns)
        #expect(!html.contains("<p>"))
    }

    @Test func manyShortRowsUnderManyColumnsStopAddingEmptyCells() {
        // 262 rows of one cell and 1,999 empty ones fit in the 524,288 empty cells allowed.
        let columns = 2_000
        let header = String(repeating: "|a", count: columns) + "\n" + String(repeating: "|-", count: columns) + "\n"
        let html = render(header + String(repeating: "x\n", count: 1_000))
        #expect(html.ranges(of: "<td></td>").count == 262 * 1_999)
        #expect(
            html.hasSuffix(
                "</table>\n</div>\n<p>" + Array(repeating: "x", count: 738).joined(separator: "\n") + "</p>\n"))
    }
}
