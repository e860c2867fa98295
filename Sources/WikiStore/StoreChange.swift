import WikiDocuments

/// One entry of the store's changes feed: a document at its latest change, with every leaf.
public struct StoreChange: Sendable {
    /// The store sequence of the document's latest change.
    public let sequence: Int
    /// The winning leaf, chosen as every CouchDB replica chooses it (a tombstone when the document
    /// is deleted).
    public let winner: Document
    /// The other leaves the store holds a body for, live or deleted, greatest first.
    public let otherLeaves: [Document]
    /// CouchDB's `_conflicts`: the live leaves other than the winner, and the revisions a leaf's
    /// `_conflicts` names that the store has no body for; greatest first.
    public let conflicts: [Revision]

    /// `_id`.
    public var documentID: String { winner.id }

    /// Every leaf with a body, the winner first.
    public var leaves: [Document] { [winner] + otherLeaves }
}
