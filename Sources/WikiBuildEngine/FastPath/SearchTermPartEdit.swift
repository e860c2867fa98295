import WikiDocuments
import WikiPages
import WikiRender

/// The change of one term's postings in its shard: in the shard's own list when the term is not
/// split; when it is, in the parts its changed postings leave and join (read from the state, a
/// row each), or in every slice of a band whose count of slices the change alters; and the whole
/// list moved between the two when the term starts or stops being split
/// (`SearchTermParts.splits`), as the whole index would write it.
package struct SearchTermPartEdit {
    let state: BuildState
    let wikiID: String
    let parts: SearchTermParts

    /// What a change does to the parts of one band: the band's parts' summaries now, the parts to
    /// write, and the slices to remove.
    private struct BandChange {
        var summaries: [SearchTermParts.Summary] = []
        var written: [SearchTermParts.Part] = []
        var removed: [Int] = []
    }

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
        let split = parts.parts(of: postings)
        shard.set(split.map(SearchTermParts.summary(of:)), ofSplit: term)
        for part in split { write(part, of: term, shardKey: shardKey, into: &outcome) }
    }

    /// Changes the postings of split `term`, whose parts `summaries` sums up, in the bands they
    /// leave and join; or puts them all back in `shard` when the term is no longer split.
    private func changeSplit(
        _ term: String, _ summaries: [SearchTermParts.Summary], _ documents: [String: SearchShardEdit.PostingChange],
        in shard: inout StoredSearchShard, shardKey: String, into outcome: inout SearchShardEdit.Outcome
    ) throws {
        var changesByBand: [Int: [String: SearchPosting?]] = [:]
        for (key, change) in documents {
            if let old = change.old { changesByBand[SearchTermParts.band(of: old), default: [:]][key] = .some(nil) }
        }
        for (key, change) in documents {
            if let new = change.new { changesByBand[SearchTermParts.band(of: new), default: [:]][key] = .some(new) }
        }
        var summariesNow = summaries.filter { changesByBand[$0.band] == nil }
        var bands: [Int: BandChange] = [:]
        for (band, changes) in changesByBand {
            let change = try self.change(band, of: term, summaries.filter { $0.band == band }, by: changes)
            summariesNow += change.summaries
            bands[band] = change
        }
        summariesNow.sort { ($0.band, $0.slice) < ($1.band, $1.slice) }
        let fileName = { (key: SearchPartKey) in
            SearchIndex.partFileName(of: term, band: key.band, slice: key.slice)
        }
        if parts.splits(term, size: StoredSearchShard.size(of: term, summariesNow)) {
            shard.set(summariesNow, ofSplit: term)
            for (band, change) in bands {
                for part in change.written { write(part, of: term, shardKey: shardKey, into: &outcome) }
                for slice in change.removed {
                    let key = SearchPartKey(term: term, band: band, slice: slice)
                    outcome.parts[key] = []
                    outcome.removedParts.append((fileName(key), shardKey))
                }
            }
            return
        }
        let written = Dictionary(
            uniqueKeysWithValues: bands.values.flatMap(\.written).map {
                ($0.band * SearchTermParts.mostSlices + $0.slice, $0)
            })
        var postings: [SearchShard.Posting] = []
        for summary in summariesNow {
            let key = SearchPartKey(term: term, band: summary.band, slice: summary.slice)
            postings += try written[summary.band * SearchTermParts.mostSlices + summary.slice]?.postings ?? read(key)
        }
        postings.sort { $0.key < $1.key }
        shard.set(postings, of: term)
        for summary in summaries {
            let key = SearchPartKey(term: term, band: summary.band, slice: summary.slice)
            outcome.removedParts.append((fileName(key), shardKey))
        }
        let keys = summaries.map { ($0.band, $0.slice) } + written.values.map { ($0.band, $0.slice) }
        for (band, slice) in keys { outcome.parts[SearchPartKey(term: term, band: band, slice: slice)] = [] }
    }

    /// What `changes` (postings by document key; nil takes a document's out) do to `band` of
    /// `term`, whose parts `summaries` sums up: the slices they fall in are read and changed; when
    /// the band's count of slices changes with its size, every slice is read and the band cut
    /// again.
    private func change(
        _ band: Int, of term: String, _ summaries: [SearchTermParts.Summary], by changes: [String: SearchPosting?]
    ) throws -> BandChange {
        let sizeBefore = summaries.reduce(0) { $0 + $1.size }
        let slicesBefore = parts.slices(ofBandSize: sizeBefore)
        let numbered = changes.keys.map { SearchShard.Posting.number(ofKey: $0) }
        let touched = Set(numbered.map { SearchTermParts.slice(ofKey: $0, slices: slicesBefore) })
        var postings: [SearchShard.Posting] = []
        for slice in touched.sorted() { postings += try read(SearchPartKey(term: term, band: band, slice: slice)) }
        postings = SearchShard.setting(changes, in: postings)
        let sizeOfTouched = summaries.filter { touched.contains($0.slice) }.reduce(0) { $0 + $1.size }
        let slicesNow = parts.slices(ofBandSize: sizeBefore - sizeOfTouched + SearchShard.size(of: postings))
        var change = BandChange()
        var slicesRead = touched
        if slicesNow == slicesBefore {
            change.summaries = summaries.filter { !touched.contains($0.slice) }
        } else {
            for summary in summaries where !touched.contains(summary.slice) {
                postings += try read(SearchPartKey(term: term, band: band, slice: summary.slice))
            }
            postings.sort { $0.key < $1.key }
            slicesRead.formUnion(summaries.map(\.slice))
        }
        change.written = SearchTermParts.sliced(postings, band: band, slices: slicesNow)
        change.summaries += change.written.map(SearchTermParts.summary(of:))
        let slicesWritten = Set(change.written.map(\.slice))
        let slicesBeforeHeld = Set(summaries.map(\.slice))
        change.removed = slicesRead.intersection(slicesBeforeHeld).subtracting(slicesWritten).sorted()
        return change
    }

    /// Adds `part` of `term`, of the shard `shardKey`, to the parts and files `outcome` writes.
    private func write(
        _ part: SearchTermParts.Part, of term: String, shardKey: String, into outcome: inout SearchShardEdit.Outcome
    ) {
        outcome.parts[SearchPartKey(term: term, band: part.band, slice: part.slice)] = part.postings
        outcome.writtenParts.append((SearchIndex.partFiles(of: term, [part])[0], shardKey))
    }

    /// The postings of part `key` as the state keeps them.
    private func read(_ key: SearchPartKey) throws -> [SearchShard.Posting] {
        guard let postings = try state.searchPart(key, ofWiki: wikiID) else {
            throw FastPathDeclined(
                "part \(key.band).\(key.slice) of the search term \(MessageText.quoted(key.term)) of wiki "
                    + "\(MessageText.quoted(wikiID)) in the build state does not read")
        }
        return postings
    }
}
