import Foundation
import TemporaryFolders
import Testing
import WikiDocuments
import WikiStore

@testable import WikiConfiguration

/// The real `wikisite` executable, built beside the test bundle.
enum Wikisite {
    static let executable: URL = {
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        if folder.lastPathComponent.hasSuffix(".xctest") || folder.lastPathComponent == "MacOS" {
            folder = Bundle.main.bundleURL.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("wikisite")
    }()

    /// The repository's `Examples/` folder.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    /// Whether the CLI has `pull` and reads `http://` sources (the commands are registered and
    /// `DocumentSources.open` knows URLs).
    static let readsServers: Bool = {
        guard let help = try? run(["help", "pull"]) else { return false }
        return help.status == 0 && help.output.contains("--continuous")
    }()

    struct Result {
        let status: Int32
        let output: String
        let errors: String
    }

    /// Runs `wikisite arguments` to its end.
    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errorData = Locked(Data())
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = data }
            drained.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData.value, as: UTF8.self))
    }
}

@Suite("wikisite pull and build --source http://…", .enabled(if: Wikisite.readsServers))
struct CouchCommandLineTests {
    @Test("pull replicates into a store, resumes, and never prints the password")
    func pull() throws {
        let folder = try TemporaryFolder()
        var configuration = CouchTestServer.Configuration()
        configuration.credentials = ("reader", "pw-9f3e1")
        let server = try CouchTestServer(Fixture.database(.opaque), configuration: configuration)
        defer { server.stop() }
        let url = server.url(user: "reader", password: "pw-9f3e1")
        let store = folder.path("store.sqlite")

        let first = try Wikisite.run(["pull", url, "--store", store])

        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.contains("pulling http://127.0.0.1:\(server.port)/db into \(store) from the start"))
        #expect(first.output.contains("done: 13 changes read, 13 documents added, 1 updated, 0 unchanged"))
        #expect(!(first.output + first.errors).contains("pw-9f3e1"))
        #expect(try Fixture.leaves(of: DocumentStore(path: store)) == Fixture.leaves(of: server.database))

