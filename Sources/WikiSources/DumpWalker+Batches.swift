import WikiDocuments

/// Batches: the entries walked past wait as pending ones, are parsed a batch at a time on every
/// core, and are handed to the consumer in the order of the dump.
extension DumpWalker {
    /// Moves past the document at the current position: skipped, to be parsed with its batch; or,
    /// when it cannot be skipped (it is broken), parsed now, for the exact error.
    mutating func walkPast() throws(JSONParseError) -> PendingDocument {
        var start = parser
        start.replacedInvalidText = false
        if parser.skipValue() { return .at(start) }
        let entryHadInvalidText = parser.replacedInvalidText
        parser.replacedInvalidText = false
        let value = try parser.parseValue()
        defer { parser.replacedInvalidText = entryHadInvalidText }
        return .parsed(value, hadInvalidText: parser.replacedInvalidText)
    }

    /// Adds `entry`, just walked past, to the pending ones, and accepts them all when there are
    /// enough.
    mutating func enqueue(_ entry: PendingEntry, from start: JSONParser.Position, _ body: EntryConsumer) throws {
        pending.append(Pending(entry: entry, location: DumpEntryLocation(start: start, end: parser.offset)))
        if pending.count >= Self.pendingEntries || parser.offset - pendingStart >= Self.pendingBytes {
            try acceptPending(body)
        }
    }

    /// Works out the digest of each pending entry and parses the documents of the entries not
    /// known on every core, then hands the known ones over and accepts the others, in order, and
    /// gives back the pages of the mapping they were read from.
    mutating func acceptPending(_ body: EntryConsumer) throws {
        guard !pending.isEmpty else { return }
        let entries = pending
        pending.removeAll(keepingCapacity: true)
        guard !walksOnly else {
            releaser?.release(before: parser.offset)
            pendingStart = parser.offset
            return
        }
        let batch = PendingBatch(
            parsers: entries.map { pending in
                if case .at(let parser)? = pending.entry.document { parser } else { nil }
            }, locations: entries.map(\.location), bytes: bytes, known: known)
        let parsed = Concurrently.map(entries.count) { index -> PendingResult in
            let digest = batch.digest(ofEntry: index)
            if let knownIndex = batch.known[digest] {
                return PendingResult(digest: digest, knownIndex: knownIndex, document: nil)
            }
            guard var parser = batch.parsers[index] else {
                return PendingResult(digest: digest, knownIndex: nil, document: nil)
            }
            let document = Result { () throws(JSONParseError) in
                let value = try parser.parseValue()
                return (value, parser.replacedInvalidText)
            }
            return PendingResult(digest: digest, knownIndex: nil, document: document)
        }
        for (pending, result) in zip(entries, parsed) {
            let entry = (digest: result.digest, location: pending.location)
            if let knownIndex = result.knownIndex {
                try hand(
                    DumpEntry(document: nil, knownIndex: knownIndex, digest: entry.digest, location: entry.location),
                    body)
                continue
            }
            var document: (value: JSONValue, hadInvalidText: Bool)?
            switch pending.entry.document {
            case .parsed(let value, let hadInvalidText)?: document = (value, hadInvalidText)
            case .at?: document = try result.document!.get()
            case nil: document = nil
            }
            switch pending.entry {
            case .document(let line, _):
                try accept(
                    document!.value, origin: origin(line), row: nil, hadInvalidText: document!.hadInvalidText,
                    entry: entry, body)
            case .row(let pending):
                try accept(pending, document: document, entry: entry, body)
            }
        }
        releaser?.release(before: parser.offset)
        pendingStart = parser.offset
    }

    /// The digest and location of the entry being accepted.
    typealias EntryMark = (digest: Int64, location: DumpEntryLocation)

    /// What the cores made of one pending entry: its digest, and its document unless it is known
    /// or was parsed already.
    struct PendingResult: Sendable {
        let digest: Int64
        let knownIndex: Int?
        let document: Result<(JSONValue, Bool), JSONParseError>?
    }

