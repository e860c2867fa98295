import WikiDocuments
import WikiModel
import WikiRender

/// The term shards a fast-path change of one wiki's search index touches. Each is read once from
/// the state and changed with the postings that change; then every prefix whose weight crossed
/// the budget of `SearchShardCut` is cut again from its shards alone, so that the shards are those
/// `SearchShardCut` makes of the whole index, at the cost of what changed.
struct SearchShardEdit {
    /// The shards to write and the keys of those to remove, each with its cause; the part files
    /// to write and the names of those to remove, each with the key of the shard whose causes
    /// are its own.
    struct Outcome {
        var written: [String: SearchShard] = [:]
        var removed: [String] = []
        var causes: [String: [ChangeCause]] = [:]
        var writtenParts: [(file: SearchIndex.File, shard: String)] = []
        var removedParts: [(name: String, shard: String)] = []
    }

    private let state: BuildState
    private let wikiID: String
    private let cut: SearchShardCut
    let layout: StoredShardLayout
    /// The shards a posting changed in, as the state keeps them, by key.
    private var touched: [String: SearchShard] = [:]
    /// The postings that change, by shard, term and document (nil: taken out), set in the
    /// shards all at once (`outcome`): a term changes in one pass, whatever the documents.
    private var changes: [String: [String: [String: SearchPosting?]]] = [:]
    /// A changed term of each touched shard and the length of the shard's prefix: its path.
    private var paths: [String: (term: String, depth: Int)] = [:]
    private var causes: [String: [ChangeCause]] = [:]

    init(ofWiki wikiID: String, state: BuildState, cut: SearchShardCut) throws {
        self.state = state
        self.wikiID = wikiID
        self.cut = cut
        layout = StoredShardLayout(try state.searchShardSizes(ofWiki: wikiID))
    }

    /// Sets the posting of document `key` for `term` (takes it out when `posting` is nil),
    /// because page `title` changed.
    ///
    /// - Throws: `FastPathDeclined` when the term's shard in the state does not read.
    mutating func set(
        _ posting: SearchPosting?, ofDocument key: String, for term: String, because title: PageTitle
    ) throws {
        let (shardKey, depth) = layout.shard(of: term)
        if touched[shardKey] == nil {
            touched[shardKey] = try read(shardKey)
            paths[shardKey] = (term, depth)
        }
        changes[shardKey, default: [:]][term, default: [:]][key] = .some(posting)
        if causes[shardKey]?.last != .searchEntry(title) { causes[shardKey, default: []].append(.searchEntry(title)) }
    }

    /// The shards to write and to remove: the touched ones, and those of the prefixes cut again.
    ///
    /// - Throws: `FastPathDeclined` when a shard in the state does not read.
    func outcome() throws -> Outcome {
        var outcome = Outcome(causes: causes)
        // The touched shards as they are now (empty when left without terms).
        var touched = touched
        for (shardKey, terms) in changes {
            for (term, postings) in terms {
                touched[shardKey]!.set(postings, for: term)
                let (old, new) = (self.touched[shardKey]!.terms[term] ?? [], touched[shardKey]!.terms[term] ?? [])
                addPartChanges(of: term, from: old, to: new, inShard: shardKey, to: &outcome)
            }
        }
        var shards = touched
        for (prefix, depth) in prefixesCutAgain(touched) {
            guard let stored = try state.searchShards(withPrefix: prefix, ofWiki: wikiID) else {
                throw declined(prefix)
            }
            var now = stored
            var regionCauses: [ChangeCause] = []
            for (key, shard) in touched where key.hasPrefix(prefix) {
                now[key] = shard
                shards[key] = nil
                regionCauses += causes[key, default: []]
            }
            let terms = now.values.reduce(into: [String: [SearchShard.Posting]]()) { terms, shard in
                terms.merge(shard.terms) { first, _ in first }
            }
            let shardsNow = cut.shards(of: terms, depth: depth)
            for key in Set(now.keys).union(shardsNow.keys) where shardsNow[key] != stored[key] {
                shards[key] = shardsNow[key] ?? SearchShard()
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

    /// Adds to `outcome` the part files of `term` whose postings changed from `old` to `new`, and
    /// the names of those it no longer has: the parts its changed postings leave and join, or
    /// all of them when the term starts or stops being split.
    private func addPartChanges(
        of term: String, from old: [SearchShard.Posting], to new: [SearchShard.Posting], inShard shardKey: String,
        to outcome: inout Outcome
    ) {
        let parts = cut.parts
        let oldParts = parts.splits(term, old) ? SearchTermParts.parts(of: old) : []
        let newParts = parts.splits(term, new) ? SearchTermParts.parts(of: new) : []
        let oldByBand = Dictionary(uniqueKeysWithValues: oldParts.map { ($0.band, $0) })
        let changed = newParts.filter { oldByBand[$0.band] != $0 }
        for file in SearchIndex.partFiles(of: term, changed) { outcome.writtenParts.append((file, shardKey)) }
        let newBands = Set(newParts.map(\.band))
        for part in oldParts where !newBands.contains(part.band) {
            outcome.removedParts.append((SearchTermParts.fileName(of: term, band: part.band) + ".js", shardKey))
        }
    }

    /// The prefixes whose cut changes: on the path of each touched shard, the first prefix that
    /// was cut and weighs no more than the budget now, or the shard's own prefix, not cut and
    /// weighing more. Each appears once, and none under another.
    private func prefixesCutAgain(_ touched: [String: SearchShard]) -> [(prefix: String, depth: Int)] {
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

    /// The shard `key` as the state keeps it, empty when there is none.
    private func read(_ key: String) throws -> SearchShard {
        guard let stored = try state.searchShard(key, ofWiki: wikiID) else { throw declined(key) }
        return stored
    }

    private func declined(_ key: String) -> FastPathDeclined {
        FastPathDeclined(
            "the search shard \(MessageText.quoted(key)) of wiki \(MessageText.quoted(wikiID)) "
                + "in the build state does not read")
    }
}
