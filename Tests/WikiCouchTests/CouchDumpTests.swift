import Foundation
import TemporaryFolders
import Testing
import WikiDocuments
import WikiSources
import WikiStore

@testable import WikiCouch

/// `_all_docs` and the continuous `_changes` feed as a server sends them, saved byte for byte (as
/// `curl` saves them) and imported as dumps: the store then holds exactly each document's winner.
@Suite("Dumps saved from a server")
struct CouchDumpTests {
    @Test("_all_docs?include_docs=true: the winner of each live document, by ID in byte order")
    func allDocuments() throws {
        let folder = try TemporaryFolder()
        let database = Fixture.database(.opaque)
        let server = try CouchTestServer(database)
        defer { server.stop() }

        let body = try Fixture.get(server, "/_all_docs", [("include_docs", "true"), ("conflicts", "true")])

        let live = Fixture.winners(of: database, deleted: false)
        let answer = try #require(JSONParser.parse(body).objectValue)
        #expect(answer.members.map(\.key) == ["total_rows", "offset", "rows"])
        #expect(answer["total_rows"] == .number(String(live.count)))
        #expect(answer["offset"] == .number("0"))
        let rows = (answer["rows"]?.arrayValue ?? []).compactMap(\.objectValue)
        let listed = rows.map { row in
            "\(row["id"]?.stringValue ?? "-") \(row["value"]?.objectValue?["rev"]?.stringValue ?? "-")"
        }
        #expect(listed == live)
        #expect(rows.allSatisfy { $0["key"] == $0["id"] && $0["doc"]?.objectValue?["_id"] == $0["id"] })
        #expect(rows.allSatisfy { $0["doc"]?.objectValue?["_rev"] == $0["value"]?.objectValue?["rev"] })
        let conflicted = rows.first { $0["id"] == .string("w1:Page 1") }?["doc"]?.objectValue
        #expect(conflicted?["_conflicts"] == .array([.string("1-10f")]))

        let dump = folder.path("all-docs.json")
        try Data(body).write(to: URL(fileURLWithPath: dump))
        let store = try DocumentStore.openOrCreate(path: folder.path("store.sqlite"))
        let summary = try store.importDocuments(from: DumpSource(path: dump))

        #expect(summary.added == live.count)
        #expect(try Fixture.leaves(of: store) == live.sorted(by: Fixture.bytewise))
    }

    @Test(
        "a continuous feed: a line per change, blank heartbeat lines while it waits, the change made meanwhile, then last_seq",
        arguments: [FakeCouchDatabase.SequenceStyle.integer, .opaque])
    func continuousFeed(style: FakeCouchDatabase.SequenceStyle) throws {
        let folder = try TemporaryFolder()
        let server = try CouchTestServer(Fixture.database(style))
        defer { server.stop() }
        let before = server.database.changes(after: 0).count
        let fetched = Locked<Result<[UInt8], any Error>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            let body = Result {
                try Fixture.get(
                    server, "/_changes",
                    [
                        ("feed", "continuous"), ("style", "all_docs"), ("include_docs", "true"), ("conflicts", "true"),
                        ("heartbeat", "50"), ("limit", String(before + 1)),
                    ])
            }
            fetched.withLock { $0 = body }
            finished.signal()
        }.start()

        try Fixture.waitUntil { server.heartbeats >= 2 }
        server.update { $0.addLeaf(Fixture.page("w1:Live", "1-77")) }
        #expect(finished.wait(timeout: .now() + 10) == .success)

        let body = try #require(fetched.value).get()
        let database = server.database
        let lines = Self.lines(body)
        let heartbeats = lines.dropFirst(before).prefix { $0.isEmpty }.count
        #expect(heartbeats >= 2)
        try #require(lines.count == before + heartbeats + 3)
        #expect(lines.last == "")
        let changes = try (lines.prefix(before) + [lines[before + heartbeats]]).map { try JSONParser.parse($0) }
        #expect(
            changes.map { $0.objectValue?["seq"] }
                == database.changes(after: 0).map { database.sequenceValue($0.entry.sequence) })
        #expect(changes.last?.objectValue?["id"] == .string("w1:Live"))
        var last: [(key: String, value: JSONValue)] = [("last_seq", database.sequenceValue(database.updateSequence))]
        if style == .opaque { last.append(("pending", .number("0"))) }
        #expect(try JSONParser.parse(lines[lines.count - 2]) == .object(JSONObject(last)))

        let (documents, checkpoint) = try Self.importDump(body, into: folder)

        #expect(documents == Fixture.winners(of: database, deleted: true).sorted(by: Fixture.bytewise))
        #expect(checkpoint == SourceCheckpoint(database.sequenceValue(database.updateSequence)))
    }

    @Test("without a heartbeat, a continuous feed ends with last_seq once nothing changed for its timeout")
    func continuousTimeout() throws {
        let folder = try TemporaryFolder()
        let database = Fixture.database(.integer)
        let server = try CouchTestServer(database)
        defer { server.stop() }

        let body = try Fixture.get(
            server, "/_changes",
            [("feed", "continuous"), ("since", "10"), ("include_docs", "true"), ("timeout", "100")])

        let changed = database.changes(after: 10)
        let lines = Self.lines(body)
        #expect(lines.count == changed.count + 2)
        #expect(!lines.dropLast().contains(""))
        #expect(
            try lines.prefix(changed.count).map { try JSONParser.parse($0).objectValue?["seq"] }
                == changed.map { .number(String($0.entry.sequence)) })
        #expect(
            try JSONParser.parse(lines[changed.count])
                == .object(JSONObject([("last_seq", .number(String(database.updateSequence)))])))

        let (documents, checkpoint) = try Self.importDump(body, into: folder)

        let expected = changed.map { "\($0.id.value) \(FakeCouchDatabase.winner(of: $0.entry)!.revision)" }
        #expect(documents == expected.sorted(by: Fixture.bytewise))
        #expect(checkpoint == SourceCheckpoint(.number(String(database.updateSequence))))
    }

    /// The lines of `body`, split at each `\n`: a body that ends with one ends with an empty line.
    private static func lines(_ body: [UInt8]) -> [String] {
        body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Imports `body` saved as a dump into a new store; returns the store's leaves (`id rev`,
    /// sorted by bytes) and the dump's checkpoint.
    private static func importDump(
        _ body: [UInt8], into folder: TemporaryFolder
    ) throws -> (leaves: [String], checkpoint: SourceCheckpoint?) {
        let dump = folder.path("changes.json")
        try Data(body).write(to: URL(fileURLWithPath: dump))
        let checkpoint = try DumpSource(path: dump).read(after: nil) { _ in }.checkpoint
        let store = try DocumentStore.openOrCreate(path: folder.path("store.sqlite"))
        _ = try store.importDocuments(from: DumpSource(path: dump))
        return (try Fixture.leaves(of: store), checkpoint)
    }
}
