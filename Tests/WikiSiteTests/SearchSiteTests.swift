import BrowserTesting
import Foundation
import TemporaryFolders
import Testing
import WikiRender

@testable import WikiSite

/// The search index a build writes in each wiki's `_search/` folder, read from the files, and
/// the search box used in Chromium from `file://`.
@Suite("search in a built site")
struct SearchSiteTests {
    static let hostileTitle = "Quote </script><b>bold</b>"

    /// A wiki with a café page, a Chinese page, a hostile title and a draft; another wiki with
    /// a word of its own.
    static func fixtures() -> (WikiFixture, WikiFixture) {
        var wiki = WikiFixture()
        wiki.pages = [
            .init(title: "Coffee", markdown: "# Coffee\n\nThe Café on the corner.\n\n## Roasting\n\nBeans turn brown."),
            .init(title: "Tea", markdown: "Not coffee. %%commentword%% See [[Coffee]]."),
            .init(title: "中文", markdown: "搜索引擎的文字。"),
            .init(title: hostileTitle, markdown: "Hostile words."),
            .init(title: "Secret", markdown: "The draftonlyword stays hidden.", draft: true),
        ]
        var other = WikiFixture()
        other.wikiID = "5678"
        other.title = "Other Wiki"
        other.pages = [.init(title: "Elsewhere", markdown: "The otherwikiword lives here.")]
        return (wiki, other)
    }

    /// No configuration: both wikis have search, which is on by default.
    static let searchInBoth = ""

    /// Builds both wikis into `site` of `folder` with `configuration` as its `wikisite.toml`,
    /// with `options`, the first wiki's documents being `documents` when given; returns the
    /// standard output.
    @discardableResult
    static func build(
        in folder: TemporaryFolder, configuration: String = searchInBoth, _ options: [String] = [],
        documents: [[String: Any]]? = nil
    ) throws -> String {
        try folder.write(configuration, to: "wikisite.toml")
        let (wiki, other) = fixtures()
        let run = try WikisiteCLI.run(
            [
                "build", "--source", try wiki.write(to: folder, order: documents), "--source",
                try other.write(to: folder, as: "other.json"), "--out", folder.path("site"),
            ] + options)
        #expect(run.status == 0, "\(run.standardError)")
        return run.standardOutput
    }

