import Foundation
import TemporaryFolders
import Testing
import WikiDocuments

@testable import WikiConfiguration

/// `wikisite serve` following each kind of source: the embedded store, a dump, a database.
@Suite("wikisite serve follows its sources", .timeLimit(.minutes(10)))
struct ServeSourcesTests {
    /// Starts `wikisite serve` on `source` in `folder`.
    static func serve(_ source: String, in folder: TemporaryFolder) throws -> (ServeProcess, PreviewClient) {
        let server = try ServeProcess(["--port", "0", "--source", source, "--out", "preview"], in: folder.url)
        let url = try #require(server.servingURL(), "no Serving line; standard error: \(server.standardError)")
        return (server, PreviewClient(baseURL: url))
    }

    static func example(_ name: String) -> String {
        WikisiteBinary.repositoryRoot.appendingPathComponent("Examples/" + name).path
    }

    @Test func anImportIntoTheStoreRebuildsAndAnIdleStoreIsNotRebuilt() async throws {
        let folder = try TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(
            try WikisiteBinary.run(["import", Self.example("touchwiki.json"), "--store", store], in: folder.url).status
                == 0)
        let (server, client) = try Self.serve("store.sqlite", in: folder)
        let events = try await client.events()
        #expect(
            try WikisiteBinary.run(["import", Self.example("user-guide.json"), "--store", store], in: folder.url).status
                == 0)
        let event = try await events.next { $0.contains("event: build") }
        #expect(event.contains("\"index.html\""))
        for generation in 3...5 {
            let edit = """
                {"docs":[{"_id":"5737529525067657:Sync Client","_rev":"\(generation)-0e","type":"page",\
                "wiki_id":"5737529525067657","markdown":"Edit \(generation)."}]}
                """
            try folder.write(edit, to: "edit.json")
            let imported = try WikisiteBinary.run(
                ["import", folder.path("edit.json"), "--store", store], in: folder.url)
            #expect(imported.status == 0)
            _ = try await events.next { $0.contains("event: build") && $0.contains("Sync_Client~") }
        }
        // The builds read the store, which may touch its files: only a new sequence rebuilds, so
        // after the build of the import the server stays idle (a second is many builds' time).
        try await Task.sleep(for: .seconds(1))
        #expect(server.buildCount == 5, "\(server.standardError)")
        #expect(server.stop() == 0)
    }

    @Test func aDumpCutInHalfIsAnErrorAndItsReplacementByARenameIsFollowed() async throws {
        let folder = try TemporaryFolder()
        let dump = try String(contentsOfFile: Self.example("touchwiki.json"), encoding: .utf8)
        try folder.write(dump, to: "dump.json")
        let (server, client) = try Self.serve("dump.json", in: folder)
        let events = try await client.events()
        try folder.write(String(dump.prefix(dump.count / 2)), to: "dump.json")
        let error = try await events.next { $0.contains("event: error") }
        #expect(error.contains("dump.json"))
        #expect(try await client.fetch("").body.contains("\"error\":\"error: "))
        try folder.write(
            dump.replacingOccurrences(of: "The wiki of this page", with: "This wiki's page"), to: "dump.json")
        _ = try await events.next { $0.contains("event: build") }
        #expect(try await client.fetch("").body.contains("\"error\":null"))
        #expect(server.stop() == 0)
    }

    /// A database of one wiki with one page, `Start`.
    static func database(markdown: String) -> FakeCouchDatabase {
        var database = FakeCouchDatabase(style: .opaque)
        database.addLeaf(
            JSONObject([
                ("_id", .string("w1")), ("_rev", .string("1-a")), ("type", .string("wiki")), ("title", .string("W")),
            ]))
        database.addLeaf(page(revision: "1-b", markdown: markdown))
        return database
    }

    static func page(revision: String, markdown: String) -> JSONObject {
        JSONObject([
            ("_id", .string("w1:Start")), ("_rev", .string(revision)), ("type", .string("page")),
            ("wiki_id", .string("w1")), ("markdown", .string(markdown)),
        ])
    }

    @Test func aChangeOnTheDatabaseIsBuiltFromItsChangesFeed() async throws {
        let couch = try CouchTestServer(Self.database(markdown: "First words."))
        defer { couch.stop() }
        let folder = try TemporaryFolder()
        let (server, client) = try Self.serve(couch.url(), in: folder)
        let events = try await client.events()
        couch.update { $0.edit(Self.page(revision: "2-c", markdown: "Second words.")) }
        let event = try await events.next { $0.contains("event: build") }
        let page = try #require(event.split(separator: "\"").first { $0.hasPrefix("w1/Start") })
        #expect(try await client.fetch(String(page)).body.contains("Second words."))
        #expect(server.stop() == 0)
    }

    @Test func aServerThatRefusesTheCredentialsShowsTheErrorOnEveryPage() async throws {
        var configuration = CouchTestServer.Configuration()
        configuration.credentials = ("reader", "right")
        let couch = try CouchTestServer(Self.database(markdown: "Words."), configuration: configuration)
        defer { couch.stop() }
        let folder = try TemporaryFolder()
        let (server, client) = try Self.serve(couch.url(user: "reader", password: "wrong"), in: folder)
        let page = try await client.fetch("")
        #expect(page.status == 404)
        #expect(page.body.contains("\"error\":\"error: "), "\(server.standardError)")
        #expect(!page.body.contains("wrong"))
        #expect(server.stop() == 0)
    }
}
