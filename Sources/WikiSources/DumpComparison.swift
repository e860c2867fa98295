import WikiDocuments

extension DumpSource {
    /// Reads the dump comparing its entries with `ledger` (an earlier reading's,
    /// ``SourceReading/ledger``), parsing only the entries whose bytes are not in it, and hands
    /// over what changed since: every leaf of each document that an entry not in the ledger holds,
    /// or that an entry of the ledger missing now held (a document the dump no longer holds at all
    /// comes as a tombstone without revision); then every leaf of each document of `ids` the dump
    /// holds. The changes are ``SourceReading/documentCount`` of the reading's documents.
    ///
    /// Returns nil when the entries cannot be compared so, and the dump is to be read whole: the
    /// dump is not a regular file (a pipe is read once, whole, and nothing is read of it here), the
    /// entries the ledger holds are not in its order (or one is there twice), or more than `limit`
    /// entries differ from the ledger's.
    ///
    /// - Throws: as ``read(after:_:)``.
    public func read(
        comparedWith ledger: DumpLedger, thenDocuments ids: [String], limit: Int, _ body: (Document) throws -> Void
    ) throws -> ComparedDumpReading? {
        guard FileContents.isRegularFile(atPath: name) else { return nil }
        var ledgerIndex: [Int64: Int] = [:]
        ledgerIndex.reserveCapacity(ledger.entries.count)
        for (index, entry) in ledger.entries.enumerated() where ledgerIndex[entry.digest] == nil {
            ledgerIndex[entry.digest] = index
        }
        return try FileContents.withBytes(ofFile: name) { bytes, releaser -> ComparedDumpReading? in
            var walker = DumpWalker(bytes: bytes, name: name, releaser: releaser, known: Set(ledgerIndex.keys))
            var located: [ComparedDumpReading.Located] = []
            located.reserveCapacity(ledger.entries.count)
            var parsed: [Int: Document] = [:]
            var present = [Bool](repeating: false, count: ledger.entries.count)
            var nextLedgerIndex = 0
            let summary: DumpSummary
            do {
                summary = try walker.read { entry in
                    if let document = entry.document {
                        guard parsed.count < limit else { throw NotComparable() }
                        parsed[located.count] = document
                        located.append(.init(digest: entry.digest, documentID: document.id, location: entry.location))
                        return
                    }
                    // Known: the ledger's entry, in the ledger's order.
                    guard let index = ledgerIndex[entry.digest], index >= nextLedgerIndex else {
                        throw NotComparable()
                    }
                    nextLedgerIndex = index + 1
                    present[index] = true
                    located.append(
                        .init(
                            digest: entry.digest, documentID: ledger.entries[index].documentID, location: entry.location
                        ))
                }
            } catch is NotComparable {
                return nil
            }

            // The documents an entry came to or left.
            var changedIDs = Set(parsed.values.map { ExactString($0.id) })
            for (index, entry) in ledger.entries.enumerated() where !present[index] {
                changedIDs.insert(ExactString(entry.documentID))
            }
            var delivered = 0
            var reader = DumpWalker(bytes: bytes, name: name)
            var leftIDs = changedIDs
            for (index, entry) in located.enumerated() where changedIDs.contains(ExactString(entry.documentID)) {
                leftIDs.remove(ExactString(entry.documentID))
                if let document = parsed[index] {
                    try body(document)
                } else {
                    try reader.readEntry(at: entry.location, of: summary.format) { try body($0.document!) }
                }
                delivered += 1
            }
            for id in leftIDs.sorted() {
                try body(
                    Document(
                        id: id.value, revisionText: nil, isDeleted: true,
                        body: JSONObject([("_id", .string(id.value)), ("_deleted", .bool(true))]),
                        origin: DocumentOrigin(source: name, line: nil)))
                delivered += 1
            }
            let comparison = ComparedDumpReading(
                reading: SourceReading(
                    form: summary.format.sourceForm, scope: .everything, documentCount: delivered,
                    checkpoint: summary.lastSequence.map(SourceCheckpoint.init), rejected: summary.rejected,
                    ledger: DumpLedger(entries: located.map { .init(digest: $0.digest, documentID: $0.documentID) })),
                newEntryCount: parsed.count, goneEntryCount: present.count { !$0 }, path: name, format: summary.format,
                located: located)
            for document in try comparison.documents(ids, in: bytes) { try body(document) }
            return comparison
        }
    }

    /// Thrown to stop a comparison that cannot be made.
    private struct NotComparable: Error {}
}

/// A reading of a dump compared with the ledger of an earlier one
/// (`DumpSource.read(comparedWith:thenDocuments:limit:_:)`): what it delivered, and where each
/// entry is, to read documents again by `_id`.
public struct ComparedDumpReading: Sendable {
    /// What the reading delivered: the changed documents (``SourceReading/documentCount``), then
    /// those asked for. Its ledger is the dump's now, to keep for the next reading.
    public let reading: SourceReading
    /// How many entries are not in the ledger (new or changed ones), and how many of the ledger's
    /// entries are not in the dump any more (changed or removed ones).
    public let newEntryCount: Int
    public let goneEntryCount: Int

    let path: String
    let format: DumpFormat
    /// Every entry of the dump that holds a document, in order.
    let located: [Located]

    /// An entry of the dump: its digest, its document's `_id`, and where it is.
    struct Located: Sendable {
        let digest: Int64
        let documentID: String
        let location: DumpEntryLocation
    }

    /// Every leaf of each document of `ids` that the dump holds, in the dump's order, read again
    /// from the file; nil when the file changed since this reading (an entry's bytes are not the
    /// ones read).
    ///
    /// - Throws: ``DumpFileError`` when the file cannot be opened.
    public func documents(_ ids: [String]) throws -> [Document]? {
        try FileContents.withBytes(ofFile: path) { bytes, _ in
            let wanted = Set(ids.map(ExactString.init))
            guard
                located.allSatisfy({
                    !wanted.contains(ExactString($0.documentID))
                        || ($0.location.end <= bytes.count && DumpEntry.digest(of: bytes, at: $0.location) == $0.digest)
                })
            else { return nil }
            return try documents(ids, in: bytes)
        }
    }

    /// Every leaf of each document of `ids`, read from `bytes`, the dump this reading read.
    fileprivate func documents(_ ids: [String], in bytes: UnsafeRawBufferPointer) throws -> [Document] {
        let wanted = Set(ids.map(ExactString.init))
        guard !wanted.isEmpty else { return [] }
        var walker = DumpWalker(bytes: bytes, name: path)
        var documents: [Document] = []
        for entry in located where wanted.contains(ExactString(entry.documentID)) {
            try walker.readEntry(at: entry.location, of: format) { documents.append($0.document!) }
        }
        return documents
    }
}
