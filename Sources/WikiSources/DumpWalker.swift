import WikiDocuments

/// Walks one dump: recognises its form from the first value, then reads it element by element.
/// It walks past each document (`JSONParser.skipValue()`: strings and brackets only), parses the
/// documents of a batch of entries on every core, and hands them to the consumer in the order of
/// the dump. What the consumer receives, and the first error reported, are those of a reading one
/// document at a time: a document that cannot be walked past is parsed at once, and the entries
/// walked past are accepted before any error of the walk after them is thrown.
///
/// Structural problems are thrown as parser errors at the position they concern and turned into a
/// ``DumpError`` once, at the top; documents that are bad data inside a good dump are collected as
/// ``RejectedEntry``s.
struct DumpWalker {
    /// What the walker hands each entry holding a document to.
    typealias EntryConsumer = (DumpEntry) throws -> Void

    private var parser: JSONParser
    private let bytes: UnsafeRawBufferPointer
    private let name: String
    /// The entries whose documents are not parsed, by digest, each with the index the caller
    /// knows it by (`DumpEntry/knownIndex`).
    private let known: [Int64: Int]
    /// Whether entries are only walked past: none is parsed or handed over, and the reading
    /// finds the dump's form and last sequence alone.
    private let walksOnly: Bool
    private var documentCount = 0
    private var rejected: [RejectedEntry] = []
    private var lastSequence: JSONValue?
    private var releaser: PageReleaser?
    /// Entries walked past whose documents are not parsed yet: they are parsed a batch at a time
    /// on every core, then accepted in the order of the dump (`acceptPending`).
    private var pending: [Pending] = []
    /// Where the dump was when the pending entries began to be walked past: where the last
    /// batch was accepted.
    private var pendingStart = 0

    /// How many entries wait for their documents at most, and how many bytes of the dump they
    /// span: enough to keep the cores busy, little enough to stay in memory.
    private static let pendingEntries = 256
    private static let pendingBytes = 4 << 20

    /// A walker over `bytes`, called `name` in origins and errors; `releaser`, when the bytes are a
    /// mapped file, gives back what has been read.
    /// `known` entries are handed over unparsed, with their index there (a reading that compares
    /// the entries with an earlier reading's parses only the others).
    init(
        bytes: UnsafeRawBufferPointer, name: String, releaser: PageReleaser? = nil, known: [Int64: Int] = [:],
        walksOnly: Bool = false
    ) {
        parser = JSONParser(bytes: bytes)
        self.bytes = bytes
        self.name = name
        self.releaser = releaser
        self.known = known
        self.walksOnly = walksOnly
    }

    /// Reads the entry at `location` of a dump of `format` (the bytes the walker was made over are
    /// the same as those of the reading that found it), calling `body` with it unless it holds no
    /// document.
    mutating func readEntry(at location: DumpEntryLocation, of format: DumpFormat, _ body: EntryConsumer) throws {
        parser = JSONParser(bytes: bytes, at: location.start)
        pendingStart = location.start.offset
        try reportingErrors { walker in
            switch format {
            case .allDocs: try walker.readAllDocsRow(body)
            case .changes: try walker.readChange(inFeed: false, body)
            case .continuousChanges: try walker.readChange(inFeed: true, body)
            case .couchbackup, .bulkDocs, .documentArray: try walker.readDocument(body)
            }
            try walker.acceptPending(body)
        }
    }

    /// Reads the whole dump, calling `body` per document.
    mutating func read(_ body: EntryConsumer) throws -> DumpSummary {
        try reportingErrors { walker in
            let format: DumpFormat
            do {
                format = try walker.readDump(body)
            } catch {
                // The entries walked past come before whatever stopped the walk: their own
                // errors, if any, are the first of the dump.
                try walker.acceptPending(body)
                throw error
            }
            try walker.acceptPending(body)
            return DumpSummary(
                format: format, documentCount: walker.documentCount, lastSequence: walker.lastSequence,
                rejected: walker.rejected)
        }
    }

    /// Runs `work`, turning a parser's error into a ``DumpError`` naming the dump, and handing on
    /// the consumer's own errors untouched.
    private mutating func reportingErrors<Result>(_ work: (inout Self) throws -> Result) throws -> Result {
        do {
            return try work(&self)
        } catch let error as JSONParseError {
            throw DumpError(
                path: name, line: error.line, column: error.column, byteOffset: error.byteOffset,
                message: error.isTruncation ? "unexpected end of file: the dump is truncated" : error.message)
        } catch let error as ConsumerError {
            throw error.underlying
        }
    }

