import GRDB
import WikiDocuments
import WikiSources

/// Where a pull from each remote database stopped, kept in the store it pulls into: `wikisite pull`
/// resumes from it.
///
/// One row per remote in the table `remoteCheckpoint`: `remote`, the database's URL without
/// credentials (exact: TEXT compared byte for byte), and `checkpoint`, the sequence as JSON text
/// exactly as the server sent it (`42`, `"12-g1AAAA…"`).
///
/// A checkpoint is saved after the documents it covers were imported, in a transaction of its own:
/// a pull stopped between the two imports the same revisions again next time, which changes nothing.
public struct RemoteCheckpoints: Sendable {
    static let databaseTableName = "remoteCheckpoint"

    private let store: DocumentStore
    private let database: DatabaseQueue

    /// The checkpoints of `store`.
    ///
    /// - Throws: ``StoreError`` when the store file cannot be opened.
    public init(store: DocumentStore) throws {
        self.store = store
        var configuration = Configuration()
        configuration.busyMode = .timeout(60)
        configuration.label = "wikisite store checkpoints"
        do {
            database = try DatabaseQueue(path: store.path, configuration: configuration)
        } catch let error as DatabaseError {
            throw StoreError.database(path: store.path, action: "opened", message: error.message ?? "\(error)")
        }
    }

    /// Creates the table (a migration of ``StoreSchema``).
    static func createTable(_ db: Database) throws {
        try db.create(table: databaseTableName) { table in
            table.primaryKey("remote", .text)
            table.column("checkpoint", .text).notNull()
        }
    }

    /// Where the last pull from `remote` stopped; `nil` when it was never pulled into this store.
    ///
    /// - Throws: ``StoreError``.
    public func checkpoint(forRemote remote: String) throws -> SourceCheckpoint? {
        let text = try access("read") {
            try database.read { db in
                try String.fetchOne(
                    db, sql: "SELECT checkpoint FROM \(Self.databaseTableName) WHERE remote = ?", arguments: [remote])
            }
        }
        guard let text else { return nil }
        guard let value = try? JSONParser.parse(text) else {
            throw StoreError.damaged(
                path: store.path, reason: "the checkpoint of \(remote) is not JSON: \(JSONWriter.text(.string(text)))")
        }
        return SourceCheckpoint(value)
    }

    /// Records that everything of `remote` up to `checkpoint` is in the store.
    ///
    /// - Throws: ``StoreError``.
    public func save(_ checkpoint: SourceCheckpoint, forRemote remote: String) throws {
        try access("written") {
            try database.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO \(Self.databaseTableName) (remote, checkpoint) VALUES (?, ?)
                        ON CONFLICT (remote) DO UPDATE SET checkpoint = excluded.checkpoint
                        """,
                    arguments: [remote, JSONWriter.text(checkpoint.value)])
            }
        }
    }

    private func access<Result>(_ action: String, _ work: () throws -> Result) throws -> Result {
        do {
            return try work()
        } catch let error as DatabaseError {
            throw StoreError.database(path: store.path, action: action, message: error.message ?? "\(error)")
        }
    }
}
