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
    /// documents changed.
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
            var walker = DumpWalker(bytes: bytes, name: name, releaser: releaser, known: ledgerIndex)
            var located: [LocatedEntries.Located] = []
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
                        located.append(.init(entry: .init(digest: entry.digest, documentID: document.id), at: entry))
                    } else if let index = entry.knownIndex, index >= nextLedgerIndex {
                        // Known: the ledger's entry, in the ledger's order.
                        nextLedgerIndex = index + 1
                        present[index] = true
                        located.append(.init(entry: ledger.entries[index], at: entry))
                    } else {
                        throw NotComparable()
                    }
                }
            } catch is NotComparable {
                return nil
            }

            // The documents an entry came to or left.
            var changedIDs = Set(parsed.values.map { ExactString($0.id) })
            for (index, entry) in ledger.entries.enumerated() where !present[index] {
                changedIDs.insert(ExactString(entry.documentID))
            }
            guard changedIDs.count <= limit else { return nil }
            let entries = LocatedEntries(path: name, format: summary.format, located: located)
            var changes = try entries.documents(of: changedIDs, in: bytes, parsed: parsed)
            // A document no entry holds any more is gone.
            let held = Set(changes.map { ExactString($0.id) })
            for id in changedIDs.subtracting(held).sorted() {
                changes.append(
                    Document(
                        id: id.value, revisionText: nil, isDeleted: true,
                        body: JSONObject([("_id", .string(id.value)), ("_deleted", .bool(true))]),
                        origin: DocumentOrigin(source: name, line: nil)))
            }
            for document in changes { try body(document) }
            for document in try entries.documents(of: Set(ids.map(ExactString.init)), in: bytes) {
                try body(document)
            }
            return ComparedDumpReading(
                reading: SourceReading(
                    form: summary.format.sourceForm, scope: .everything, documentCount: changes.count,
                    checkpoint: summary.lastSequence.map(SourceCheckpoint.init), rejected: summary.rejected,
                    ledger: .dump(DumpLedger(entries: located.map(\.entry)))),
                newEntryCount: parsed.count, goneEntryCount: present.count { !$0 }, entries: entries)
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
    /// Where the dump's entries are.
    let entries: LocatedEntries

    /// Every leaf of each document of `ids` that the dump holds, in the dump's order, read again
    /// from the file; nil when the file changed since this reading (an entry's bytes are not the
    /// ones read).
    ///
    /// - Throws: ``DumpFileError`` when the file cannot be opened.
    public func documents(_ ids: [String]) throws -> [Document]? {
        let wanted = Set(ids.map(ExactString.init))
        return try FileContents.withBytes(ofFile: entries.path) { bytes, _ in
            for entry in entries.located where wanted.contains(ExactString(entry.entry.documentID)) {
                guard entry.location.end <= bytes.count,
                    DumpEntry.digest(of: bytes, at: entry.location) == entry.entry.digest
                else { return nil }
            }
            return try entries.documents(of: wanted, in: bytes)
        }
    }
}

/// The entries of a dump that hold documents, in order, each as the ledger keeps it and where it
/// is: what reads documents again by `_id`.
struct LocatedEntries: Sendable {
    /// An entry as the ledger keeps it, and where it is.
    struct Located: Sendable {
        let entry: DumpLedger.Entry
        let location: DumpEntryLocation

        init(entry: DumpLedger.Entry, at walked: DumpEntry) {
            self.entry = entry
            location = walked.location
        }
    }

    let path: String
    let format: DumpFormat
    let located: [Located]

    /// Every leaf of each document of `ids`, from `bytes` (the dump the entries were found in):
    /// taken from `parsed` (by the entry's place) when the reading parsed it, read again otherwise.
    func documents(
        of ids: Set<ExactString>, in bytes: UnsafeRawBufferPointer, parsed: [Int: Document] = [:]
    ) throws -> [Document] {
        guard !ids.isEmpty else { return [] }
        var walker = DumpWalker(bytes: bytes, name: path)
        var documents: [Document] = []
        for (index, entry) in located.enumerated() where ids.contains(ExactString(entry.entry.documentID)) {
            if let document = parsed[index] {
                documents.append(document)
            } else {
                try walker.readEntry(at: entry.location, of: format) { documents.append($0.document!) }
            }
        }
        return documents
    }
}