    /// Turns a row, with its `document` when it has one, into a document, a tombstone, or a
    /// rejected entry.
    mutating func accept(
        _ pending: PendingRow, document parsed: (value: JSONValue, hadInvalidText: Bool)?, entry: EntryMark,
        _ body: EntryConsumer
    ) throws {
        let (row, start, kind) = (pending.row, pending.start, pending.kind)
        let document = parsed?.value
        let hadInvalidText = pending.hadInvalidText || parsed?.hadInvalidText == true
        let rowOrigin = origin(start.line)
        if let document, document != .null {
            try accept(
                document, origin: origin(row.documentLine ?? start.line), row: row, hadInvalidText: hadInvalidText,
                entry: entry, body)
        } else if row.isDeleted || (row.error != nil && row.id != nil && row.revision != nil) {
            guard let id = row.id, !id.isEmpty else {
                reject(rowOrigin, id: nil, "the \(kind) of a deleted document has no \"id\"")
                return
            }
            var members: [(key: String, value: JSONValue)] = [("_id", .string(id))]
            if let revision = row.revision { members.append(("_rev", .string(revision))) }
            members.append(("_deleted", .bool(true)))
            try emit(
                Document(
                    id: id, revisionText: row.revision, isDeleted: true, body: JSONObject(members), origin: rowOrigin,
                    hadInvalidText: hadInvalidText), entry: entry, body)
        } else if let error = row.error {
            reject(
                rowOrigin, id: row.id ?? row.key,
                "the \(kind) reports an error (\(Self.text(error))) instead of a document")
        } else if document == nil {
            let named = row.id.map { " for \(MessageText.quoted($0))" } ?? ""
            throw start.error(
                "the \(kind)\(named) has no \"doc\": was this dump made with include_docs=true?")
        } else {
            reject(rowOrigin, id: row.id, "the \(kind) has a null \"doc\" but is not marked deleted")
        }
    }

    /// Hands `value` over as a document, or rejects it when it is not one; `row` is the row or
    /// change that carried it (its `id` names it in messages, and it may mark it deleted), nil
    /// for a document of its own.
    mutating func accept(
        _ value: JSONValue, origin: DocumentOrigin, row: Row?, hadInvalidText: Bool, entry: EntryMark,
        _ body: EntryConsumer
    ) throws {
        let (rowID, deletedByRow) = (row?.id, row?.isDeleted == true)
        guard case .object(let object) = value else {
            reject(origin, id: rowID, "the document is \(value.typeDescription), not an object")
            return
        }
        // One pass over the members; the last of duplicates counts, as in `JSONObject`'s subscript.
        var idValue: JSONValue?
        var revision: String?
        var isDeleted = false
        for member in object.members where member.key.utf8.first == UInt8(ascii: "_") {
            switch DumpKey(exactly: member.key) {
            case .documentID: idValue = member.value
            case .documentRevision: revision = member.value.stringValue
            case .documentDeleted: isDeleted = member.value.boolValue == true
            default: break
            }
        }
        guard let idValue else {
            reject(origin, id: rowID, "the document has no _id")
            return
        }
        guard case .string(let id) = idValue else {
            reject(origin, id: rowID, "the document's _id is \(idValue.typeDescription), not a string")
            return
        }
        guard !id.isEmpty else {
            reject(origin, id: rowID, "the document's _id is empty")
            return
        }
        let document = Document(
            id: id, revisionText: revision, isDeleted: deletedByRow || isDeleted, body: object, origin: origin,
            hadInvalidText: hadInvalidText)
        try emit(document, entry: entry, body)
    }

    mutating func emit(_ document: Document, entry: EntryMark, _ body: EntryConsumer) throws {
        try hand(DumpEntry(document: document, knownIndex: nil, digest: entry.digest, location: entry.location), body)
    }

    /// Hands `entry` over: one more document.
    mutating func hand(_ entry: DumpEntry, _ body: EntryConsumer) throws {
        documentCount += 1
        do {
            try body(entry)
        } catch {
            throw ConsumerError(underlying: error)
        }
    }
}
