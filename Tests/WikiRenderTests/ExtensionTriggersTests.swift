import Testing

@testable import WikiRender

/// The byte scans that let a page skip the extension passes it cannot use: each must see a
/// construct however it is written, escaped, referenced or nested, or the page loses it.
@Suite("Markdown extensions: which passes a page skips")
struct ExtensionTriggersTests {
    func triggers(_ markdown: String) -> ExtensionTriggers {
        var text = markdown
        return text.withUTF8 { ExtensionTriggers(SourceText($0)) }
    }

    func render(_ markdown: String) -> String {
        renderForTest(markdown).html
    }

    @Test func aPlainPageSkipsEveryPass() {
        let plain = triggers("# Title\n\nSome *text* with [a link](page.html) and [[Page]].\n\n- item\n> quote\n")
        #expect(!plain.tables && !plain.callouts && !plain.comments && !plain.taskListItems)
        #expect(!plain.autolinks && !plain.strikethrough && !plain.highlights)
    }

    @Test func eachMarkTriggersItsPass() {
        #expect(triggers("a\n| - |\n").tables)
        #expect(triggers("> [!tip]\n").callouts)
        #expect(triggers("a %%b%%\n").comments)
        #expect(triggers("- [x] done\n").taskListItems)
        #expect(triggers("see https://a.com\n").autolinks)
        #expect(triggers("me@a.com\n").autolinks)
        #expect(triggers("www.a.com\n").autolinks)
        #expect(triggers("~~gone~~\n").strikethrough)
        #expect(triggers("==lit==\n").highlights)
    }

    @Test func aDelimiterRowInQuotesOrWithoutPipesTriggersTables() {
        #expect(triggers("> > a\n> > :-:\n").tables)
        #expect(triggers("a\n\t--:\t\n").tables)
        #expect(triggers("a\r\n---\r\n").tables)
        #expect(triggers("a\rb\r|-|\r").tables)
        #expect(!triggers("a\n- - x\n|a|b|\n  > b\n").tables)
    }

    @Test func anAutolinkSpelledWithReferencesOrEscapesStillLinks() {
        #expect(triggers("&#119;ww.a.com\n").autolinks)
        #expect(triggers("https:\\/\\/a.com\n").autolinks)
        #expect(render("&#119;ww.a.com\n") == "<p><a href=\"http://www.a.com\">www.a.com</a></p>\n")
        #expect(render("https:\\/\\/a.com\n") == "<p><a href=\"https://a.com\">https://a.com</a></p>\n")
    }

    @Test func aLinkDestinationAloneIsNoAutolinkAndLeavesThePageAsCommonMark() {
        let markdown = "A [label](https://a.com/x) and *more*.\n\n> quoted\n"
        #expect(render(markdown) == renderForTest(markdown, dialect: .commonmark).html)
    }

    @Test func rawHTMLInAFootnoteIsFilteredThoughTheRestOfThePageHasNone() {
        let html = render("a[^1]\n\n[^1]: <kbd>b</kbd><script>x</script>\n")
        #expect(html.contains("<kbd>b</kbd>"))
        #expect(!html.contains("<script"))
    }
}
