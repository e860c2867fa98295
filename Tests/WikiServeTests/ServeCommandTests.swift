import Foundation
import TemporaryFolders
import Testing

/// `wikisite serve` run as a user runs it, on a folder of Markdown.
@Suite("wikisite serve", .timeLimit(.minutes(10)))
struct ServeCommandTests {
    /// A folder of Markdown, `notes/`, with two pages that link to each other.
    static func makeNotes() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("---\ntitle: Notes\n---\nThe notes.\n", to: "notes/index.md")
        try folder.write("# Install\n\nRun the installer. See [[Usage]].\n", to: "notes/Install.md")
        try folder.write("# Usage\n\nUse it.\n", to: "notes/Usage.md")
        try folder.write("secret", to: "secret.txt")
        return folder
    }

    /// The site path of the page `title` (`Install`, `guide/Deep`) in the preview folder: pages'
    /// file names carry a suffix (`Install~mglbkpclbq.html`, `guide-Deep~fzc6ajtdrz.html`).
    static func page(_ title: String, in folder: TemporaryFolder) throws -> String {
        let prefix = title.replacingOccurrences(of: "/", with: "-") + "~"
        let files = folder.files(under: "preview/notes")
        let file = try #require(files.first { $0.hasPrefix(prefix) && !$0.contains("/") }, "no page \(title)")
        return "notes/" + file
    }

    /// Starts `wikisite serve` on a free port; the process and a client of its URL.
    static func serve(_ folder: TemporaryFolder, _ more: [String] = []) throws -> (ServeProcess, PreviewClient) {
        let server = try ServeProcess(["--port", "0", "--source", "notes", "--out", "preview"] + more, in: folder.url)
        let url = try #require(server.servingURL(), "no Serving line; standard error: \(server.standardError)")
        #expect(url.hasPrefix("http://127.0.0.1:"))
        return (server, PreviewClient(baseURL: url))
    }

    @Test func aPageIsServedWithTheScriptWhileItsFileStaysAsBuilt() async throws {
        let folder = try Self.makeNotes()
        let (server, client) = try Self.serve(folder)
        #expect(server.standardOutput.split(separator: "\n").count == 1)
        let install = try Self.page("Install", in: folder)
        let page = try await client.fetch(install)
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.headers["cache-control"] == "no-cache")
        #expect(page.body.contains("Run the installer."))
        #expect(page.body.contains("window.wikisiteLive={\"path\":\"\(install)\""))
        let file = try String(contentsOfFile: folder.path("preview/" + install), encoding: .utf8)
        #expect(!file.contains("wikisiteLive"))
        #expect(page.body.utf8.count > file.utf8.count)
        let head = try await client.fetch(install, method: .HEAD)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == String(page.body.utf8.count))
        let css = try await client.fetch("_assets/style.css")
        #expect(css.headers["content-type"] == "text/css; charset=utf-8")
        #expect(!css.body.contains("wikisiteLive"))
        #expect(try await client.fetch("").body.contains("wikisiteLive"))
    }

    @Test func aMissingPageIsA404ThatSaysWhatWasAskedForEscaped() async throws {
        let folder = try Self.makeNotes()
        let (server, client) = try Self.serve(folder)
        let page = try await client.fetch("notes/%3Cscript%3Ealert(1)%3C%2Fscript%3E")
        #expect(page.status == 400)
        let missing = try await client.fetch("notes/%3Cb%3ENope.html")
        #expect(missing.status == 404)
        #expect(missing.body.contains("/notes/%3Cb%3ENope.html"))
        #expect(!missing.body.contains("<b>Nope"))
        #expect(server.stop() == 0)
    }

    @Test func editingAMarkdownFileSendsABuildEventAndServesTheNewPage() async throws {
        let folder = try Self.makeNotes()
        let (server, client) = try Self.serve(folder)
        let install = try Self.page("Install", in: folder)
        let events = try await client.events()
        #expect(events.headers.first(name: "content-type") == "text/event-stream; charset=utf-8")
        _ = try await events.next { $0.contains("wikisite live reload") }
        try folder.write("# Install\n\nRun the new installer. See [[Usage]].\n", to: "notes/Install.md")
        let event = try await events.next { $0.contains("event: build") }
        #expect(event.contains("\"\(install)\""))
        #expect(!event.contains(try Self.page("Usage", in: folder)))
        #expect(try await client.fetch(install).body.contains("Run the new installer."))
        #expect(server.stop() == 0, "stopped by SIGTERM with an event stream open: \(server.standardError)")
    }

    @Test func deletingAPageListsItAsRemoved() async throws {
        let folder = try Self.makeNotes()
        let (server, client) = try Self.serve(folder)
        let usage = try Self.page("Usage", in: folder)
        let events = try await client.events()
        try FileManager.default.removeItem(atPath: folder.path("notes/Usage.md"))
        let event = try await events.next { $0.contains("event: build") }
        // The page's file, then its entry's search document shard.
        #expect(event.contains("\"removed\":[\"\(usage)\""), "\(event)")
        #expect(try await client.fetch(usage).status == 404)
        #expect(server.stop() == 0, "stopped by SIGTERM with an event stream open: \(server.standardError)")
    }

    @Test func aFolderMovedIntoTheSourceIsFollowed() async throws {
        let folder = try Self.makeNotes()
        let (server, client) = try Self.serve(folder)
        let events = try await client.events()
        try folder.write("# Deep\n\nDeep text.\n", to: "outside/guide/Deep.md")
        try FileManager.default.moveItem(atPath: folder.path("outside/guide"), toPath: folder.path("notes/guide"))
        let event = try await events.next { $0.contains("Deep~") }
        #expect(event.contains("event: build"))
        try folder.write("# Deep\n\nDeeper text.\n", to: "notes/guide/Deep.md")
        _ = try await events.next { $0.contains("Deep~") }
        #expect(try await client.fetch(try Self.page("guide/Deep", in: folder)).body.contains("Deeper text."))
        #expect(server.stop() == 0, "stopped by SIGTERM with an event stream open: \(server.standardError)")
    }

    @Test func editorsTemporaryFilesDoNotRebuild() async throws {
        let folder = try Self.makeNotes()
        let (server, client) = try Self.serve(folder)
        let events = try await client.events()
        try folder.write("swap", to: "notes/.Install.md.swp")
        try folder.write("backup", to: "notes/Install.md~")
        try folder.write("vim", to: "notes/4913")
        try folder.write("# Usage\n\nUsed.\n", to: "notes/Usage.md")
        _ = try await events.next { $0.contains("event: build") }
        _ = eventually { server.buildCount == 2 }
        // A save that reaches the disk in two writes may be two builds (a single change settles
        // after 5 ms): each names the note, never a temporary file.
        let rebuilds = server.standardError.split(separator: "\n").filter { $0.hasPrefix("rebuilt after") }
        #expect(!rebuilds.isEmpty, "\(server.standardError)")
        for rebuild in rebuilds {
            #expect(rebuild.contains("Usage.md"), "\(server.standardError)")
            #expect(!rebuild.contains(".swp") && !rebuild.contains("Install.md~") && !rebuild.contains("4913"))
        }
    }

    @Test func aBadConfigurationKeyIsAnErrorEventAndTheLastGoodSiteStays() async throws {
        let folder = try Self.makeNotes()
        let (server, client) = try Self.serve(folder)
        let events = try await client.events()
        try folder.write("no_such_key = 1\n", to: "wikisite.toml")
        let error = try await events.next { $0.contains("event: error") }
        #expect(error.contains("no_such_key"))
        let install = try Self.page("Install", in: folder)
        let page = try await client.fetch(install)
        #expect(page.status == 200)
        #expect(page.body.contains("Run the installer."))
        #expect(page.body.contains("\"error\":\"error: "))
        try FileManager.default.removeItem(atPath: folder.path("wikisite.toml"))
        _ = try await events.next { $0.contains("event: build") }
        #expect(try await client.fetch(install).body.contains("\"error\":null"))
        #expect(server.stop() == 0, "stopped by SIGTERM with an event stream open: \(server.standardError)")
    }

    @Test func aPortInUseIsAnErrorThatNamesThePortAndSuggestsPortZero() throws {
        let folder = try Self.makeNotes()
        let (first, client) = try Self.serve(folder)
        let port = try #require(URL(string: client.baseURL)?.port)
        let second = try ServeProcess(["--port", "\(port)", "--source", "notes", "--out", "other"], in: folder.url)
        #expect(second.waitForExit() == 1)
        #expect(second.standardError.contains("port \(port)"))
        #expect(second.standardError.contains("--port 0"))
        #expect(!second.standardOutput.contains("Serving"))
        #expect(first.stop() == 0)
    }

    @Test func pathTraversalOverHTTPIsRefused() throws {
        let folder = try Self.makeNotes()
        let (server, client) = try Self.serve(folder)
        let port = try #require(URL(string: client.baseURL)?.port)
        let targets = [
            "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/notes/..%2f..%2fsecret.txt",
            "/notes/%2e%2e/%2e%2e/secret.txt", "/..\\secret.txt", "/notes/%00/secret.txt", "//secret.txt",
            "/notes/../../secret.txt",
        ]
        for target in targets {
            let response = try RawHTTP.request(target, port: port)
            let body = response.components(separatedBy: "\r\n\r\n").dropFirst().joined()
            // An empty response is the HTTP parser refusing the request line outright.
            let refused = response.isEmpty || response.hasPrefix("HTTP/1.1 400") || response.hasPrefix("HTTP/1.1 404")
            #expect(refused, "\(target): \(response.prefix(300))")
            #expect(body != "secret", "\(target) served the file outside the preview folder")
        }
        #expect(server.stop() == 0)
    }

    @Test func serveRefusesAFolderThatBuildWrote() throws {
        let folder = try Self.makeNotes()
        let built = try WikisiteBinary.run(["build", "--source", "notes", "--out", "site"], in: folder.url)
        #expect(built.status == 0, "\(built.standardError)")
        let server = try ServeProcess(["--port", "0", "--source", "notes", "--out", "site"], in: folder.url)
        #expect(server.waitForExit() == 1)
        #expect(server.standardError.contains("site holds a site wikisite build wrote"))
        #expect(!server.standardOutput.contains("Serving"))
    }

    @Test func buildRefusesAPreviewFolder() throws {
        let folder = try Self.makeNotes()
        let (server, _) = try Self.serve(folder)
        #expect(server.stop() == 0)
        let built = try WikisiteBinary.run(["build", "--source", "notes", "--out", "preview"], in: folder.url)
        #expect(built.status == 2)
        #expect(built.standardError.contains("preview is the preview folder of wikisite serve"))
    }

    @Test func withoutOutThePreviewHasAFolderOfItsOwn() throws {
        let folder = try Self.makeNotes()
        let server = try ServeProcess(["--port", "0", "--source", "notes"], in: folder.url)
        _ = try #require(server.servingURL(), "\(server.standardError)")
        #expect(server.stop() == 0)
        #expect(folder.files(under: ".wikisite/preview/site").contains("index.html"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("_site")))
    }

    @Test func aHostOtherThanLoopbackIsWarnedOfAndCtrlCStopsTheServer() throws {
        let folder = try Self.makeNotes()
        let server = try ServeProcess(["--host", "0.0.0.0", "--port", "0", "--source", "notes"], in: folder.url)
        let url = try #require(server.servingURL(), "\(server.standardError)")
        #expect(url.hasPrefix("http://0.0.0.0:"))
        #expect(server.standardError.contains("warning: --host 0.0.0.0 makes the preview visible"))
        #expect(server.stop(with: SIGINT) == 0)
    }
}
