import WikiDocuments

/// A dump file as a ``DocumentSource``: every reading delivers the whole dump (a dump cannot resume
/// from a checkpoint), and ends at the dump's `last_seq` when it is a changes feed.
public struct DumpSource: DocumentSource {
    /// The dump's path, as given.
    public let name: String

    /// The dump at `path`; nothing is read until ``read(after:_:)``.
    public init(path: String) {
        name = path
    }

    /// Reads the whole dump with ``DumpReader``, whatever `checkpoint` says.
    ///
    /// - Throws: ``DumpFileError`` when the file cannot be opened, ``DumpError`` when it is not a
    ///   well-formed dump, and whatever `body` throws.
    public func read(after checkpoint: SourceCheckpoint?, _ body: (Document) throws -> Void) throws -> SourceReading {
        let summary = try DumpReader.read(path: name, body)
        return SourceReading(
            form: summary.format.sourceForm, scope: .everything, documentCount: summary.documentCount,
            checkpoint: summary.lastSequence.map(SourceCheckpoint.init), rejected: summary.rejected)
    }
}

extension DumpFormat {
    /// The form's name in messages: "an _all_docs dump".
    fileprivate var sourceForm: String {
        switch self {
        case .allDocs: "an _all_docs dump"
        case .changes: "a _changes dump"
        case .continuousChanges: "a continuous _changes dump"
        case .couchbackup: "a couchbackup dump"
        case .bulkDocs: "a bulk docs dump"
        case .documentArray: "a dump of a document array"
        }
    }
}
