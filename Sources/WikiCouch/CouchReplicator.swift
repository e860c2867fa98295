import WikiDocuments
import WikiSources
import WikiStore

/// Replicates a database of a CouchDB-compatible server into the embedded store, one direction
/// (server → store), so that the store then builds offline.
///
/// Each batch of the feed is imported in one transaction (the store's revision rules: the same
/// revision twice changes nothing, a conflict stays a conflict), then the batch's sequence is saved
/// as the remote's checkpoint in the store (``RemoteCheckpoints``); the next pull resumes there. A
/// pull stopped at any moment — a signal, a crash between the import and the checkpoint — resumes
/// without skipping a change, and a batch imported twice changes nothing the second time.
public struct CouchReplicator: Sendable {
    /// The database pulled from.
    public let source: CouchSource
    /// The store pulled into.
    public let store: DocumentStore

    /// A replicator from `source` into `store`.
    public init(source: CouchSource, store: DocumentStore) {
        self.source = source
        self.store = store
    }

    /// Pulls every change after the remote's checkpoint. Without `following`, it returns once the
    /// feed has nothing more; `following`, it then waits for changes (`feed=longpoll`, with
    /// heartbeats) and pulls them as they come, until `stop` is triggered. `progress` hears about
    /// every batch imported.
    ///
    /// - Throws: ``CouchError``, ``StoreError``.
    public func pull(
        following: Bool, stop: StopSignal = StopSignal(), progress: (PullProgress) -> Void = { _ in }
    ) throws -> PullSummary {
        let checkpoints = try RemoteCheckpoints(store: store)
        let start = try checkpoints.checkpoint(forRemote: source.name)
        var summary = PullSummary(database: source.name, startCheckpoint: start)
        let connection = CouchConnection(database: source.database, options: source.options, stop: stop)
        defer { connection.close() }
        var feed = ChangesFeed(connection: connection)
        do {
            try feed.checkDatabase()
            var since = start?.value
            var resuming = start != nil
            var caughtUp = false
            while !(caughtUp && !following) {
                let batch: ChangesBatch
                do {
                    batch = try feed.batch(after: since, waiting: caughtUp)
                } catch CouchError.requestFailed(_, _, let status, _) where status == 400 && resuming {
                    since = nil
                    resuming = false
                    summary.restartedFromScratch = true
                    continue
                }
                resuming = false
                let imported = try importBatch(batch)
                if let checkpoint = batch.checkpoint {
                    try checkpoints.save(SourceCheckpoint(checkpoint), forRemote: source.name)
                    since = checkpoint
                    summary.endCheckpoint = SourceCheckpoint(checkpoint)
                }
                summary.add(batch, imported)
                if batch.changeCount > 0 || batch.isCaughtUp != caughtUp {
                    progress(PullProgress(batch: batch, imported: imported, total: summary))
                }
                caughtUp = batch.isCaughtUp
            }
        } catch is StoppedReading {
            summary.wasStopped = true
        }
        return summary
    }

    /// Imports a batch in one transaction; an empty batch changes nothing.
    private func importBatch(_ batch: ChangesBatch) throws -> ImportSummary? {
        guard !batch.documents.isEmpty || !batch.rejected.isEmpty else { return nil }
        return try store.importDocuments(from: BatchSource(name: source.name, batch: batch))
    }
}

/// A batch already read, as a source to import.
private struct BatchSource: DocumentSource {
    let name: String
    let batch: ChangesBatch

    func read(after checkpoint: SourceCheckpoint?, _ body: (Document) throws -> Void) throws -> SourceReading {
        for document in batch.documents { try body(document) }
        return SourceReading(
            form: "a CouchDB database", scope: .everything, documentCount: batch.documents.count,
            checkpoint: batch.checkpoint.map(SourceCheckpoint.init), rejected: batch.rejected)
    }
}

/// One batch of a pull, imported.
public struct PullProgress: Sendable {
    /// How many changes the batch listed.
    public let changes: Int
    /// How many revisions it delivered (winners and other leaves).
    public let revisions: Int
    /// Revisions that created or changed a document in the store.
    public let applied: Int
    /// The remote's sequence after the batch, as it came.
    public let checkpoint: SourceCheckpoint?
    /// Whether the feed had nothing more after the batch: a pull that follows it now waits.
    public let isCaughtUp: Bool
    /// The pull so far.
    public let total: PullSummary

    init(batch: ChangesBatch, imported: ImportSummary?, total: PullSummary) {
        changes = batch.changeCount
        revisions = batch.documents.count
        applied = imported.map { $0.added + $0.updated } ?? 0
        checkpoint = batch.checkpoint.map(SourceCheckpoint.init)
        isCaughtUp = batch.isCaughtUp
        self.total = total
    }
}

/// What a pull did.
public struct PullSummary: Sendable {
    /// The database, without credentials.
    public let database: String
    /// Where the pull started: the checkpoint of the previous pull, `nil` for a first pull.
    public let startCheckpoint: SourceCheckpoint?
    /// Where it ended (the checkpoint now saved in the store); the start when nothing was read.
    public internal(set) var endCheckpoint: SourceCheckpoint?
    /// Changes read from the feed.
    public internal(set) var changes = 0
    /// Revisions delivered (winners and other leaves).
    public internal(set) var revisions = 0
    /// Revisions that created a document in the store.
    public internal(set) var added = 0
    /// Revisions that changed a document's leaves.
    public internal(set) var updated = 0
    /// Revisions the store already had.
    public internal(set) var unchanged = 0
    /// Entries the server sent that hold no document the store can keep, in the order they came.
    public internal(set) var refused: [RejectedEntry] = []
    /// Whether the server did not accept the saved checkpoint (the database was made anew), so the
    /// pull read the whole database again.
    public internal(set) var restartedFromScratch = false
    /// Whether the pull ended because it was asked to stop.
    public internal(set) var wasStopped = false

    init(database: String, startCheckpoint: SourceCheckpoint?) {
        self.database = database
        self.startCheckpoint = startCheckpoint
        endCheckpoint = startCheckpoint
    }

    mutating func add(_ batch: ChangesBatch, _ imported: ImportSummary?) {
        changes += batch.changeCount
        revisions += batch.documents.count
        guard let imported else { return }
        added += imported.added
        updated += imported.updated
        unchanged += imported.unchanged
        refused += imported.refused
    }
}