    /// Every file of wiki `wikiID`'s index, by name.
    static func index(of wikiID: String, in folder: TemporaryFolder) throws -> [String: String] {
        let path = folder.path("site/\(wikiID)/_search")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            files[name] = try String(contentsOfFile: path + "/" + name, encoding: .utf8)
        }
        return files
    }

    @Test func theIndexHoldsThePublishedWordsOfItsWikiAlone() throws {
        let folder = try TemporaryFolder()
        try Self.build(in: folder)
        let index = try Self.index(of: "1234", in: folder)
        let all = index.values.joined()
        #expect(index["meta.js"] != nil)
        #expect(index["t-63.js"]?.contains(#""cafe":"#) == true, "café is folded to cafe")
        #expect(index["t-e6909c.js"]?.contains(#""搜索":"#) == true, "Chinese is indexed by pairs")
        #expect(!all.contains("draftonlyword"), "a draft's word is in no shard")
        #expect(!all.contains("Secret"), "nor its title")
        #expect(!all.contains("otherwikiword"), "another wiki's word is not in this wiki's index")
        #expect(!all.contains("commentword"), "a comment is not indexed")
        #expect(try Self.index(of: "5678", in: folder).values.joined().contains("otherwikiword"))
        #expect(!all.contains("</script>") && !all.contains("<b>"), "a hostile title stays inert")
        #expect(all.contains(#"Quote \u003c/script\u003e\u003cb\u003ebold"#))
        #expect(all.contains(#""All pages""#), "special pages are findable by title")
    }

    @Test func everyPageOfAWikiHasTheSearchBoxAndTheSiteIndexHasNone() throws {
        let folder = try TemporaryFolder()
        try Self.build(in: folder)
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        let page = try site.html(try site.pageFile("Coffee", in: "1234"))
        #expect(page.contains(#"<input type="search" id="site-search-input""#))
        #expect(page.contains(#"data-search-index="_search/meta.js""#))
        let scripts = ThemeTemplate.searchScriptFileNames.map { #"<script src="../_assets/\#($0)" defer></script>"# }
        #expect(page.contains(scripts.joined(separator: "\n")), "the search scripts, in their order")
        #expect(try site.html("1234/_special/all-pages.html").contains(#"data-search-index="../_search/meta.js""#))
        #expect(try site.html("1234/index.html").contains("data-search-results"))
        #expect(!(try site.html("index.html")).contains("data-search-results"))
    }

    @Test func aOnePageEditIsServedByTheFastPathAndWritesOnlyTheShardsOfTheWordsItChanges() throws {
        let folder = try TemporaryFolder()
        try Self.build(in: folder)
        var (wiki, _) = Self.fixtures()
        // "coffee" is counted once instead of twice, "zebra" comes; the page keeps its length,
        // so its postings of "not", "see" and "tea" keep their bytes.
        wiki.pages[1].markdown = "Not zebra. %%commentword%% See [[Coffee]]."
        let output = try Self.build(in: folder, ["--explain", "--verify"], documents: wiki.documents)
        #expect(output.contains("Verified: the site is byte for byte the same as a clean build."), "\(output)")
        #expect(output.contains("with the build state") && !output.contains("Not built from"), "\(output)")
        let written = output.split(separator: "\n").filter { $0.hasPrefix("written   1234/_search/") }
            .map { $0.dropFirst("written   1234/_search/".count).prefix { $0 != ":" } }
        #expect(written.contains("t-7a.js") && written.contains("t-63.js"), "\(output)")
        #expect(written.filter { $0.hasPrefix("t-") }.count == 2, "\(written)")
        #expect(written.filter { $0.hasPrefix("d-") }.count == 1, "\(written)")
        #expect(output.contains(#"1234/_search/t-7a.js: holds terms or the entry of "Tea", which changed"#))
        #expect(!output.contains("5678/_search"), "\(output)")
    }

    @Test func aWikiWithSearchFalseHasNoIndexAndNoBox() throws {
        let folder = try TemporaryFolder()
        try Self.build(in: folder, configuration: "[wikis.\"1234\"]\nsearch = false\n")
        #expect(FileManager.default.fileExists(atPath: folder.path("site/5678/_search/meta.js")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("site/1234/_search")))
        #expect(
            !(try SiteFiles(root: folder.url.appendingPathComponent("site")).html("1234/index.html")).contains("search")
        )
    }

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func typingInTheBoxFindsPagesAndArrowAndEnterOpenOne() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try TemporaryFolder()
        try Self.build(in: folder)
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        let coffee = folder.path("site/" + (try site.pageFile("Coffee", in: "1234")))
        let found = try BrowserTesting.run(
            "search.py",
            [folder.path("site/1234/index.html"), "cafe", "Coffee", coffee, "draftonlyword", "otherwikiword"])
        #expect(found.status == 0, "\(found.output)")
        #expect(found.output.contains("ok: dark: ArrowDown and Enter land on the page"), "\(found.output)")
        let hostile = try BrowserTesting.run(
            "search.py",
            [
                folder.path("site/1234/index.html"), "quote scr", Self.hostileTitle,
                folder.path("site/" + (try site.pageFile(Self.hostileTitle, in: "1234"))),
            ])
        #expect(hostile.status == 0, "\(hostile.output)")
        let chinese = try BrowserTesting.run(
            "search.py",
            [
                folder.path("site/1234/index.html"), "引擎", "中文",
                folder.path("site/" + (try site.pageFile("中文", in: "1234"))),
            ])
        #expect(chinese.status == 0, "\(chinese.output)")
    }
}
