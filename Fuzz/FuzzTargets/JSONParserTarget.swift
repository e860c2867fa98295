import WikiDocuments

/// `JSONParser.parse` and `JSONWriter` on arbitrary bytes.
///
/// What must hold:
/// - Parsing returns a value or throws `JSONParseError`, never crashes or hangs, whatever the
///   bytes (invalid UTF-8, lone surrogates, deep nesting, a cut in the middle of anything).
/// - An error's line, column and byte name the same place; an error that says the text is
///   truncated is at its end.
/// - What `JSONWriter` writes of a parsed value parses again, and writing that gives the same
///   bytes: the writer and the parser agree exactly (numbers, escapes, member order, duplicates).
enum JSONParserTarget {
    static func run(_ input: UnsafeRawBufferPointer) throws(InvariantViolation) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(input)
        } catch {
            try TextPosition.check(
                line: error.line, column: error.column, byteOffset: error.byteOffset, in: input,
                "the JSONParseError \(shown(error.description))")
            try require(
                !error.isTruncation || error.byteOffset == input.count,
                "a truncation error at byte \(error.byteOffset) of \(input.count)")
            return
        }
        let written = JSONWriter.bytes(value)
        let reread: JSONValue
        do {
            reread = try JSONParser.parse(written)
        } catch {
            throw InvariantViolation("JSONWriter wrote \(shown(written)), which does not parse: \(error)")
        }
        let rewritten = JSONWriter.bytes(reread)
        try require(
            rewritten == written, "JSONWriter wrote \(shown(written)), and after parsing it again \(shown(rewritten))")
    }
}
