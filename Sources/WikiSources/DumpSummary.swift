import WikiDocuments

/// What reading a dump found, besides the documents themselves.
public struct DumpSummary: Sendable {
    /// The form the content was recognised as.
    public let format: DumpFormat
    /// How many documents (tombstones included) were handed over.
    public let documentCount: Int
    /// The last `seq`/`last_seq` of a changes feed exactly as it came (an integer or an opaque
    /// string); `nil` for forms without sequences.
    public let lastSequence: JSONValue?
    /// Entries of the dump that are not usable documents, in file order; the rest of the dump was read.
    public let rejected: [RejectedEntry]

    /// A summary of a dump read in `format`.
    public init(format: DumpFormat, documentCount: Int, lastSequence: JSONValue?, rejected: [RejectedEntry]) {
        self.format = format
        self.documentCount = documentCount
        self.lastSequence = lastSequence
        self.rejected = rejected
    }
}

/// An entry of a well-formed dump that holds no usable document (no string `_id`, not an object…).
public struct RejectedEntry: Sendable, CustomStringConvertible {
    /// Where the entry starts.
    public let origin: DocumentOrigin
    /// The document ID the entry named (a row's `id`), when it named one.
    public let documentID: String?
    /// Why it was rejected, e.g. "document has no _id".
    public let reason: String

    /// An entry rejected for `reason`.
    public init(origin: DocumentOrigin, documentID: String?, reason: String) {
        self.origin = origin
        self.documentID = documentID
        self.reason = reason
    }

    /// `origin: reason`, with the ID when there is one (quoted, control characters escaped).
    public var description: String {
        if let documentID { return "\(origin): \(MessageText.quoted(documentID, limit: 200)): \(reason)" }
        return "\(origin): \(reason)"
    }
}
