import AsyncHTTPClient
import Foundation
import Testing

/// `wikisite serve` under load and across restarts.
@Suite("wikisite serve under load", .timeLimit(.minutes(10)))
struct ServeLifecycleTests {
    @Test func aBurstOf500FileChangesGivesAtMostThreeBuilds() async throws {
        let folder = try ServeCommandTests.makeNotes()
        let (server, client) = try ServeCommandTests.serve(folder)
        let events = try await client.events()
        for index in 0..<500 { try folder.write("# Page \(index)\n\nText \(index).\n", to: "notes/Page \(index).md") }
        _ = try await events.next { $0.contains("499~") }
        #expect(server.buildCount - 1 <= 3, "\(server.standardError)")
    }

    @Test func aHundredEventStreamsAndAClientThatNeverReadsDoNotHoldUpBuilds() async throws {
        let folder = try ServeCommandTests.makeNotes()
        let (server, client) = try ServeCommandTests.serve(folder)
        let port = try #require(URL(string: client.baseURL)?.port)
        let install = try ServeCommandTests.page("Install", in: folder)
        let stuck = try RawHTTP.openWithoutReading("/_wikisite/events", port: port)
        defer { close(stuck) }
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 128)
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        var streams: [EventStream] = []
        for _ in 0..<100 { streams.append(try await client.events(using: httpClient)) }
        for stream in streams { _ = try await stream.next { $0.contains("wikisite live reload") } }
        for edit in 1...3 {
            try folder.write("# Install\n\nEdit \(edit).\n", to: "notes/Install.md")
            for stream in streams {
                let event = try await stream.next { $0.contains("event: build") }
                #expect(event.contains(install))
            }
            #expect(try await client.fetch(install).body.contains("Edit \(edit)."))
        }
        try await httpClient.shutdown()
        #expect(server.stop() == 0, "\(server.standardError)")
    }

    @Test func sigtermDuringABuildThenARestartConverges() async throws {
        let folder = try ServeCommandTests.makeNotes()
        for index in 0..<200 { try folder.write("# P\(index)\n\n[[Install]] \(index)\n", to: "notes/P\(index).md") }
        let (server, _) = try ServeCommandTests.serve(folder)
        for index in 0..<200 { try folder.write("# P\(index)\n\n[[Usage]] edited\n", to: "notes/P\(index).md") }
        _ = eventually { server.standardError.contains("rebuilt after") || server.buildCount > 1 }
        try folder.write("# Install\n\nLast edit.\n", to: "notes/Install.md")
        try await Task.sleep(for: .milliseconds(60))  // past the quiet time: the next build is under way
        #expect(server.stop(with: SIGTERM) == 0, "\(server.standardError)")
        let (restarted, client) = try ServeCommandTests.serve(folder)
        #expect(try await client.fetch(try ServeCommandTests.page("Install", in: folder)).body.contains("Last edit."))
        #expect(restarted.stop(with: SIGTERM) == 0)
        let clean = try WikisiteBinary.run(["build", "--source", "notes", "--out", "clean"], in: folder.url)
        #expect(clean.status == 0, "\(clean.standardError)")
        let files = folder.files(under: "preview")
        #expect(files == folder.files(under: "clean"))
        for file in files {
            let preview = FileManager.default.contents(atPath: folder.path("preview/" + file))
            #expect(preview == FileManager.default.contents(atPath: folder.path("clean/" + file)), "\(file)")
        }
    }
}
