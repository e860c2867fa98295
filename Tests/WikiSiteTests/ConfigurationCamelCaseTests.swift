import Testing
import WikiModel
import WikiRender
import WikiSite

@testable import WikiConfiguration

/// `camel_case_links = true`: TouchWiki's implicit links, as the renderer makes them.
@Suite("Per-wiki settings: CamelCase links and raw HTML")
struct ConfigurationCamelCaseTests {
    /// The pages that exist in the wiki of these tests.
    static let titles: Set<String> = ["SyncClient", "CouchDB", "McDonald", "Sync Client"]

    func render(_ markdown: String, settings: WikiSettings = WikiSettings(camelCaseLinks: true)) -> RenderedMarkdown {
        let renderer = MarkdownRenderer(options: settings.markdownOptions(linkStyle: .obsidian))
        return renderer.render(markdown) { target in
            guard let title = target.title else { return ResolvedLink(href: "", exists: true) }
            let exists = Self.titles.contains { $0.isExactly(title.text) }
            return ResolvedLink(href: title.text.lowercased() + ".html", exists: exists)
        }
    }

    func linkTexts(_ html: String) -> [String] {
        HTMLElements.elements("a", in: html).map(\.text)
    }

    @Test func aCamelCaseWordLinksToItsPageWhenThePageExists() {
        let rendered = render("The SyncClient talks to CouchDB; JavaScript has no page.\n")
        #expect(
            rendered.html
                == "<p>The <a class=\"wikilink\" href=\"syncclient.html\">SyncClient</a> talks to "
                + "<a class=\"wikilink\" href=\"couchdb.html\">CouchDB</a>; JavaScript has no page.</p>\n")
        #expect(rendered.links.map { $0.target.title?.text } == ["SyncClient", "CouchDB"])
        #expect(rendered.links.map(\.line) == [1, 1])
    }

    @Test func onlyWholeWordsOfTouchWikisShapeLink() {
        let text = "SyncClients2 mySyncClient SyncClient_x ÉSyncClient SyncClienté Syncclient SYNCClient McDonald\n"
        #expect(linkTexts(render(text).html) == ["McDonald"])
        #expect(linkTexts(render("(SyncClient), “SyncClient”—SyncClient.\n").html).count == 3)
    }

    @Test func nothingInCodeLinksOrRawHTMLBecomesALink() {
        let markdown = """
            `SyncClient` in a code span, [SyncClient](https://example.org) a link, <https://x.org/SyncClient>,
            [[Sync Client|the SyncClient page]], ![SyncClient](image.png)

                SyncClient in a code block

            <a href="https://example.org">SyncClient in raw HTML</a> and SyncClient after it.
            """
        let raw = render(markdown, settings: WikiSettings(allowRawHTML: true, camelCaseLinks: true))
        let links = HTMLElements.elements("a", in: raw.html).filter { $0.attributes["class"] == "wikilink" }
        #expect(links.map(\.text) == ["the SyncClient page", "SyncClient"])
        #expect(raw.links.map(\.line) == [2, 6])
        #expect(raw.html.contains("<a href=\"https://example.org\">SyncClient in raw HTML</a>"))
    }

    @Test func headingsKeepTheirIdsAndEmphasisIsAWordBoundary() {
        let rendered = render("# About SyncClient\n\n*SyncClient* and **CouchDB**\n")
        #expect(rendered.headings.map(\.id) == ["about-syncclient"])
        #expect(linkTexts(rendered.html) == ["SyncClient", "SyncClient", "CouchDB"])
        #expect(rendered.links.map(\.line) == [1, 3, 3])
    }

    @Test func explicitAndImplicitLinksComeInLineOrder() {
        let rendered = render("SyncClient\n\n[[Sync Client]] then CouchDB\n\n[[Nowhere]]\n")
        #expect(rendered.links.map { $0.target.title?.text } == ["SyncClient", "Sync Client", "CouchDB", "Nowhere"])
    }

    @Test func offByDefaultAndRawHTMLOffByDefault() {
        let rendered = render("SyncClient <b>bold</b>\n", settings: WikiSettings())
        #expect(rendered.links.isEmpty)
        #expect(!rendered.html.contains("<b>"))
        #expect(render("<b>bold</b>\n", settings: WikiSettings(allowRawHTML: true)).html.contains("<b>bold</b>"))
    }
}
