import Foundation
import Testing
import WikiModel

@testable import WikiPages
@testable import WikiSite

@Suite struct FeedTests {
    static let wikiID = "5737529525067657"
    static let feedPath = "\(wikiID)/_special/feed.atom"
    static let feedURL = "https://example.org/wikis/\(wikiID)/_special/feed.atom"

    static let documents = [
        FeedFixtures.wiki(wikiID, title: "Mobile Dev", owner: "snej", updated: "2012-12-01T00:00:00Z"),
        FeedFixtures.page(
            wikiID, "sync client", rev: "3-abc", updated: "2012-12-09T07:05:55.031+01:00",
            created: "2012-12-01T10:00:00Z", by: "jchris"),
        FeedFixtures.page(wikiID, "Replication", rev: "7-f00", updated: "2013-01-02T03:04:05Z", by: "mschoch"),
        FeedFixtures.page(wikiID, "Old", created: "2011-05-05T05:05:05Z", by: "snej"),
        FeedFixtures.page(wikiID, "Undated"),
        FeedFixtures.page(wikiID, "Secret plan", updated: "2014-01-01T00:00:00Z", by: "snej", draft: true),
    ]

    func pageURL(_ title: String) throws -> String {
        FeedFixtures.base.absoluteURL(of: SiteLayout().page(try #require(PageTitle(title)), inWiki: Self.wikiID))
    }

    @Test func hasEveryElementAtomRequires() throws {
        let feed = try FeedFixtures.files(FeedFixtures.database(Self.documents)).xml(Self.feedPath)
        #expect(feed.name == "feed")
        #expect(feed.attributes["xmlns"] == "http://www.w3.org/2005/Atom")
        #expect(try feed.text(of: "id") == Self.feedURL)
        #expect(try feed.text(of: "title") == "Mobile Dev")
        #expect(try feed.first("title").attributes["type"] == "text")
        #expect(try feed.text(of: "updated") == "2013-01-02T03:04:05Z", "the newest entry's time")
        let links = feed.all("link")
        #expect(
            links.contains {
                $0.attributes["rel"] == "self" && $0.attributes["href"] == Self.feedURL
                    && $0.attributes["type"] == "application/atom+xml"
            })
        #expect(
            links.contains {
                $0.attributes["rel"] == "alternate" && $0.attributes["type"] == "text/html"
                    && $0.attributes["href"] == "https://example.org/wikis/\(Self.wikiID)/index.html"
            })
        #expect(feed.all("author").isEmpty, "every entry has its own author")

        let entries = feed.all("entry")
        #expect(try entries.map { try $0.text(of: "title") } == ["Replication", "sync client", "Old"])
        let sync = entries[1]
        let url = try pageURL("sync client")
        #expect(try sync.text(of: "id") == url + "#revision-3-abc")
        #expect(try sync.text(of: "updated") == "2012-12-09T06:05:55.031Z")
        #expect(try sync.text(of: "published") == "2012-12-01T10:00:00Z")
        #expect(try sync.first("author").text(of: "name") == "jchris")
        let link = try sync.first("link")
        #expect(link.attributes["rel"] == "alternate" && link.attributes["href"] == url)
        let content = try sync.first("content")
        #expect(content.attributes["type"] == "html")
        #expect(content.attributes["xml:base"] == url, "the body's relative links resolve against the page")
        #expect(content.text == "<p>Body of sync client</p>")
        #expect(try entries[2].text(of: "updated") == "2011-05-05T05:05:05Z", "created_at when never updated")
        #expect(entries[0].all("published").isEmpty)
    }

    @Test func showsTheMostRecentUpdatesNewestFirstTiesByTitle() throws {
        var documents = [FeedFixtures.wiki("w")]
        for (title, day) in [("b", "03"), ("a", "03"), ("B", "03"), ("c", "01"), ("d", "02"), ("e", "05")] {
            documents.append(FeedFixtures.page("w", title, updated: "2020-01-\(day)T00:00:00Z", by: "u"))
        }
        let files = FeedFixtures.files(FeedFixtures.database(documents), feedLength: 4)
        let titles = try files.xml("w/_special/feed.atom").all("entry").map { try $0.text(of: "title") }
        #expect(titles == ["e", "B", "a", "b"])
        let none = FeedFixtures.files(FeedFixtures.database(documents), feedLength: 0)
        #expect(try none.xml("w/_special/feed.atom").all("entry").isEmpty)
    }

