import WikiDocuments
import WikiSources

/// `DumpReader.read(bytes:name:_:)` on arbitrary bytes.
///
/// What must hold:
/// - Reading returns or throws `DumpError`; it throws nothing else and never crashes or hangs.
/// - A `DumpError` names the dump, and its line, column and byte name the same place; its
///   message is safe to print on a terminal.
/// - Each document handed over has a non-empty `_id` that its body's `_id` spells exactly, the
///   `_rev` and `_deleted` of its body, and an origin in the dump (its name, one of its lines).
/// - The summary counts exactly the documents handed over; each rejected entry names a line of
///   the dump and prints safely.
/// - An error thrown by the consumer comes back to the caller untouched.
enum DumpReaderTarget {
    /// The name the dump is given, which origins and errors must repeat.
    static let dumpName = "fuzz.json"

    static func run(_ input: UnsafeRawBufferPointer) throws(InvariantViolation) {
        let lineCount = TextPosition.lineCount(input)
        var delivered = 0
        do {
            let summary = try DumpReader.read(bytes: input, name: dumpName) { document in
                delivered += 1
                try check(document, lineCount: lineCount)
            }
            try require(
                summary.documentCount == delivered,
                "the summary counts \(summary.documentCount) documents, \(delivered) were handed over")
            for entry in summary.rejected {
                try checkOrigin(entry.origin, lineCount: lineCount, of: "a rejected entry")
                try TerminalText.check(entry.description, "a rejected entry")
            }
        } catch let violation as InvariantViolation {
            throw violation
        } catch let error as DumpError {
            try check(error, in: input)
        } catch {
            throw InvariantViolation("DumpReader threw \(type(of: error)), not a DumpError: \(error)")
        }
        if delivered > 0 { try checkConsumerErrorPassesThrough(input) }
    }

    private static func check(_ document: Document, lineCount: Int) throws(InvariantViolation) {
        try require(!document.id.isEmpty, "a document was handed over with an empty _id")
        let bodyID = document.body["_id"]?.stringValue
        try require(
            bodyID?.isExactly(document.id) == true,
            "the document \(shown(document.id)) has the body _id \(bodyID.map { shown($0) } ?? "nil")")
        let bodyRevision = document.body["_rev"]?.stringValue
        try require(
            bodyRevision == nil
                ? document.revisionText == nil : bodyRevision?.isExactly(document.revisionText ?? "") == true,
            "the document \(shown(document.id)) has the revision \(document.revisionText.map { shown($0) } ?? "nil") "
                + "but its body says \(bodyRevision.map { shown($0) } ?? "nil")")
        try require(
            document.body["_deleted"]?.boolValue != true || document.isDeleted,
            "the document \(shown(document.id)) says \"_deleted\": true but was handed over live")
        try checkOrigin(document.origin, lineCount: lineCount, of: "the document \(shown(document.id))")
    }

    private static func checkOrigin(
        _ origin: DocumentOrigin, lineCount: Int, of what: @autoclosure () -> String
    ) throws(InvariantViolation) {
        try require(origin.source == dumpName, "\(what()) comes from \(shown(origin.source)), not the dump")
        try require(
            origin.line.map { (1...lineCount).contains($0) } == true,
            "\(what()) starts on line \(origin.line.map(String.init) ?? "nil") of a dump of \(lineCount) lines")
    }

    private static func check(_ error: DumpError, in input: UnsafeRawBufferPointer) throws(InvariantViolation) {
        try require(error.path == dumpName, "the DumpError names \(shown(error.path)), not the dump")
        try require(!error.message.isEmpty, "the DumpError at byte \(error.byteOffset) has no message")
        try TextPosition.check(
            line: error.line, column: error.column, byteOffset: error.byteOffset, in: input,
            "the DumpError \(shown(error.description))")
        try TerminalText.check(error.description, "the DumpError")
    }

    private struct ConsumerStop: Error {}

    private static func checkConsumerErrorPassesThrough(_ input: UnsafeRawBufferPointer) throws(InvariantViolation) {
        do {
            _ = try DumpReader.read(bytes: input, name: dumpName) { _ in throw ConsumerStop() }
            throw InvariantViolation("reading went on after the consumer threw")
        } catch is ConsumerStop {
            return
        } catch let violation as InvariantViolation {
            throw violation
        } catch {
            throw InvariantViolation("the consumer's error came back as \(type(of: error)): \(error)")
        }
    }
}
