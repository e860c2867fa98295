import Foundation
import TemporaryFolders
import Testing

/// End to end: the real `wikisite build` on a wiki written with Obsidian's callouts,
/// highlights and comments, asserting on the pages' HTML and on the feed.
@Suite("wikisite build: Obsidian-flavoured Markdown")
struct ObsidianMarkdownSiteTests {
    static let markdown = """
        > [!tip] Read *this* first
        > A ==highlighted== word and a [[Target]].

        > [!faq]- Folded question
        > > [!warning]
        > > Nested.

        Visible %%secret inline%% text.

        %%
        Secret block with [[Hidden Page]].
        %%

        """

    let folder: TemporaryFolder
    let result: WikisiteCLI.Result

    init() throws {
        folder = try TemporaryFolder()
        let fixture = WikiFixture(pages: [
            .init(title: "Callouts", markdown: Self.markdown, updatedAt: "2026-01-02T00:00:00Z"),
            .init(title: "Target", markdown: "The target.", updatedAt: "2026-01-01T00:00:00Z"),
        ])
        result = try WikisiteCLI.run([
            "build", "--source", try fixture.write(to: folder), "--out", folder.path("site"), "--base-url",
            "https://wiki.example.org/",
        ])
    }

    func page() throws -> String {
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        return try folder.read("site/" + site.pageFile("Callouts", in: "1234"))
    }

    @Test func aCalloutIsABoxWithItsTitleIconAndContent() throws {
        #expect(result.status == 0, "\(result.standardError)")
        let html = try page()
        #expect(
            html.contains(
                "<div class=\"callout\" data-callout=\"tip\">\n<div class=\"callout-title\"><span class=\"callout-icon\" aria-hidden=\"true\"></span>"
            ))
        #expect(html.contains("<span class=\"callout-title-inner\">Read <em>this</em> first</span></div>"))
        #expect(html.contains("<div class=\"callout-content\">\n<p>A <mark>highlighted</mark> word and a <a"))
        #expect(!html.contains("[!tip]"))
    }

    @Test func aFoldedCalloutIsAClosedDetailsHoldingTheNestedOne() throws {
        let html = try page()
        #expect(
            html.contains("<details class=\"callout\" data-callout=\"question\">\n<summary class=\"callout-title\">"))
        #expect(html.contains("<span class=\"callout-title-inner\">Folded question</span></summary>"))
        #expect(html.contains("<div class=\"callout\" data-callout=\"warning\">"))
        #expect(html.contains("<span class=\"callout-title-inner\">Warning</span>"))
    }

    @Test func commentsAreInNeitherThePageNorTheFeedNorTheWantedPages() throws {
        let html = try page()
        #expect(html.contains("<p>Visible  text.</p>"))
        #expect(!html.contains("secret") && !html.contains("Secret") && !html.contains("%%"))
        let feed = try folder.read("site/1234/_special/feed.atom")
        #expect(feed.contains("highlighted"))
        #expect(!feed.contains("ecret"))
        let wanted = try folder.read("site/1234/_special/wanted-pages.html")
        #expect(!wanted.contains("Hidden Page"))
    }
}
