import Foundation
import TemporaryFolders
import Testing

/// End to end: tags in front matter and in text, through the real CLI: each page shows its
/// tags, the wiki has a tags index and a page per tag, a hostile tag stays text in a safe file,
/// and a draft's tags are nowhere.
@Suite("tags")
struct TagSiteTests {
    static func build(_ pages: [WikiFixture.Page], in folder: TemporaryFolder) throws -> SiteFiles {
        var fixture = WikiFixture()
        fixture.pages = pages
        let dump = try fixture.write(to: folder)
        let run = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site")])
        #expect(run.status == 0, "\(run.standardError)")
        return SiteFiles(root: folder.url.appendingPathComponent("site"))
    }

    /// The links of class `tag` in `html`: their text and the file they lead to from `file`.
    static func tagLinks(in html: String, of file: String, site: SiteFiles) throws -> [(text: String, file: String)] {
        try HTMLElements.elements("a", in: html).filter { $0.attributes["class"] == "tag" }.map {
            ($0.text, try site.resolve(try #require($0.attributes["href"]), from: file))
        }
    }

    @Test func pagesShowTheirTagsAndEachTagHasAPageListingItsPages() throws {
        let folder = try TemporaryFolder()
        let site = try Self.build(
            [
                WikiFixture.Page(
                    title: "Sync", markdown: "---\ntags: [Sync, project/wiki]\n---\nAbout #sync, not #1984.\n"),
                WikiFixture.Page(title: "Plans", markdown: "Plans for #sync and `#code`.\n\n## Later #not-a-tag\n"),
                WikiFixture.Page(title: "Notes", markdown: "Taken #Sync\n"),
            ], in: folder)
        let syncFile = try site.pageFile("Sync", in: "1234")
        let sync = try site.html(syncFile)
        let links = try Self.tagLinks(in: sync, of: syncFile, site: site)
        // The inline tag, then the page's tags: front matter's first, each once, as it writes them.
        #expect(links.map(\.text) == ["#sync", "#Sync", "#project/wiki"])
        #expect(links[0].file == links[1].file && site.exists(links[0].file))
        #expect(!sync.contains(">#1984<"))
        let plansFile = try site.pageFile("Plans", in: "1234")
        let plans = try site.html(plansFile)
        #expect(try Self.tagLinks(in: plans, of: plansFile, site: site).map(\.text) == ["#sync", "#sync"])
        #expect(plans.contains("<code>#code</code>") && plans.contains("#not-a-tag</h2>"))

        // The tag page lists its pages alphabetically and shows the form most pages write.
        let tagPage = try site.html(links[0].file)
        let titles = HTMLElements.elements("a", in: tagPage).map(\.text)
        #expect(titles.contains("Notes") && titles.contains("Plans") && titles.contains("Sync"))
        // `Sync` and `Notes` write `Sync`, `Plans` writes `sync`.
        #expect(try #require(HTMLElements.elements("h1", in: tagPage).first).text == "#Sync")

        // The index: every tag with its count, the nested one under its parent, the parent on its own page.
        let index = try site.html("1234/_special/tags.html")
        let entries = HTMLElements.elements("li", in: index).map(\.text).filter { $0.hasPrefix("#") }
        #expect(entries == ["#project 1 page", "#project/wiki 1 page", "#Sync 3 pages"])
        #expect(index.contains("class=\"tag-level-1\""))
        let home = try site.html("1234/index.html")
        #expect(HTMLElements.elements("a", in: home).contains { $0.text == "Tags" })
    }

    @Test func aDraftsTagsAreOnNoTagPageAndInNoCount() throws {
        let folder = try TemporaryFolder()
        let site = try Self.build(
            [
                WikiFixture.Page(title: "Open", markdown: "#shared\n"),
                WikiFixture.Page(
                    title: "Secret", markdown: "---\ntags: [covert-tag]\n---\n#shared #also-covert\n", draft: true),
                WikiFixture.Page(title: "Later", markdown: "---\ndraft: true\ntags: [covert-too]\n---\n#shared\n"),
            ], in: folder)
        let index = try site.html("1234/_special/tags.html")
        #expect(HTMLElements.elements("li", in: index).map(\.text).filter { $0.hasPrefix("#") } == ["#shared 1 page"])
        for file in FileManager.default.subpaths(atPath: site.root.path) ?? [] where file.hasSuffix(".html") {
            let text = try site.html(file)
            #expect(!text.contains("covert") && !text.contains("Secret") && !text.contains(">Later<"), "\(file) leaks")
        }
    }

    @Test func aHostileTagGivesASafeFileAndEscapedText() throws {
        let folder = try TemporaryFolder()
        let long = String(repeating: "x", count: 10_000)
        let site = try Self.build(
            [
                WikiFixture.Page(
                    title: "Hostile",
                    markdown:
                        "---\ntags: [\"../../etc\", \"a\\\"b\", \"<script>\", \"\(long)\"]\n---\n#..%2f #a/../b #\(long)\n"
                ),
                WikiFixture.Page(title: "Many", markdown: (0..<10_000).map { "#t\($0)" }.joined(separator: " ") + "\n"),
                WikiFixture.Page(title: "Deep", markdown: "#" + String(repeating: "d/", count: 5_000) + "d\n"),
            ], in: folder)
        let file = try site.pageFile("Hostile", in: "1234")
        let hostile = try site.html(file)
        #expect(!hostile.contains("<script>"))
        for link in try Self.tagLinks(in: hostile, of: file, site: site) {
            #expect(link.file.hasPrefix("1234/_special/tags/"), "\(link.file)")
            #expect(link.file.split(separator: "/").allSatisfy { $0.utf8.count <= 255 && $0 != ".." })
            #expect(site.exists(link.file))
        }
        let index = try site.html("1234/_special/tags.html")
        // Many's tags, Hostile's two (the long one, and `a` of `#a/../b`), and Deep's nine: its own
        // and eight parents.
        let entries = HTMLElements.elements("li", in: index).filter {
            $0.attributes["class"]?.hasPrefix("tag-") == true
        }
        #expect(entries.count == 10_000 + 2 + 9)
        let tags = try FileManager.default.contentsOfDirectory(
            atPath: site.root.appendingPathComponent("1234/_special/tags").path)
        #expect(tags.count >= 10_000 + 2 + 9)
    }

    @Test func theFeedCarriesTagsEscapedAndResolvableFromThePage() throws {
        let folder = try TemporaryFolder()
        var fixture = WikiFixture()
        fixture.pages = [
            WikiFixture.Page(
                title: "Sync", markdown: "---\ntags: [\"<b>\", \"a&b\"]\n---\nAbout #ünï/x & <i>#tag</i>.\n",
                updatedAt: "2024-01-01T00:00:00Z")
        ]
        let dump = try fixture.write(to: folder)
        let run = try WikisiteCLI.run([
            "build", "--source", dump, "--out", folder.path("site"), "--base-url", "https://wiki.example/",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let feed = try SiteFiles(root: folder.url.appendingPathComponent("site")).html("1234/_special/feed.atom")
        // The content is HTML escaped into the XML; its relative hrefs resolve against the page's URL.
        #expect(feed.contains("&lt;a class=\"tag\" href=\"_special/tags/"))
        #expect(feed.contains("#ünï/x&lt;/a&gt;"))
        #expect(!feed.contains("<a class") && !feed.contains("<b>"))
    }
}
