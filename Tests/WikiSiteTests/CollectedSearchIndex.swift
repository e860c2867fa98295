@testable import WikiPages
@testable import WikiSite

/// A wiki's whole search index as `SearchIndexBuilder` makes it, every entry and file kept: what
/// the tests read the index through.
final class CollectedSearchIndex: SearchIndexSink {
    /// Each document's entry, in the order of their keys.
    private(set) var entries: [SearchEntry] = []
    /// Each term shard as the builder made it, in the order of their keys.
    private(set) var shards: [SearchIndexBuilder.Shard] = []
    private var shardFiles: [SearchIndex.File] = []
    private var parts: [SearchIndex.File] = []
    private var meta: [SearchIndex.File] = []
    /// What each batch of shards the builder made holds, in order.
    private(set) var shardBatches: [[String]] = []
    private let cut: SearchShardCut

    /// The index of `documents`, cut by `cut`, made in batches of `documentBatch` documents and
    /// `shardBatch` shards.
    init(
        _ documents: [SearchDocument], cut: SearchShardCut = SearchShardCut(), documentBatch: Int = 4096,
        shardBatch: Int = 16
    ) {
        self.cut = cut
        var builder = SearchIndexBuilder(cut: cut)
        (builder.documentBatch, builder.shardBatch) = (documentBatch, shardBatch)
        // The collecting sink throws nothing.
        try? builder.build(hrefs: documents.map(\.href), into: self) { documents[$0] }
    }

    /// Every file: the term shards in the order of their keys, the documents in the order of
    /// theirs, `meta.js`, then the parts of the split terms.
    var files: [SearchIndex.File] {
        shardFiles + entries.map { SearchIndex.documentFile($0.key, value: $0.value) } + meta + parts
    }

    func take(_ entries: [SearchEntry]) {
        self.entries += entries
    }

    func take(_ shards: [SearchIndexBuilder.Shard]) {
        shardBatches.append(shards.map(\.key))
        self.shards += shards
        for shard in shards {
            shardFiles.append(SearchIndex.termFile(shard.key, shard.stored, parts: cut.parts))
            for split in shard.parts { parts += SearchIndex.partFiles(of: split.term, split.parts) }
        }
    }

    func finish(_ totals: SearchIndex.Totals, shardKeys: [String]) {
        meta = [SearchIndex.metaFile(totals, shardKeys: shardKeys)]
    }
}
