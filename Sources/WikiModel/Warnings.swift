import WikiDocuments

/// A document that was not published because it is invalid, with the reason.
public struct SkippedDocument: Sendable, CustomStringConvertible {
    /// The document's `_id`, exactly as read (it may hold anything: quote it with
    /// `description` before showing it).
    public let documentID: String
    /// Where the document was read.
    public let origin: DocumentOrigin
    /// What is wrong, in words a user can act on (`field "members" is a string, expected an
    /// array of strings`).
    public let reason: String

    /// A warning about the document `documentID` read at `origin`.
    public init(documentID: String, origin: DocumentOrigin, reason: String) {
        self.documentID = documentID
        self.origin = origin
        self.reason = reason
    }

    /// `origin: "id": reason`, the `_id` quoted with control characters escaped, so nothing
    /// in a document can drive the terminal the warning is printed on.
    public var description: String {
        "\(origin): \(MessageText.quoted(documentID, limit: 200)): \(reason)"
    }
}

/// A document with more than one live leaf revision: the winner is published, the losers
/// stay in the database until someone resolves the conflict.
public struct ConflictedDocument: Sendable, CustomStringConvertible {
    /// The document's `_id`.
    public let documentID: String
    /// The revision every replica picks (`RevisionOrder`).
    public let winner: Revision
    /// The other live leaves, best first (the one that would win next comes first).
    public let losers: [Revision]

    /// `"id": winner 3-b, losing 3-a, 2-c`, the `_id` quoted with control characters escaped.
    public var description: String {
        let losing = losers.map { MessageText.escaped($0.description) }.joined(separator: ", ")
        return "\(MessageText.quoted(documentID, limit: 200)): winner \(MessageText.escaped(winner.description)), "
            + "losing \(losing)"
    }
}

/// How many documents were left out quietly, because they are not content to publish.
public struct IgnoredDocuments: Sendable, Equatable {
    /// Documents whose winning revision is deleted.
    public var tombstones = 0
    /// `_design/` and `_local/` documents.
    public var machinery = 0
    /// Documents whose `type` is absent or neither `"wiki"` nor `"page"`.
    public var otherTypes = 0
    /// Pages of a wiki whose wiki document is deleted (deleting a wiki leaves its pages in the
    /// database; they are not published).
    public var pagesOfDeletedWikis = 0

    /// An empty count.
    public init() {}
}

/// What reading the documents found wrong with some of them, each reported as a warning: the
/// documents skipped, the attachment entries left out, the front matter that could not be
/// read, and the documents in conflict. `WikiDatabase` sorts each list.
struct DocumentProblems {
    var skipped: [SkippedDocument] = []
    var skippedAttachments: [SkippedAttachment] = []
    var invalidFrontMatter: [InvalidFrontMatter] = []
    var conflicts: [ConflictedDocument] = []
}
