import WikiDocuments
import WikiSources

/// The changes of a folder of Markdown since the last build read it: the pages of the notes whose
/// stamp is not in the ledger of that reading, the wiki's document when it changed, and the pages
/// no note gives any more (`MarkdownFolderSource.read(comparedWith:…)`).
package struct ComparedFolderChanges: SourceChanges {
    let name: String
    let comparison: ComparedFolderReading
    package let delivered: [Document]
    package let goneDocumentIDs: [String]
    package var changeCount: Int { comparison.reading.documentCount - goneDocumentIDs.count }

    /// The changes of `folder` (called `name`) since `ledger`, the last build's reading of it,
    /// then the documents of `ids`; `events`, the paths the file system named since, spare a walk.
    ///
    /// - Throws: `FastPathDeclined` when the folder cannot be compared so (it is then read whole),
    ///   or more than `limit` notes are to be read.
    static func read(
        _ folder: MarkdownFolderSource, named name: String, comparedWith ledger: FolderLedger,
        events: FolderEvents?, thenDocuments ids: [String], limit: Int
    ) throws -> ComparedFolderChanges {
        var documents = ComparedDocuments()
        guard
            let comparison = try folder.read(
                comparedWith: ledger, events: events, thenDocuments: ids, limit: limit, { documents.take($0) })
        else {
            throw FastPathDeclined(
                "\(name) does not compare with the last build's reading of it (more than "
                    + "\(limit) notes changed, git's HEAD moved, two notes claim one title, "
                    + "or a file cannot be read)")
        }
        return ComparedFolderChanges(
            name: name, comparison: comparison, delivered: documents.delivered, goneDocumentIDs: documents.gone)
    }

    /// How many notes the reading compared, read and found gone.
    var advance: CheckpointAdvance {
        var advance = CheckpointAdvance(source: name, from: nil, to: nil)
        advance.comparedEntries = (
            comparison.reading.ledger?.folder?.noteCount ?? 0, comparison.changedNoteCount, comparison.goneNoteCount
        )
        advance.comparedItems = .notes
        return advance
    }

    package func documents(_ ids: [String]) throws -> [Document]? {
        try comparison.documents(ids)
    }

    package func record(into update: inout StateUpdate, summary: inout BuildSummary) {
        if let ledger = comparison.reading.ledger { update.ledgers[name] = ledger }
        summary.checkpoints = [advance]
    }
}
