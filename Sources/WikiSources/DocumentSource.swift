import WikiDocuments

/// A place documents come from, read the same way whatever it is: a dump file, the embedded store,
/// and later a CouchDB server or a folder of Markdown. Nothing that consumes a source needs to know
/// which kind it was.
///
/// A reading hands every document over as it is read, then says what it covered
/// (``SourceReading/scope``) and where it ended (``SourceReading/checkpoint``). Handing that
/// checkpoint back to the same source reads only what changed after it, when the source can; a
/// source that cannot (a dump has no memory of earlier readings) reads everything again and says so.
///
/// A source that knows each document's leaf revisions (the embedded store) delivers all the leaves
/// of a document one after the other, every time it delivers that document: a consumer that keeps
/// documents between readings replaces a document's leaves with the ones delivered.
public protocol DocumentSource: Sendable {
    /// The source as the user named it (a path, a URL without credentials), for messages.
    var name: String { get }

    /// Calls `body` with each document of the source, in the source's order: all of them, or, when
    /// `checkpoint` is one this source made and can resume from, those that changed after it.
    ///
    /// - Throws: the source's own error when it cannot be read (the error names the source and says
    ///   what to do), and whatever `body` throws (reading stops there).
    func read(after checkpoint: SourceCheckpoint?, _ body: (Document) throws -> Void) throws -> SourceReading
}

/// A source that can also hand over named documents whole, right after the changes it delivers
/// (the embedded store, from the same snapshot; a CouchDB server): the fast path reads the
/// changes after its checkpoint and the documents of its wikis, and nothing else.
public protocol DocumentLookupSource: DocumentSource {
    /// Reads as `read(after:_:)` does, then calls `body` with every leaf of each document of `ids`
    /// the source holds (from the same snapshot of the source, when it has snapshots).
    ///
    /// - Throws: as `read(after:_:)`.
    func read(
        after checkpoint: SourceCheckpoint?, thenDocuments ids: [String], _ body: (Document) throws -> Void
    ) throws -> SourceReading
}

/// Where a reading of a source ended. Handed back to the same source, it reads only what changed
/// after.
///
/// Opaque: kept and compared exactly as it came, never interpreted by anyone but the source that
/// made it. A CouchDB 2+ sequence is a string such as `"12-g1AAAA…"`, CouchDB 1 and PouchDB count
/// with integers, and the embedded store names itself in its checkpoints so that a checkpoint of one
/// store file never resumes another.
public struct SourceCheckpoint: Sendable, Equatable, CustomStringConvertible {
    /// The checkpoint as JSON (a number or a string), exactly as the source gave it.
    public let value: JSONValue

    /// A checkpoint holding `value`.
    public init(_ value: JSONValue) {
        self.value = value
    }

    /// The checkpoint as JSON text: `42`, `"12-g1AAAA…"`.
    public var description: String { JSONWriter.text(value) }
}

/// What one reading of a source delivered, besides the documents.
public struct SourceReading: Sendable {
    /// Which documents a reading delivered.
    public enum Scope: Sendable, Equatable {
        /// Everything the source holds: a document that was not delivered is not in the source.
        case everything
        /// Only the documents that changed after `checkpoint`; every other document is as the
        /// reading that ended at `checkpoint` delivered it.
        case changes(after: SourceCheckpoint)
    }

    /// What kind of source this was, for messages: "an _all_docs dump", "a wikisite store".
    public let form: String
    /// Which documents were delivered.
    public let scope: Scope
    /// How many documents (leaf revisions, tombstones included) were delivered.
    public let documentCount: Int
    /// Where the reading ended, to hand back next time; `nil` when the source has no sequence to
    /// resume from (a dump without one).
    public let checkpoint: SourceCheckpoint?
    /// Entries of the source that hold no usable document, in source order; the rest was read.
    public let rejected: [RejectedEntry]
    /// What the reading found, to compare the next reading with: the entries of a dump
    /// (`DumpLedger`), the notes of a folder (`FolderLedger`); nil for other sources.
    public let ledger: SourceLedger?

    /// A reading of `documentCount` documents of a source of the kind `form`.
    public init(
        form: String, scope: Scope, documentCount: Int, checkpoint: SourceCheckpoint?, rejected: [RejectedEntry],
        ledger: SourceLedger? = nil
    ) {
        self.form = form
        self.scope = scope
        self.documentCount = documentCount
        self.checkpoint = checkpoint
        self.rejected = rejected
        self.ledger = ledger
    }
}
