/// Where a document was read: the file (or other source) and the line it started on.
public struct DocumentOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The source's name as the user gave it (a path, a URL without credentials).
    public let source: String
    /// The 1-based line where the document starts, when the source has lines.
    public let line: Int?

    /// An origin in `source` at `line`.
    public init(source: String, line: Int?) {
        self.source = source
        self.line = line
    }

    public var description: String {
        if let line { return "\(source):\(line)" }
        return source
    }
}

/// One revision of one document, as a source delivered it.
public struct Document: Sendable {
    /// `_id`.
    public let id: String
    /// `_rev` as written, or `nil` when the document has none.
    public let revisionText: String?
    /// `_deleted: true`: a tombstone.
    public let isDeleted: Bool
    /// The whole JSON object, `_id` and `_rev` included.
    public let body: JSONObject
    /// Where it was read.
    public let origin: DocumentOrigin
    /// Whether the parser had to replace invalid text (bad UTF-8, a lone surrogate) with U+FFFD
    /// somewhere in this document.
    public let hadInvalidText: Bool

    /// A document read from `origin`.
    public init(
        id: String, revisionText: String?, isDeleted: Bool, body: JSONObject, origin: DocumentOrigin,
        hadInvalidText: Bool = false
    ) {
        self.id = id
        self.revisionText = revisionText
        self.isDeleted = isDeleted
        self.body = body
        self.origin = origin
        self.hadInvalidText = hadInvalidText
    }

    /// The parsed revision, when `_rev` is of the form `N-hash`.
    public var revision: Revision? { revisionText.flatMap(Revision.init) }

    /// `_design/` and `_local/` documents are database machinery, never content.
    public var isMachinery: Bool {
        id.utf8.starts(with: "_design/".utf8) || id.utf8.starts(with: "_local/".utf8)
    }
}
