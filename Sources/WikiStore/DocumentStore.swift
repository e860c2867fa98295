import Foundation
import GRDB
import Synchronization
import WikiDocuments
import WikiSources

/// The embedded store: a SQLite file holding documents as a CouchDB replica holds them.
///
/// Every document keeps its leaf revisions (so conflicts survive), tombstones included, and every
/// change takes the next store sequence, so the store has a changes feed like CouchDB's: each
/// document appears once in it, at its latest change (``changes(since:_:)``).
///
/// Importing follows the revisions (see ``importDocuments(from:)``): the same revision twice changes
/// nothing, a newer generation replaces what it supersedes, and a different revision at the same
/// generation becomes a conflicting leaf, never an overwrite. Each import is one transaction.
///
/// The file is in WAL mode: builds read it while an import writes, and imports wait for each other
/// (one writer at a time). It says what it is in its header (``holdsStore(atPath:)``).
public final class DocumentStore: Sendable {
    /// The default store of a project folder, relative to the current folder. A build with no
    /// `--source` reads it; `wikisite import` and `export` use it unless given `--store`.
    public static let defaultPath = ".wikisite/store.sqlite"

    /// The store file, as given.
    public let path: String
    private let database: DatabaseQueue
    /// The identifier made when the store was created; checkpoints carry it.
    private let identifier: String
    /// How the origin of a document read from the store starts: the store, then where the
    /// document was imported from. Made once, not for every document.
    private let originPrefix: String
    /// The origin of the documents imported from each source, by that source's name: made once
    /// a source, and shared by its documents (a store of 100,000 documents from one dump holds
    /// one copy of it, not 100,000).
    private let origins = Mutex<[ExactString: DocumentOrigin]>([:])

