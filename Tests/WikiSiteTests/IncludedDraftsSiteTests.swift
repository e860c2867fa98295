import Foundation
import TemporaryFolders
import Testing
import WikiSite

@testable import WikiConfiguration
@testable import WikiPages

/// End to end on a build that includes drafts, as `wikisite serve --drafts` makes: a draft is a
/// page like any other, with a "Draft" banner on its own page only.
@Suite("A build that includes drafts")
struct IncludedDraftsSiteTests {
    /// Builds `GeneratedWikiTests.wikiWithDraft` with drafts included, published at a base URL
    /// (so with sitemaps and a feed); returns the folder and the site's files.
    func buildWithDrafts() throws -> (TemporaryFolder, SiteFiles) {
        let folder = try TemporaryFolder()
        let dump = try GeneratedWikiTests.wikiWithDraft.write(to: folder)
        var options = BuildOptions(sources: [dump], outputFolder: folder.path("site"))
        options.baseURL = try BaseURL(parsing: "https://preview.example/")
        options.includesDrafts = true
        _ = try SiteBuilder(options: options).build()
        return (folder, SiteFiles(root: folder.url.appendingPathComponent("site")))
    }

    @Test func aDraftIsAPageWithABannerLinkedAndListedLikeAnyOther() throws {
        let (folder, site) = try buildWithDrafts()
        defer { withExtendedLifetime(folder) {} }
        let draft = try site.pageFile("Secret Plan", in: "1234")
        let page = try site.html(draft)
        #expect(HTMLElements.elements("p", in: page).filter { $0.attributes["class"] == "draft-banner" }.count == 1)
        #expect(page.contains("tabernacle"))
        #expect(page.contains("<span class=\"user\">ghostwriter</span>"))
        for published in ["Index", "Notes"] {
            #expect(!(try site.html(try site.pageFile(published, in: "1234"))).contains("draft-banner"))
        }

        let index = try site.pageFile("Index", in: "1234")
        let link = try #require(HTMLElements.elements("a", in: try site.html(index)).first { $0.text == "Secret Plan" })
        #expect(link.attributes["class"] == "wikilink")
        #expect(try site.resolve(try #require(link.attributes["href"]), from: index) == draft)

        for list in ["all-pages", "recent-changes", "new-pages"] {
            let html = try site.html("1234/_special/\(list).html")
            #expect(HTMLElements.elements("a", in: html).contains { $0.text == "Secret Plan" }, "\(list)")
        }
        #expect(!(try site.html("1234/_special/wanted-pages.html")).contains("Secret Plan"))
        let notes = try site.html(try site.pageFile("Notes", in: "1234"))
        #expect(notes.contains(">Secret Plan</a></li>"), "the draft is among the backlinks of the page it links to")
        let statistics = try site.html("1234/_special/statistics.html")
        #expect(statistics.contains("<dt>Pages</dt>\n<dd><a href=\"all-pages.html\">3</a></dd>"))
    }

    @Test func theFeedAndSitemapOfThePreviewListTheDraft() throws {
        let (folder, site) = try buildWithDrafts()
        defer { withExtendedLifetime(folder) {} }
        #expect(try site.html("1234/_special/feed.atom").contains("<title type=\"text\">Secret Plan</title>"))
        #expect(try site.html("1234/_sitemap.xml").contains("/1234/Secret_Plan~"))
    }

    @Test func includingDraftsOrNotIsAChangeOfConfiguration() throws {
        let folder = try TemporaryFolder()
        let dump = try GeneratedWikiTests.wikiWithDraft.write(to: folder)
        var options = BuildOptions(sources: [dump], outputFolder: folder.path("site"))
        _ = try SiteBuilder(options: options).build()
        options.includesDrafts = true
        #expect(try SiteBuilder(options: options).build().fullBuildReason == .configuration)
        options.includesDrafts = false
        #expect(try SiteBuilder(options: options).build().fullBuildReason == .configuration)
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        for file in folder.files(under: "site") {
            #expect(!(try folder.read("site/" + file)).contains("tabernacle"), "\(file) shows the draft's body")
        }
        #expect(!(try site.html("1234/_special/all-pages.html")).contains("Secret Plan"))
    }
}
