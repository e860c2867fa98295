import WikiDocuments

/// Writes leaves as the rows of a dump, one a line, in a buffer handed to `write` when it fills.
struct DumpWriter {
    let format: ExportFormat
    let write: ([UInt8]) throws -> Void
    private var buffer: [UInt8] = []
    private var rowsWritten = 0
    private static let flushSize = 1 << 16

    init(format: ExportFormat, write: @escaping ([UInt8]) throws -> Void) {
        self.format = format
        self.write = write
        buffer.reserveCapacity(Self.flushSize * 2)
    }

    /// The opening line: `{"total_rows":N,"offset":0,"rows":[` or `{"results":[`.
    mutating func begin(rowCount: Int) throws {
        switch format {
        case .allDocs: append("{\"total_rows\":\(rowCount),\"offset\":0,\"rows\":[")
        case .changes: append("{\"results\":[")
        }
    }

    /// One leaf: `{"id","key","value":{"rev","deleted"?},"doc"}` or
    /// `{"seq","id","changes":[{"rev"}],"deleted"?,"doc"}`.
    mutating func add(_ row: DocumentLeafRow) throws {
        append(rowsWritten == 0 ? "\n" : ",\n")
        rowsWritten += 1
        switch format {
        case .allDocs:
            append("{\"id\":")
            JSONWriter.write(string: row.documentID, to: &buffer)
            append(",\"key\":")
            JSONWriter.write(string: row.documentID, to: &buffer)
            append(",\"value\":{\"rev\":")
            JSONWriter.write(string: row.revision.description, to: &buffer)
            append(row.isDeleted ? ",\"deleted\":true}" : "}")
        case .changes:
            append("{\"seq\":\(row.sequence),\"id\":")
            JSONWriter.write(string: row.documentID, to: &buffer)
            append(",\"changes\":[{\"rev\":")
            JSONWriter.write(string: row.revision.description, to: &buffer)
            append(row.isDeleted ? "}],\"deleted\":true" : "}]")
        }
        append(",\"doc\":")
        // As text: invalid UTF-8 in a body (only another program writes it) is written as U+FFFD.
        append(String(decoding: row.body, as: UTF8.self))
        append("}")
        if buffer.count >= Self.flushSize { try flush() }
    }

    /// The closing line, `]}` or `],"last_seq":N}`, and everything still buffered.
    mutating func end(lastSequence: Int) throws {
        append(rowsWritten == 0 ? "" : "\n")
        switch format {
        case .allDocs: append("]}\n")
        case .changes: append("],\n\"last_seq\":\(lastSequence)}\n")
        }
        try flush()
    }

    private mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    private mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
