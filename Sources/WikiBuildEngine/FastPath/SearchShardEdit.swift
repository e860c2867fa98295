import WikiDocuments
import WikiModel
import WikiPages
import WikiRender

/// The term shards and parts a fast-path change of one wiki's search index touches. Each shard
/// is read once from the state, and of a split term only the parts its changed postings leave
/// and join; then every prefix whose weight crossed the budget of `SearchShardCut` is cut again
/// from its shards' sizes alone, so that the shards are those `SearchShardCut` makes of the
/// whole index, at the cost of what changed.
package struct SearchShardEdit {
    /// The shards to write and the keys of those to remove, each with its cause; the parts to
    /// write or remove; the part files to write and the names of those to remove, each with the
    /// key of the shard whose causes are its own.
    struct Outcome {
        var written: [String: StoredSearchShard] = [:]
        var removed: [String] = []
        var causes: [String: [ChangeCause]] = [:]
        var parts: [SearchPartKey: [SearchShard.Posting]] = [:]
        var writtenParts: [(file: SearchIndex.File, shard: String)] = []
        var removedParts: [(name: String, shard: String)] = []
    }

    /// A document's posting of a term before a change and after it.
    struct PostingChange {
        let old: SearchPosting?
        let new: SearchPosting?
    }

    private let state: BuildState
    private let wikiID: String
    private let cut: SearchShardCut
    let layout: StoredShardLayout
    /// The shards a posting changed in, as the state keeps them, by key.
    private var touched: [String: StoredSearchShard] = [:]
    /// The postings that change, by term and document, set all at once (`outcome`): a term
    /// changes in one pass, whatever the documents.
    private var changes: [String: [String: PostingChange]] = [:]
    /// The shard of each changed term.
    private var shardOfTerm: [String: String] = [:]
    /// A changed term of each touched shard and the length of the shard's prefix: its path.
    private var paths: [String: (term: String, depth: Int)] = [:]
    private var causes: [String: [ChangeCause]] = [:]

    init(ofWiki wikiID: String, state: BuildState, cut: SearchShardCut) throws {
        self.state = state
        self.wikiID = wikiID
        self.cut = cut
        layout = StoredShardLayout(try state.searchShardSizes(ofWiki: wikiID))
    }

    /// Sets the posting of document `key` for `term` from `change.old` to `change.new` (nil: the
    /// document has none), because page `title` changed.
    ///
    /// - Throws: `FastPathDeclined` when the term's shard in the state does not read.
    mutating func set(
        _ change: PostingChange, ofDocument key: String, for term: String, because title: PageTitle
    ) throws {
        let (shardKey, depth) = layout.shard(of: term)
        if touched[shardKey] == nil {
            guard let stored = try state.searchShard(shardKey, ofWiki: wikiID) else { throw declined(shardKey) }
            touched[shardKey] = stored
            paths[shardKey] = (term, depth)
        }
        shardOfTerm[term] = shardKey
        changes[term, default: [:]][key] = change
        if causes[shardKey]?.last != .searchEntry(title) { causes[shardKey, default: []].append(.searchEntry(title)) }
    }

    /// The shards to write and to remove: the touched ones, and those of the prefixes cut again;
    /// and the parts of the changed split terms.
    ///
    /// - Throws: `FastPathDeclined` when a shard or part in the state does not read.
    func outcome() throws -> Outcome {
        var outcome = Outcome(causes: causes)
        var touched = touched
        let termParts = SearchTermPartEdit(state: state, wikiID: wikiID, parts: cut.parts)
        for (term, documents) in changes {
            let shardKey = shardOfTerm[term]!
            try termParts.change(term, documents, in: &touched[shardKey]!, shardKey: shardKey, into: &outcome)
        }
        var shards = touched
        for (prefix, depth) in prefixesCutAgain(touched) {
            guard let stored = try state.searchShards(withPrefix: prefix, ofWiki: wikiID) else {
                throw declined(prefix)
            }
            var region = StoredSearchShard()
            var regionCauses: [ChangeCause] = []
            for (key, shard) in stored where touched[key] == nil { region = region.merging(shard) }
            for (key, shard) in touched where key.hasPrefix(prefix) {
                region = region.merging(shard)
                shards[key] = nil
                regionCauses += causes[key, default: []]
            }
            let members = cut.members(of: region.termSizes.map { (term: $0.key, size: $0.value) }, depth: depth)
            let shardsNow = members.mapValues { region.only($0) }
            for key in Set(stored.keys).union(shardsNow.keys) where shardsNow[key] != stored[key] {
                shards[key] = shardsNow[key] ?? StoredSearchShard()
                outcome.causes[key] = regionCauses
            }
        }
        for (key, shard) in shards {
            if !shard.isEmpty {
                outcome.written[key] = shard
            } else if layout.sizes[key] != nil {
                outcome.removed.append(key)
            }
        }
        return outcome
    }

    /// The prefixes whose cut changes: on the path of each touched shard, the first prefix that
    /// was cut and weighs no more than the budget now, or the shard's own prefix, not cut and
    /// weighing more. Each appears once, and none under another.
    private func prefixesCutAgain(_ touched: [String: StoredSearchShard]) -> [(prefix: String, depth: Int)] {
        var changes: [String: Int] = [:]
        for (key, shard) in touched { changes[key] = shard.size - layout.sizes[key, default: 0] }
        var found: [String: Int] = [:]
        for path in paths.values {
            for depth in 1...path.depth {
                let prefix = SearchTerms.shardKey(of: path.term, length: depth)
                let change = changes.reduce(0) { $0 + ($1.key.hasPrefix(prefix) ? $1.value : 0) }
                let size = layout.size(under: prefix) + change
                if cut.cuts(size: size, depth: depth) != layout.isCut(prefix) {
                    found[prefix] = depth
                    break
                }
            }
        }
        var kept: [(prefix: String, depth: Int)] = []
        for prefix in found.keys.sorted() where kept.last.map({ !prefix.hasPrefix($0.prefix) }) ?? true {
            kept.append((prefix, found[prefix]!))
        }
        return kept
    }

    private func declined(_ key: String) -> FastPathDeclined {
        FastPathDeclined(
            "the search shard \(MessageText.quoted(key)) of wiki \(MessageText.quoted(wikiID)) "
                + "in the build state does not read")
    }
}
