import Testing
import WikiRender

@testable import WikiPages
@testable import WikiSite

/// A body that starts with the page's title as its first heading loses that heading, up to the
/// end of its line, and only then.
@Suite struct PageTitleHeadingTests {
    static let headings = [
        Heading(level: 1, text: "Señor & Café", id: "señor--café"), Heading(level: 2, text: "Then", id: "then"),
    ]

    @Test func theTitleHeadingIsCutAtTheEndOfItsLine() {
        let body = "<h1 id=\"señor--café\">Señor &amp; Café</h1>\n<p>a</h1>b</p>\n<h2 id=\"then\">Then</h2>\n"
        let split = PageTitleHeading(title: "Señor & Café", bodyHTML: body, headings: Self.headings)
        #expect(split.bodyHTML == "<p>a</h1>b</p>\n<h2 id=\"then\">Then</h2>\n")
        #expect(split.titleID == "señor--café")
        #expect(split.headings.map(\.id) == ["then"])
    }

    @Test func aClosingTagWithoutItsLineEndIsNotTheEnd() {
        let body = "<h1 id=\"señor--café\">Señor &amp; Café</h1><p>x</p>\n</h1>\n<p>rest</p>\n"
        let split = PageTitleHeading(title: "Señor & Café", bodyHTML: body, headings: Self.headings)
        #expect(split.bodyHTML == "<p>rest</p>\n")
    }

    @Test func aBodyWithoutTheTitleHeadingStaysWhole() {
        let body = "<h1 id=\"señor--café\">Señor &amp; Café</h1>"
        for (title, html) in [("Other", body + "\n"), ("Señor & Café", body), ("Señor & Café", "<p>x</p>\n" + body)] {
            let split = PageTitleHeading(title: title, bodyHTML: html, headings: Self.headings)
            #expect(split.bodyHTML == html)
            #expect(split.titleID == nil)
            #expect(split.headings.count == 2)
        }
    }
}
