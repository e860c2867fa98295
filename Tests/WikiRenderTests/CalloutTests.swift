import Testing
import WikiRender

/// Obsidian's callouts: `> [!type] Title` as a box of the type's family, with Obsidian
/// Publish's markup.
@Suite("Obsidian-flavoured Markdown: callouts")
struct CalloutTests {
    /// The HTML of `markdown`, each icon's place written `<icon/>`.
    func render(_ markdown: String, dialect: MarkdownDialect = .gfm) -> String {
        renderForTest(markdown, dialect: dialect).html.replacing(
            "<span class=\"callout-icon\" aria-hidden=\"true\"></span>", with: "<icon/>")
    }

    /// The HTML of an always open callout of `family` titled `title`, holding `content`.
    func callout(_ family: String, _ title: String, _ content: String? = nil) -> String {
        "<div class=\"callout\" data-callout=\"\(family)\">\n<div class=\"callout-title\"><icon/>"
            + "<span class=\"callout-title-inner\">\(title)</span></div>\n"
            + (content.map { "<div class=\"callout-content\">\n\($0)</div>\n" } ?? "") + "</div>\n"
    }

    @Test func aCalloutHasATitleAndItsBodyAsContent() {
        #expect(
            render("> [!tip] Read *this*\n> Body [[Page]]\n>\n> More\n")
                == callout(
                    "tip", "Read <em>this</em>",
                    "<p>Body <a class=\"wikilink\" href=\"Page.html\">Page</a></p>\n<p>More</p>\n"
                ))
    }

    @Test func everyTypeAndAliasShowsItsFamilyInAnyCase() {
        let families: [(String, [String])] = [
            ("note", ["note"]), ("abstract", ["abstract", "summary", "tldr"]), ("info", ["info"]),
            ("todo", ["todo"]), ("tip", ["tip", "hint", "important"]), ("success", ["success", "check", "done"]),
            ("question", ["question", "help", "faq"]), ("warning", ["warning", "caution", "attention"]),
            ("failure", ["failure", "fail", "missing"]), ("danger", ["danger", "error"]), ("bug", ["bug"]),
            ("example", ["example"]), ("quote", ["quote", "cite"]),
        ]
        for (family, types) in families {
            for type in types + [type(ofUpperCase: types.last!)] {
                #expect(render("> [!\(type)]\n").hasPrefix("<div class=\"callout\" data-callout=\"\(family)\">"))
            }
        }
    }

    private func type(ofUpperCase name: String) -> String {
        name.uppercased()
    }

    @Test func anUnknownTypeIsANoteTitledByItsType() {
        #expect(
            render("> [!recipe]\n> Flour\n") == callout("note", "Recipe", "<p>Flour</p>\n"))
    }

    @Test func metadataAfterABarIsKeptForTheThemeAndTheTypeStillCounts() {
        let html = render("> [!tip|wide bg:1] Title\n> Body\n")
        #expect(
            html
                == callout("tip", "Title", "<p>Body</p>\n").replacing(
                    "data-callout=\"tip\"", with: "data-callout=\"tip\" data-callout-metadata=\"wide bg:1\""))
        #expect(render("> [!tip|<b>] Title\n").hasPrefix("<blockquote>"))
    }

    @Test func aCalloutWithNoBodyIsItsTitleAlone() {
        #expect(
            render("> [!WARNING]\n") == callout("warning", "Warning"))
    }

    @Test func aSignAfterTheTypeMakesAFoldableDetails() {
        #expect(
            render("> [!faq]- Closed?\n> Yes.\n") == """
                <details class="callout" data-callout="question">
                <summary class="callout-title"><icon/><span class="callout-title-inner">Closed?</span></summary>
                <div class="callout-content">
                <p>Yes.</p>
                </div>
                </details>

                """)
        #expect(
            render("> [!faq]+ Open\n> Yes.\n").hasPrefix(
                "<details class=\"callout\" data-callout=\"question\" open=\"\">"))
    }

    @Test func calloutsNestAsQuotesDo() {
        #expect(
            render("> [!question] Outer\n> > [!todo] Inner\n> > Text\n")
                == callout("question", "Outer", callout("todo", "Inner", "<p>Text</p>\n")))
    }

    @Test func theTitleEndsAtItsLineSoMarksDoNotPairAcrossIt() {
        #expect(
            render("> [!note] ~~a ==b\n> c~~ d==\n") == callout("note", "~~a ==b", "<p>c~~ d==</p>\n"))
    }

    @Test func aTitleIsEscapedAndItsRawHTMLOmitted() {
        let html = render("> [!tip] <script>alert(1)</script> & \"x\"\n")
        #expect(!html.contains("<script>"))
        #expect(html.contains("<!-- raw HTML omitted -->alert(1)<!-- raw HTML omitted --> &amp; &quot;x&quot;"))
    }

    @Test func anEscapedOrLinkedMarkIsNoCallout() {
        #expect(render("> \\[!tip] a\n") == "<blockquote>\n<p>[!tip] a</p>\n</blockquote>\n")
        #expect(render("> &#91;!tip] a\n") == "<blockquote>\n<p>[!tip] a</p>\n</blockquote>\n")
        #expect(
            render("> [!tip](x) a\n") == "<blockquote>\n<p><a href=\"x\">!tip</a> a</p>\n</blockquote>\n")
        #expect(render("> [!ti p] a\n") == "<blockquote>\n<p>[!ti p] a</p>\n</blockquote>\n")
        #expect(render("> a [!tip]\n") == "<blockquote>\n<p>a [!tip]</p>\n</blockquote>\n")
    }

    @Test func aCalloutInAListItemOrBeforeATableKeepsItsParts() {
        #expect(render("- > [!tip] T\n").hasPrefix("<ul>\n<li>\n<div class=\"callout\" data-callout=\"tip\">"))
        let table = render("> [!info] T\n> | a |\n> | - |\n> | b |\n")
        #expect(table.contains("<span class=\"callout-title-inner\">T</span>"))
        #expect(table.contains("<td>b</td>"))
    }

    @Test func theCommonMarkDialectLeavesQuotesAlone() {
        #expect(
            render("> [!tip] a\n", dialect: .commonmark) == "<blockquote>\n<p>[!tip] a</p>\n</blockquote>\n")
    }
}