    private mutating func readDump(_ body: EntryConsumer) throws -> DumpFormat {
        parser.skipByteOrderMark()
        parser.skipWhitespace()
        switch parser.peek() {
        case nil:
            throw parser.error("the file is empty; \(DumpFormat.acceptedForms)")
        case UInt8(ascii: "["):
            return try readArrayLines(afterHeader: false, body)
        case UInt8(ascii: "{"):
            return try readTopLevelObject(body)
        default:
            throw parser.error(
                "this is not a CouchDB dump: it starts with \(parser.describeNextByte()), not an object or an array; \(DumpFormat.acceptedForms)"
            )
        }
    }

    // MARK: Recognising the form

    /// Reads a dump that starts with an object: a wrapper (`rows`, `results`, `docs`), the first
    /// line of a continuous feed, or a couchbackup header line.
    private mutating func readTopLevelObject(_ body: EntryConsumer) throws -> DumpFormat {
        let start = parser
        try parser.beginObject()
        var format: DumpFormat?
        var lastSeq: JSONValue?
        var onlySequenceMembers = true
        var isCouchbackupHeader = false
        var holdsDocumentID = false
        var errorName: JSONValue?
        var errorReason: JSONValue?

        while let key = try parser.nextKey() {
            let member = DumpKey(exactly: key)
            if let container = member?.containerFormat {
                if let format {
                    throw parser.error(
                        "a second list of documents (\"\(key)\") after the \(format.containerKey) one: a dump holds one list"
                    )
                }
                format = container
                try readContainer(container, named: key, body)
                continue
            }
            if format == nil, !holdsDocumentID, member?.isChangeMember == true {
                // The first line of a continuous feed: read it again as one.
                parser = start
                return try readChangeLines(body)
            }
            let value = try parser.parseValue()
            switch member {
            case .lastSeq: lastSeq = value
            case .pending: break
            case .error: errorName = value
            case .reason: errorReason = value
            case .name: isCouchbackupHeader = value.stringValue?.isExactly("@cloudant/couchbackup") == true
            case .documentID: holdsDocumentID = true
            default: break
            }
            if member != .lastSeq && member != .pending { onlySequenceMembers = false }
        }

        guard let format else {
            if isCouchbackupHeader { return try readArrayLines(afterHeader: true, body) }
            if onlySequenceMembers, lastSeq != nil {
                // `{"last_seq":…}` alone: a continuous feed with no change.
                parser = start
                return try readChangeLines(body)
            }
            if let errorName {
                throw start.error(
                    "this is a CouchDB error response, not a dump: \(Self.text(errorName)): \(errorReason.map(Self.text) ?? "no reason given")"
                )
            }
            if holdsDocumentID {
                throw start.error(
                    #"this is a single document, not a dump: put documents in a JSON array or in {"docs":[…]}"#)
            }
            throw start.error(
                #"this object is not a dump: it has no "rows", "results" or "docs" member; "# + DumpFormat.acceptedForms
            )
        }
        parser.skipWhitespace()
        guard parser.isAtEnd else {
            throw parser.error(
                "unexpected \(parser.describeNextByte()) after the end of the dump's top-level object"
            )
        }
        if format == .changes, let lastSeq { lastSequence = lastSeq }
        return format
    }

    /// Reads the array of a wrapper object.
    private mutating func readContainer(
        _ format: DumpFormat, named key: String, _ body: EntryConsumer
    ) throws {
        parser.skipWhitespace()
        guard parser.peek() == UInt8(ascii: "[") else {
            throw parser.error("\"\(key)\" must be an array, found \(foundValue())")
        }
        try parser.beginArray()
        while try parser.nextElement() {
            switch format {
            case .allDocs: try readAllDocsRow(body)
            case .changes: try readChange(inFeed: false, body)
            default: try readDocument(body)
            }
        }
    }

    // MARK: Line-oriented forms

    /// A continuous feed: change objects separated by whitespace (blank heartbeat lines allowed),
    /// and `{"last_seq":…}` lines.
    private mutating func readChangeLines(_ body: EntryConsumer) throws -> DumpFormat {
        while true {
            parser.skipWhitespace()
            if parser.isAtEnd { return .continuousChanges }
            try readChange(inFeed: true, body)
        }
    }

    /// Arrays of documents, one after another: a plain array when there is one, couchbackup when
    /// there are several or a couchbackup metadata line. (A couchbackup file of one line without a
    /// header is a plain array: nothing tells them apart, and the documents are the same.)
    private mutating func readArrayLines(
        afterHeader: Bool, _ body: EntryConsumer
    ) throws -> DumpFormat {
        var arrays = 0
        var isCouchbackup = afterHeader
        while true {
            parser.skipWhitespace()
            guard let byte = parser.peek() else { break }
            if byte == UInt8(ascii: "[") {
                try parser.beginArray()
                while try parser.nextElement() { try readDocument(body) }
                arrays += 1
                continue
            }
            if byte == UInt8(ascii: "{") {
                let start = parser
                let metadata = try parser.parseValue()
                if metadata.objectValue?["name"]?.stringValue?.isExactly("@cloudant/couchbackup") == true {
                    isCouchbackup = true
                    continue
                }
                parser = start
            }
            if arrays == 1 && !isCouchbackup {
                throw parser.error(
                    "found \(foundValue()) after the array of documents: a plain array is the whole dump, and a couchbackup file has one array a line"
                )
            }
            throw parser.error(
                "expected a JSON array of documents on each line of a couchbackup file, found \(foundValue())")
        }
        return isCouchbackup || arrays > 1 ? .couchbackup : .documentArray
    }

    // MARK: Entries

    /// One element of `docs` or of a document array.
    private mutating func readDocument(_ body: EntryConsumer) throws {
        let start = parser.position
        let line = parser.line
        let document = try walkPast()
        try enqueue(.document(line: line, document), from: start, body)
    }

    /// One row of `_all_docs`: `{"id","key","value":{"rev","deleted"?},"doc"}`, members in any order.
    private mutating func readAllDocsRow(_ body: EntryConsumer) throws {
        guard parser.peek() == UInt8(ascii: "{") else {
            throw parser.error("each row of \"rows\" must be an object, found \(foundValue())")
        }
        let start = parser
        parser.replacedInvalidText = false
        try parser.beginObject()
        var row = Row()
        while let key = try parser.nextKey() {
            let member = DumpKey(exactly: key)
            if member == .doc {
                parser.skipWhitespace()
                row.documentLine = parser.line
                row.document = try walkPast()
                continue
            }
            let value = try parser.parseValue()
            switch member {
            case .id: row.id = value.stringValue
            case .key: row.key = value.stringValue
            case .value:
                row.revision = value.objectValue?["rev"]?.stringValue
                row.isDeleted = value.objectValue?["deleted"]?.boolValue == true
            case .error: row.error = value
            default: break
            }
        }
        try enqueue(
            .row(row, start: start, kind: "row", hadInvalidText: parser.replacedInvalidText), from: start.position, body
        )
    }

    /// One change: `{"seq","id","changes":[{"rev"}],"deleted"?,"doc"}`, members in any order; on a
    /// feed line, also `{"last_seq":…}`.
    private mutating func readChange(inFeed: Bool, _ body: EntryConsumer) throws {
        guard parser.peek() == UInt8(ascii: "{") else {
            throw parser.error(
                inFeed
                    ? "each line of a continuous _changes feed must be a JSON object, found \(foundValue())"
                    : "each entry of \"results\" must be an object, found \(foundValue())")
        }
        let start = parser
        parser.replacedInvalidText = false
        try parser.beginObject()
        var row = Row()
        var isChange = false
        var sequence: JSONValue?
        var lastSeq: JSONValue?
        var reason: JSONValue?
        while let key = try parser.nextKey() {
            let member = DumpKey(exactly: key)
            if member?.isChangeMember == true { isChange = true }
            if member == .doc {
                parser.skipWhitespace()
                row.documentLine = parser.line
                row.document = try walkPast()
                continue
            }
            let value = try parser.parseValue()
            switch member {
            case .seq: sequence = value
            case .id: row.id = value.stringValue
            case .changes: row.revision = value.arrayValue?.first?.objectValue?["rev"]?.stringValue
            case .deleted: row.isDeleted = value.boolValue == true
            case .lastSeq: lastSeq = value
            case .error: row.error = value
            case .reason: reason = value
            default: break
            }
        }
        guard isChange else {
            if inFeed, let lastSeq {
                lastSequence = lastSeq
                return
            }
            if let error = row.error {
                throw start.error(
                    "the feed reports an error instead of a change: \(Self.text(error)): \(reason.map(Self.text) ?? "no reason given")"
                )
            }
            throw start.error(
                inFeed
                    ? #"expected a change ({"seq","id","changes","doc"}) or {"last_seq":…} on each line of a continuous _changes feed"#
                    : #"expected a change ({"seq","id","changes","doc"}) in "results""#)
        }
        if let sequence { lastSequence = sequence }
        try enqueue(
            .row(row, start: start, kind: "change", hadInvalidText: parser.replacedInvalidText), from: start.position,
            body)
    }

    /// The members of an `_all_docs` row or a change that say which document it is.
    private struct Row {
        var id: String?
        var key: String?
        var revision: String?
        var isDeleted = false
        var error: JSONValue?
        var document: PendingDocument?
        var documentLine: Int?
    }

    /// A document walked past: its value, once parsed, or where to parse it.
    private enum PendingDocument {
        case parsed(JSONValue, hadInvalidText: Bool)
        /// A parser at the start of the document.
        case at(JSONParser)
    }

    /// An entry of the dump walked past, waiting for its document, and where it is.
    private struct Pending {
        let entry: PendingEntry
        let location: DumpEntryLocation
    }

    /// An entry of the dump walked past, waiting for its document.
    private enum PendingEntry {
        /// An element of a document array or of `docs`, from `line`.
        case document(line: Int, PendingDocument)
        /// A row of `_all_docs` or a change (`kind`); `hadInvalidText` says whether its members
        /// other than the document held invalid text.
        case row(Row, start: JSONParser, kind: String, hadInvalidText: Bool)

        var document: PendingDocument? {
            switch self {
            case .document(_, let document): document
            case .row(let row, _, _, _): row.document
            }
        }
    }

    /// The document parsers of a batch and where its entries are, handed to every core. The bytes
    /// they read stay mapped and unchanged while the dump is walked, and each parser is a copy of
    /// its own.
    private struct PendingBatch: @unchecked Sendable {
        let parsers: [JSONParser?]
        let locations: [DumpEntryLocation]
        let bytes: UnsafeRawBufferPointer
        let known: [Int64: Int]

        func digest(ofEntry index: Int) -> Int64 {
            DumpEntry.digest(of: bytes, at: locations[index])
        }
    }

    /// Moves past the document at the current position: skipped, to be parsed with its batch; or,
    /// when it cannot be skipped (it is broken), parsed now, for the exact error.
    private mutating func walkPast() throws(JSONParseError) -> PendingDocument {
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
    private mutating func enqueue(_ entry: PendingEntry, from start: JSONParser.Position, _ body: EntryConsumer) throws
    {
        pending.append(Pending(entry: entry, location: DumpEntryLocation(start: start, end: parser.offset)))
        if pending.count >= Self.pendingEntries || parser.offset - pendingStart >= Self.pendingBytes {
            try acceptPending(body)
        }
    }

    /// Works out the digest of each pending entry and parses the documents of the entries not
    /// known on every core, then hands the known ones over and accepts the others, in order, and
    /// gives back the pages of the mapping they were read from.
    private mutating func acceptPending(_ body: EntryConsumer) throws {
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
                    document!.value, origin: origin(line), rowID: nil, deletedByRow: false,
                    hadInvalidText: document!.hadInvalidText, entry: entry, body)
            case .row(let row, let start, let kind, let hadInvalidText):
                try accept(
                    row, document: document?.value, hadInvalidText: hadInvalidText || document?.hadInvalidText == true,
                    at: start, missingDocument: kind, entry: entry, body)
            }
        }
        releaser?.release(before: parser.offset)
        pendingStart = parser.offset
    }