    /// Opens the store at `path`, which must exist; upgrades its tables when it was written by an
    /// older wikisite.
    ///
    /// - Throws: ``StoreError``: no file, not a store, a store of a newer wikisite, or SQLite's error.
    public init(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw StoreError.missing(path: path) }
        guard try Self.holdsStore(atPath: path) else {
            throw StoreError.notAStore(path: path, reason: "it is not a SQLite database")
        }
        self.path = path
        originPrefix = "\(path) (imported from "
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(60)
        configuration.label = "wikisite store"
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
            let migrator = StoreSchema.migrator
            if try database.read(migrator.hasBeenSuperseded) { throw StoreError.newerSchema(path: path) }
            // Only an upgrade writes: opening a store to read it never waits for an import.
            if try !database.read(migrator.hasCompletedMigrations) { try migrator.migrate(database) }
            identifier = try database.read(StoreIdentity.identifier)
        } catch let error as DatabaseError {
            throw StoreError.database(path: path, action: "opened", message: error.message ?? "\(error)")
        }
    }

    /// Opens the store at `path`, creating it, and the folders above it, when there is no file.
    ///
    /// - Throws: ``StoreError`` when the file is not a store or cannot be created.
    public static func openOrCreate(path: String) throws -> DocumentStore {
        if !FileManager.default.fileExists(atPath: path) { try create(at: path) }
        return try DocumentStore(path: path)
    }

    /// Makes a new store file. Its tables and `application_id` are written before the file goes
    /// into WAL mode, so its header says it is a store from the start.
    private static func create(at path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let queue = try DatabaseQueue(path: path)
            try StoreSchema.migrator.migrate(queue)
            try queue.close()
        } catch let error as DatabaseError {
            throw StoreError.database(path: path, action: "created", message: error.message ?? "\(error)")
        } catch {
            throw StoreError.database(path: path, action: "created", message: error.localizedDescription)
        }
    }

    /// Whether the file at `path` is a wikisite store, from its content: the SQLite header
    /// (`SQLite format 3\0`) and wikisite's `application_id`. `false` for anything that is not a
    /// SQLite database, for a path that cannot be read (the dump reader says why), and for anything
    /// but a regular file: a pipe is never read from here, so the dump reader gets all of it.
    ///
    /// - Throws: ``StoreError/notAStore(path:reason:)`` for a SQLite database of another program.
    public static func holdsStore(atPath path: String) throws -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        guard let file = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? file.close() }
        guard let header = try? file.read(upToCount: 100), header.count == 100,
            header.starts(with: Array("SQLite format 3\0".utf8))
        else { return false }
        let applicationID = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard applicationID == UInt32(StoreSchema.applicationID) else {
            throw StoreError.notAStore(
                path: path,
                reason:
                    "it is a SQLite database of another program (application_id \(Int32(bitPattern: applicationID)))"
            )
        }
        return true
    }

    // MARK: Importing

    /// Imports every document `source` delivers, in one transaction: when reading the source fails
    /// (a malformed dump), nothing of it is imported and the store is unchanged.
    ///
    /// - Throws: the source's error (``DumpError``, ``DumpFileError``…) or ``StoreError``.
    public func importDocuments(from source: any DocumentSource) throws -> ImportSummary {
        try access("written") {
            try database.write { db in
                let sequenceBefore = try DocumentRecord.latestSequence(in: db)
                var importer = try LeafImporter(db: db)
                let reading = try source.read(after: nil) { document in try importer.add(document) }
                let refused = (reading.rejected + importer.refused).sorted {
                    ($0.origin.line ?? 0) < ($1.origin.line ?? 0)
                }
                return ImportSummary(
                    source: source.name, form: reading.form, importer: importer, refused: refused,
                    sequenceBefore: sequenceBefore, documentCount: try DocumentRecord.count(in: db))
            }
        }
    }

    // MARK: Reading

    /// The changes feed: calls `body` with each document changed after `sequence` (every document
    /// for 0), once, at its latest change, in sequence order, all from one snapshot of the store.
    /// Returns the store's sequence in that snapshot: pass it as `sequence` next time.
    public func changes(since sequence: Int, _ body: (StoreChange) throws -> Void) throws -> Int {
        try access("read") { try database.read { db in try changes(since: sequence, in: db, body) } }
    }

    /// `changes(since:_:)` in the snapshot `db`.
    private func changes(since sequence: Int, in db: Database, _ body: (StoreChange) throws -> Void) throws -> Int {
        let cursor = try DocumentLeafRow.changed(after: sequence, in: db)
        // Documents are parsed a batch at a time on every core, and handed on in order.
        var batch: [[DocumentLeafRow]] = []
        func handOn() throws {
            let rows = batch
            let changes = Concurrently.map(rows.count) { index in Result { try self.change(of: rows[index]) } }
            for change in changes { try body(change.get()) }
            batch.removeAll(keepingCapacity: true)
        }
        try DocumentLeafRow.forEachDocument(in: cursor) { rows in
            batch.append(rows)
            if batch.count == Self.parsedTogether { try handOn() }
        }
        try handOn()
        return try DocumentRecord.latestSequence(in: db)
    }

    /// How many documents a reading parses at once, on every core: enough to keep the cores busy,
    /// few enough that their bodies take little memory.
    static let parsedTogether = 256

    /// The store's sequence: that of its latest change, 0 when it is empty.
    public func currentSequence() throws -> Int {
        try access("read") { try database.read(DocumentRecord.latestSequence) }
    }

    /// How many documents the store holds, tombstones included.
    public func documentCount() throws -> Int {
        try access("read") { try database.read(DocumentRecord.count) }
    }

    /// The checkpoint of this store at `sequence`, as a ``DocumentSource`` reading ends with: the
    /// sequence and the store's identifier, `"42-<identifier>"`.
    public func checkpoint(at sequence: Int) -> SourceCheckpoint {
        SourceCheckpoint(.string("\(sequence)-\(identifier)"))
    }

    /// The sequence `checkpoint` stands for, when it is a checkpoint of this very store file (not of
    /// another store, nor of a store file made again since).
    public func sequence(resuming checkpoint: SourceCheckpoint) -> Int? {
        guard case .string(let text) = checkpoint.value, let dash = text.firstIndex(of: "-"),
            text[text.index(after: dash)...].utf8.elementsEqual(identifier.utf8),
            let sequence = Int(text[..<dash]), sequence >= 0
        else { return nil }
        return sequence
    }

    /// Reads the store as a ``DocumentSource``, from one snapshot: every leaf of every document
    /// changed after `checkpoint` when it is a checkpoint of this store no later than its sequence,
    /// every leaf of every document otherwise; then every leaf of each document of `ids` (not
    /// counted as read: they are not changes).
    func read(
        after checkpoint: SourceCheckpoint?, thenDocuments ids: [String], _ body: (Document) throws -> Void
    ) throws -> SourceReading {
        try access("read") {
            try database.read { db in
                let current = try DocumentRecord.latestSequence(in: db)
                var scope = SourceReading.Scope.everything
                var start = 0
                if let checkpoint, let resumed = sequence(resuming: checkpoint), resumed <= current {
                    scope = .changes(after: checkpoint)
                    start = resumed
                }
                var count = 0
                let end = try changes(since: start, in: db) { change in
                    for leaf in change.leaves {
                        try body(leaf)
                        count += 1
                    }
                }
                for id in ids {
                    for row in try DocumentLeafRow.leaves(ofDocumentWithID: id, in: db) {
                        try body(try document(of: row))
                    }
                }
                return SourceReading(
                    form: "a wikisite store", scope: scope, documentCount: count, checkpoint: self.checkpoint(at: end),
                    rejected: [])
            }
        }
    }

    /// The entry of the changes feed for the leaves of one document.
    private func change(of rows: [DocumentLeafRow]) throws -> StoreChange {
        let ordered = rows.sorted {
            RevisionOrder.loses($1.revision, deleted: $1.isDeleted, to: $0.revision, deleted: $0.isDeleted)
        }
        let documents = try ordered.map(document(of:))
        return StoreChange(
            sequence: rows[0].sequence, winner: documents[0], otherLeaves: Array(documents.dropFirst()),
            conflicts: LeafRules.conflicts(of: rows))
    }

    /// The document a leaf row holds, its origin naming the store and where it was imported from.
    private func document(of row: DocumentLeafRow) throws -> Document {
        let parsed = row.body.withUnsafeBytes { bytes in
            Result { () throws(JSONParseError) in try JSONParser.parse(bytes) }
        }
        guard case .success(.object(let body)) = parsed else {
            throw StoredValueError(
                reason: "the body of \(JSONWriter.text(.string(row.documentID))) \(row.revision) is not a JSON object")
        }
        return Document(
            id: row.documentID, revisionText: row.revision.description, isDeleted: row.isDeleted, body: body,
            origin: origin(importedFrom: row.origin),
            hadInvalidText: row.hadInvalidText)
    }

    /// The origin of a document imported from the source `name`.
    private func origin(importedFrom name: String) -> DocumentOrigin {
        origins.withLock { origins in
            if let known = origins[ExactString(name)] { return known }
            let origin = DocumentOrigin(source: originPrefix + name + ")", line: nil)
            origins[ExactString(name)] = origin
            return origin
        }
    }

    // MARK: Exporting

    /// Writes the whole store as a dump that ``DumpReader`` reads back into the same documents,
    /// handing the text to `write` a piece at a time, from one snapshot of the store.
    ///
    /// Every leaf is a row (`all_docs`) or a result (`changes`), one a line: a document in conflict
    /// has one per leaf, in an order that importing keeps them all; a tombstone keeps its body, with
    /// `"deleted":true`. `all_docs` lists documents by `_id` in byte order, `changes` by sequence,
    /// with each result's `seq` the document's and `last_seq` the store's.
    public func export(_ format: ExportFormat, _ write: ([UInt8]) throws -> Void) throws -> ExportSummary {
        try access("read") {
            try database.read { db in
                let rowCount = try LeafRecord.count(in: db)
                let sequence = try DocumentRecord.latestSequence(in: db)
                let cursor =
                    switch format {
                    case .allDocs: try DocumentLeafRow.all(inIDOrderIn: db)
                    case .changes: try DocumentLeafRow.changed(after: 0, in: db)
                    }
                var documentCount = 0
                try withoutActuallyEscaping(write) { write in
                    var writer = DumpWriter(format: format, write: write)
                    try writer.begin(rowCount: rowCount)
                    try DocumentLeafRow.forEachDocument(in: cursor) { rows in
                        for row in LeafRules.importOrder(rows) { try writer.add(row) }
                        documentCount += 1
                    }
                    try writer.end(lastSequence: sequence)
                }
                return ExportSummary(documentCount: documentCount, rowCount: rowCount, sequence: sequence)
            }
        }
    }

    // MARK: Errors

    /// Runs `work`, turning SQLite's errors into ``StoreError``s that name the file; any other error
    /// (the source's, the consumer's) goes through as it is.
    private func access<Result>(_ action: String, _ work: () throws -> Result) throws -> Result {
        do {
            return try work()
        } catch let error as DatabaseError {
            throw StoreError.database(path: path, action: action, message: error.message ?? "\(error)")
        } catch let error as StoredValueError {
            throw StoreError.damaged(path: path, reason: error.description)
        }
    }
}
