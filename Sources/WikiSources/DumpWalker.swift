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

    var parser: JSONParser
    let bytes: UnsafeRawBufferPointer
    let name: String
    /// The entries whose documents are not parsed, by digest, each with the index the caller
    /// knows it by (`DumpEntry/knownIndex`).
    let known: [Int64: Int]
    /// Whether entries are only walked past: none is parsed or handed over, and the reading
    /// finds the dump's form and last sequence alone.
    let walksOnly: Bool
    var documentCount = 0
    var rejected: [RejectedEntry] = []
    var lastSequence: JSONValue?
    var releaser: PageReleaser?
    /// Entries walked past whose documents are not parsed yet: they are parsed a batch at a time
    /// on every core, then accepted in the order of the dump (`acceptPending`).
    var pending: [Pending] = []
    /// Where the dump was when the pending entries began to be walked past: where the last
    /// batch was accepted.
    var pendingStart = 0

    /// How many entries wait for their documents at most, and how many bytes of the dump they
    /// span: enough to keep the cores busy, little enough to stay in memory.
    static let pendingEntries = 256
    static let pendingBytes = 4 << 20

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
    mutating func reportingErrors<Result>(_ work: (inout Self) throws -> Result) throws -> Result {
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

    mutating func readDump(_ body: EntryConsumer) throws -> DumpFormat {
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
    mutating func readTopLevelObject(_ body: EntryConsumer) throws -> DumpFormat {
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
    mutating func readContainer(
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
    mutating func readChangeLines(_ body: EntryConsumer) throws -> DumpFormat {
        while true {
            parser.skipWhitespace()
            if parser.isAtEnd { return .continuousChanges }
            try readChange(inFeed: true, body)
        }
    }

    /// Arrays of documents, one after another: a plain array when there is one, couchbackup when
    /// there are several or a couchbackup metadata line. (A couchbackup file of one line without a
    /// header is a plain array: nothing tells them apart, and the documents are the same.)
    mutating func readArrayLines(
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
    mutating func readDocument(_ body: EntryConsumer) throws {
        let start = parser.position
        let line = parser.line
        let document = try walkPast()
        try enqueue(.document(line: line, document), from: start, body)
    }

    /// One row of `_all_docs`: `{"id","key","value":{"rev","deleted"?},"doc"}`, members in any order.
    mutating func readAllDocsRow(_ body: EntryConsumer) throws {
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
            .row(PendingRow(row: row, start: start, kind: "row", hadInvalidText: parser.replacedInvalidText)),
            from: start.position, body)
    }

    /// One change: `{"seq","id","changes":[{"rev"}],"deleted"?,"doc"}`, members in any order; on a
    /// feed line, also `{"last_seq":…}`.
    mutating func readChange(inFeed: Bool, _ body: EntryConsumer) throws {
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
            .row(PendingRow(row: row, start: start, kind: "change", hadInvalidText: parser.replacedInvalidText)),
            from: start.position, body)
    }

    /// The members of an `_all_docs` row or a change that say which document it is.
    struct Row {
        var id: String?
        var key: String?
        var revision: String?
        var isDeleted = false
        var error: JSONValue?
        var document: PendingDocument?
        var documentLine: Int?

        /// A row before any of its members is read.
        init() {}
    }

    /// A document walked past: its value, once parsed, or where to parse it.
    enum PendingDocument {
        case parsed(JSONValue, hadInvalidText: Bool)
        /// A parser at the start of the document.
        case at(JSONParser)
    }

    /// An entry of the dump walked past, waiting for its document, and where it is.
    struct Pending {
        let entry: PendingEntry
        let location: DumpEntryLocation
    }

    /// An entry of the dump walked past, waiting for its document.
    enum PendingEntry {
        /// An element of a document array or of `docs`, from `line`.
        case document(line: Int, PendingDocument)
        /// A row of `_all_docs` or a change.
        case row(PendingRow)

        var document: PendingDocument? {
            switch self {
            case .document(_, let document): document
            case .row(let pending): pending.row.document
            }
        }
    }

    /// A row of `_all_docs` or a change walked past, waiting for its document: its members, the
    /// parser at its start, what messages call it (`kind`: `row`, `change`), and whether its
    /// members other than the document held invalid text.
    struct PendingRow {
        let row: Row
        let start: JSONParser
        let kind: String
        let hadInvalidText: Bool
    }

    /// The document parsers of a batch and where its entries are, handed to every core. The bytes
    /// they read stay mapped and unchanged while the dump is walked, and each parser is a copy of
    /// its own.
    struct PendingBatch: @unchecked Sendable {
        let parsers: [JSONParser?]
        let locations: [DumpEntryLocation]
        let bytes: UnsafeRawBufferPointer
        let known: [Int64: Int]

        func digest(ofEntry index: Int) -> Int64 {
            DumpEntry.digest(of: bytes, at: locations[index])
        }
    }

    mutating func reject(_ origin: DocumentOrigin, id: String?, _ reason: String) {
        rejected.append(RejectedEntry(origin: origin, documentID: id, reason: reason))
    }

    func origin(_ line: Int) -> DocumentOrigin {
        DocumentOrigin(source: name, line: line)
    }

    /// What the next value is, for messages: "an object", "a string", "']'".
    func foundValue() -> String {
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
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let string): MessageText.escaped(string)
        case .number(let number): number
        case .bool(let bool): String(bool)
        default: value.typeDescription
        }
    }
}

/// An error thrown by the consumer of the documents, carried through the reader untouched.
struct ConsumerError: Error {
    let underlying: any Error
}
