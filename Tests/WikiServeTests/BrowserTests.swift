import BrowserTesting
import Foundation
import TemporaryFolders
import Testing

/// Live reload in headless Chromium, driven by Playwright for Python (`Tests/Browser/`). Without
/// Chromium or Playwright the tests are skipped, except on CI (`CI=true`), where they fail.
@Suite("Live reload in a browser", .timeLimit(.minutes(10)))
struct BrowserTests {
    /// Opens `url` in the browser, makes `change` once the page is open, and expects the page to
    /// show `text` by itself.
    static func expectPageFollows(_ url: String, toShow text: String, after change: () throws -> Void) throws {
        let output = Pipe()
        let run = try BrowserTesting.script("follow_edit.py", [url, text], output: output)
        var printed = Data()
        while !String(decoding: printed, as: UTF8.self).contains("opened\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += chunk
        }
        try change()
        printed += output.fileHandleForReading.readDataToEndOfFile()
        run.waitUntilExit()
        #expect(run.terminationStatus == 0, "\(String(decoding: printed, as: UTF8.self))")
    }

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func anOpenPageFollowsEditsTemplateErrorsAndRemovals() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try ServeCommandTests.makeNotes()
        let paragraphs = (0..<200).map { "Paragraph \($0)." }.joined(separator: "\n\n")
        try folder.write("# Install\n\nRun the installer. See [[Usage]].\n\n\(paragraphs)\n", to: "notes/Install.md")
        try folder.write("# Usage\n\nUse it.\n\n\(paragraphs)\n", to: "notes/Usage.md")
        let theme = WikisiteBinary.repositoryRoot.appendingPathComponent("Templates/page.mustache")
        try folder.write(try String(contentsOf: theme, encoding: .utf8), to: "templates/page.mustache")
        let (server, client) = try ServeCommandTests.serve(folder, ["--templates", "templates"])
        let output = Pipe()
        let run = try BrowserTesting.script("live_reload.py", [client.baseURL, folder.url.path], output: output)
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        #expect(run.terminationStatus == 0, "\(printed)\nserve:\n\(server.standardError)")
    }

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func anOpenPageFollowsAnImportIntoTheStore() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try TemporaryFolder()
        let store = folder.path("store.sqlite")
        let dump = ServeSourcesTests.example("touchwiki.json")
        #expect(try WikisiteBinary.run(["import", dump, "--store", store], in: folder.url).status == 0)
        let edit = """
            {"docs":[{"_id":"5737529525067657:Sync Client","_rev":"3-0e","type":"page",\
            "wiki_id":"5737529525067657","markdown":"# Sync Client\\n\\nImported from elsewhere."}]}
            """
        try folder.write(edit, to: "edit.json")
        let (server, client) = try ServeSourcesTests.serve("store.sqlite", in: folder)
        let page = try #require(folder.files(under: "preview/5737529525067657").first { $0.hasPrefix("Sync_Client~") })
        try Self.expectPageFollows(client.baseURL + "5737529525067657/" + page, toShow: "Imported from elsewhere.") {
            let imported = try WikisiteBinary.run(
                ["import", folder.path("edit.json"), "--store", store], in: folder.url)
            #expect(imported.status == 0, "\(imported.standardError)")
        }
        #expect(server.stop() == 0)
    }

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func anOpenPageFollowsAChangeOnTheDatabase() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let couch = try CouchTestServer(ServeSourcesTests.database(markdown: "First words."))
        defer { couch.stop() }
        let folder = try TemporaryFolder()
        let (server, client) = try ServeSourcesTests.serve(couch.url(), in: folder)
        let page = try #require(folder.files(under: "preview/w1").first { $0.hasPrefix("Start~") })
        try Self.expectPageFollows(client.baseURL + "w1/" + page, toShow: "Second words.") {
            couch.update { $0.edit(ServeSourcesTests.page(revision: "2-c", markdown: "Second words.")) }
        }
        #expect(server.stop() == 0)
    }

    /// A draft in a preview with `--drafts` opens with its banner, visible in both colour
    /// schemes, and passes axe-core in both.
    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func aDraftShowsItsBannerAndHasNoAxeViolation() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try ServeDraftsTests.makeNotesWithDraft()
        let (server, client) = try ServeCommandTests.serve(folder, ["--drafts"])
        let draft = client.baseURL + (try ServeCommandTests.page(ServeDraftsTests.draftFile, in: folder))
        let install = client.baseURL + (try ServeCommandTests.page("Install", in: folder))
        let banner = try BrowserTesting.run("draft_banner.py", [draft, install])
        #expect(banner.status == 0, "\(banner.output)")
        let axe = try BrowserTesting.run("accessibility.py", [draft])
        #expect(axe.status == 0, "\(axe.output)")
        #expect(axe.output.contains("checked 1 pages"), "\(axe.output)")
        #expect(server.stop() == 0)
    }

    /// The pages only the preview makes pass axe-core as the built ones do, light and dark: a
    /// page with the live-reload script, and the page for a path that names no file.
    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func thePreviewsOwnPagesHaveNoAxeViolation() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try ServeCommandTests.makeNotes()
        let (server, client) = try ServeCommandTests.serve(folder)
        let install = try ServeCommandTests.page("Install", in: folder)
        let axe = try BrowserTesting.run(
            "accessibility.py", [client.baseURL + install, client.baseURL + "notes/No%20such%20page.html"])
        #expect(axe.status == 0, "\(axe.output)")
        #expect(axe.output.contains("checked 2 pages"), "\(axe.output)")
        #expect(server.stop() == 0)
    }
}
