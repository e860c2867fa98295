import WikiDocuments

/// Every revision of one document the sources delivered, and the winner among its leaves.
///
/// A dump does not carry the revision tree, only revisions, so which revisions are leaves is
/// inferred:
/// - Revisions at different generations are successive edits: the highest generation seen
///   replaces the lower ones (`1-a` then `2-b` is an edit, not a conflict). A dump that holds
///   an old and a new copy of a database, or a changes feed replayed in full, reads right.
/// - Different revisions at the highest generation are leaves of a conflict (`2-a` and `2-b`
///   are two edits of the same parent, made on two replicas).
/// - Revisions named in a body's `_conflicts` are leaves too, whatever their generation, even
///   when the input holds no body for them (CouchDB lists only live conflicting leaves there).
///
/// Among the leaves that have a body, the winner is picked exactly as CouchDB picks it
/// (`RevisionOrder`): live beats deleted, then the higher generation, then the greater hash in
/// byte order. A leaf known only from `_conflicts` has no body to publish, so it can only lose.
/// The losers reported are the live leaves other than the winner; deleted leaves are resolved
/// conflicts (CouchDB resolves a conflict by deleting the losing leaf), not conflicts.
///
/// What this cannot see: a conflict resolved by deleting a losing leaf at a generation higher
/// than the live winner's looks like the deletion of the whole document, because nothing in a
/// dump tells that the tombstone descends from the other branch. Dumps carry winning revisions
/// (`_all_docs`, `_changes`, couchbackup), where that tombstone never appears.
struct DocumentHistory {
    /// A revision with its body.
    struct Version {
        let revision: Revision
        let document: Document
        /// The page's `markdown`, when the builder took it out of `document` into its stash.
        var markdown: MarkdownText? = nil
    }

    /// The winner among the leaves, and the other live leaves.
    struct Resolution {
        let winner: Version
        let losers: [Revision]
    }

    /// The first revision delivered; most documents have no other.
    private let first: Version
    /// The other distinct revisions delivered, the first body kept when one comes twice.
    private var others: [Revision: Version] = [:]
    /// Revisions that a body's `_conflicts` names as leaves.
    private var namedLeaves: Set<Revision> = []

    /// A history that starts with `document`.
    init(_ version: Version) {
        first = version
        noteConflicts(of: version.document)
    }

    /// Whether `revision` was delivered already: another copy of it changes nothing but the
    /// leaves its `_conflicts` names.
    func holds(_ revision: Revision) -> Bool {
        revision == first.revision || others[revision] != nil
    }

    /// Adds one more delivered revision.
    mutating func add(_ version: Version) {
        if version.revision != first.revision, others[version.revision] == nil { others[version.revision] = version }
        noteConflicts(of: version.document)
    }

    private mutating func noteConflicts(of document: Document) {
        guard case .array(let names)? = document.body["_conflicts"] else { return }
        for case .string(let text) in names {
            if let named = Revision(text) { namedLeaves.insert(named) }
        }
    }

    /// The winner and the losers.
    func resolve() -> Resolution {
        if others.isEmpty, namedLeaves.isEmpty { return Resolution(winner: first, losers: []) }
        var versions = Array(others.values)
        versions.append(first)
        let highest = versions.map(\.revision.generation).max() ?? first.revision.generation
        let candidates = versions.filter { $0.revision.generation == highest || namedLeaves.contains($0.revision) }
        let winner =
            candidates.max {
                RevisionOrder.loses(
                    $0.revision, deleted: $0.document.isDeleted, to: $1.revision, deleted: $1.document.isDeleted)
            } ?? first
        var losers = candidates.filter { !$0.document.isDeleted && $0.revision != winner.revision }.map(\.revision)
        let delivered = Set(versions.map(\.revision))
        for named in namedLeaves where !delivered.contains(named) && named != winner.revision {
            losers.append(named)
        }
        losers.sort { RevisionOrder.loses($1, deleted: false, to: $0, deleted: false) }
        return Resolution(winner: winner, losers: losers)
    }
}