    /// The digest and location of the entry being accepted.
    private typealias EntryMark = (digest: Int64, location: DumpEntryLocation)

    /// What the cores made of one pending entry: its digest, and its document unless it is known
    /// or was parsed already.
    private struct PendingResult: Sendable {
        let digest: Int64
        let knownIndex: Int?
        let document: Result<(JSONValue, Bool), JSONParseError>?
    }

    /// Turns a row into a document, a tombstone, or a rejected entry.
    private mutating func accept(
        _ row: Row, document: JSONValue?, hadInvalidText: Bool, at start: JSONParser, missingDocument kind: String,
        entry: EntryMark, _ body: EntryConsumer
    ) throws {
        let rowOrigin = origin(start.line)
        if let document, document != .null {
            try accept(
                document, origin: origin(row.documentLine ?? start.line), rowID: row.id, deletedByRow: row.isDeleted,
                hadInvalidText: hadInvalidText, entry: entry, body)
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

    /// Hands `value` over as a document, or rejects it when it is not one.
    private mutating func accept(
        _ value: JSONValue, origin: DocumentOrigin, rowID: String?, deletedByRow: Bool, hadInvalidText: Bool,
        entry: EntryMark, _ body: EntryConsumer
    ) throws {
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

    private mutating func emit(_ document: Document, entry: EntryMark, _ body: EntryConsumer) throws {
        try hand(DumpEntry(document: document, knownIndex: nil, digest: entry.digest, location: entry.location), body)
    }

    /// Hands `entry` over: one more document.
    private mutating func hand(_ entry: DumpEntry, _ body: EntryConsumer) throws {
        documentCount += 1
        do {
            try body(entry)
        } catch {
            throw ConsumerError(underlying: error)
        }
    }

    private mutating func reject(_ origin: DocumentOrigin, id: String?, _ reason: String) {
        rejected.append(RejectedEntry(origin: origin, documentID: id, reason: reason))
    }

    private func origin(_ line: Int) -> DocumentOrigin {
        DocumentOrigin(source: name, line: line)
    }

    /// What the next value is, for messages: "an object", "a string", "']'".
    private func foundValue() -> String {
        guard let byte = parser.peek() else { return "end of file" }
        return switch byte {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): "a number"
        default: parser.describeNextByte()
        }
    }

    /// A short rendering of a scalar JSON value for messages.
    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let string): MessageText.escaped(string)
        case .number(let number): number
        case .bool(let bool): String(bool)
        default: value.typeDescription
        }
    }
}

