import Foundation
import TemporaryFolders
import Testing

/// End to end: the real `wikisite build` on `Examples/touchwiki.json`, asserting on the HTML.
/// `Examples/README.md` lists each document of that dump and what the build must do with it.
@Suite("wikisite build on the example database")
struct ExampleSiteTests {
    static let mobileDev = "5737529525067657"
    static let cuisine = "8831204477120935"

    let folder: TemporaryFolder
    let result: WikisiteCLI.Result

    init() throws {
        folder = try TemporaryFolder()
        result = try WikisiteCLI.run([
            "build", "--source", WikisiteCLI.example("touchwiki.json"), "--out", folder.path("site"),
        ])
    }

    /// The HTML of a file of the site.
    func html(_ relative: String) throws -> String {
        try folder.read("site/" + relative)
    }

    /// The file of the page titled `title` in `wiki`, found through the wiki's page list.
    func pageFile(_ title: String, in wiki: String) throws -> String {
        let list = try html("\(wiki)/_special/all-pages.html")
        let links = HTMLElements.elements("a", in: list).filter { $0.text == title }
        let link = try #require(links.first, "no entry \"\(title)\" in the page list of \(wiki)")
        let href = try #require(link.attributes["href"])
        let decoded = try #require(href.removingPercentEncoding)
        #expect(decoded.hasPrefix("../"))
        return wiki + "/" + decoded.dropFirst(3)
    }

    @Test func succeedsAndSummarises() throws {
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Published 2 wikis, 15 pages"))
        #expect(result.standardOutput.contains("Site written to"))
    }

    @Test func publishesExactlyTheLiveWikis() throws {
        let top = try FileManager.default.contentsOfDirectory(atPath: folder.path("site")).sorted()
        #expect(top == ["5737529525067657", "8831204477120935", "_assets", "index.html"])
        let index = try html("index.html")
        let wikiLinks = HTMLElements.elements("a", in: index).compactMap { $0.attributes["href"] }
        #expect(wikiLinks.contains("5737529525067657/index.html"))
        #expect(wikiLinks.contains("8831204477120935/index.html"))
    }

    @Test func listsEveryPublishedPageOnce() throws {
        let expected = [
            "../../evil/<script>alert('title')</script>", "C++: Notes", "REST API", "Replication", "Rest API",
            "Sandbox", "Sync Client", "Welcome", "cmark", "Über Sync",
        ]
        let pages = folder.files(under: "site/\(Self.mobileDev)").filter {
            !$0.hasPrefix("_special/") && !$0.hasPrefix("_search/") && $0 != "index.html"
        }
        #expect(pages.count == expected.count)
        for title in expected {
            let file = try pageFile(title, in: Self.mobileDev)
            let heading = HTMLElements.elements("h1", in: try html(file)).first
            #expect(heading?.text == title)
        }
    }

    @Test func resolvesEveryLinkFormOfTheWelcomePage() throws {
        let welcome = try html(pageFile("Welcome", in: Self.mobileDev))
        let links = HTMLElements.elements("a", in: welcome).filter {
            ($0.attributes["class"] ?? "").contains("wikilink")
        }
        func link(_ text: String) throws -> HTMLElement {
            try #require(links.first { $0.text == text }, "no wikilink \"\(text)\"")
        }
        let syncClient = try link("Sync Client")
        #expect(syncClient.attributes["class"] == "wikilink")
        let loginLink = try link("how it logs in")
        #expect(loginLink.attributes["href"] == syncClient.attributes["href"].map { $0 + "#authentication" })
        #expect(try link("How replication works").attributes["class"] == "wikilink")
        for missing in ["Push Notifications", "Old Build Notes", "Café"] {
            let element = try link(missing)
            #expect(element.attributes["class"] == "wikilink missing")
            #expect(element.attributes["title"]?.contains("does not exist") == true)
            #expect(element.attributes["href"]?.contains("/") == false, "a missing link stays in its wiki's folder")
        }
        #expect(try link("REST API").attributes["href"] != (try link("Rest API").attributes["href"]))
        #expect(try link("#Checklist").attributes["href"] == "#checklist")
        #expect(welcome.contains("<code>[[Sync Client]]</code>"))
    }

