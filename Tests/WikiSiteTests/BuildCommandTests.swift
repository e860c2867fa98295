import Foundation
import Synchronization
import TemporaryFolders
import Testing

/// End to end: how `wikisite build` behaves across runs, options and failures.
@Suite("wikisite build, its options and failures")
struct BuildCommandTests {
    let touchwiki = WikisiteCLI.example("touchwiki.json")
    let guide = WikisiteCLI.example("user-guide.json")

    @Test func strictFailsOnWarningsButTheGuideIsClean() throws {
        let folder = try TemporaryFolder()
        let strict = try WikisiteCLI.run(["build", "--source", touchwiki, "--out", folder.path("a"), "--strict"])
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("--strict"))
        let clean = try WikisiteCLI.run(["build", "--source", guide, "--out", folder.path("b"), "--strict"])
        #expect(clean.status == 0, "\(clean.standardOutput)\(clean.standardError)")
    }

    @Test func wikiOptionPublishesOnlyThatWiki() throws {
        let folder = try TemporaryFolder()
        let run = try WikisiteCLI.run([
            "build", "--source", touchwiki, "--out", folder.path("site"), "--wiki", "8831204477120935",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let top = try FileManager.default.contentsOfDirectory(atPath: folder.path("site")).sorted()
        #expect(top == ["8831204477120935", "_assets", "index.html"])
        for file in folder.files(under: "site") {
            let text = try folder.read("site/" + file)
            for trace in ["5737529525067657", "Über Sync", "Sandbox", "Conflicts are kept", "traun"] {
                #expect(!text.contains(trace), "\(file) shows \(trace) of the other wiki")
            }
        }
    }

    @Test func unknownWikiFailsWithTheKnownOnes() throws {
        let folder = try TemporaryFolder()
        let run = try WikisiteCLI.run(["build", "--source", touchwiki, "--out", folder.path("site"), "--wiki", "nope"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("\"nope\""))
        #expect(run.standardError.contains("8831204477120935"))
    }

    @Test func sameDocumentsGiveByteIdenticalSites() throws {
        let folder = try TemporaryFolder()
        try WikisiteCLI.run(["build", "--source", touchwiki, "--source", guide, "--out", folder.path("one")])
        try WikisiteCLI.run(["build", "--source", guide, "--source", touchwiki, "--out", folder.path("two")])
        let one = try folder.snapshot("one")
        #expect(!one.isEmpty)
        #expect(one == (try folder.snapshot("two")))
    }

    @Test func rebuildingUnchangedDocumentsWritesNothing() throws {
        let folder = try TemporaryFolder()
        try WikisiteCLI.run(["build", "--source", touchwiki, "--out", folder.path("site")])
        let again = try WikisiteCLI.run(["build", "--source", touchwiki, "--out", folder.path("site")])
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("Files: 0 written"))
        #expect(again.standardOutput.contains("0 removed"))
    }

    @Test func malformedDumpStopsBeforeTouchingTheSite() throws {
        let folder = try TemporaryFolder()
        try WikisiteCLI.run(["build", "--source", touchwiki, "--out", folder.path("site")])
        let before = try folder.snapshot("site")
        let whole = try String(contentsOfFile: touchwiki, encoding: .utf8)
        let truncated = try folder.write(String(whole.prefix(whole.count / 2)), to: "truncated.json")
        let run = try WikisiteCLI.run(["build", "--source", truncated, "--out", folder.path("site")])
        #expect(run.status == 1)
        #expect(run.standardError.contains("truncated.json:"))
        #expect(run.standardError.contains("byte"))
        #expect(try folder.snapshot("site") == before)
    }

    @Test func removesWhatItMadeAndNoLongerNeedsButNothingElse() throws {
        let folder = try TemporaryFolder()
        try WikisiteCLI.run(["build", "--source", touchwiki, "--out", folder.path("site")])
        try folder.write("mine", to: "site/CNAME")
        try folder.write("mine too", to: "site/5737529525067657/notes.txt")
        let narrower = try WikisiteCLI.run([
            "build", "--source", touchwiki, "--out", folder.path("site"), "--wiki", "8831204477120935",
        ])
        #expect(narrower.status == 0)
        let files = folder.files(under: "site")
        #expect(files.contains("CNAME"))
        #expect(files.contains("5737529525067657/notes.txt"))
        #expect(!files.contains { $0.hasPrefix("5737529525067657/") && $0.hasSuffix(".html") })
        #expect(files.contains("8831204477120935/index.html"))
    }

    @Test func concurrentBuildsIntoOneFolderBothSucceed() throws {
        let folder = try TemporaryFolder()
        let arguments = ["build", "--source", touchwiki, "--source", guide, "--out", folder.path("site")]
        let results = Mutex<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let status = (try? WikisiteCLI.run(arguments).status) ?? -1
            results.withLock { $0.append(status) }
        }
        #expect(results.withLock { $0 } == [0, 0])
        try WikisiteCLI.run(["build", "--source", touchwiki, "--source", guide, "--out", folder.path("clean")])
        #expect(try folder.snapshot("site") == (try folder.snapshot("clean")))
    }

    @Test func templatesFolderReplacesOneTemplateAndKeepsTheRest() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "<article class=\"custom\"><h1>{{title}}</h1>{{{bodyHTML}}}</article>\n", to: "theme/page.mustache")
        let run = try WikisiteCLI.run([
            "build", "--source", guide, "--out", folder.path("site"), "--templates", folder.path("theme"),
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let pages = folder.files(under: "site/wikisite-guide").filter { $0.hasPrefix("Getting") }
        let page = try folder.read("site/wikisite-guide/" + (try #require(pages.first)))
        #expect(HTMLElements.elements("article", in: page).first?.attributes["class"] == "custom")
        let home = try folder.read("site/wikisite-guide/index.html")
        #expect(HTMLElements.elements("html", in: home).first?.attributes["lang"] == "en", "the default layout stays")
    }

    /// A file of the folder that is no file of a theme (a misspelt name) changes nothing, and
    /// the summary says so rather than ignore it silently.
    @Test func filesThatAreNoThemeFileAreNamedInTheSummary() throws {
        let folder = try TemporaryFolder()
        try folder.write("<p>{{title}}</p>\n", to: "theme/pages.mustache")
        try folder.write("notes\n", to: "theme/notes.txt")
        let run = try WikisiteCLI.run([
            "build", "--source", guide, "--out", folder.path("site"), "--templates", folder.path("theme"),
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let output = run.standardOutput + run.standardError
        #expect(
            output.contains(
                "Note: --templates: ignored \"notes.txt\", \"pages.mustache\", not files of a theme (names are exact: "
                    + "layout.mustache, page.mustache,"))
        #expect(try WikisiteCLI.run(["build", "--source", guide, "--out", folder.path("plain")]).status == 0)
        #expect(try folder.snapshot("site") == (try folder.snapshot("plain")))
    }

    @Test func brokenTemplateStopsBeforeWritingAndNamesTheLine() throws {
        let folder = try TemporaryFolder()
        try folder.write("<p>\n{{#title}}unclosed\n", to: "theme/page.mustache")
        let run = try WikisiteCLI.run([
            "build", "--source", guide, "--out", folder.path("site"), "--templates", folder.path("theme"),
        ])
        #expect(run.status == 1)
        #expect(run.standardError.contains("page.mustache:"))
        #expect(folder.files(under: "site").isEmpty)
    }

    @Test func badUsageExitsTwo() throws {
        let empty = try TemporaryFolder()
        #expect(try WikisiteCLI.run(["build"], in: empty.url).status == 2, "no source and no default store")
        #expect(try WikisiteCLI.run(["build", "--out", ""], in: empty.url).status == 2)
        #expect(try WikisiteCLI.run(["build", "--source", touchwiki, "--link-style", "wrong"]).status == 2)
    }

    @Test func missingSourceFileIsAClearFailure() throws {
        let folder = try TemporaryFolder()
        let run = try WikisiteCLI.run(["build", "--source", folder.path("nothing.json"), "--out", folder.path("site")])
        #expect(run.status == 1)
        #expect(run.standardError.contains("nothing.json"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("site/index.html")))
    }
}

/// End to end: `wikisite render`, Markdown on standard input.
@Suite("wikisite render")
struct RenderCommandTests {
    @Test func rendersMarkdownAndWikilinks() throws {
        let run = try WikisiteCLI.run(["render", "--wiki", "w"], input: "# Title\n\nSee [[cmark]] and *this*.\n")
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("<h1 id=\"title\">Title</h1>"))
        #expect(run.standardOutput.contains("<em>this</em>"))
        let link = try #require(HTMLElements.elements("a", in: run.standardOutput).first)
        #expect(link.attributes["href"] == "cmark.html")
        #expect(link.attributes["class"] == "wikilink")
    }

    @Test func marksLinksMissingFromTheSources() throws {
        let run = try WikisiteCLI.run(
            ["render", "--wiki", "5737529525067657", "--source", WikisiteCLI.example("touchwiki.json")],
            input: "[[Sync Client]] [[Nowhere]]\n")
        #expect(run.status == 0, "\(run.standardError)")
        let links = HTMLElements.elements("a", in: run.standardOutput)
        #expect(links.map { $0.attributes["class"] ?? "" } == ["wikilink", "wikilink missing"])
    }

    @Test func embedsPagesOfTheSources() throws {
        let run = try WikisiteCLI.run(
            ["render", "--wiki", "wikisite-guide", "--source", WikisiteCLI.example("user-guide.json")],
            input: "![[Safety#No script injection]]\n\n![[Nowhere]]\n")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("<div class=\"embed\">"))
        #expect(run.standardOutput.contains("<h2>No script injection</h2>"))
        let links = HTMLElements.elements("a", in: run.standardOutput)
        #expect(links.last?.attributes["class"] == "wikilink missing")
    }

    @Test func readsGollumOrder() throws {
        let run = try WikisiteCLI.run(["render", "--link-style", "gollum"], input: "[[the label|cmark]]\n")
        let link = try #require(HTMLElements.elements("a", in: run.standardOutput).first)
        #expect(link.text == "the label")
        #expect(link.attributes["href"] == "cmark.html")
    }
}
