import Foundation
import TemporaryFolders
import Testing

/// End to end: the real `wikisite build --base-url` on `Examples/touchwiki.json`, asserting on
/// the sitemaps, the feeds and the `<head>` links (and on their absence without a base URL).
@Suite("wikisite build --base-url: sitemaps, feeds, canonical links")
struct FeedSiteTests {
    static let mobileDev = "5737529525067657"
    static let cuisine = "8831204477120935"
    static let base = "https://wiki.example.org/"

    let folder: TemporaryFolder
    let result: WikisiteCLI.Result

    init() throws {
        folder = try TemporaryFolder()
        result = try WikisiteCLI.run([
            "build", "--source", WikisiteCLI.example("touchwiki.json"), "--out", folder.path("site"),
            "--base-url", Self.base,
        ])
    }

    func xml(_ relative: String) throws -> ParsedElement {
        try ParsedElement.parse(Array(try Data(contentsOf: folder.url.appendingPathComponent("site/" + relative))))
    }

    /// The relative paths of a wiki's pages, from its page list.
    func pageFiles(of wiki: String) throws -> [String] {
        let list = try folder.read("site/\(wiki)/_special/all-pages.html")
        return try HTMLElements.elements("a", in: list).compactMap(\.attributes["href"])
            .filter {
                !$0.hasPrefix("../../") && $0.hasPrefix("../") && $0.hasSuffix(".html") && !$0.hasSuffix("index.html")
            }
            .map { try #require($0.dropFirst(3).removingPercentEncoding) }
    }

    @Test func succeeds() {
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.contains("need --base-url"))
    }

    @Test func theSitemapIndexListsEveryWikisSitemapAndRobotsPointsToIt() throws {
        let index = try xml("sitemap.xml")
        #expect(index.name == "sitemapindex")
        #expect(
            try index.all("sitemap").map { try $0.text(of: "loc") } == [
                Self.base + Self.mobileDev + "/_sitemap.xml", Self.base + Self.cuisine + "/_sitemap.xml",
            ])
        #expect(try folder.read("site/robots.txt").contains("Sitemap: \(Self.base)sitemap.xml\n"))
    }

    @Test func aWikisSitemapListsItsHomeAndEveryPublishedPage() throws {
        for wiki in [Self.mobileDev, Self.cuisine] {
            let urlset = try xml("\(wiki)/_sitemap.xml")
            let locations = try urlset.all("url").map { try $0.text(of: "loc") }
            let pages = try pageFiles(of: wiki)
            #expect(!pages.isEmpty)
            #expect(locations.first == Self.base + wiki + "/index.html")
            let listed = Set(locations.dropFirst().compactMap { $0.removingPercentEncoding })
            #expect(listed == Set(pages.map { Self.base + wiki + "/" + $0 }))
        }
    }

    @Test func aWikisFeedShowsItsRecentChanges() throws {
        let feed = try xml("\(Self.mobileDev)/_special/feed.atom")
        #expect(feed.name == "feed")
        #expect(try feed.text(of: "id") == Self.base + Self.mobileDev + "/_special/feed.atom")
        #expect(try !feed.text(of: "updated").isEmpty)
        let entries = feed.all("entry")
        #expect(!entries.isEmpty)
        for entry in entries {
            for element in ["id", "title", "updated", "link", "content"] { _ = try entry.first(element) }
            #expect(try entry.first("content").attributes["type"] == "html")
        }
        let updated = try entries.map { try $0.text(of: "updated") }
        #expect(updated == updated.sorted(by: >), "newest first")
    }

    @Test func draftsAppearNowhere() throws {
        for file in ["sitemap.xml", "\(Self.mobileDev)/_sitemap.xml", "\(Self.mobileDev)/_special/feed.atom"] {
            let text = try folder.read("site/" + file)
            for secret in ["Unreleased", "Nightjar", "Confidential"] { #expect(!text.contains(secret), "\(file)") }
        }
    }

    @Test func everyPageLinksItsCanonicalURLAndItsWikisFeed() throws {
        let page = try #require(try pageFiles(of: Self.mobileDev).first)
        let html = try folder.read("site/\(Self.mobileDev)/\(page)")
        let links = HTMLElements.elements("link", in: html)
        let canonical = try #require(links.first { $0.attributes["rel"] == "canonical" })
        #expect(canonical.attributes["href"]?.removingPercentEncoding == Self.base + Self.mobileDev + "/" + page)
        let feed = try #require(links.first { $0.attributes["rel"] == "alternate" })
        #expect(feed.attributes["type"] == "application/atom+xml")
        #expect(feed.attributes["href"] == Self.base + Self.mobileDev + "/_special/feed.atom")
    }

    @Test func withoutABaseURLNothingAbsoluteIsWrittenAndTheSummarySaysWhy() throws {
        let plain = try TemporaryFolder()
        let run = try WikisiteCLI.run([
            "build", "--source", WikisiteCLI.example("touchwiki.json"), "--out", plain.path("site"),
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("sitemaps and feeds need --base-url; not written"))
        let files = plain.files(under: "site")
        #expect(!files.contains { $0.hasSuffix(".xml") || $0.hasSuffix(".atom") || $0 == "robots.txt" })
        let home = try plain.read("site/\(Self.mobileDev)/index.html")
        #expect(!HTMLElements.elements("link", in: home).contains { $0.attributes["rel"] == "canonical" })
    }

    @Test func aBadBaseURLIsBadUsage() throws {
        let run = try WikisiteCLI.run([
            "build", "--source", WikisiteCLI.example("touchwiki.json"), "--out", folder.path("other"),
            "--base-url", "https://example.org/?x=1",
        ])
        #expect(run.status == 2)
        #expect(run.standardError.contains("query (?…) or a fragment (#…)"))
    }
}
