import GRDB
import TemporaryFolders
import Testing

@testable import WikiBuildEngine
@testable import WikiPages
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
        let first = TermPostings.postings(of: gathered.lists[0], keys: keys)
        #expect(TermPostings.postings(of: gathered.take(0), keys: keys) == first && !first.isEmpty)
        #expect(gathered.lists[0].count == 0 && TermPostings.postings(of: gathered.lists[0], keys: keys).isEmpty)
    }
}

/// The rows of a whole index, recorded before the build's commit: kept by the commit of a full
/// build that recorded them, forgotten with every other wiki's.
@Suite("search index rows recorded before the commit")
struct RecordedSearchRowsTests {
    /// How many rows of wiki `wikiID` each search table of `state` holds.
    static func rowCounts(ofWiki wikiID: String, in state: BuildState) throws -> [Int] {
        try state.reading { db in
            try BuildState.searchTables.map { table in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE wiki = ?", arguments: [wikiID]) ?? 0
            }
        }
    }

    /// Records the whole index of `documents` as wiki `wikiID`'s, as a build's sink does.
    static func record(_ documents: [SearchDocument], asWiki wikiID: String, in state: BuildState) throws {
        let index = CollectedSearchIndex(documents, cut: SearchShardCut(budget: 400))
        try state.forgetSearchIndex(ofWiki: wikiID)
        try state.recordSearchEntries(index.entries, ofWiki: wikiID)
        let parts = index.shards.flatMap { shard in
            shard.parts.flatMap { split in
                split.parts.map { part in
                    (
                        key: SearchPartKey(term: split.term, band: part.band, slice: part.slice),
                        postings: SearchRowWriter.encoded(part.postings)
                    )
                }
            }
        }
        try state.recordSearchShards(index.shards, parts: parts, ofWiki: wikiID)
        try state.recordSearchTotals(SearchIndex.Totals(documents: documents.count, clashes: 0), ofWiki: wikiID)
    }

    @Test func aFullBuildsCommitKeepsTheIndexesItRecordedAndForgetsTheOthers() throws {
        let folder = try TemporaryFolder()
        let state = try BuildState(stateFolder: folder.path("state"))
        let documents = SearchTermPartsTests.documents(30)
        for wikiID in ["kept", "gone"] { try Self.record(documents, asWiki: wikiID, in: state) }
        let recorded = try Self.rowCounts(ofWiki: "kept", in: state)
        #expect(recorded[0] == 30 && recorded.allSatisfy { $0 > 0 }, "\(recorded)")
        var update = StateUpdate(replacesEverything: true)
        update.recordedSearchIndexes = ["kept"]
        try state.commit(update)
        #expect(try Self.rowCounts(ofWiki: "kept", in: state) == recorded)
        #expect(try Self.rowCounts(ofWiki: "gone", in: state) == [0, 0, 0, 0])
        try state.commit(StateUpdate(replacesEverything: true))
        #expect(try Self.rowCounts(ofWiki: "kept", in: state) == [0, 0, 0, 0])
    }

    @Test func recordingAWholeIndexAgainReplacesItsRows() throws {
        let folder = try TemporaryFolder()
        let state = try BuildState(stateFolder: folder.path("state"))
        try Self.record(SearchTermPartsTests.documents(30), asWiki: "w", in: state)
        try Self.record(SearchTermPartsTests.documents(3), asWiki: "w", in: state)
        #expect(try Self.rowCounts(ofWiki: "w", in: state)[0] == 3)
        #expect(try state.searchTotals(ofWiki: "w") == SearchIndex.Totals(documents: 3, clashes: 0))
    }
}
