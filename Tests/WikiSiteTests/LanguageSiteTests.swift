import BrowserTesting
import Foundation
import TemporaryFolders
import Testing

@testable import WikiSite

/// End to end, through the real CLI: the Chinese wiki of `Tests/ChineseWiki/` published with
/// `lang = "zh"` reads as a Chinese site on every kind of file, search included; the site index
/// stays in English; a strings file of `--templates` replaces one word.
@Suite("a wiki's language")
struct LanguageSiteTests {
    static let dump = WikisiteCLI.repositoryRoot.appendingPathComponent("Tests/ChineseWiki/wiki.json").path
    static let chinese = "[wikis.\"zh-wiki\"]\nlang = \"zh\"\nsearch = true\n"

    /// Builds the Chinese wiki into `site` of `folder` with `configuration`; returns the site.
    static func build(
        in folder: TemporaryFolder, configuration: String = chinese, _ options: [String] = []
    ) throws -> SiteFiles {
        try folder.write(configuration, to: "wikisite.toml")
        let run = try WikisiteCLI.run(
            ["build", "--source", dump, "--config", folder.path("wikisite.toml"), "--out", folder.path("site")]
                + options)
        #expect(run.status == 0, "\(run.standardError)")
        return SiteFiles(root: folder.url.appendingPathComponent("site"))
    }

    static func lang(of html: String) -> String? {
        HTMLElements.elements("html", in: html).first?.attributes["lang"]
    }

    @Test func everyKindOfFileOfTheWikiSaysItIsChinese() throws {
        let folder = try TemporaryFolder()
        let site = try Self.build(in: folder)
        let page = try site.pageFile("绿茶", in: "zh-wiki")
        let files = [
            page, "zh-wiki/index.html", "zh-wiki/_special/all-pages.html", "zh-wiki/_special/recent-changes.html",
            "zh-wiki/_special/statistics.html", "zh-wiki/_special/tags.html", "zh-wiki/龙井.html",
        ]
        for file in files + [try site.resolve(Self.tagHref(in: try site.html(page)), from: page)] {
            #expect(Self.lang(of: try site.html(file)) == "zh", "\(file)")
        }
        #expect(Self.lang(of: try site.html("index.html")) == "en", "the site index is in the site's language")
    }

    static func tagHref(in html: String) throws -> String {
        try #require(HTMLElements.elements("a", in: html).first { $0.attributes["class"] == "tag" }?.attributes["href"])
    }

    @Test func theThemesWordsAndDatesAreChinese() throws {
        let folder = try TemporaryFolder()
        let site = try Self.build(in: folder)
        let page = try site.html(try site.pageFile("绿茶", in: "zh-wiki"))
        #expect(page.contains(">链入页面</h2>"))
        #expect(page.contains(">目录</h2>"), "three headings make a table of contents")
        #expect(page.contains(#"最后更新于 <time datetime="2026-11-26T09:05:00Z">2026年11月26日 09:05 UTC</time>"#))
        #expect(page.contains(#"，更新者 <span class="user">王小明</span>。"#))
        #expect(page.contains(">所有页面</a>") && page.contains(">跳到正文</a>") && page.contains("由 wikisite 发布。"))
        #expect(!page.contains("What links here") && !page.contains("Last updated"))
        #expect(page.contains(#"data-preview-missing="此页面尚不存在""#), "a link preview's words too")
        let home = try site.html("zh-wiki/index.html")
        #expect(home.contains("<h2>最近更改</h2>") && home.contains("3 个页面，按字母顺序"))
        let recent = try site.html("zh-wiki/_special/recent-changes.html")
        #expect(recent.contains(#"<time datetime="2026-11-26">2026年11月26日 星期四</time>"#))
        #expect(recent.contains("<h1 class=\"page-title\">最近更改</h1>"))
        let statistics = try site.html("zh-wiki/_special/statistics.html")
        #expect(statistics.contains("<dt>每页字数</dt>"))
        let redirect = try site.html("zh-wiki/龙井.html")
        #expect(redirect.contains("<p>龙井 是 <a href=") && redirect.contains(">绿茶</a> 的另一个名称。</p>"))
    }

    @Test func anEnglishWikiKeepsItsWordsAndAChangeOfLanguageRewritesTheWiki() throws {
        let folder = try TemporaryFolder()
        let english = try Self.build(in: folder, configuration: "")
        #expect(try english.html(try english.pageFile("绿茶", in: "zh-wiki")).contains(">What links here</h2>"))
        try folder.write(Self.chinese, to: "wikisite.toml")
        let run = try WikisiteCLI.run(
            [
                "build", "--source", Self.dump, "--config", folder.path("wikisite.toml"), "--out",
                folder.path("site"), "--verify",
            ])
        #expect(run.standardOutput.contains("Full build: the configuration changed."), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("Verified"), "\(run.standardOutput)")
        #expect(try english.html(try english.pageFile("绿茶", in: "zh-wiki")).contains(">链入页面</h2>"))
    }

    @Test func aStringsFileInTheTemplatesFolderReplacesOneWord() throws {
        let folder = try TemporaryFolder()
        try folder.write("what_links_here = \"反向链接\"\n", to: "theme/strings-zh.toml")
        let site = try Self.build(in: folder, ["--templates", folder.path("theme")])
        let page = try site.html(try site.pageFile("绿茶", in: "zh-wiki"))
        #expect(page.contains(">反向链接</h2>"))
        #expect(page.contains(">所有页面</a>"), "the other words stay the default theme's")
    }

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func searchingAChinesePhraseFindsItsPageAndSaysNoResultInChinese() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try TemporaryFolder()
        let site = try Self.build(in: folder)
        let found = try BrowserTesting.run(
            "search.py",
            [
                folder.path("site/zh-wiki/index.html"), "半发酵", "乌龙茶",
                folder.path("site/" + (try site.pageFile("乌龙茶", in: "zh-wiki"))), "咖啡",
            ])
        #expect(found.status == 0, "\(found.output)")
        #expect(found.output.contains("'咖啡' finds nothing, and the box says so ('没有找到“咖啡”')"), "\(found.output)")
    }
}