    @Test func everyRelativeLinkLandsOnAFileOfTheSite() throws {
        let siteRoot = folder.url.appendingPathComponent("site")
        for file in folder.files(under: "site") where file.hasSuffix(".html") {
            let page = siteRoot.appendingPathComponent(file)
            for element in HTMLElements.parse(try String(contentsOf: page, encoding: .utf8)) {
                guard let href = element.attributes["href"], !href.hasPrefix("#"), !href.contains(":") else { continue }
                let path = String(href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                let target = URL(fileURLWithPath: try #require(path.removingPercentEncoding), relativeTo: page)
                    .standardizedFileURL
                #expect(target.path.hasPrefix(siteRoot.path + "/"), "\(file): \(href) leaves the site")
                if (element.attributes["class"] ?? "").contains("missing") { continue }
                #expect(FileManager.default.fileExists(atPath: target.path), "\(file): \(href) leads nowhere")
            }
        }
    }

    @Test func leavesNoTraceOfTheDraft() throws {
        for file in folder.files(under: "site") {
            let text = try folder.read("site/" + file)
            for secret in ["Unreleased Roadmap", "Unreleased_Roadmap", "Nightjar", "Confidential"] {
                #expect(!text.contains(secret), "\(file) mentions the draft (\(secret))")
            }
        }
    }

    @Test func publishesTheConflictWinnerOnly() throws {
        let replication = try html(pageFile("Replication", in: Self.mobileDev))
        #expect(replication.contains("Conflicts are kept, not lost"))
        for file in folder.files(under: "site") {
            #expect(!(try folder.read("site/" + file)).contains("one-shot pull"))
        }
        #expect(
            result.standardOutput.contains(
                "\"5737529525067657:Replication\": winner 2-fbdca247c0213e9ffe30de12068baa3f"))
    }

    @Test func injectsNoScriptFromAnyDocument() throws {
        for file in folder.files(under: "site") where file.hasSuffix(".html") {
            let elements = HTMLElements.parse(try folder.read("site/" + file))
            // The only scripts are the theme's search scripts: nothing of a document runs.
            let scripts = elements.filter { $0.name == "script" }
            #expect(
                scripts.allSatisfy { $0.isThemeSearchScript },
                "\(file) has a script element of its own")
            for element in elements {
                for (name, value) in element.attributes {
                    #expect(!name.hasPrefix("on"), "\(file): <\(element.name) \(name)>")
                    #expect(!value.lowercased().hasPrefix("javascript:"), "\(file): \(name)=\(value)")
                }
            }
        }
        let sandbox = try html(pageFile("Sandbox", in: Self.mobileDev))
        #expect(sandbox.contains("&lt;b&gt;traun&lt;/b&gt;"))
        let home = try html("\(Self.mobileDev)/index.html")
        #expect(home.contains("&lt;b&gt;traun&lt;/b&gt;"))
    }

    @Test func keepsHostileTitlesInsideTheWikiFolder() throws {
        let file = try pageFile("../../evil/<script>alert('title')</script>", in: Self.mobileDev)
        #expect(file.split(separator: "/").count == 2)
        #expect(!folder.files(under: "site").contains { $0.contains("evil/") })
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("evil").path))
    }

    @Test func keepsTitlesThatDifferInCaseApart() throws {
        let upper = try pageFile("REST API", in: Self.mobileDev)
        let lower = try pageFile("Rest API", in: Self.mobileDev)
        #expect(upper.lowercased() != lower.lowercased())
        #expect(try pageFile("cmark", in: Self.mobileDev) == "\(Self.mobileDev)/cmark.html")
    }

    @Test func warnsAboutEachSkippedDocumentByIDAndLine() throws {
        let output = result.standardOutput
        let source = WikisiteCLI.example("touchwiki.json")
        #expect(output.contains("\(source):4: \"4242424242424242:Lost Page\": its wiki"))
        #expect(output.contains("\(source):7: \"5737529525067657:Broken Types\": field \"markdown\" is an array"))
        #expect(output.contains("\(source):9: \"5737529525067657:Misfiled\": field \"wiki_id\""))
        #expect(!output.contains("_design/touchwiki"))
        #expect(!output.contains("app-settings"))
    }

    @Test func rendersTheSandboxsGitHubFlavouredMarkdown() throws {
        let sandbox = try html(pageFile("Sandbox", in: Self.mobileDev))
        #expect(sandbox.contains("<div class=\"table-wrapper\" tabindex=\"0\" role=\"region\" aria-label=\"Table\">"))
        #expect(sandbox.contains("<th align=\"center\">Written</th>"))
        #expect(sandbox.contains("<td align=\"center\"><code>a | b</code></td>"))
        #expect(sandbox.contains("<td align=\"right\"><del>draft</del> done</td>"))
        #expect(sandbox.contains("<a href=\"http://www.couchbase.com\">www.couchbase.com</a>"))
        #expect(
            sandbox.contains(
                "<li><input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"Completed task\" /> tables</li>"))
        #expect(sandbox.contains("<a href=\"mailto:mobile@example.com\">mobile@example.com</a>"))
    }

    @Test func rendersHeadingIDs() throws {
        let page = try html(pageFile("Sync Client", in: Self.mobileDev))
        let ids = HTMLElements.parse(page).filter { ["h1", "h2", "h3"].contains($0.name) }.compactMap {
            $0.attributes["id"]
        }
        for id in ["authentication", "example", "retry-policy", "example-1"] {
            #expect(ids.contains(id), "no heading id \(id) in \(ids)")
        }
    }
}
