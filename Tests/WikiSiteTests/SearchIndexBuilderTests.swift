import Testing

@testable import WikiSite

/// The whole search index made a batch at a time: the same files whatever the batches.
@Suite("search index made in batches")
struct SearchIndexBuilderTests {
    @Test func theFilesAreTheSameWhateverTheBatchesOfDocumentsAndShards() {
        let documents = SearchTermPartsTests.documents(150)
        let cut = SearchShardCut(budget: 400)
        let whole = CollectedSearchIndex(documents, cut: cut)
        #expect(whole.shardBatches.count > 1, "the index has more shards than a batch: \(whole.shardBatches)")
        for (documentBatch, shardBatch) in [(1, 1), (7, 2), (64, 3), (149, 1000)] {
            let batched = CollectedSearchIndex(
                documents, cut: cut, documentBatch: documentBatch, shardBatch: shardBatch)
            #expect(batched.files == whole.files, "batches of \(documentBatch) documents, \(shardBatch) shards")
            #expect(batched.entries == whole.entries)
            #expect(batched.shardBatches.allSatisfy { $0.count <= shardBatch })
            #expect(batched.shardBatches.flatMap { $0 } == whole.shardBatches.flatMap { $0 })
        }
    }

    @Test func aBatchOfShardsHoldsAtMostItsShardsAndPostingsAndOneShardAtLeast() {
        var builder = SearchIndexBuilder(cut: SearchShardCut())
        (builder.shardBatch, builder.postingBatch) = (3, 100)
        #expect(builder.batches(ofShardsHolding: []) == [])
        #expect(builder.batches(ofShardsHolding: [1, 1, 1, 1, 1, 1, 1]) == [0..<3, 3..<6, 6..<7])
        #expect(builder.batches(ofShardsHolding: [60, 40, 1, 500, 99, 1, 1]) == [0..<2, 2..<3, 3..<4, 4..<6, 6..<7])
    }

    @Test func theDocumentsComeInTheOrderOfTheirKeysWhateverTheOrderOfTheirHrefs() {
        let documents = SearchTermPartsTests.documents(40)
        let index = CollectedSearchIndex(documents.reversed(), documentBatch: 3)
        #expect(index.entries.map(\.key) == index.entries.map(\.key).sorted())
        #expect(index.entries.map(\.key) == CollectedSearchIndex(documents, documentBatch: 5).entries.map(\.key))
    }

    @Test func termPostingsGiveBackEachDocumentsPostingsInKeyOrder() throws {
        let documents = SearchTermPartsTests.documents(60)
        let entries = CollectedSearchIndex(documents).entries
        var gathered = TermPostings(expectedTerms: 4)
        for (number, entry) in entries.enumerated() { gathered.add(entry, document: number) }
        let keys = entries.map { SearchShard.Posting.number(ofKey: $0.key) }
        var expected: [String: [SearchShard.Posting]] = [:]
        for (entry, key) in zip(entries, keys) {
            for (term, posting) in entry.postings {
                expected[term, default: []].append(.init(key: key, posting: posting))
            }
        }
        #expect(gathered.count == expected.count)
        for number in 0..<gathered.count {
            let term = gathered.term(number)
            let postings = TermPostings.postings(of: gathered.lists[number], keys: keys)
            #expect(postings == expected[term], "\(term)")
            #expect(gathered.lists[number].size == SearchShard.size(of: postings))
        }
        gathered.release(0)
        #expect(gathered.lists[0].count == 0 && TermPostings.postings(of: gathered.lists[0], keys: keys).isEmpty)
    }
}
