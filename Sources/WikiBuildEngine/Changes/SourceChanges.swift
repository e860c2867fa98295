import WikiDocuments
import WikiSources

/// What changed in the only source of a build since the last build, as the fast path reads it
/// (`FastPath`): the changed documents, then the wikis' own documents, and, later, the
/// documents of other pages as the source holds them still. Nothing that uses it knows which kind
/// of source it was.
package protocol SourceChanges {
    /// The changed documents (every leaf of each), then every leaf of the wikis' documents.
    var delivered: [Document] { get }
    /// How many of `delivered` are changes.
    var changeCount: Int { get }
    /// The changed documents the source no longer holds at all (none of a source with sequences,
    /// whose deletions are revisions), which `delivered` does not hold.
    var goneDocumentIDs: [String] { get }
    /// Every leaf of each document of `ids` as the source holds them, read right after the
    /// changes; nil when the source changed since they were read.
    func documents(_ ids: [String]) throws -> [Document]?
    /// Records where the reading ended in `update` (for the next build) and in `summary`.
    func record(into update: inout StateUpdate, summary: inout BuildSummary)
}

/// The changes of a source with sequences (the embedded store, a CouchDB server) after the
/// checkpoint of the last build, read with the wikis' documents from one snapshot of it, when it
/// has snapshots.
package struct SequencedChanges: SourceChanges {
    /// The most leaves of a wiki's document a reading takes on besides the changes.
    private static let wikiLeavesTakenOn = 16

    let source: any DocumentLookupSource
    let name: String
    /// The checkpoint the last build recorded, as JSON text, and the one this reading ended at.
    let storedCheckpoint: String
    let endCheckpoint: SourceCheckpoint
    package let delivered: [Document]
    package let changeCount: Int
    package var goneDocumentIDs: [String] { [] }

    /// Stops a reading that delivers more documents than the fast path takes on.
    private struct TooManyChanges: Error {}

    /// The changes of `source` (called `name`) after the checkpoint `last` recorded for it, then
    /// every leaf of `ids`.
    ///
    /// - Throws: `FastPathDeclined` when there are none, or more than `last.maximumChanges`, or
    ///   the reading is not one of changes after that checkpoint.
    static func read(
        _ source: any DocumentLookupSource, named name: String, after last: LastBuild, thenDocuments ids: [String]
    ) throws -> SequencedChanges {
        guard let storedCheckpoint = last.checkpoints[name],
            let checkpointValue = try? JSONParser.parse(storedCheckpoint)
        else { throw FastPathDeclined("the last build recorded no checkpoint of \(name)") }
        let checkpoint = SourceCheckpoint(checkpointValue)
        var delivered: [Document] = []
        let reading: SourceReading
        do {
            reading = try source.read(after: checkpoint, thenDocuments: ids) { document in
                delivered.append(document)
                // The changes come first: past this many, they are too many whatever follows.
                if delivered.count > last.maximumChanges + Self.wikiLeavesTakenOn * ids.count {
                    throw TooManyChanges()
                }
            }
        } catch is TooManyChanges {
            throw FastPathDeclined("more than \(last.maximumChanges) documents changed")
        }
        guard reading.scope == .changes(after: checkpoint), let endCheckpoint = reading.checkpoint else {
            throw FastPathDeclined("\(name) did not deliver its changes after the last build's checkpoint")
        }
        guard reading.rejected.isEmpty else {
            throw FastPathDeclined("a change of \(name) is not a document (its warning is the wiki-wide path's)")
        }
        guard reading.documentCount > 0 else { throw FastPathDeclined("no document changed") }
        return SequencedChanges(
            source: source, name: name, storedCheckpoint: storedCheckpoint, endCheckpoint: endCheckpoint,
            delivered: delivered, changeCount: reading.documentCount)
    }

    /// Reads `ids` after the checkpoint the changes ended at: none may have come since.
    package func documents(_ ids: [String]) throws -> [Document]? {
        var documents: [Document] = []
        let again = try source.read(after: endCheckpoint, thenDocuments: ids) { documents.append($0) }
        guard again.scope == .changes(after: endCheckpoint), again.documentCount == 0 else { return nil }
        return documents
    }

    package func record(into update: inout StateUpdate, summary: inout BuildSummary) {
        update.checkpoints[name] = endCheckpoint.description
        summary.checkpoints = [CheckpointAdvance(source: name, from: storedCheckpoint, to: endCheckpoint.description)]
    }
}