/// An error thrown by the consumer of the documents, carried through the reader untouched.
private struct ConsumerError: Error {
    let underlying: any Error
}

/// The member names the reader looks at, matched byte for byte.
private enum DumpKey: String, CaseIterable {
    case rows, results, docs
    case lastSeq = "last_seq"
    case pending, error, reason, name
    case documentID = "_id"
    case documentRevision = "_rev"
    case documentDeleted = "_deleted"
    case id, key, value, doc, seq, changes, deleted

    /// Every name (none is longer than 8 bytes) packed into an integer with its length: matching
    /// a key is a few integer comparisons.
    private static let packedNames: [(key: DumpKey, count: Int, bytes: UInt64)] = allCases.map {
        ($0, $0.rawValue.utf8.count, packed($0.rawValue))
    }

    init?(exactly key: String) {
        var key = key
        let match = key.withUTF8 { bytes -> DumpKey? in
            guard bytes.count <= 8 else { return nil }
            let packed = Self.pack(bytes)
            return Self.packedNames.first { $0.count == bytes.count && $0.bytes == packed }?.key
        }
        guard let match else { return nil }
        self = match
    }

    private static func packed(_ name: String) -> UInt64 {
        var name = name
        return name.withUTF8(pack)
    }

    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var packed: UInt64 = 0
        for index in bytes.indices { packed |= UInt64(bytes[index]) &<< (8 &* index) }
        return packed
    }

    /// The form whose list of entries this member holds.
    var containerFormat: DumpFormat? {
        switch self {
        case .rows: .allDocs
        case .results: .changes
        case .docs: .bulkDocs
        default: nil
        }
    }

    /// Whether this member belongs to a change (a result of a `_changes` feed).
    var isChangeMember: Bool {
        switch self {
        case .seq, .id, .changes, .deleted, .doc: true
        default: false
        }
    }
}

extension DumpFormat {
    /// The member holding a wrapper form's entries, for messages.
    fileprivate var containerKey: String {
        switch self {
        case .allDocs: "\"rows\""
        case .changes: "\"results\""
        case .bulkDocs: "\"docs\""
        default: rawValue
        }
    }
}
