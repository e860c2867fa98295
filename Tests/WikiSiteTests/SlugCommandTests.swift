import Foundation
import TemporaryFolders
import Testing

/// End to end: a wiki's `slug` in `wikisite.toml` names its folder everywhere the folder shows
/// (its files, the site index, sitemaps, feeds, canonical links, the summary, `--explain`), and
/// changing it moves the wiki's files on the next build.
@Suite("wikisite build with a wiki's slug")
struct SlugCommandTests {
    static let mobileDev = "5737529525067657"
    static let cuisine = "8831204477120935"
    static let base = "https://wiki.example.org/docs/"

    /// Writes `wikisite.toml` building `Examples/touchwiki.json` into `site`, giving Mobile Dev
    /// the slug `slug` (none: no table).
    @discardableResult
    static func configure(_ folder: TemporaryFolder, slug: String?) throws -> String {
        var text = """
            sources = ["\(WikisiteCLI.example("touchwiki.json"))"]
            output = "site"

            """
        if let slug { text += "[wikis.\"\(mobileDev)\"]\nslug = \"\(slug)\"\n" }
        return try folder.write(text, to: "wikisite.toml")
    }

    /// Every file below `root`, as paths relative to it.
    static func files(below root: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: root).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }
    }

    @Test func theSlugNamesTheWikisFolderEverywhere() throws {
        let folder = try TemporaryFolder()
        let config = try Self.configure(folder, slug: "mobile-dev")
        let run = try WikisiteCLI.run(["build", "--config", config, "--base-url", Self.base, "--explain"])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))

        #expect(site.exists("mobile-dev/index.html"))
        #expect(!site.exists(Self.mobileDev), "no folder named after the ID")
        #expect(site.exists("\(Self.cuisine)/index.html"), "a wiki without a slug keeps the folder of its ID")
        let paths = try Self.files(below: folder.path("site"))
        #expect(!paths.contains { $0.hasPrefix(Self.mobileDev) })
        for path in paths where path.hasSuffix(".html") || path.hasSuffix(".xml") || path.hasSuffix(".atom") {
            #expect(!(try site.html(path)).contains(Self.mobileDev + "/"), "\(path) names the ID's folder")
        }

        let wikiLinks = HTMLElements.elements("a", in: try site.html("index.html")).compactMap { $0.attributes["href"] }
        #expect(wikiLinks.contains("mobile-dev/index.html"))
        #expect(wikiLinks.contains("\(Self.cuisine)/index.html"))

        let page = try site.pageFile("Sync Client", in: "mobile-dev")
        #expect(page.hasPrefix("mobile-dev/"))
        #expect(site.exists(page))
        let pageLinks = HTMLElements.elements("a", in: try site.html(page)).compactMap { $0.attributes["href"] }
        for href in pageLinks where !href.contains(":") && !href.hasPrefix("#") {
            #expect(site.exists(try site.resolve(href, from: page)), "\(page) links to \(href)")
        }
        let canonical = try #require(
            HTMLElements.elements("link", in: try site.html(page)).first { $0.attributes["rel"] == "canonical" })
        #expect(canonical.attributes["href"]?.removingPercentEncoding == Self.base + page)

        let index = try site.html("sitemap.xml")
        #expect(index.contains("<loc>\(Self.base)mobile-dev/_sitemap.xml</loc>"))
        #expect(index.contains("<loc>\(Self.base)\(Self.cuisine)/_sitemap.xml</loc>"))
        let sitemap = try site.html("mobile-dev/_sitemap.xml")
        #expect(sitemap.contains("<loc>\(Self.base)mobile-dev/index.html</loc>"))
        let locations = sitemap.components(separatedBy: "<loc>").dropFirst().map {
            String($0.prefix { $0 != "<" })
        }
        #expect(locations.count > 5)
        #expect(locations.allSatisfy { $0.hasPrefix(Self.base + "mobile-dev/") })
        #expect(locations.contains { $0.removingPercentEncoding == Self.base + page })
        let feed = try site.html("mobile-dev/_special/feed.atom")
        #expect(feed.contains("<id>\(Self.base)mobile-dev/_special/feed.atom</id>"))
        #expect(feed.contains("href=\"\(Self.base)mobile-dev/index.html\""))

        #expect(run.standardOutput.contains("\"Mobile Dev\": "))
        #expect(run.standardOutput.contains("pages → mobile-dev/index.html"))
        #expect(run.standardOutput.contains("written   mobile-dev/index.html: full build"))
        #expect(!run.standardOutput.contains("\(Self.mobileDev)/"))
    }

    @Test func changingTheSlugMovesTheWikisFiles() throws {
        let folder = try TemporaryFolder()
        let config = try Self.configure(folder, slug: "mobile-dev")
        let first = try WikisiteCLI.run(["build", "--config", config])
        #expect(first.status == 0, "\(first.standardOutput)\(first.standardError)")
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        #expect(site.exists("mobile-dev/index.html"))

        let unchanged = try WikisiteCLI.run(["build", "--config", config, "--verify"])
        #expect(unchanged.status == 0, "\(unchanged.standardOutput)\(unchanged.standardError)")
        #expect(
            unchanged.standardOutput.contains("Incremental build: no source changed since the last build read it"))
        #expect(unchanged.standardOutput.contains("Verified: the site is byte for byte the same as a clean build."))

        try Self.configure(folder, slug: "mobile")
        let moved = try WikisiteCLI.run(["build", "--config", config, "--explain", "--verify"])
        #expect(moved.status == 0, "\(moved.standardOutput)\(moved.standardError)")
        #expect(moved.standardOutput.contains("Full build: the configuration changed."))
        #expect(moved.standardOutput.contains("removed   mobile-dev/index.html: full build: the configuration changed"))
        #expect(moved.standardOutput.contains("Verified: the site is byte for byte the same as a clean build."))
        #expect(site.exists("mobile/index.html"))
        #expect(site.exists(try site.pageFile("Sync Client", in: "mobile")))
        #expect(!site.exists("mobile-dev"), "the old folder is gone, emptied folders with it")
        let links = HTMLElements.elements("a", in: try site.html("index.html")).compactMap { $0.attributes["href"] }
        #expect(links.contains("mobile/index.html"))
        #expect(!links.contains("mobile-dev/index.html"))

        try Self.configure(folder, slug: nil)
        let unslugged = try WikisiteCLI.run(["build", "--config", config])
        #expect(unslugged.status == 0, "\(unslugged.standardOutput)\(unslugged.standardError)")
        #expect(site.exists("\(Self.mobileDev)/index.html"))
        #expect(!site.exists("mobile"))
        #expect(try Self.files(below: folder.path("site")).allSatisfy { !$0.hasPrefix("mobile") })
    }

    @Test func aSlugTakingAnotherWikisFolderFailsTheBuildBeforeAnythingIsWritten() throws {
        let folder = try TemporaryFolder()
        let config = try Self.configure(folder, slug: Self.cuisine)
        let run = try WikisiteCLI.run(["build", "--config", config])
        #expect(run.status == 2)
        #expect(
            run.standardError.contains(
                "the slug \"\(Self.cuisine)\" of wiki \"\(Self.mobileDev)\" is also the folder of wiki "
                    + "\"\(Self.cuisine)\""))
        #expect(!FileManager.default.fileExists(atPath: folder.path("site")))
    }
}
