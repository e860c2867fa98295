import WikiDocuments
import WikiSources

/// A database on a CouchDB-compatible server (CouchDB 1–3, PouchDB Server, Couchbase Sync Gateway)
/// as a ``DocumentSource``, read over HTTP.
///
/// A reading checks the database (`GET /db`), then reads
/// `_changes?style=all_docs&include_docs=true&conflicts=true` in batches of
/// ``CouchOptions/batchSize``, from the start or from a checkpoint, until the feed has nothing more;
/// the other leaves of a conflicted document are fetched with `_bulk_get` (or `open_revs`). Each
/// document is delivered with all its leaves, its winner first. The checkpoint is the `last_seq` of
/// the last batch, kept exactly as the server sent it (an integer, or an opaque string).
///
/// Reading blocks the calling thread while requests are in flight (see ``CouchConnection``): call it
/// from a plain thread, not from an async task.
public struct CouchSource: DocumentLookupSource {
    /// The database.
    public let database: CouchDatabaseURL
    /// How it is read.
    public let options: CouchOptions

    /// The database's URL without credentials.
    public var name: String { database.description }

    /// The database at `url`, `http[s]://[user:password@]host[:port]/db`; nothing is requested yet.
    ///
    /// - Throws: ``CouchError/invalidURL(_:reason:)``.
    public init(url: String, options: CouchOptions = CouchOptions()) throws {
        self.init(database: try CouchDatabaseURL(url), options: options)
    }

    /// The database at `database`.
    public init(database: CouchDatabaseURL, options: CouchOptions = CouchOptions()) {
        self.database = database
        self.options = options
    }

    /// Whether `name` is meant as a server's database: it starts with `http://` or `https://`.
    public static func names(_ name: String) -> Bool {
        let lowered = name.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// Reads every document, or those changed after `checkpoint` (a server that does not accept the
    /// checkpoint as a sequence — the database was made anew — is read from the start).
    ///
    /// - Throws: ``CouchError`` (the database is missing, access is denied, the server kept failing
    ///   after every retry…), and whatever `body` throws.
    public func read(after checkpoint: SourceCheckpoint?, _ body: (Document) throws -> Void) throws -> SourceReading {
        try read(after: checkpoint, thenDocuments: [], body)
    }

    /// Reads as `read(after:_:)` does, then fetches every leaf of each document of `ids`
    /// (`open_revs=all`). A server has no snapshots: a document changed after the feed was read
    /// comes as it is then (the fast path compares each with what its state knows of it, and
    /// leaves a change it did not expect to the wiki-wide path).
    ///
    /// - Throws: as `read(after:_:)`.
    public func read(
        after checkpoint: SourceCheckpoint?, thenDocuments ids: [String], _ body: (Document) throws -> Void
    ) throws -> SourceReading {
        let connection = CouchConnection(database: database, options: options, stop: nil)
        defer { connection.close() }
        var feed = ChangesFeed(connection: connection)
        try feed.checkDatabase()
        var scope = checkpoint.map { SourceReading.Scope.changes(after: $0) } ?? .everything
        var since = checkpoint?.value
        var resuming = checkpoint != nil
        var count = 0
        var rejected: [RejectedEntry] = []
        while true {
            let batch: ChangesBatch
            do {
                batch = try feed.batch(after: since, waiting: false)
            } catch CouchError.requestFailed(_, _, let status, _) where status == 400 && resuming {
                scope = .everything
                since = nil
                resuming = false
                continue
            }
            resuming = false
            for document in batch.documents {
                try body(document)
                count += 1
            }
            rejected += batch.rejected
            since = batch.checkpoint ?? since
            if batch.isCaughtUp { break }
        }
        let origin = DocumentOrigin(source: database.description, line: nil)
        for id in ids {
            for leaf in try LeafFetcher.allLeaves(ofDocument: id, over: connection) {
                switch ServerDocuments.document(
                    leaf.value, origin: origin, rowID: id, deletedByRow: false, hadInvalidText: leaf.hadInvalidText)
                {
                case .document(let document): try body(document)
                case .rejected(let entry): rejected.append(entry)
                }
            }
        }
        return SourceReading(
            form: "a CouchDB database", scope: scope, documentCount: count,
            checkpoint: since.map(SourceCheckpoint.init),
            rejected: rejected)
    }
}
