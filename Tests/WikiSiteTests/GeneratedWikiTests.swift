import Foundation
import TemporaryFolders
import Testing

/// End to end on databases the tests write: the boundaries of paginated lists, tables of
/// contents, drafts, undated pages, determinism.
@Suite("Special pages of generated wikis")
struct GeneratedWikiTests {
    /// Builds `fixture` into a new folder; returns the folder and the site's files.
    func build(_ fixture: WikiFixture, order: [[String: Any]]? = nil) throws -> (TemporaryFolder, SiteFiles) {
        let folder = try TemporaryFolder()
        let dump = try fixture.write(to: folder, order: order)
        let result = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site")])
        #expect(result.status == 0, "\(result.standardError)")
        return (folder, SiteFiles(root: folder.url.appendingPathComponent("site")))
    }

    /// The number of entries (page links) of a list file.
    func entryCount(_ html: String, listClass: String) -> Int {
        var count = 0
        for block in html.components(separatedBy: "<ul class=\"\(listClass)\">").dropFirst() {
            count += HTMLElements.elements("li", in: block.components(separatedBy: "</ul>")[0]).count
        }
        return count
    }

    /// The `rel` links of a file: `prev` and `next` to their hrefs.
    func relLinks(_ html: String) -> [String: String] {
        var links: [String: String] = [:]
        for element in HTMLElements.elements("a", in: html) {
            if let rel = element.attributes["rel"] { links[rel] = element.attributes["href"] }
        }
        return links
    }

    @Test func exactly200PagesFitInOneFile() throws {
        var fixture = WikiFixture()
        fixture.pages = WikiFixture.numberedPages(200)
        let (folder, site) = try build(fixture)
        _ = folder
        for list in ["all-pages", "recent-changes", "new-pages", "orphaned-pages"] {
            let html = try site.html("1234/_special/\(list).html")
            #expect(!site.exists("1234/_special/\(list)-2.html"), "\(list) has a second file")
            #expect(relLinks(html).isEmpty)
            #expect(!html.contains("class=\"pagination\""))
        }
        #expect(entryCount(try site.html("1234/_special/all-pages.html"), listClass: "page-list") == 200)
    }

    @Test func page201StartsASecondFileOfTheListsByDateLinkedBothWays() throws {
        var fixture = WikiFixture()
        fixture.pages = WikiFixture.numberedPages(201)
        let (folder, site) = try build(fixture)
        _ = folder
        for list in ["recent-changes", "new-pages"] {
            let first = try site.html("1234/_special/\(list).html")
            let second = try site.html("1234/_special/\(list)-2.html")
            #expect(!site.exists("1234/_special/\(list)-3.html"))
            #expect(relLinks(first) == ["next": "\(list)-2.html"], "\(list)")
            #expect(relLinks(second) == ["prev": "\(list).html"], "\(list)")
            #expect(first.contains("Part 1 of 2") && second.contains("Part 2 of 2"))
        }
        // Newest first: the second file of recent changes holds the oldest page.
        let recentSecond = try site.html("1234/_special/recent-changes-2.html")
        #expect(HTMLElements.elements("a", in: recentSecond).contains { $0.text == "Page 0000" })
        #expect(!site.exists("1234/_special/wanted-pages-2.html"))
    }

