import Foundation
import Testing
import WikiModel

@testable import WikiPages
@testable import WikiSite

@Suite struct SitemapTests {
    static let wikiID = "5737529525067657"
    static let namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

    static let documents = [
        FeedFixtures.wiki(wikiID, title: "Mobile Dev", updated: "2012-12-01T00:00:00Z"),
        FeedFixtures.page(wikiID, "sync client", updated: "2012-12-09T07:05:55.031+01:00"),
        FeedFixtures.page(wikiID, "Replication", updated: "2013-01-02T03:04:05Z"),
        FeedFixtures.page(wikiID, "C++: Notes", created: "2012-11-30T10:00:00.5Z"),
        FeedFixtures.page(wikiID, "Undated"),
        FeedFixtures.page(wikiID, "Secret plan", updated: "2014-01-01T00:00:00Z", draft: true),
    ]

    func url(_ title: String, base: BaseURL = FeedFixtures.base) throws -> String {
        base.absoluteURL(of: SiteLayout().page(try #require(PageTitle(title)), inWiki: Self.wikiID))
    }

    @Test func listsTheHomeThenEveryPublishedPageInURLOrder() throws {
        let files = FeedFixtures.files(FeedFixtures.database(Self.documents))
        let urlset = try files.xml("\(Self.wikiID)/_sitemap.xml")
        #expect(urlset.name == "urlset")
        #expect(urlset.attributes["xmlns"] == Self.namespace)
        let locations = try urlset.all("url").map { try $0.text(of: "loc") }
        let pages = try ["sync client", "Replication", "C++: Notes", "Undated"].map { try url($0) }
        #expect(locations.first == "https://example.org/wikis/\(Self.wikiID)/index.html")
        #expect(Array(locations.dropFirst()) == pages.sorted { $0.precedesInByteOrder($1) })
        #expect(!locations.contains { $0.contains("Secret") }, "a draft is listed")
        #expect(!locations.contains { $0.contains("_special") }, "special pages are not listed")
    }

    @Test func lastModifiedIsTheLastChangeInUTC() throws {
        let files = FeedFixtures.files(FeedFixtures.database(Self.documents))
        let urls = try files.xml("\(Self.wikiID)/_sitemap.xml").all("url")
        var lastModified: [String: String?] = [:]
        for url in urls { lastModified[try url.text(of: "loc")] = url.all("lastmod").first?.text }
        #expect(lastModified[try url("sync client")] == "2012-12-09T06:05:55.031Z")
        #expect(lastModified[try url("Replication")] == "2013-01-02T03:04:05Z")
        #expect(lastModified[try url("C++: Notes")] == "2012-11-30T10:00:00.5Z", "created_at when never updated")
        let undated = try #require(urls.first { try $0.text(of: "loc") == url("Undated") })
        #expect(undated.all("lastmod").isEmpty, "no <lastmod> without a date")
        // The home shows the page count: it changes when any page does. The draft's date does not count.
        #expect(lastModified["https://example.org/wikis/\(Self.wikiID)/index.html"] == "2013-01-02T03:04:05Z")
    }

    @Test func indexListsEveryWikisSitemapsAndRobotsPointsToIt() throws {
        let documents =
            Self.documents + [
                FeedFixtures.wiki("b-wiki", updated: "2010-01-01T00:00:00Z"),
                FeedFixtures.wiki("a-wiki"),
            ]
        let rootBase = try BaseURL(parsing: "https://example.org")
        let files = FeedFixtures.files(FeedFixtures.database(documents), base: rootBase)
        let index = try files.xml("sitemap.xml")
        #expect(index.name == "sitemapindex")
        #expect(index.attributes["xmlns"] == Self.namespace)
        let sitemaps = index.all("sitemap")
        #expect(
            try sitemaps.map { try $0.text(of: "loc") } == [
                "https://example.org/\(Self.wikiID)/_sitemap.xml", "https://example.org/a-wiki/_sitemap.xml",
                "https://example.org/b-wiki/_sitemap.xml",
            ])
        #expect(try sitemaps[0].text(of: "lastmod") == "2013-01-02T03:04:05Z")
        #expect(sitemaps[1].all("lastmod").isEmpty)
        #expect(try sitemaps[2].text(of: "lastmod") == "2010-01-01T00:00:00Z")
        let robots = try #require(files.first { $0.path.description == "robots.txt" })
        #expect(
            String(decoding: robots.bytes, as: UTF8.self)
                == "User-agent: *\nDisallow:\n\nSitemap: https://example.org/sitemap.xml\n")
    }

    @Test func robotsIsOnlyWrittenAtTheRootOfAHost() {
        let files = FeedFixtures.files(FeedFixtures.database(Self.documents))
        #expect(files.paths.contains("sitemap.xml"))
        #expect(!files.paths.contains("robots.txt"), "crawlers only read /robots.txt")
    }