/// What a source compared with its ledger delivers, sorted out: the changed documents, and the
/// `_id`s of those it no longer holds at all.
package struct ComparedDocuments {
    var delivered: [Document] = []
    var gone: [String] = []

    /// Takes `document`: a document the source no longer holds comes as a tombstone without
    /// revision, which a database refuses; it is gone, with nothing to deliver.
    mutating func take(_ document: Document) {
        if document.isDeleted && document.revisionText == nil {
            gone.append(document.id)
        } else {
            delivered.append(document)
        }
    }
}

/// The changes of a dump since the last build read it: the documents of the entries whose bytes
/// are not in the ledger of that reading, and of the entries gone since (`DumpSource.read(comparedWith:…)`).
package struct ComparedDumpChanges: SourceChanges {
    let name: String
    let comparison: ComparedDumpReading
    /// The checkpoint the last build recorded (a `_changes` dump's `last_seq`), as JSON text.
    let storedCheckpoint: String?
    package let delivered: [Document]
    package let goneDocumentIDs: [String]
    package var changeCount: Int { comparison.reading.documentCount - goneDocumentIDs.count }

    /// The changes of `dump` (called `name`) since `ledger`, the last build's reading of it, then
    /// every leaf of `ids`.
    ///
    /// - Throws: `FastPathDeclined` when the dump cannot be compared so, or holds entries that
    ///   are not documents, or more than `last.maximumChanges` entries differ.
    static func read(
        _ dump: DumpSource, named name: String, comparedWith ledger: DumpLedger, after last: LastBuild,
        thenDocuments ids: [String]
    ) throws -> ComparedDumpChanges {
        var documents = ComparedDocuments()
        guard
            let comparison = try dump.read(
                comparedWith: ledger, thenDocuments: ids, limit: last.maximumChanges, { documents.take($0) })
        else {
            throw FastPathDeclined(
                "\(name) does not compare with the last build's reading of it (more than "
                    + "\(last.maximumChanges) documents changed, its entries are out of that reading's "
                    + "order, or it is not a regular file)")
        }
        guard comparison.reading.rejected.isEmpty else {
            throw FastPathDeclined("an entry of \(name) is not a document (its warning is the wiki-wide path's)")
        }
        return ComparedDumpChanges(
            name: name, comparison: comparison, storedCheckpoint: last.checkpoints[name],
            delivered: documents.delivered, goneDocumentIDs: documents.gone)
    }

    /// Whether the dump is as the last build read it: no entry differs, and it ends at the same
    /// sequence, if any.
    var isUnchanged: Bool {
        comparison.newEntryCount == 0 && comparison.goneEntryCount == 0
            && storedCheckpoint == comparison.reading.checkpoint?.description
    }

    /// Where the reading started and ended, and how many entries it compared.
    var advance: CheckpointAdvance {
        var advance = CheckpointAdvance(
            source: name, from: storedCheckpoint, to: comparison.reading.checkpoint?.description)
        advance.comparedEntries = (
            comparison.reading.ledger?.dump?.entries.count ?? 0, comparison.newEntryCount, comparison.goneEntryCount
        )
        return advance
    }

    package func documents(_ ids: [String]) throws -> [Document]? {
        try comparison.documents(ids)
    }

    package func record(into update: inout StateUpdate, summary: inout BuildSummary) {
        if let ledger = comparison.reading.ledger { update.ledgers[name] = ledger }
        if let checkpoint = comparison.reading.checkpoint { update.checkpoints[name] = checkpoint.description }
        summary.checkpoints = [advance]
    }
}
