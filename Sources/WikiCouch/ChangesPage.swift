import WikiDocuments

/// One response of `_changes` (`feed=normal` or `longpoll`):
/// `{"results":[{"seq","id","changes":[{"rev"}…],"deleted"?,"doc"}…],"last_seq":…,"pending"?:…}`,
/// with whitespace (heartbeats) allowed before it.
///
/// Sequences are kept as the JSON values they came as, never compared or interpreted.
struct ChangesPage {
    /// One entry of `results`: a document at its latest change.
    struct Row {
        /// `seq`, as it came.
        let sequence: JSONValue
        /// `id`.
        let id: String?
        /// The revisions of `changes`: with `style=all_docs`, every leaf of the document.
        let revisions: [String]
        /// `deleted: true`.
        let isDeleted: Bool
        /// `doc`: the winning revision (with `conflicts=true`, its `_conflicts`).
        let document: JSONValue?
        /// Whether the parser replaced invalid text in the row.
        let hadInvalidText: Bool
    }

    /// The changes, in feed order.
    var rows: [Row] = []
    /// `last_seq`: where the response ended.
    var lastSequence: JSONValue?
    /// `pending` (CouchDB 2+): how many changes are left after this response, when the server says.
    var pending: Int?

    /// Parses a whole response body.
    static func parse(_ parser: inout JSONParser) throws(JSONParseError) -> ChangesPage {
        var page = ChangesPage()
        var sawResults = false
        parser.skipWhitespace()
        guard parser.peek() == UInt8(ascii: "{") else {
            throw parser.error(#"expected {"results":[…],"last_seq":…}, found \#(parser.describeNextByte())"#)
        }
        try parser.beginObject()
        while let key = try parser.nextKey() {
            switch key {
            case "results":
                sawResults = true
                try parser.beginArray()
                while try parser.nextElement() { page.rows.append(try parseRow(&parser)) }
            case "last_seq":
                page.lastSequence = try parser.parseValue()
            case "pending":
                if case .number(let text) = try parser.parseValue() { page.pending = Int(text) }
            default:
                _ = try parser.parseValue()
            }
        }
        parser.skipWhitespace()
        guard parser.isAtEnd else {
            throw parser.error("unexpected \(parser.describeNextByte()) after the end of the changes")
        }
        guard sawResults else { throw parser.error(#"the answer has no "results" list of changes"#) }
        return page
    }

    private static func parseRow(_ parser: inout JSONParser) throws(JSONParseError) -> Row {
        parser.skipWhitespace()
        guard parser.peek() == UInt8(ascii: "{") else {
            throw parser.error("each change must be an object, found \(parser.describeNextByte())")
        }
        let start = parser
        parser.replacedInvalidText = false
        try parser.beginObject()
        var sequence: JSONValue?
        var id: String?
        var revisions: [String] = []
        var isDeleted = false
        var document: JSONValue?
        while let key = try parser.nextKey() {
            let value = try parser.parseValue()
            switch key {
            case "seq": sequence = value
            case "id": id = value.stringValue
            case "changes": revisions = value.arrayValue?.compactMap { $0.objectValue?["rev"]?.stringValue } ?? []
            case "deleted": isDeleted = value.boolValue == true
            case "doc": document = value
            default: break
            }
        }
        guard let sequence else { throw start.error(#"a change has no "seq""#) }
        return Row(
            sequence: sequence, id: id, revisions: revisions, isDeleted: isDeleted, document: document,
            hadInvalidText: parser.replacedInvalidText)
    }
}