    @Test func splitsAtTheEntryLimit() throws {
        var documents = [FeedFixtures.wiki("w")]
        for number in 1...6 { documents.append(FeedFixtures.page("w", "page \(number)")) }
        let limits = SitemapLimits(entriesPerFile: 3, bytesPerFile: 1_000_000)
        let files = FeedFixtures.files(FeedFixtures.database(documents), limits: limits)
        #expect(
            files.paths.filter { $0.hasPrefix("w/_sitemap") } == [
                "w/_sitemap.xml", "w/_sitemap-2.xml", "w/_sitemap-3.xml",
            ])
        var listed: [String] = []
        for name in ["_sitemap.xml", "_sitemap-2.xml", "_sitemap-3.xml"] {
            let urls = try files.xml("w/" + name).all("url")
            #expect(urls.count <= 3)
            listed += try urls.map { try $0.text(of: "loc") }
        }
        #expect(listed.count == 7, "the home and 6 pages, each once")
        #expect(Set(listed).count == 7)
        #expect(listed.first == "https://example.org/wikis/w/index.html")
        #expect(Array(listed.dropFirst()) == listed.dropFirst().sorted { $0.precedesInByteOrder($1) })
        let index = try files.xml("sitemap.xml")
        #expect(
            try index.all("sitemap").map { try $0.text(of: "loc") } == [
                "https://example.org/wikis/w/_sitemap.xml", "https://example.org/wikis/w/_sitemap-2.xml",
                "https://example.org/wikis/w/_sitemap-3.xml",
            ])
    }

    @Test func splitsAtTheByteLimit() throws {
        var documents = [FeedFixtures.wiki("w")]
        for number in 1...20 {
            documents.append(FeedFixtures.page("w", "page \(number)", updated: "2020-01-01T00:00:00Z"))
        }
        let limit = 700
        let files = FeedFixtures.files(
            FeedFixtures.database(documents), limits: SitemapLimits(entriesPerFile: 50_000, bytesPerFile: limit))
        let sitemaps = files.filter { $0.path.description.hasPrefix("w/_sitemap") }
        #expect(sitemaps.count > 3)
        var total = 0
        for sitemap in sitemaps {
            #expect(sitemap.bytes.count <= limit, "\(sitemap.path) has \(sitemap.bytes.count) bytes")
            total += try ParsedElement.parse(sitemap.bytes).all("url").count
        }
        #expect(total == 21)
        // The index is split by the same limits, and robots.txt names every part.
        let root = try BaseURL(parsing: "https://example.org/")
        let rootFiles = FeedFixtures.files(
            FeedFixtures.database(documents), base: root,
            limits: SitemapLimits(entriesPerFile: 2, bytesPerFile: 1_000_000))
        let indexes = rootFiles.paths.filter { !$0.contains("/") && $0.hasSuffix(".xml") }
        let sitemapCount = rootFiles.paths.filter { $0.hasPrefix("w/_sitemap") }.count
        #expect(indexes.count == (sitemapCount + 1) / 2, "\(sitemapCount) sitemaps, listed 2 per index: \(indexes)")
        #expect(indexes.first == "sitemap.xml")
        #expect(indexes.dropFirst().allSatisfy { $0.hasPrefix("_sitemap-") })
        let robots = try #require(rootFiles.first { $0.path.description == "robots.txt" })
        let lines = String(decoding: robots.bytes, as: UTF8.self).split(separator: "\n").filter {
            $0.hasPrefix("Sitemap: ")
        }
        #expect(lines.map { String($0.dropFirst(9)) } == indexes.map { "https://example.org/" + $0 })
    }

    @Test func anEntryLongerThanTheByteLimitStillGetsAFile() throws {
        let documents = [FeedFixtures.wiki("w"), FeedFixtures.page("w", "page")]
        let files = FeedFixtures.files(
            FeedFixtures.database(documents), limits: SitemapLimits(entriesPerFile: 10, bytesPerFile: 10))
        #expect(files.paths.filter { $0.hasPrefix("w/_sitemap") } == ["w/_sitemap.xml", "w/_sitemap-2.xml"])
    }

    @Test func escapesWhatTheBaseURLHolds() throws {
        let base = try BaseURL(parsing: "https://example.org/a&b'c/")
        let documents = [FeedFixtures.wiki("w"), FeedFixtures.page("w", "page")]
        let files = FeedFixtures.files(FeedFixtures.database(documents), base: base)
        let text = String(
            decoding: try #require(files.first { $0.path.description == "w/_sitemap.xml" }).bytes, as: UTF8.self)
        #expect(text.contains("<loc>https://example.org/a&amp;b'c/w/index.html</loc>"))
        let locations = try files.xml("w/_sitemap.xml").all("url").map { try $0.text(of: "loc") }
        #expect(locations.first == "https://example.org/a&b'c/w/index.html")
    }

    @Test func theSameDocumentsInAnyOrderGiveTheSameBytes() {
        let forward = FeedFixtures.files(FeedFixtures.database(Self.documents))
        let backward = FeedFixtures.files(FeedFixtures.database(Self.documents.reversed()))
        #expect(forward.paths == backward.paths)
        #expect(forward.map(\.bytes) == backward.map(\.bytes))
        let database = FeedFixtures.database(Self.documents + [FeedFixtures.wiki("0-first")])
        let discovery = SiteDiscovery(baseURL: FeedFixtures.base)
        let inOrder = discovery.files(for: database.wikis, in: database) { _, _ in "" }.files
        let reversed = discovery.files(for: database.wikis.reversed(), in: database) { _, _ in "" }.files
        #expect(inOrder.map(\.bytes) == reversed.map(\.bytes))
    }

    @Test func draftsNeverReachASitemap() async {
        await #expect(processExitsWith: .failure) {
            let documents = [FeedFixtures.wiki("w"), FeedFixtures.page("w", "draft", draft: true)]
            let database = FeedFixtures.database(documents)
            guard let wiki = database.wikis.first else { return }
            _ = WikiSitemap(wiki: wiki, pages: database.drafts(inWiki: "w"), includesDrafts: false)
        }
    }
}
