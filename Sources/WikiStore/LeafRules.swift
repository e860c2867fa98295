import WikiDocuments

/// What the rules about leaves need to know of a leaf revision.
protocol LeafDescribing {
    /// The revision.
    var revision: Revision { get }
    /// Whether it is a tombstone.
    var isDeleted: Bool { get }
    /// The revisions its body names in `_conflicts`.
    var namedConflicts: [Revision] { get }
}

/// Which revisions of a document are its leaves, and what a replica derives from them.
///
/// A dump carries revisions, not the revision tree, so the leaves are inferred exactly as a build
/// infers them from the documents it is given (see `WikiDatabaseBuilder`), which is what makes a
/// build from the store the same as a build from the dumps imported into it:
/// - revisions at the highest generation are leaves: a higher generation is a later edit and
///   replaces the lower ones, two different revisions at the same generation are a conflict;
/// - a revision that a leaf's body names in `_conflicts` is a leaf too, whatever its generation.
///
/// The winner is chosen as every CouchDB replica chooses it (`RevisionOrder`).
enum LeafRules {
    /// The leaves among `candidates` (distinct revisions): those at the highest generation, and
    /// those named in the `_conflicts` of a leaf, directly or through another named leaf.
    static func leaves<Leaf: LeafDescribing>(among candidates: [Leaf]) -> [Leaf] {
        guard let highest = candidates.map(\.revision.generation).max() else { return [] }
        var isLeaf = candidates.map { $0.revision.generation == highest }
        var named: Set<Revision> = []
        var reached = candidates.indices.filter { isLeaf[$0] }
        while !reached.isEmpty {
            for index in reached { named.formUnion(candidates[index].namedConflicts) }
            reached = candidates.indices.filter { !isLeaf[$0] && named.contains(candidates[$0].revision) }
            for index in reached { isLeaf[index] = true }
        }
        return candidates.indices.filter { isLeaf[$0] }.map { candidates[$0] }
    }

    /// The winning leaf: live beats deleted, then the higher generation, then the greater hash.
    static func winner<Leaf: LeafDescribing>(of leaves: [Leaf]) -> Leaf? {
        leaves.max { loses($0, to: $1) }
    }

    /// CouchDB's `_conflicts` of the document: the live leaves other than the winner, and the
    /// revisions a leaf names in `_conflicts` that the store holds no body for; greatest first.
    static func conflicts<Leaf: LeafDescribing>(of leaves: [Leaf]) -> [Revision] {
        guard let winner = winner(of: leaves) else { return [] }
        let held = Set(leaves.map(\.revision))
        var conflicts = leaves.filter { !$0.isDeleted && $0.revision != winner.revision }.map(\.revision)
        var named: Set<Revision> = []
        for leaf in leaves {
            for revision in leaf.namedConflicts
            where !held.contains(revision) && revision != winner.revision && named.insert(revision).inserted {
                conflicts.append(revision)
            }
        }
        return conflicts.sorted { RevisionOrder.loses($1, deleted: false, to: $0, deleted: false) }
    }

    /// The leaves in an order that, imported one by one into an empty store, keeps every one of
    /// them: the highest generation first (the greatest first), then each leaf after a leaf that
    /// names it in `_conflicts`.
    static func importOrder<Leaf: LeafDescribing>(_ leaves: [Leaf]) -> [Leaf] {
        let descending = leaves.sorted { loses($1, to: $0) }
        guard let highest = descending.map(\.revision.generation).max() else { return [] }
        var ordered = descending.filter { $0.revision.generation == highest }
        var placed = Set(ordered.map(\.revision))
        var next = 0
        while next < ordered.count {
            for revision in ordered[next].namedConflicts where !placed.contains(revision) {
                if let leaf = descending.first(where: { $0.revision == revision }) {
                    ordered.append(leaf)
                    placed.insert(revision)
                }
            }
            next += 1
        }
        ordered += descending.filter { !placed.contains($0.revision) }
        return ordered
    }

    private static func loses<Leaf: LeafDescribing>(_ a: Leaf, to b: Leaf) -> Bool {
        RevisionOrder.loses(a.revision, deleted: a.isDeleted, to: b.revision, deleted: b.isDeleted)
    }
}
