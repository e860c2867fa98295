import Foundation
import Synchronization
import Testing
import WikiDocuments
import WikiSources
import WikiStore

@testable import WikiCouch

/// Databases, options and readings the tests share.
enum Fixture {
    /// A wiki document.
    static func wiki(_ id: String, _ revision: String) -> JSONObject {
        JSONObject([
            ("_id", .string(id)), ("_rev", .string(revision)), ("type", .string("wiki")),
            ("title", .string("Wiki \(id)")),
        ])
    }

    /// A page document.
    static func page(_ id: String, _ revision: String, markdown: String = "Some text.") -> JSONObject {
        JSONObject([
            ("_id", .string(id)), ("_rev", .string(revision)), ("type", .string("page")),
            ("wiki_id", .string(String(id.prefix { $0 != ":" }))), ("markdown", .string(markdown)),
        ])
    }

    /// A tombstone.
    static func tombstone(_ id: String, _ revision: String) -> JSONObject {
        JSONObject([("_id", .string(id)), ("_rev", .string(revision)), ("_deleted", .bool(true))])
    }

    /// A wiki of `pages` pages, one of them edited, one in conflict (two leaves at generation 1,
    /// each a full body), one deleted; exact IDs that differ only by normalization (NFC and NFD
    /// "Café") stay two documents.
    static func database(_ style: FakeCouchDatabase.SequenceStyle, pages: Int = 10) -> FakeCouchDatabase {
        var database = FakeCouchDatabase(style: style)
        database.addLeaf(wiki("w1", "1-a1"))
        for index in 0..<pages {
            database.addLeaf(page("w1:Page \(index)", "1-\(String(index, radix: 16))0f"))
        }
        database.addLeaf(page("w1:Caf\u{E9}", "1-nfc"))
        database.addLeaf(page("w1:Cafe\u{301}", "1-nfd"))
        database.edit(page("w1:Page 0", "2-b0", markdown: "Edited."))
        database.addLeaf(page("w1:Page 1", "1-ff", markdown: "The other side of a conflict."))
        database.edit(tombstone("w1:Page 2", "2-dd"))
        return database
    }

    /// Every leaf the database holds, `id rev`, sorted by bytes.
    static func leaves(of database: FakeCouchDatabase) -> [String] {
        database.entries.flatMap { id, entry in entry.leaves.map { "\(id.value) \($0.revision)" } }.sorted(by: bytewise)
    }

    /// Each document's winning revision, `id rev`, by ID in byte order: the live documents, and the
    /// deleted ones too when `deleted`.
    static func winners(of database: FakeCouchDatabase, deleted: Bool) -> [String] {
        database.entries.sorted { bytewise($0.key.value, $1.key.value) }.compactMap { id, entry in
            let winner = FakeCouchDatabase.winner(of: entry)!
            return winner.isDeleted && !deleted ? nil : "\(id.value) \(winner.revision)"
        }
    }

    /// The body of `GET <database><path>?<query>` on `server`, byte for byte, as a tool such as
    /// `curl` saves it: once the response is complete, without retrying.
    static func get(
        _ server: CouchTestServer, _ path: String, _ query: [(name: String, value: String)]
    ) throws -> [UInt8] {
        let connection = CouchConnection(
            database: try CouchDatabaseURL(server.url()), options: fastOptions(attempts: 1), stop: nil)
        defer { connection.close() }
        let request = CouchRequest(method: .GET, path: path, query: query)
        return try connection.send(request) { response in
            guard response.isSuccess else { throw response.error(for: request, of: connection.database) }
            return Array(response.body.readableBytesView)
        }
    }

    /// Waits until `condition` holds, for at most 10 seconds.
    static func waitUntil(_ condition: () -> Bool) throws {
        let deadline = Date(timeIntervalSinceNow: 10)
        while !condition() {
            guard Date() < deadline else { throw TimedOut() }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    struct TimedOut: Error {}

    /// Options that make every wait short.
    static func fastOptions(batchSize: Int = 3, attempts: Int? = 5) -> CouchOptions {
        CouchOptions(
            batchSize: batchSize,
            timeouts: CouchTimeouts(
                connect: .seconds(2), read: .milliseconds(400), heartbeat: .milliseconds(100), longpoll: .seconds(2)),
            retry: RetryPolicy(
                maximumAttempts: attempts, initialDelay: .milliseconds(10), maximumDelay: .milliseconds(80)))
    }

    /// Reads `source`, returning each document delivered as `id rev`, in order.
    static func read(
        _ source: CouchSource, after checkpoint: SourceCheckpoint? = nil
    ) throws -> (leaves: [String], reading: SourceReading) {
        var leaves: [String] = []
        let reading = try source.read(after: checkpoint) { document in
            leaves.append("\(document.id) \(document.revisionText ?? "-")")
        }
        return (leaves, reading)
    }

    /// Every leaf a store holds, `id rev`, sorted by bytes.
    static func leaves(of store: DocumentStore) throws -> [String] {
        var leaves: [String] = []
        _ = try store.changes(since: 0) { change in
            leaves += change.leaves.map { "\($0.id) \($0.revisionText ?? "-")" }
        }
        return leaves.sorted(by: bytewise)
    }

    /// `a` before `b` in UTF-8 byte order.
    static func bytewise(_ a: String, _ b: String) -> Bool { a.precedesInByteOrder(b) }

    /// The `since` parameters of the `_changes` requests the server received, in order (`nil` for
    /// none).
    static func sinceParameters(_ server: CouchTestServer) -> [String?] {
        server.requests.filter { $0.path == "/db/_changes" }.map { $0.query["since"] }
    }
}

/// A value shared between threads.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { try body(&$0) }
    }

    var value: Value { mutex.withLock { $0 } }
}

/// Retries seen by a reading, for assertions.
final class RetryLog: Sendable {
    private let entries = Locked<[CouchRetry]>([])

    /// What to put in ``CouchOptions/onRetry``.
    var handler: @Sendable (CouchRetry) -> Void { { retry in self.entries.withLock { $0.append(retry) } } }

    var retries: [CouchRetry] { entries.value }
}
