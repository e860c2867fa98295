import GRDB
import WikiDocuments
import WikiSources

/// Adds documents to the store, inside the one write transaction of an import.
///
/// Each revision is compared with the document's leaves (see ``LeafRules``): a revision the store
/// already has changes nothing, nor does one older than the leaves; any other change replaces the
/// leaves it supersedes, keeps the others, and moves the document to the next sequence.
struct LeafImporter {
    private let db: Database
    /// The store sequence of the latest change so far.
    private(set) var sequence: Int
    private(set) var added = 0
    private(set) var updated = 0
    private(set) var unchanged = 0
    private(set) var conflictsCreated = 0
    /// Documents the store cannot hold, in the order they came.
    private(set) var refused: [RejectedEntry] = []

    /// An importer writing through `db`, which must be in a write transaction.
    init(db: Database) throws {
        self.db = db
        sequence = try DocumentRecord.latestSequence(in: db)
    }

    /// Adds one revision of one document.
    mutating func add(_ document: Document) throws {
        guard let revision = storableRevision(of: document) else { return }
        let incoming = LeafHeader(
            revision: revision, isDeleted: document.isDeleted, namedConflicts: ConflictNames.named(in: document.body))
        guard var record = try DocumentRecord.withID(document.id, in: db), let number = record.number else {
            sequence += 1
            try DocumentRecord(id: document.id, sequence: sequence).insert(db)
            try LeafRecord(document, revision: revision, number: db.lastInsertedRowID).insert(db)
            added += 1
            conflictsCreated += LeafRules.conflicts(of: [incoming]).count
            return
        }
        let current = try LeafHeader.leaves(ofDocument: number, in: db)
        let leaves = LeafRules.leaves(among: current.filter { $0.revision != revision } + [incoming])
        guard !current.contains(where: { $0.revision == revision }), leaves.contains(where: { $0.revision == revision })
        else {
            unchanged += 1
            return
        }
        let kept = Set(leaves.map(\.revision))
        try LeafRecord.delete(
            revisions: current.map(\.revision).filter { !kept.contains($0) }, ofDocument: number, in: db)
        try LeafRecord(document, revision: revision, number: number).insert(db)
        sequence += 1
        record.sequence = sequence
        try record.update(db)
        updated += 1
        let before = Set(LeafRules.conflicts(of: current))
        conflictsCreated += LeafRules.conflicts(of: leaves).count { !before.contains($0) }
    }

    /// The document's revision, or `nil` (and the document refused) when the store cannot hold it.
    private mutating func storableRevision(of document: Document) -> Revision? {
        guard let text = document.revisionText else {
            refuse(document, "the document has no _rev: the store keeps documents by revision")
            return nil
        }
        guard let revision = Revision(text) else {
            refuse(document, "its _rev \(JSONWriter.text(.string(text))) is not of the form N-hash")
            return nil
        }
        guard !document.id.utf8.contains(0), !text.utf8.contains(0) else {
            refuse(document, "its _id or _rev holds the character U+0000, which the store cannot keep")
            return nil
        }
        return revision
    }

    private mutating func refuse(_ document: Document, _ reason: String) {
        refused.append(RejectedEntry(origin: document.origin, documentID: document.id, reason: reason))
    }
}
