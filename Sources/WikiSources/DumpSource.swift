import WikiDocuments

/// A dump file as a ``DocumentSource``: a reading delivers the whole dump, or nothing after a
/// checkpoint that is the dump's own `last_seq` (a dump cannot resume from any other), and ends at
/// the dump's `last_seq` when it is a changes feed.
public struct DumpSource: DocumentSource {
    /// The dump's path, as given.
    public let name: String

    /// The dump at `path`; nothing is read until ``read(after:_:)``.
    public init(path: String) {
        name = path
    }

    /// Reads the dump with ``DumpReader``, and makes the ledger of its entries
    /// (``SourceReading/ledger``) for the next reading to compare with.
    ///
    /// After `checkpoint`, when it is the dump's own last sequence (the same changes feed as the
    /// reading that made it), nothing changed since and no document is delivered; finding that
    /// out walks past every entry of the dump without parsing its document. After any other
    /// checkpoint, the whole dump is delivered: a dump holds no history, so a position in it says
    /// nothing about what an earlier dump held (and a CouchDB 2+ cluster's feed is not ordered by
    /// sequence). A dump that is not a regular file (a pipe) is read once, whole, whatever the
    /// checkpoint.
    ///
    /// - Throws: ``DumpFileError`` when the file cannot be opened, ``DumpError`` when it is not a
    ///   well-formed dump, and whatever `body` throws.
    public func read(after checkpoint: SourceCheckpoint?, _ body: (Document) throws -> Void) throws -> SourceReading {
        if let checkpoint, FileContents.isRegularFile(atPath: name) {
            let probe = try FileContents.withBytes(ofFile: name) { bytes, releaser in
                var walker = DumpWalker(bytes: bytes, name: name, releaser: releaser, walksOnly: true)
                return try walker.read { _ in }
            }
            if let last = probe.lastSequence, SourceCheckpoint(last).description == checkpoint.description {
                return SourceReading(
                    form: probe.format.sourceForm, scope: .changes(after: checkpoint), documentCount: 0,
                    checkpoint: checkpoint, rejected: [])
            }
        }
        var entries: [DumpLedger.Entry] = []
        let summary = try FileContents.withBytes(ofFile: name) { bytes, releaser in
            var walker = DumpWalker(bytes: bytes, name: name, releaser: releaser)
            return try walker.read { entry in
                let document = entry.document!
                entries.append(DumpLedger.Entry(digest: entry.digest, documentID: document.id))
                try body(document)
            }
        }
        return SourceReading(
            form: summary.format.sourceForm, scope: .everything, documentCount: summary.documentCount,
            checkpoint: summary.lastSequence.map(SourceCheckpoint.init), rejected: summary.rejected,
            ledger: .dump(DumpLedger(entries: entries)))
    }
}

extension DumpFormat {
    /// The form's name in messages: "an _all_docs dump".
    var sourceForm: String {
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
