import WikiSources

/// What importing one source into the store changed.
///
/// Each revision the source delivered counts once: `added` (a document the store did not have),
/// `updated` (a newer generation, or a new conflicting leaf), `unchanged` (a revision the store
/// already has, or one older than its leaves), or `refused`.
public struct ImportSummary: Sendable {
    /// The source, as named.
    public let source: String
    /// What kind of source it was: "an _all_docs dump".
    public let form: String
    /// Revisions that created a document.
    public let added: Int
    /// Revisions that changed a document's leaves.
    public let updated: Int
    /// Revisions that changed nothing.
    public let unchanged: Int
    /// Revisions that became conflicts: live leaves that lose to the winner, or revisions named in
    /// a `_conflicts` list, that the document did not have as conflicts before.
    public let conflictsCreated: Int
    /// Entries the source held that are not documents, and documents the store cannot hold (no
    /// `_rev`, or one not of the form `N-hash`), in source order.
    public let refused: [RejectedEntry]
    /// The store's sequence before the import.
    public let sequenceBefore: Int
    /// The store's sequence after it; each change took the next sequence.
    public let sequenceAfter: Int
    /// How many documents the store holds after the import, tombstones included.
    public let documentCount: Int

    /// The summary of importing `source`, whose reading had the form `form`, through
    /// `importer`, which counted each revision; `refused` holds the entries either refused.
    init(
        source: String, form: String, importer: LeafImporter, refused: [RejectedEntry], sequenceBefore: Int,
        documentCount: Int
    ) {
        self.source = source
        self.form = form
        self.added = importer.added
        self.updated = importer.updated
        self.unchanged = importer.unchanged
        self.conflictsCreated = importer.conflictsCreated
        self.refused = refused
        self.sequenceBefore = sequenceBefore
        self.sequenceAfter = importer.sequence
        self.documentCount = documentCount
    }

    /// Whether the import changed the store.
    public var changedStore: Bool { sequenceAfter != sequenceBefore }
}
