import Foundation
import TemporaryFolders
import Testing

/// End to end on `Examples/touchwiki.json`: backlinks, tables of contents and every special
/// page, read from the HTML the real `wikisite build` writes.
@Suite("Special pages and backlinks of the example database")
struct SpecialPagesExampleTests {
    static let mobileDev = "5737529525067657"
    static let cuisine = "8831204477120935"

    let folder: TemporaryFolder
    let site: SiteFiles

    init() throws {
        folder = try TemporaryFolder()
        let result = try WikisiteCLI.run([
            "build", "--source", WikisiteCLI.example("touchwiki.json"), "--out", folder.path("site"),
        ])
        #expect(result.status == 0, "\(result.standardError)")
        site = SiteFiles(root: folder.url.appendingPathComponent("site"))
    }

    /// The special page `name` of `wiki`.
    func special(_ name: String, of wiki: String = mobileDev) throws -> String {
        try site.html("\(wiki)/_special/\(name).html")
    }

    /// The texts of the links of the `ul`/`ol` lists of class `className` in `html`, in order.
    func links(inListsOfClass className: String, _ html: String) -> [String] {
        HTMLElements.links(inListsOfClass: className, html)
    }

    @Test func theHomeLinksEverySpecialPage() throws {
        let home = try site.html("\(Self.mobileDev)/index.html")
        let hrefs = HTMLElements.elements("a", in: home).compactMap { $0.attributes["href"] }
        for name in [
            "all-pages", "recent-changes", "new-pages", "wanted-pages", "orphaned-pages", "statistics", "tags",
        ] {
            #expect(hrefs.contains("_special/\(name).html"), "the home does not link \(name)")
            #expect(site.exists("\(Self.mobileDev)/_special/\(name).html"))
        }
        #expect(
            links(inListsOfClass: "change-list", home) == [
                "Welcome", "Sync Client", "../../evil/<script>alert('title')</script>", "Sandbox", "Replication",
            ])
    }

    @Test func backlinksComeFromTheOtherPagesOfTheSameWikiAlphabetically() throws {
        let syncClient = try site.html(site.pageFile("Sync Client", in: Self.mobileDev))
        #expect(links(inListsOfClass: "backlink-list", syncClient) == ["Replication", "Über Sync", "Welcome"])
        let replication = try site.html(site.pageFile("Replication", in: Self.mobileDev))
        #expect(links(inListsOfClass: "backlink-list", replication) == ["Sync Client", "Über Sync", "Welcome"])
        let welcome = try site.html(site.pageFile("Welcome", in: Self.mobileDev))
        #expect(links(inListsOfClass: "backlink-list", welcome).isEmpty)
        #expect(welcome.contains("No other page links here yet."))
        // Cuisine & Voyages links to "Sync Client" too, but that is another wiki's page.
        let restAPI = try site.html(site.pageFile("REST API", in: Self.mobileDev))
        #expect(links(inListsOfClass: "backlink-list", restAPI) == ["Rest API", "Welcome"])
        let cafe = try site.html(site.pageFile("Café", in: Self.cuisine))
        #expect(links(inListsOfClass: "backlink-list", cafe) == ["Crêpes bretonnes", "Lyon", "Welcome"])
    }

    @Test func everyBacklinkLeadsToAPageThatReallyLinksHere() throws {
        let file = try site.pageFile("Sync Client", in: Self.mobileDev)
        let page = try site.html(file)
        let list = try #require(page.range(of: "<ul class=\"backlink-list\">"))
        let end = try #require(page[list.upperBound...].range(of: "</ul>"))
        for link in HTMLElements.elements("a", in: String(page[list.upperBound..<end.lowerBound])) {
            let linker = try site.resolve(try #require(link.attributes["href"]), from: file)
            let targets = try HTMLElements.elements("a", in: site.html(linker))
                .filter { ($0.attributes["class"] ?? "").contains("wikilink") }
                .map { try site.resolve($0.attributes["href"] ?? "", from: linker) }
            #expect(targets.contains(file), "\(linker) is listed but does not link to \(file)")
        }
    }

    @Test func aTableOfContentsOnlyFromThreeHeadings() throws {
        let syncClient = try site.html(site.pageFile("Sync Client", in: Self.mobileDev))
        #expect(syncClient.contains("<nav class=\"toc\" aria-label=\"Contents\">"))
        let tocStart = try #require(syncClient.range(of: "<nav class=\"toc\""))
        let tocEnd = try #require(syncClient[tocStart.upperBound...].range(of: "</nav>"))
        let entries = HTMLElements.elements("a", in: String(syncClient[tocStart.upperBound..<tocEnd.lowerBound]))
        #expect(entries.map(\.text) == ["Authentication", "Example", "Retry policy", "Example"])
        #expect(
            entries.map { $0.attributes["href"] ?? "" } == [
                "#authentication", "#example", "#retry-policy", "#example-1",
            ])
        // Café has a title heading and one section: no table of contents.
        let cafe = try site.html(site.pageFile("Café", in: Self.cuisine))
        #expect(!cafe.contains("class=\"toc\""))
        let rest = try site.html(site.pageFile("REST API", in: Self.mobileDev))
        #expect(!rest.contains("class=\"toc\""))
    }

    @Test func aBodyStartingWithTheTitleShowsItOnceAndKeepsItsID() throws {
        let syncClient = try site.html(site.pageFile("Sync Client", in: Self.mobileDev))
        let headings = HTMLElements.elements("h1", in: syncClient)
        #expect(headings.count == 1)
        #expect(headings.first?.text == "Sync Client")
        #expect(headings.first?.attributes["id"] == "sync-client")
        // "Welcome to Mobile Dev" is not the title "Welcome": it stays.
        let welcome = try site.html(site.pageFile("Welcome", in: Self.mobileDev))
        #expect(HTMLElements.elements("h1", in: welcome).map(\.text) == ["Welcome", "Welcome to Mobile Dev"])
    }

    @Test func allPagesAreGroupedByLetterWithAnIndex() throws {
        let list = try special("all-pages")
        let letters = try #require(list.range(of: "<nav class=\"letter-index\""))
        let lettersEnd = try #require(list[letters.upperBound...].range(of: "</nav>"))
        let index = HTMLElements.elements("a", in: String(list[letters.upperBound..<lettersEnd.lowerBound]))
        #expect(index.map(\.text) == ["#", "C", "R", "S", "U", "W"])
        #expect(index.map { $0.attributes["href"] ?? "" }.first == "#letter-other")
        let groups = HTMLElements.elements("h2", in: list).filter { $0.attributes["class"] == "letter" }
        #expect(groups.map(\.text) == ["#", "C", "R", "S", "U", "W"])
        #expect(groups.map { $0.attributes["id"] ?? "" }.first == "letter-other")
        #expect(
            links(inListsOfClass: "page-list", list) == [
                "../../evil/<script>alert('title')</script>", "C++: Notes", "cmark", "Replication", "REST API",
                "Rest API", "Sandbox", "Sync Client", "Über Sync", "Welcome",
            ])
        #expect(!list.contains("class=\"pagination\""))
        #expect(!site.exists("\(Self.mobileDev)/_special/all-pages"))
    }

    @Test func recentChangesAreNewestFirstWithWhoChangedThem() throws {
        let list = try special("recent-changes")
        #expect(
            links(inListsOfClass: "change-list", list) == [
                "Welcome", "Sync Client", "../../evil/<script>alert('title')</script>", "Sandbox", "Replication",
                "REST API", "Rest API", "C++: Notes", "Über Sync", "cmark",
            ])
        let days = HTMLElements.elements("h2", in: list).filter { $0.attributes["class"] == "day-heading" }.map(\.text)
        #expect(
            days == [
                "Sunday 16 December 2012", "Saturday 15 December 2012", "Friday 14 December 2012",
                "Thursday 13 December 2012", "Wednesday 12 December 2012", "Tuesday 11 December 2012",
                "Monday 10 December 2012",
            ])
        let entries = HTMLElements.elements("li", in: list).map(\.text)
        #expect(entries.contains("01:20Welcomeby snej"))
        #expect(entries.contains("08:15Replicationby jchris"), "the winner's update, not the losing revision's")
        #expect(list.contains("by <span class=\"user\">&lt;b&gt;traun&lt;/b&gt;</span>"))
    }

    @Test func newPagesAreNewestCreationFirst() throws {
        let list = try special("new-pages")
        #expect(
            links(inListsOfClass: "change-list", list) == [
                "../../evil/<script>alert('title')</script>", "Sandbox", "Rest API", "REST API", "Über Sync",
                "cmark", "C++: Notes", "Replication", "Sync Client", "Welcome",
            ])
        #expect(!list.contains("class=\"change-user\""))
    }

    @Test func wantedPagesAreTheMissingTitlesMostLinkedFirst() throws {
        let mobile = try special("wanted-pages")
        let titles = HTMLElements.elements("a", in: mobile).filter { $0.attributes["class"] == "missing" }
        #expect(titles.map(\.text) == ["Café", "Old Build Notes", "Push Notifications", "sync client"])
        #expect(mobile.components(separatedBy: "linked from 1 page").count == 5)
        #expect(links(inListsOfClass: "linking-pages", mobile) == ["Welcome", "Welcome", "Welcome", "Welcome"])

        let cuisine = try special("wanted-pages", of: Self.cuisine)
        let wanted = HTMLElements.elements("a", in: cuisine).filter { $0.attributes["class"] == "missing" }
        #expect(wanted.map(\.text) == ["Paris", "Cafe\u{301}", "Replication", "Sync Client"])
        #expect(wanted.map { Array($0.text.unicodeScalars) }[1] == Array("Cafe\u{301}".unicodeScalars))
        #expect(cuisine.contains("linked from 2 pages"))
        #expect(links(inListsOfClass: "linking-pages", cuisine).prefix(2) == ["Lyon", "Welcome"])
    }

    @Test func orphanedPagesAreThoseNoOtherPageLinksTo() throws {
        #expect(
            links(inListsOfClass: "page-list", try special("orphaned-pages")) == [
                "../../evil/<script>alert('title')</script>", "Sandbox", "Welcome",
            ])
        #expect(links(inListsOfClass: "page-list", try special("orphaned-pages", of: Self.cuisine)) == ["Welcome"])
    }

    @Test func statisticsCountPagesLinksContributorsAndConflicts() throws {
        let statistics = try special("statistics")
        var facts: [String: String] = [:]
        let terms = HTMLElements.elements("dt", in: statistics).map(\.text)
        let values = HTMLElements.elements("dd", in: statistics).map(\.text)
        for (term, value) in zip(terms, values) { facts[term] = value }
        #expect(facts["Pages"] == "10")
        #expect(facts["Links to missing pages"] == "4")
        #expect(facts["Wanted pages"] == "4")
        #expect(facts["Orphaned pages"] == "3")
        #expect(facts["Contributors"] == "4")
        #expect(facts["Conflicted documents"] == "1")
        #expect(Int(facts["Links between pages"] ?? "") ?? 0 > 20)
        let rows = HTMLElements.elements("tr", in: statistics).map(\.text)
        #expect(rows.contains { $0.hasPrefix("jchris3") })
        let contributors = HTMLElements.elements("span", in: statistics).filter { $0.attributes["class"] == "user" }
        #expect(contributors.map(\.text) == ["jchris", "snej", "<b>traun</b>", "mschoch"])
        #expect(statistics.contains("<code class=\"revision\">2-fbdca247c0213e9ffe30de12068baa3f</code>"))
        #expect(statistics.contains("<code class=\"revision\">2-942c34be431036c490366cd04fc146bb</code>"))

        let cuisine = try special("statistics", of: Self.cuisine)
        #expect(cuisine.contains("No document of this wiki has conflicting revisions."))
    }

    @Test func everySpecialPageLinksTheOthers() throws {
        for name in [
            "all-pages", "recent-changes", "new-pages", "wanted-pages", "orphaned-pages", "statistics", "tags",
        ] {
            let html = try special(name)
            let nav = try #require(html.range(of: "<nav class=\"special-nav\""), "\(name) has no navigation")
            let end = try #require(html[nav.upperBound...].range(of: "</nav>"))
            let block = String(html[nav.upperBound..<end.lowerBound])
            #expect(HTMLElements.elements("a", in: block).count == 6)
            #expect(block.contains("aria-current=\"page\""))
        }
    }
}