    @Test func rendersBodiesOnlyForTheEntries() throws {
        var documents = [FeedFixtures.wiki("w")]
        for number in 1...10 {
            documents.append(FeedFixtures.page("w", "page \(number)", updated: "2020-01-01T00:00:\(10 + number)Z"))
        }
        let database = FeedFixtures.database(documents)
        var asked: [String] = []
        let files = SiteDiscovery(baseURL: FeedFixtures.base, feedLength: 3).files(for: database.wikis, in: database) {
            page, wiki in
            asked.append(page.title.text)
            #expect(wiki.id == "w")
            return "<p>\(page.title.text)</p>"
        }.files
        #expect(asked == ["page 10", "page 9", "page 8"])
        let contents = try files.xml("w/_special/feed.atom").all("entry").map { try $0.text(of: "content") }
        #expect(contents == ["<p>page 10</p>", "<p>page 9</p>", "<p>page 8</p>"])
    }

    @Test func escapesHostileTitlesUsersAndContent() throws {
        let hostileWiki = "Wiki <b>&amp; \"q\" 'a' ]]> \u{1}\u{FFFE}"
        let hostileUser = "<script>alert(1)</script>& \u{0}\u{FFFF}\u{7F}"
        let hostileTitle = "<&>\"' ]]> title"
        let documents = [
            FeedFixtures.wiki("w", title: hostileWiki, owner: hostileUser),
            FeedFixtures.page("w", hostileTitle, updated: "2020-01-01T00:00:00Z", by: hostileUser),
            FeedFixtures.page("w", "anonymous", updated: "2019-01-01T00:00:00Z"),
        ]
        let body = "<p>a ]]> b <![CDATA[ c ]]></p>\r\n<script>x</script>\u{B}\u{FFFF}\u{1F600}\u{EFFF}"
        let database = FeedFixtures.database(documents)
        #expect(database.pages(inWiki: "w").count == 2)
        let files = SiteDiscovery(baseURL: FeedFixtures.base).files(for: database.wikis, in: database) { _, _ in body }
            .files
        let feedFile = try #require(files.first { $0.path.description == "w/_special/feed.atom" })
        let raw = String(decoding: feedFile.bytes, as: UTF8.self)
        #expect(!raw.contains("<script"), "markup from a document is never markup of the feed")
        #expect(!raw.contains("]]>"))
        #expect(!raw.unicodeScalars.contains { [0x0, 0x1, 0xB, 0xFFFE, 0xFFFF].contains($0.value) })

        let feed = try ParsedElement.parse(feedFile.bytes)
        #expect(try feed.text(of: "title") == "Wiki <b>&amp; \"q\" 'a' ]]> \u{FFFD}\u{FFFD}")
        let replacedUser = "<script>alert(1)</script>& \u{FFFD}\u{FFFD}\u{7F}"
        #expect(try feed.first("author").text(of: "name") == replacedUser, "the owner names the anonymous entry")
        let entry = try #require(feed.all("entry").first)
        #expect(try entry.text(of: "title") == hostileTitle)
        #expect(try entry.first("author").text(of: "name") == replacedUser)
        #expect(
            try entry.text(of: "content")
                == "<p>a ]]> b <![CDATA[ c ]]></p>\r\n<script>x</script>\u{FFFD}\u{FFFD}\u{1F600}\u{EFFF}")
        let href = try #require(entry.first("link").attributes["href"])
        #expect(href == "https://example.org/wikis/w/" + SitePaths.pageHref(try #require(PageTitle(hostileTitle))))
        #expect(!href.contains("<") && !href.contains("\""))
    }

    @Test func theFeedNamesAnAuthorWhenAnEntryHasNone() throws {
        let owned = [
            FeedFixtures.wiki("w", title: "Wiki", owner: "snej"),
            FeedFixtures.page("w", "p", updated: "2020-01-01T00:00:00Z", by: ""),
        ]
        let feed = try FeedFixtures.files(FeedFixtures.database(owned)).xml("w/_special/feed.atom")
        #expect(try feed.first("author").text(of: "name") == "snej")
        #expect(try #require(feed.all("entry").first).all("author").isEmpty)
        let ownerless = [FeedFixtures.wiki("w", title: "Wiki", owner: nil), owned[1]]
        let second = try FeedFixtures.files(FeedFixtures.database(ownerless)).xml("w/_special/feed.atom")
        #expect(try second.first("author").text(of: "name") == "Wiki")
    }

    @Test func updatedNeverDependsOnTheBuild() throws {
        let empty = [FeedFixtures.wiki("w", updated: "2015-06-07T08:09:10+02:00"), FeedFixtures.page("w", "undated")]
        let feed = try FeedFixtures.files(FeedFixtures.database(empty)).xml("w/_special/feed.atom")
        #expect(try feed.text(of: "updated") == "2015-06-07T06:09:10Z", "the wiki's time when no page is dated")
        #expect(feed.all("entry").isEmpty)
        let undated = try FeedFixtures.files(FeedFixtures.database([FeedFixtures.wiki("w")])).xml(
            "w/_special/feed.atom")
        #expect(try undated.text(of: "updated") == "1970-01-01T00:00:00Z")
        let first = FeedFixtures.files(FeedFixtures.database(Self.documents))
        let second = FeedFixtures.files(FeedFixtures.database(Self.documents.reversed()))
        #expect(first.map(\.bytes) == second.map(\.bytes))
    }

    @Test func aNewRevisionIsANewEntry() throws {
        let before = [FeedFixtures.wiki("w"), FeedFixtures.page("w", "p", rev: "1-a", updated: "2020-01-01T00:00:00Z")]
        let after = [
            FeedFixtures.wiki("w"), FeedFixtures.page("w", "p", rev: "2-b/c", updated: "2020-02-01T00:00:00Z"),
        ]
        let first = try FeedFixtures.files(FeedFixtures.database(before)).xml("w/_special/feed.atom")
        let second = try FeedFixtures.files(FeedFixtures.database(after)).xml("w/_special/feed.atom")
        let firstID = try #require(first.all("entry").first).text(of: "id")
        let secondID = try #require(second.all("entry").first).text(of: "id")
        #expect(firstID == "https://example.org/wikis/w/p.html#revision-1-a")
        #expect(secondID == "https://example.org/wikis/w/p.html#revision-2-b%2Fc")
    }

    @Test func draftsNeverReachAFeed() async throws {
        let feed = try FeedFixtures.files(FeedFixtures.database(Self.documents)).xml(Self.feedPath)
        #expect(try !feed.all("entry").contains { try $0.text(of: "title") == "Secret plan" })
        await #expect(processExitsWith: .failure) {
            let documents = [FeedFixtures.wiki("w"), FeedFixtures.page("w", "draft", draft: true)]
            let database = FeedFixtures.database(documents)
            guard let wiki = database.wikis.first else { return }
            _ = AtomFeed(wiki: wiki, pages: database.drafts(inWiki: "w"), limit: 50, includesDrafts: false)
        }
    }

    @Test func headLinksGiveTheCanonicalURLAndTheWikisFeed() throws {
        let database = FeedFixtures.database(Self.documents)
        let wiki = try #require(database.wikis.first)
        let discovery = SiteDiscovery(baseURL: FeedFixtures.base)
        let title = try #require(PageTitle("sync client"))
        let links = discovery.headLinks(for: SiteLayout().page(title, inWiki: Self.wikiID), inWiki: wiki)
        #expect(links.canonicalURL == (try pageURL("sync client")))
        #expect(links.feedURL == Self.feedURL)
        #expect(links.feedTitle == "Mobile Dev")
        let index = discovery.headLinks(for: SiteLayout.siteIndex, inWiki: nil)
        #expect(index == HeadLinks(canonicalURL: "https://example.org/wikis/index.html", feedURL: nil, feedTitle: nil))
    }

    @Test func withoutABaseURLTheSummarySaysWhy() {
        #expect(SiteDiscovery.missingBaseURLNote == "sitemaps and feeds need --base-url; not written")
    }

    @Test func timesAreWrittenInUTCWithUppercaseTAndZ() throws {
        let cases: [(String, String?)] = [
            ("2012-12-09t06:05z", "2012-12-09T06:05:00Z"),
            ("2012-12-09T06:05:55,5000-0130", "2012-12-09T07:35:55.5Z"),
            ("2000-02-29T23:59:59.000000001+00:00", "2000-02-29T23:59:59.000000001Z"),
            ("1969-12-31T23:59:59.25Z", "1969-12-31T23:59:59.25Z"),
            ("1600-03-01T00:00:00Z", "1600-03-01T00:00:00Z"),
            ("0000-01-01T00:30:00+01:00", nil),
            ("9999-12-31T23:30:00-01:00", nil),
            ("9999-12-31T23:30:00+01:00", "9999-12-31T22:30:00Z"),
        ]
        for (written, expected) in cases {
            let timestamp = try #require(Timestamp(written), "\(written)")
            #expect(UTCDateTime(timestamp)?.text == expected, "\(written)")
        }
    }
}
