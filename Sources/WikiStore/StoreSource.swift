import WikiDocuments
import WikiSources

/// A store file as a ``DocumentSource``: a reading delivers every leaf of every document, or, after
/// a checkpoint of the same store file, every leaf of each document changed since; it ends at the
/// store's sequence.
public struct StoreSource: DocumentLookupSource {
    /// The store file, as given.
    public let name: String

    /// The store at `path`; it is opened when read.
    public init(path: String) {
        name = path
    }

    /// Opens the store and reads it from one snapshot.
    ///
    /// - Throws: ``StoreError``, and whatever `body` throws.
    public func read(after checkpoint: SourceCheckpoint?, _ body: (Document) throws -> Void) throws -> SourceReading {
        try DocumentStore(path: name).read(after: checkpoint, thenDocuments: [], body)
    }

    /// Opens the store and reads its changes after `checkpoint`, then the documents `ids`, from one
    /// snapshot.
    ///
    /// - Throws: ``StoreError``, and whatever `body` throws.
    public func read(
        after checkpoint: SourceCheckpoint?, thenDocuments ids: [String], _ body: (Document) throws -> Void
    ) throws -> SourceReading {
        try DocumentStore(path: name).read(after: checkpoint, thenDocuments: ids, body)
    }
}