    /// The files of the list `list` of wiki 1234, from the first along the `next` links: each
    /// file's path, its entries (`listClass` items) and the name of the first one's page file.
    func filesOfList(_ list: String, listClass: String, in site: SiteFiles) throws -> [(
        path: String, entries: [String], firstPageFile: String?
    )] {
        var files: [(path: String, entries: [String], firstPageFile: String?)] = []
        var path: String? = "1234/_special/\(list).html"
        while let current = path, files.count < 100 {
            let html = try site.html(current)
            let links = html.components(separatedBy: "<ul class=\"\(listClass)\">").dropFirst().flatMap { block in
                HTMLElements.elements("a", in: block.components(separatedBy: "</ul>")[0])
            }
            let firstPageFile = try links.first.map { link in
                try site.resolve(try #require(link.attributes["href"]), from: current).split(separator: "/").last
                    .map(String.init)
            }
            files.append((current, links.map(\.text), firstPageFile ?? nil))
            path = try relLinks(html)["next"].map { try site.resolve($0, from: current) }
        }
        #expect(files.count < 100, "the next links go round")
        return files
    }

    @Test func aListOfTitlesIsCutAtItsTitlesEachLaterFileNamedByItsFirst() throws {
        var fixture = WikiFixture()
        fixture.pages = WikiFixture.numberedPages(1_000)
        let (folder, site) = try build(fixture)
        _ = folder
        for list in ["all-pages", "orphaned-pages"] {
            let files = try filesOfList(list, listClass: "page-list", in: site)
            #expect(files.flatMap(\.entries) == fixture.pages.map(\.title), "\(list): every page once, in order")
            #expect(files.count >= 3, "\(list): \(files.count) files")
            for (index, file) in files.enumerated() {
                #expect(file.entries.count <= 800, "\(list): \(file.path)")
                if index < files.count - 1 { #expect(file.entries.count >= 100, "\(list): \(file.path)") }
                guard index > 0 else { continue }
                #expect(file.path == "1234/_special/\(list)/" + (file.firstPageFile ?? ""))
                let html = try site.html(file.path)
                #expect(html.contains("From \(file.entries[0]) to \(file.entries.last!)"))
                #expect(html.contains("rel=\"prev\">Previous (from \(files[index - 1].entries[0]))</a>"))
                #expect(html.contains("Start of the list</a>") == (index >= 2))
                #expect(!html.contains("1,000 pages") && !html.contains("Part "))
            }
            #expect(try site.html("1234/_special/\(list).html").contains("1,000 pages"))
        }
        #expect(!site.exists("1234/_special/all-pages-2.html"))
    }

    @Test func aPageCreatedOrDeletedRewritesTheFileItFallsInNotTheLaterOnes() throws {
        var fixture = WikiFixture()
        fixture.pages = WikiFixture.numberedPages(1_000)
        let folder = try TemporaryFolder()
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        func build(_ fixture: WikiFixture) throws -> [String] {
            let dump = try fixture.write(to: folder)
            let result = try WikisiteCLI.run([
                "build", "--source", dump, "--out", folder.path("site"), "--explain", "--verify",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            return result.standardOutput.split(separator: "\n").compactMap { line in
                guard line.hasPrefix("written ") || line.hasPrefix("removed ") else { return nil }
                return String(line.dropFirst(10).prefix { $0 != ":" })
            }
        }
        _ = try build(fixture)
        let before = try filesOfList("all-pages", listClass: "page-list", in: site)
        #expect(before.count >= 4)
        var created = fixture
        created.pages.append(WikiFixture.Page(title: "Page 0500½"))
        let written = try build(created).filter { $0.hasPrefix("1234/_special/all-pages") }
        let after = try filesOfList("all-pages", listClass: "page-list", in: site)
        let changed = after.filter { file in !before.contains { $0.path == file.path && $0.entries == file.entries } }
        #expect(changed.contains { $0.entries.contains("Page 0500½") })
        #expect(written.count <= 4, "\(written)")
        #expect(Set(written).isSuperset(of: changed.map(\.path)))
        #expect(written.count < after.count)
        let deleted = try build(fixture).filter { $0.hasPrefix("1234/_special/all-pages") }
        #expect(deleted.count <= 4, "\(deleted)")
        #expect(try filesOfList("all-pages", listClass: "page-list", in: site).map(\.path) == before.map(\.path))
    }

    @Test func recentChangesAndNewPagesListTheNewest500AndSayHowManyTheyLeaveOut() throws {
        var fixture = WikiFixture()
        fixture.pages = WikiFixture.numberedPages(503)
        // Page 0001 is created first but updated last.
        fixture.pages[1].updatedAt = "2021-06-01T00:00:00Z"
        let (folder, site) = try build(fixture)
        _ = folder
        for list in ["recent-changes", "new-pages"] {
            let files = try ["", "-2", "-3"].map { try site.html("1234/_special/\(list)\($0).html") }
            #expect(!site.exists("1234/_special/\(list)-4.html"), "\(list)")
            #expect(files.map { entryCount($0, listClass: "change-list") } == [200, 200, 100], "\(list)")
            #expect(files.allSatisfy { $0.contains("; 3 other pages are in all pages.") }, "\(list)")
            #expect(files[2].contains("Showing 401–500."), "\(list)")
            let listed = Set(files.flatMap { HTMLElements.elements("a", in: $0).map(\.text) })
            #expect(listed.contains("Page 0502") && listed.contains("Page 0004"), "\(list)")
            #expect(!listed.contains("Page 0000") && !listed.contains("Page 0002"), "\(list)")
            // Recent changes: Page 0001, then 0502 to 0004; new pages: 0502 to 0003.
            #expect(listed.contains("Page 0001") == (list == "recent-changes"), "\(list)")
            #expect(listed.contains("Page 0003") == (list == "new-pages"), "\(list)")
        }
        #expect(try site.html("1234/_special/recent-changes.html").contains("Only the 500 pages updated last"))
        #expect(try site.html("1234/_special/new-pages.html").contains("Only the 500 pages created last"))
        // 500 pages or fewer: nothing left out, nothing said.
        var small = WikiFixture()
        small.pages = WikiFixture.numberedPages(500)
        let (smallFolder, smallSite) = try build(small)
        _ = smallFolder
        #expect(!(try smallSite.html("1234/_special/recent-changes-3.html")).contains("other pages"))
    }

    @Test func theLetterIndexLinksIntoTheFileWhereEachLetterStarts() throws {
        var fixture = WikiFixture()
        fixture.pages =
            (0..<150).map { WikiFixture.Page(title: String(format: "Apple %03d", $0)) }
            + (0..<100).map { WikiFixture.Page(title: String(format: "banana %03d", $0)) }
            + [WikiFixture.Page(title: "Cherry"), WikiFixture.Page(title: "42 is a number")]
        let (folder, site) = try build(fixture)
        _ = folder
        func index(_ file: String) throws -> [String: String] {
            let html = try site.html("1234/_special/\(file)")
            let start = try #require(html.range(of: "<nav class=\"letter-index\""))
            let end = try #require(html[start.upperBound...].range(of: "</nav>"))
            var links: [String: String] = [:]
            for link in HTMLElements.elements("a", in: String(html[start.upperBound..<end.lowerBound])) {
                links[link.text] = link.attributes["href"]
            }
            return links
        }
        // 252 pages: "#" (1), A (150), B (100), C (1), cut into files at some of their titles.
        let files = try filesOfList("all-pages", listClass: "page-list", in: site)
        #expect(files.count >= 2)
        for file in files {
            let links = try index(String(file.path.dropFirst("1234/_special/".count)))
            #expect(links.keys.sorted() == ["#", "A", "B", "C"])
            for (letter, href) in links {
                let anchor = letter == "#" ? "letter-other" : "letter-\(letter)"
                let target = href.hasPrefix("#") ? file.path : try site.resolve(href, from: file.path)
                #expect(href.hasSuffix("#" + anchor))
                #expect(files.contains { $0.path == target }, "\(file.path): \(letter) → \(href)")
                #expect(try site.html(target).contains("id=\"\(anchor)\""), "\(file.path): \(letter) → \(href)")
            }
        }
        // A file that starts inside a group says it is continued.
        for (index, file) in files.enumerated().dropFirst() {
            let groups = HTMLElements.elements("h2", in: try site.html(file.path)).filter {
                $0.attributes["class"] == "letter"
            }
            let continues = files[index - 1].entries.last!.first!.uppercased() == file.entries[0].first!.uppercased()
            #expect(groups[0].text.hasSuffix("(continued)") == continues, "\(file.path)")
        }
    }

    @Test func anEmptyWikiStillHasEverySpecialPageSayingSo() throws {
        let (folder, site) = try build(WikiFixture())
        _ = folder
        let expectations = [
            "all-pages": "This wiki has no published pages yet.",
            "recent-changes": "This wiki has no published pages yet.",
            "new-pages": "This wiki has no published pages yet.",
            "wanted-pages": "nothing is wanted",
            "orphaned-pages": "Every page is linked from another page.",
            "statistics": "No page says who saved it.",
        ]
        for (list, text) in expectations {
            let html = try site.html("1234/_special/\(list).html")
            #expect(html.contains(text), "\(list)")
            #expect(!site.exists("1234/_special/\(list)-2.html"))
            #expect(relLinks(html).isEmpty)
        }
    }

    @Test func aTableOfContentsNeedsThreeHeadingsBesidesTheTitle() throws {
        var fixture = WikiFixture()
        fixture.pages = [
            WikiFixture.Page(title: "Two", markdown: "## One\n\ntext\n\n## Two\n"),
            WikiFixture.Page(title: "Three", markdown: "## One\n\n### One and a half\n\n## Two\n"),
            WikiFixture.Page(title: "Titled", markdown: "# Titled\n\n## One\n\n## Two\n"),
            WikiFixture.Page(title: "Code", markdown: "## One\n\n```\n## not a heading\n```\n\n## Two\n"),
        ]
        let (folder, site) = try build(fixture)
        _ = folder
        func hasTableOfContents(_ title: String) throws -> Bool {
            try site.html(site.pageFile(title, in: "1234")).contains("<nav class=\"toc\"")
        }
        #expect(try !hasTableOfContents("Two"))
        #expect(try hasTableOfContents("Three"))
        #expect(try !hasTableOfContents("Titled"), "the title repeated as a heading is not a section")
        #expect(try !hasTableOfContents("Code"), "a heading in a code block is no heading")
        let three = try site.html(site.pageFile("Three", in: "1234"))
        #expect(three.contains("<li><a href=\"#one\">One</a><ol>\n<li><a href=\"#one-and-a-half\">"))
    }

    /// A wiki with a draft that a page links to, the draft newest and by its own author.
    static let wikiWithDraft: WikiFixture = {
        var fixture = WikiFixture()
        fixture.pages = [
            WikiFixture.Page(
                title: "Index", markdown: "See [[Secret Plan]] and [[Notes]].", createdAt: "2020-01-01T00:00:00Z",
                updatedAt: "2020-01-02T00:00:00Z", updatedBy: "alice"),
            WikiFixture.Page(
                title: "Notes", markdown: "Back to [[Index]].", createdAt: "2020-01-01T00:00:00Z",
                updatedAt: "2020-01-03T00:00:00Z", updatedBy: "bob"),
            WikiFixture.Page(
                title: "Secret Plan", markdown: "Hush: [[Notes]] [[Index]] tabernacle.",
                createdAt: "2020-02-01T00:00:00Z",
                updatedAt: "2020-02-02T00:00:00Z", updatedBy: "ghostwriter", draft: true),
        ]
        return fixture
    }()

    @Test func draftsAppearInNoListAndALinkToOneIsALinkToAMissingPage() throws {
        let (folder, site) = try build(Self.wikiWithDraft)
        for file in folder.files(under: "site") {
            let text = try folder.read("site/" + file)
            #expect(!text.contains("ghostwriter"), "\(file) names the draft's author")
            #expect(!text.contains("tabernacle"), "\(file) shows the draft's body")
            #expect(!text.contains("2020-02-0"), "\(file) shows the draft's dates")
        }
        for list in ["all-pages", "recent-changes", "new-pages", "orphaned-pages"] {
            let html = try site.html("1234/_special/\(list).html")
            #expect(!HTMLElements.elements("a", in: html).contains { $0.text == "Secret Plan" }, "\(list)")
        }
        let wanted = try site.html("1234/_special/wanted-pages.html")
        #expect(
            HTMLElements.elements("a", in: wanted).filter { $0.attributes["class"] == "missing" }.map(\.text) == [
                "Secret Plan"
            ])
        let notes = try site.html(site.pageFile("Notes", in: "1234"))
        #expect(notes.contains("<li><a href=\"Index~") && !notes.contains(">Secret Plan</a></li>"))
        let statistics = try site.html("1234/_special/statistics.html")
        #expect(statistics.contains("<dt>Pages</dt>\n<dd><a href=\"all-pages.html\">2</a></dd>"))
    }

    @Test func pagesWithoutDatesComeLastUnderDateUnknown() throws {
        var fixture = WikiFixture()
        fixture.pages = [
            WikiFixture.Page(title: "Undated B"),
            WikiFixture.Page(title: "Dated", createdAt: "2020-01-01T00:00:00Z", updatedAt: "2020-01-01T00:00:00Z"),
            WikiFixture.Page(title: "Undated A"),
        ]
        let (folder, site) = try build(fixture)
        _ = folder
        for list in ["recent-changes", "new-pages"] {
            let html = try site.html("1234/_special/\(list).html")
            let titles = HTMLElements.elements("a", in: html).filter { $0.attributes["class"] == "change-title" }
            #expect(titles.map(\.text) == ["Dated", "Undated A", "Undated B"], "\(list)")
            let days = HTMLElements.elements("h2", in: html).map(\.text)
            #expect(days == ["Wednesday 1 January 2020", "Date unknown"], "\(list)")
        }
    }

    @Test func theSameDocumentsInAnotherOrderGiveTheSameBytes() throws {
        var fixture = Self.wikiWithDraft
        fixture.pages += WikiFixture.numberedPages(230)
        let (first, _) = try build(fixture)
        let (second, _) = try build(fixture, order: fixture.documents.reversed())
        let files = first.files(under: "site")
        #expect(files == second.files(under: "site"))
        #expect(files.contains("1234/_special/recent-changes-2.html"))
        for file in files {
            let left = try Data(contentsOf: first.url.appendingPathComponent("site/" + file))
            let right = try Data(contentsOf: second.url.appendingPathComponent("site/" + file))
            #expect(left == right, "\(file) differs")
        }
    }
}
