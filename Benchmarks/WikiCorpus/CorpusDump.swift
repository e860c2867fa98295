import WikiDocuments

/// The dump forms the corpus can be written in: every form `wikisite build` reads from a file.
public enum CorpusForm: String, Sendable, CaseIterable {
    /// `{"docs":[…]}`, the body of a `_bulk_docs` request.
    case bulkDocs = "bulk-docs"
    /// `_all_docs?include_docs=true`: `{"total_rows":…,"offset":0,"rows":[{"id","key","value","doc"}]}`.
    case allDocs = "all-docs"
    /// `_changes?include_docs=true`: `{"results":[{"seq","id","changes","doc"}],"last_seq":…}`.
    case changes
    /// A continuous `_changes` feed: one change a line, then `{"last_seq":…}`.
    case continuous
    /// couchbackup: lines, each a JSON array of up to 500 documents.
    case couchbackup
}

extension Corpus {
    /// The revision of the wiki document, never edited.
    static let wikiRevision = "1-b3c4d5e6f708"

    /// The JSON of the wiki document.
    public var wikiDocument: [UInt8] {
        var json = Array(
            #"{"_id":"\#(Self.wikiID)","_rev":"\#(Self.wikiRevision)","type":"wiki","title":"Benchmark Wiki","#.utf8)
        json += #""owner_id":"snej","members":["jchris","mschoch","zoë"],"markdown":"#.utf8
        JSONWriter.write(string: "A synthetic wiki for **benchmarks**. Start at [[\(title(ofPage: 0))]].", to: &json)
        json += #","created_at":"2020-01-01T00:00:00.000Z","updated_at":"2020-01-01T00:00:00.000Z"}"#.utf8
        return json
    }

    /// The JSON of page `number`'s document.
    public func document(ofPage number: Int) -> [UInt8] {
        var json: [UInt8] = []
        let (created, updated) = timestamps(ofPage: number)
        append(
            [
                ("_id", documentID(ofPage: number)), ("_rev", revision(ofPage: number)), ("type", "page"),
                ("wiki_id", Self.wikiID), ("markdown", markdown(ofPage: number)), ("created_at", created),
                ("updated_at", updated), ("updated_by", CorpusWords.users[number % CorpusWords.users.count]),
            ], to: &json)
        return json
    }

    /// The `_id` of page `number`: `<wiki>:<title>`.
    public func documentID(ofPage number: Int) -> String {
        "\(Self.wikiID):\(title(ofPage: number))"
    }

    /// Writes the corpus as a dump of `form`, in pieces of about 64 KiB handed to `write`: the
    /// wiki, then every page in order. In the changes forms an edited page comes last, with the
    /// newest sequence, as in a real feed.
    public func writeDump(form: CorpusForm, to write: ([UInt8]) throws -> Void) throws {
        var writer = DumpRows(form: form)
        let movedToEnd = editRevision > 0 && (form == .changes || form == .continuous)
        writer.begin(documentCount: pageCount + 1)
        try writer.add(id: Self.wikiID, revision: Self.wikiRevision, sequence: 1, document: wikiDocument, to: write)
        for number in 0..<pageCount where !(movedToEnd && number == editedPage) {
            try add(page: number, to: &writer, write)
        }
        if movedToEnd { try add(page: editedPage, to: &writer, write) }
        try writer.end(to: write)
    }

    /// Writes page `number` alone as a dump of `form`: the ``editedPage`` (what a feed delivers
    /// after the edit, or what to import into a store to make it), or a page past the last
    /// (``createdPage(_:)``), created.
    public func writeDump(ofPage number: Int, form: CorpusForm, to write: ([UInt8]) throws -> Void) throws {
        var writer = DumpRows(form: form)
        writer.begin(documentCount: 1)
        try add(page: number, to: &writer, write)
        try writer.end(to: write)
    }

    /// Adds page `number` to `writer`: the edited page with the newest sequence, any other with
    /// the sequence of its place in the corpus.
    private func add(page number: Int, to writer: inout DumpRows, _ write: ([UInt8]) throws -> Void) throws {
        let sequence = number == editedPage && editRevision > 0 ? pageCount + 1 + editRevision : number + 2
        try writer.add(
            id: documentID(ofPage: number), revision: revision(ofPage: number), sequence: sequence,
            document: document(ofPage: number), to: write)
    }

    /// Writes every page's Markdown for the floor program (Benchmarks/floor/floor.c): for each
    /// page, its length in bytes in decimal and a newline, then the bytes.
    public func writeFloorInput(to write: ([UInt8]) throws -> Void) throws {
        var buffer: [UInt8] = []
        for number in 0..<pageCount {
            let markdown = markdown(ofPage: number)
            buffer.append(contentsOf: "\(markdown.utf8.count)\n".utf8)
            buffer.append(contentsOf: markdown.utf8)
            if buffer.count >= DumpRows.flushSize {
                try write(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try write(buffer)
    }

    /// Appends `{"key":"value",…}` to `json`.
    private func append(_ members: [(String, String)], to json: inout [UInt8]) {
        json.append(UInt8(ascii: "{"))
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            JSONWriter.write(string: key, to: &json)
            json.append(UInt8(ascii: ":"))
            JSONWriter.write(string: value, to: &json)
        }
        json.append(UInt8(ascii: "}"))
    }
}

/// Writes documents as the rows of one dump form, in a buffer handed on when it fills.
struct DumpRows {
    static let flushSize = 1 << 16
    /// Documents a couchbackup line holds, as couchbackup writes them.
    static let backupBatch = 500

    let form: CorpusForm
    private var buffer: [UInt8] = []
    private var rows = 0
    private var lastSequence = 0

    init(form: CorpusForm) {
        self.form = form
    }

    /// The opening of the dump, before its first document.
    mutating func begin(documentCount: Int) {
        switch form {
        case .bulkDocs: append(#"{"docs":["#)
        case .allDocs: append(#"{"total_rows":\#(documentCount),"offset":0,"rows":["#)
        case .changes: append(#"{"results":["#)
        case .continuous, .couchbackup: break
        }
    }

    /// One document as a row; the buffer goes to `write` when it is full.
    mutating func add(
        id: String, revision: String, sequence: Int, document: [UInt8], to write: ([UInt8]) throws -> Void
    ) throws {
        defer { rows += 1 }
        lastSequence = sequence
        switch form {
        case .bulkDocs, .allDocs, .changes: append(rows == 0 ? "\n" : ",\n")
        case .continuous: break
        case .couchbackup: append(rows == 0 ? "[" : rows % Self.backupBatch == 0 ? "]\n[" : ",")
        }
        switch form {
        case .bulkDocs, .couchbackup:
            buffer.append(contentsOf: document)
        case .allDocs:
            append(#"{"id":"#)
            JSONWriter.write(string: id, to: &buffer)
            append(#","key":"#)
            JSONWriter.write(string: id, to: &buffer)
            append(#","value":{"rev":"#)
            JSONWriter.write(string: revision, to: &buffer)
            append(#"},"doc":"#)
            buffer.append(contentsOf: document)
            append("}")
        case .changes, .continuous:
            append(#"{"seq":\#(sequence),"id":"#)
            JSONWriter.write(string: id, to: &buffer)
            append(#","changes":[{"rev":"#)
            JSONWriter.write(string: revision, to: &buffer)
            append(#"}],"doc":"#)
            buffer.append(contentsOf: document)
            append(form == .continuous ? "}\n" : "}")
        }
        if buffer.count >= Self.flushSize {
            try write(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// The end of the dump, and what is still buffered, to `write`.
    mutating func end(to write: ([UInt8]) throws -> Void) throws {
        switch form {
        case .bulkDocs, .allDocs: append("\n]}\n")
        case .changes: append("\n],\n\"last_seq\":\(lastSequence)}\n")
        case .continuous: append("{\"last_seq\":\(lastSequence)}\n")
        case .couchbackup: append(rows == 0 ? "" : "]\n")
        }
        try write(buffer)
    }

    private mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }
}
