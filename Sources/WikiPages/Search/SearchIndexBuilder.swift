import WikiDocuments

/// What takes a wiki's whole search index as `SearchIndexBuilder` makes it, a batch at a time:
/// the documents' entries, then the term shards, then the totals. A build's sink writes each
/// batch's files and rows and keeps none, so that the index of a large wiki is never held
/// whole.
package protocol SearchIndexSink {
    /// Takes the entries of a batch of documents, in the order of their keys; each batch's keys
    /// follow the previous batch's.
    func take(_ entries: [SearchEntry]) throws
    /// Takes a batch of term shards, in the order of their keys; each batch's keys follow the
    /// previous batch's.
    func take(_ shards: [SearchIndexBuilder.Shard]) throws
    /// Takes the totals of `meta.js` and the keys of every term shard, sorted: the index's last
    /// file.
    func finish(_ totals: SearchIndex.Totals, shardKeys: [String]) throws
}

/// Makes a wiki's whole search index, from its documents, a batch at a time: each batch of
/// documents is turned into entries on every core and handed to the sink, their postings
/// gathered by term (`TermPostings`); then the terms are cut into shards (`SearchShardCut`), and
/// each batch of shards is made on every core and handed over, its terms' postings dropped.
/// The documents' texts, entries and shards are never all held at once.
package struct SearchIndexBuilder {
    /// A term shard, made: its key, the shard as its file and the state show it, and the parts of
    /// its split terms.
    package struct Shard: Sendable {
        package let key: String
        package let stored: StoredSearchShard
        package let parts: [(term: String, parts: [SearchTermParts.Part])]
    }

    /// How the terms are cut into shards.
    let cut: SearchShardCut
    /// How many documents are turned into entries at once: enough to keep every core busy, few
    /// enough that their texts and entries are a small part of a large wiki's.
    var documentBatch = 4096
    /// How many term shards are made at once at most.
    var shardBatch = 16
    /// How many postings the shards made at once hold at most, unless one shard holds more: a
    /// batch's shards, files and rows take about 60 bytes a posting.
    var postingBatch = 1 << 18

    /// Makes the index of the documents at `hrefs`, each made by `document` from its position,
    /// and hands it to `sink`.
    func build(
        hrefs: [String], into sink: some SearchIndexSink, document: @Sendable (Int) -> SearchDocument
    ) throws {
        let keys = SearchEntry.keys(ofHrefs: hrefs)
        let order = hrefs.indices.sorted { keys[$0] < keys[$1] }
        var postings = TermPostings(expectedTerms: 4096 + hrefs.count)
        for start in stride(from: 0, to: order.count, by: documentBatch) {
            let batch = order[start..<min(start + documentBatch, order.count)]
            let entries = Concurrently.map(batch.count) { offset in
                let position = batch[batch.startIndex + offset]
                return SearchEntry(document(position), key: keys[position])
            }
            try sink.take(entries)
            for (offset, entry) in entries.enumerated() { postings.add(entry, document: start + offset) }
        }
        let keyNumbers = order.map { SearchShard.Posting.number(ofKey: keys[$0]) }
        let shardKeys = try writeShards(of: &postings, keys: keyNumbers, into: sink)
        let clashes = zip(hrefs, keys).filter { SearchEntry.firstKey(ofHref: $0) != $1 }.count
        try sink.finish(SearchIndex.Totals(documents: hrefs.count, clashes: clashes), shardKeys: shardKeys)
    }

    /// Cuts the terms of `postings` into shards and hands them to `sink` a batch at a time,
    /// taking each batch's postings out of `postings`; `keys` holds the number of each
    /// document's key, in the order of the documents' numbers. Returns the shards' keys, sorted.
    private func writeShards(
        of postings: inout TermPostings, keys: [UInt64], into sink: some SearchIndexSink
    ) throws -> [String] {
        let terms = (0..<postings.count).map(postings.term)
        let numbers = Dictionary(uniqueKeysWithValues: zip(terms, terms.indices))
        let sizes = zip(terms, postings.lists).map { (term: $0, size: SearchShard.size(ofTerm: $0, weighing: $1.size)) }
        let members = cut.members(of: sizes)
        let shardKeys = members.keys.sorted()
        let postingCounts = shardKeys.map { key in members[key]!.reduce(0) { $0 + postings.lists[numbers[$1]!].count } }
        for range in batches(ofShardsHolding: postingCounts) {
            // The batch's lists are taken out of `postings`, which copies nothing and holds them
            // no longer once the batch is handed over.
            let batch = shardKeys[range].map { key in
                (key: key, lists: members[key]!.map { (term: $0, list: postings.take(numbers[$0]!)) })
            }
            let shards = Concurrently.map(batch.count) { position in
                let terms = batch[position].lists.map { ($0.term, TermPostings.postings(of: $0.list, keys: keys)) }
                return shard(batch[position].key, terms: Dictionary(uniqueKeysWithValues: terms))
            }
            try sink.take(shards)
        }
        return shardKeys
    }

    /// The batches of shards made at once, as ranges of the positions of shards that hold
    /// `counts` postings each: each batch as long as `shardBatch` and `postingBatch` allow, and
    /// one shard at least.
    func batches(ofShardsHolding counts: [Int]) -> [Range<Int>] {
        var batches: [Range<Int>] = []
        var start = 0
        while start < counts.count {
            var (end, postings) = (start + 1, counts[start])
            while end < counts.count, end - start < shardBatch, postings + counts[end] <= postingBatch {
                postings += counts[end]
                end += 1
            }
            batches.append(start..<end)
            start = end
        }
        return batches
    }

    /// The shard `key` of `terms`, each with its postings in key order.
    private func shard(_ key: String, terms: [String: [SearchShard.Posting]]) -> Shard {
        let parts = cut.parts
        let stored = StoredSearchShard(SearchShard(terms: terms), parts: parts)
        let split = stored.splitTerms.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return Shard(key: key, stored: stored, parts: split.map { ($0, parts.parts(of: terms[$0]!)) })
    }
}