        let firstEnd = server.database.updateSequence
        server.update { $0.edit(Fixture.page("w1:Page 4", "2-44")) }
        let second = try Wikisite.run(["pull", url, "--store", store])

        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output.contains("from sequence \"\(firstEnd)-g1AAAA"))
        #expect(second.output.contains("done: 1 change read, 0 documents added, 1 updated, 0 unchanged"))
        #expect(try Fixture.leaves(of: DocumentStore(path: store)) == Fixture.leaves(of: server.database))
    }

    @Test("pull of a missing database fails with exit status 1, naming it without credentials")
    func pullMissing() throws {
        let folder = try TemporaryFolder()
        let server = try CouchTestServer(Fixture.database(.integer))
        defer { server.stop() }

        let result = try Wikisite.run([
            "pull", "http://u:topsecret@127.0.0.1:\(server.port)/other", "--store", folder.path("s.sqlite"),
        ])

        #expect(result.status == 1)
        #expect(result.errors.contains("database not found: http://127.0.0.1:\(server.port)/other"))
        #expect(!(result.output + result.errors).contains("topsecret"))
    }

    @Test("pull --continuous follows the feed until SIGINT")
    func pullContinuous() throws {
        let folder = try TemporaryFolder()
        let server = try CouchTestServer(Fixture.database(.integer))
        defer { server.stop() }
        let store = folder.path("store.sqlite")
        let process = Process()
        process.executableURL = Wikisite.executable
        process.arguments = ["pull", server.url(), "--store", store, "--continuous"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let printed = Locked(Data())
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            printed.withLock { $0 += data }
        }
        let text = { String(decoding: printed.value, as: UTF8.self) }
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        try waitUntil { text().contains("waiting for changes") }
        server.update { $0.addLeaf(Fixture.page("w1:Live", "1-77")) }
        try waitUntil { text().contains("\n1 change: 1 revision, 1 new to the store") }
        process.interrupt()
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil

        #expect(process.terminationStatus == 0)
        #expect(text().contains("\nstopped: 14 changes read, 14 documents added, 1 updated"))
        #expect(try Fixture.leaves(of: DocumentStore(path: store)) == Fixture.leaves(of: server.database))
    }

    @Test(
        "building from a server, from the dump it holds, or from its _all_docs or continuous feed saved as dumps gives the same site, byte for byte"
    )
    func buildFromServer() throws {
        let folder = try TemporaryFolder()
        let dump = Wikisite.examples.appendingPathComponent("touchwiki.json").path
        var database = FakeCouchDatabase(style: .opaque)
        try database.load(allDocsDump: String(contentsOfFile: dump, encoding: .utf8))
        let server = try CouchTestServer(database)
        defer { server.stop() }
        // As `curl` saves them: the winners, each naming its conflicts (`_conflicts`).
        let allDocs = folder.path("all-docs.json")
        try Data(Fixture.get(server, "/_all_docs", [("include_docs", "true"), ("conflicts", "true")]))
            .write(to: URL(fileURLWithPath: allDocs))
        let feed = folder.path("continuous.json")
        try Data(
            Fixture.get(
                server, "/_changes",
                [("feed", "continuous"), ("include_docs", "true"), ("conflicts", "true"), ("timeout", "100")])
        ).write(to: URL(fileURLWithPath: feed))

        let fromDump = try Wikisite.run(["build", "--source", dump, "--out", folder.path("dump-site")])

        #expect(fromDump.status == 0, "\(fromDump.errors)")
        let dumpFiles = try files(under: folder.url.appendingPathComponent("dump-site"))
        #expect(dumpFiles.count > 10)
        for (name, source) in [("server", server.url()), ("all-docs", allDocs), ("continuous", feed)] {
            let built = try Wikisite.run(["build", "--source", source, "--out", folder.path("\(name)-site")])
            #expect(built.status == 0, "\(name): \(built.errors)")
            let builtFiles = try files(under: folder.url.appendingPathComponent("\(name)-site"))
            #expect(builtFiles.keys.sorted() == dumpFiles.keys.sorted(), "\(name)")
            for (path, bytes) in dumpFiles {
                #expect(builtFiles[path] == bytes, "\(path) differs from \(name)")
            }
        }
    }

    @Test("an edit on the server is built from its change and the build state alone")
    func editFromServer() throws {
        let folder = try TemporaryFolder()
        let server = try CouchTestServer(Fixture.database(.opaque))
        defer { server.stop() }
        let build = ["build", "--source", server.url(), "--out", folder.path("site")]
        #expect(try Wikisite.run(build).status == 0)

        server.update { $0.edit(Fixture.page("w1:Page 4", "2-44", markdown: "New text.")) }
        let edited = try Wikisite.run(build + ["--explain", "--verify"])

        #expect(edited.status == 0, "\(edited.errors)")
        #expect(edited.output.contains("from 1 changed document and the build state"), "\(edited.output)")
        #expect(edited.output.contains(".html: page edited") && edited.output.contains("written   w1/Page_4~"))
        #expect(edited.output.contains("Verified: the site is byte for byte the same as a clean build."))

        // A link to a page nothing linked to changes the orphaned pages, cut again from the state.
        server.update { $0.edit(Fixture.page("w1:Page 4", "3-44", markdown: "New text, [[Page 5]].")) }
        let linked = try Wikisite.run(build + ["--explain", "--verify"])
        #expect(linked.output.contains("from 1 changed document and the build state"), "\(linked.output)")
        #expect(linked.output.contains("written   w1/_special/orphaned-pages.html"))
        #expect(linked.output.contains(#".html: "Page 4" now links here"#))
        #expect(linked.output.contains("Verified: the site is byte for byte the same as a clean build."))
    }

    /// Every file under `root`, by relative path.
    private func files(under root: URL) throws -> [ExactString: Data] {
        var files: [ExactString: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            files[ExactString(String(url.path.dropFirst(root.path.count)))] = try Data(contentsOf: url)
        }
        return files
    }

    /// Waits until `condition` holds, for at most 20 seconds.
    private func waitUntil(_ condition: () -> Bool) throws {
        let deadline = Date(timeIntervalSinceNow: 20)
        while !condition() {
            guard Date() < deadline else { throw TimedOut() }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    private struct TimedOut: Error {}
}
