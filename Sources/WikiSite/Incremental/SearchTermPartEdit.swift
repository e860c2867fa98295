import WikiDocuments
import WikiRender

/// The change of one term's postings in its shard: in the shard's own list when the term is not
/// split, in the parts its changed postings leave and join when it is (read from the state, a
/// row each), and the whole list moved between the two when the term starts or stops being split
/// (`SearchTermParts.splits`), as the whole index would write it.
struct SearchTermPartEdit {
    let state: BuildState
    let wikiID: String
    let parts: SearchTermParts

    /// Changes the postings of `term` in `shard` (the shard `shardKey`) by `documents`, by key, and
    /// adds the parts and part files that change to `outcome`.
    ///
    /// - Throws: `FastPathDeclined` when a part the change reads does not read.
    func change(
        _ term: String, _ documents: [String: SearchShardEdit.PostingChange], in shard: inout StoredSearchShard,
        shardKey: String, into outcome: inout SearchShardEdit.Outcome
    ) throws {
        if let summaries = shard.splitTerms[term] {
            return try changeSplit(term, summaries, documents, in: &shard, shardKey: shardKey, into: &outcome)
        }
        let postings = SearchShard.setting(documents.mapValues(\.new), in: shard.terms[term] ?? [])
        guard parts.splits(term, postings) else { return shard.set(postings, of: term) }
        let split = SearchTermParts.parts(of: postings)
        shard.set(SearchTermParts.summaries(of: postings), ofSplit: term)
        for (part, file) in zip(split, SearchIndex.partFiles(of: term, split)) {
            outcome.parts[SearchPartKey(term: term, band: part.band)] = part.postings
            outcome.writtenParts.append((file, shardKey))
        }
    }

    /// Changes the postings of split `term`, whose parts `summaries` sums up, in the parts they
    /// leave and join; or puts them all back in `shard` when the term is no longer split.
    private func changeSplit(
        _ term: String, _ summaries: [SearchTermParts.Summary], _ documents: [String: SearchShardEdit.PostingChange],
        in shard: inout StoredSearchShard, shardKey: String, into outcome: inout SearchShardEdit.Outcome
    ) throws {
        let changed = try changedParts(of: term, documents)
        var byBand = Dictionary(uniqueKeysWithValues: summaries.map { ($0.band, $0) })
        for (band, part) in changed {
            byBand[band] = SearchTermParts.summaries(of: part.new).first
        }
        let summariesNow = byBand.keys.sorted().map { byBand[$0]! }
        let fileName = { (band: Int) in SearchTermParts.fileName(of: term, band: band) + ".js" }
        if parts.splits(term, size: StoredSearchShard.size(of: term, summariesNow)) {
            shard.set(summariesNow, ofSplit: term)
            for (band, part) in changed where part.old != part.new {
                outcome.parts[SearchPartKey(term: term, band: band)] = part.new
                guard !part.new.isEmpty else {
                    outcome.removedParts.append((fileName(band), shardKey))
                    continue
                }
                let file = SearchIndex.partFiles(of: term, [.init(band: band, postings: part.new)])[0]
                outcome.writtenParts.append((file, shardKey))
            }
            return
        }
        var postings: [SearchShard.Posting] = []
        for summary in summaries where changed[summary.band] == nil {
            postings += try read(SearchPartKey(term: term, band: summary.band))
        }
        for part in changed.values { postings += part.new }
        postings.sort { $0.key < $1.key }
        shard.set(postings, of: term)
        for band in Set(summaries.map(\.band)).union(changed.keys) {
            outcome.parts[SearchPartKey(term: term, band: band)] = []
        }
        for summary in summaries { outcome.removedParts.append((fileName(summary.band), shardKey)) }
    }

    /// The parts of split `term` that `documents` change, by band, each as the state keeps it and
    /// as it is now: a document's posting leaves the part of its old band and joins that of its
    /// new one.
    private func changedParts(
        of term: String, _ documents: [String: SearchShardEdit.PostingChange]
    ) throws -> [Int: (old: [SearchShard.Posting], new: [SearchShard.Posting])] {
        var changesByBand: [Int: [String: SearchPosting?]] = [:]
        for (key, change) in documents {
            if let old = change.old { changesByBand[SearchTermParts.band(of: old), default: [:]][key] = .some(nil) }
        }
        for (key, change) in documents {
            if let new = change.new { changesByBand[SearchTermParts.band(of: new), default: [:]][key] = .some(new) }
        }
        var changed: [Int: (old: [SearchShard.Posting], new: [SearchShard.Posting])] = [:]
        for (band, changes) in changesByBand {
            let old = try read(SearchPartKey(term: term, band: band))
            changed[band] = (old, SearchShard.setting(changes, in: old))
        }
        return changed
    }

    /// The postings of part `key` as the state keeps them.
    private func read(_ key: SearchPartKey) throws -> [SearchShard.Posting] {
        guard let postings = try state.searchPart(key, ofWiki: wikiID) else {
            throw FastPathDeclined(
                "part \(key.band) of the search term \(MessageText.quoted(key.term)) of wiki "
                    + "\(MessageText.quoted(wikiID)) in the build state does not read")
        }
        return postings
    }
}
