import Testing
import WikiRender

/// Inputs built to make the GFM passes slow or to slip markup through: each renders in time
/// linear in its size (a quadratic pass would take hours on them) and writes only escaped text.
@Suite("GitHub-flavoured Markdown: hostile inputs", .timeLimit(.minutes(10)))
struct GitHubExtensionsHostileTests {
    @Test func tildeRunsMatchAsCmarkGFMMatchesThemInLinearTime() {
        #expect(
            renderForTest("~~a " + String(repeating: "a~~a ", count: 3) + String(repeating: "a~ ", count: 3)).html
                == "<p><del>a a</del>a a<del>a a</del>a a~ a~ a~</p>\n")
        let count = 49_999
        let markdown = "~~a " + String(repeating: "a~~a ", count: count) + String(repeating: "a~ ", count: count)
        #expect(renderForTest(markdown).html.ranges(of: "<del>").count == (count + 1) / 2)
    }

    @Test func closingParenthesesAfterALinkAreCountedOnce() {
        let count = 100_000
        let html = renderForTest("www.a.com/" + String(repeating: ")", count: count)).html
        #expect(html.hasPrefix("<p><a href=\"http://www.a.com/\">www.a.com/</a>)"))
        #expect(html.count { $0 == ")" } == count)
    }

    @Test func wwwAfterWwwInARefusedDomainIsReadOnce() {
        let count = 40_000
        let html = renderForTest(String(repeating: "_www.", count: count) + "x_y.z_\n").html
        #expect(!html.contains("<a "))
    }

    @Test func aLaterWwwWithValidLastLabelsStillLinks() {
        #expect(renderForTest("www.x_www.y\n").html == "<p>www.x_<a href=\"http://www.y\">www.y</a></p>\n")
    }

    @Test func manyOpenBracketsBeforeAnAddressAreLinear() {
        let count = 100_000
        let html = renderForTest(String(repeating: "[ ", count: count) + "www.a.com\n").html
        #expect(!html.contains("<a "))
    }

    @Test func manyParagraphsOfTwoLinesAreEachReadOnce() {
        let count = 100_000
        let html = renderForTest(String(repeating: "a | b\nc\n\n", count: count)).html
        #expect(html.ranges(of: "<p>a | b\nc</p>").count == count)
    }

    @Test func aHundredThousandTaskItemsAndRowsRender() {
        let count = 100_000
        let tasks = renderForTest(String(repeating: "- [x] a\n", count: count)).html
        #expect(
            tasks.ranges(of: "<input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"Completed task\" />")
                .count == count)
        let rows = renderForTest("| a |\n| - |\n" + String(repeating: "| <b>x</b> |\n", count: count)).html
        #expect(rows.ranges(of: "<td><!-- raw HTML omitted -->x<!-- raw HTML omitted --></td>").count == count)
    }
}

/// Footnotes built to be slow or to nest: bounded in time and depth.
@Suite("GitHub-flavoured Markdown: hostile footnotes", .timeLimit(.minutes(10)))
struct FootnotesHostileTests {
    @Test func aHundredThousandFootnotesAreAllNumbered() {
        let count = 100_000
        var markdown = ""
        for index in 0..<count { markdown += "x[^\(index)]\n" }
        markdown += "\n"
        for index in 0..<count { markdown += "[^\(index)]: note \(index)\n" }
        let html = renderForTest(markdown).html
        #expect(html.ranges(of: "class=\"footnote-backref\"").count == count)
        #expect(html.contains("<li id=\"fn-99999\">\n<p>note 99999 "))
    }

    @Test func aLabelOfTenThousandCharactersIsNoReferenceAndItsDefinitionIsDropped() {
        let label = String(repeating: "é", count: 10_000)
        let html = renderForTest("x[^\(label)]\n\n[^\(label)]: n\n").html
        #expect(html == "<p>x[^\(label)]</p>\n")
    }

    @Test func definitionsNestedDeeplyAreReadToABoundedDepth() {
        var markdown = "x[^0]\n\n"
        for depth in 0..<200 {
            markdown += String(repeating: " ", count: 4 * depth) + "[^\(depth)]: n\(depth)[^\(depth + 1)]\n"
        }
        let html = renderForTest(markdown).html
        #expect(html.contains("<li id=\"fn-15\">"))
        #expect(!html.contains("<li id=\"fn-16\">"))
    }
}
