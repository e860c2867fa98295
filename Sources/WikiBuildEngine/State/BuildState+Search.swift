import Foundation
import GRDB
import WikiDocuments
import WikiPages

/// One part of a split term, as the state names its row: the term, the part's band and its slice.
package struct SearchPartKey: Hashable, Sendable, Comparable {
    let term: String
    let band: Int
    let slice: Int

    package static func < (left: SearchPartKey, right: SearchPartKey) -> Bool {
        (left.term, left.band, left.slice) < (right.term, right.band, right.slice)
    }
}

/// What the fast path changes of one wiki's search index in the state: the documents, shards
/// and parts it wrote again. (A whole index is recorded as it is made: `RecordedSearchIndex`.)
package struct SearchIndexChange {
    let wikiID: String
    /// Documents new or changed, and the keys of those gone.
    var entries: [SearchEntry] = []
    var removedEntries: [String] = []
    /// Term shards new or changed, by key, and the keys of those gone.
    var shards: [String: StoredSearchShard] = [:]
    var removedShards: [String] = []
    /// The postings of the parts of split terms new or changed, by term, band and slice; none: the
    /// part is gone.
    var parts: [SearchPartKey: [SearchShard.Posting]] = [:]
    var totals: SearchIndex.Totals

    /// A change of the index of wiki `wikiID`, whose totals become `totals`.
    init(of wikiID: String, totals: SearchIndex.Totals) {
        self.wikiID = wikiID
        self.totals = totals
    }
}

/// The search index of each wiki, as the state keeps it (`searchDocument`, `searchShard`,
/// `searchPart`, `searchTotals`).
extension BuildState {
    /// The totals of the search index of wiki `wikiID`; nil when the state keeps no index of it.
    func searchTotals(ofWiki wikiID: String) throws -> SearchIndex.Totals? {
        try database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT documents, clashes FROM searchTotals WHERE wiki = ?", arguments: [wikiID]
            ).map { SearchIndex.Totals(documents: $0[0], clashes: $0[1]) }
        }
    }

    /// The term shard `key` of wiki `wikiID`'s index: an empty one when there is none; nil when
    /// it does not decode.
    func searchShard(_ key: String, ofWiki wikiID: String) throws -> StoredSearchShard? {
        try database.read { db in
            let data = try Data.fetchOne(
                db.cachedStatement(sql: "SELECT terms FROM searchShard WHERE wiki = ? AND shard = ?"),
                arguments: [wikiID, key])
            return data.map { StoredSearchShard(encoded: $0) } ?? StoredSearchShard()
        }
    }

    /// The term shards of wiki `wikiID`'s index whose keys start with `prefix` (every key is
    /// lowercase hexadecimal), by key; nil when one does not decode.
    func searchShards(withPrefix prefix: String, ofWiki wikiID: String) throws -> [String: StoredSearchShard]? {
        try database.read { db in
            var shards: [String: StoredSearchShard] = [:]
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT shard, terms FROM searchShard WHERE wiki = ? AND shard >= ? AND shard < ?"),
                arguments: [wikiID, prefix, prefix + "g"])
            for row in rows {
                guard let shard = StoredSearchShard(encoded: row[1]) else { return nil }
                shards[row[0]] = shard
            }
            return shards
        }
    }

    /// The postings of part `key` of a split term of wiki `wikiID`'s index, in key order: none
    /// when there is no such part; nil when they do not decode.
    func searchPart(_ key: SearchPartKey, ofWiki wikiID: String) throws -> [SearchShard.Posting]? {
        try database.read { db in
            let data = try Data.fetchOne(
                db.cachedStatement(
                    sql: "SELECT postings FROM searchPart WHERE wiki = ? AND term = ? AND band = ? AND slice = ?"),
                arguments: [wikiID, key.term, key.band, key.slice])
            return data.map { SearchShard.postings(encoded: [UInt8]($0)[...]) } ?? []
        }
    }

    /// The keys of the term shards of wiki `wikiID`'s index, sorted, with their sizes.
    func searchShardSizes(ofWiki wikiID: String) throws -> [(key: String, size: Int)] {
        try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT shard, size FROM searchShard WHERE wiki = ? ORDER BY shard", arguments: [wikiID]
            ).map { (key: $0[0], size: $0[1]) }
        }
    }

    /// The tables of the search index.
    static let searchTables = ["searchDocument", "searchShard", "searchPart", "searchTotals"]

    /// Records `change` of a wiki's search index.
    static func record(_ change: SearchIndexChange, _ db: Database) throws {
        let wikiID = change.wikiID
        let removeEntry = try db.cachedStatement(sql: "DELETE FROM searchDocument WHERE wiki = ? AND key = ?")
        for key in change.removedEntries { try removeEntry.execute(arguments: [wikiID, key]) }
        try recordEntries(change.entries, ofWiki: wikiID, db)
        let removeShard = try db.cachedStatement(sql: "DELETE FROM searchShard WHERE wiki = ? AND shard = ?")
        for key in change.removedShards { try removeShard.execute(arguments: [wikiID, key]) }
        let writer = try SearchRowWriter(wikiID: wikiID, db)
        for key in change.shards.keys.sorted() { try writer.write(change.shards[key]!, key: key) }
        for key in change.parts.keys.sorted() { try writer.write(change.parts[key]!, of: key) }
        try recordTotals(change.totals, ofWiki: wikiID, db)
    }

    /// Records `entries`, in the order of their keys.
    private static func recordEntries(_ entries: [SearchEntry], ofWiki wikiID: String, _ db: Database) throws {
        let writeEntry = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO searchDocument (wiki, key, href, postings, value) VALUES (?, ?, ?, ?, ?)")
        for entry in entries.sorted(by: { $0.key < $1.key }) {
            try writeEntry.execute(
                arguments: [wikiID, entry.key, entry.href, Data(entry.encodedPostings), entry.value])
        }
    }

    private static func recordTotals(_ totals: SearchIndex.Totals, ofWiki wikiID: String, _ db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO searchTotals (wiki, documents, clashes) VALUES (?, ?, ?)",
            arguments: [wikiID, totals.documents, totals.clashes])
    }

    /// Forgets the search index of wiki `wikiID`, whose whole index is about to be recorded a
    /// batch at a time.
    func forgetSearchIndex(ofWiki wikiID: String) throws {
        try write { db in
            for table in Self.searchTables {
                try db.execute(sql: "DELETE FROM \(table) WHERE wiki = ?", arguments: [wikiID])
            }
        }
    }

    /// Records `entries` of wiki `wikiID`'s whole index, in a transaction of their own.
    func recordSearchEntries(_ entries: [SearchEntry], ofWiki wikiID: String) throws {
        try write { db in try Self.recordEntries(entries, ofWiki: wikiID, db) }
    }

    /// Records `shards` of wiki `wikiID`'s whole index and the parts of their split terms
    /// (`parts`, each part's postings as its row holds them), in a transaction of their own.
    func recordSearchShards(
        _ shards: [SearchIndexBuilder.Shard], parts: [(key: SearchPartKey, postings: Data)], ofWiki wikiID: String
    ) throws {
        try write { db in
            let writer = try SearchRowWriter(wikiID: wikiID, db)
            for shard in shards { try writer.write(shard.stored, key: shard.key) }
            for part in parts { try writer.write(encoded: part.postings, of: part.key) }
        }
    }

    /// Records the totals of wiki `wikiID`'s whole index, its last row.
    func recordSearchTotals(_ totals: SearchIndex.Totals, ofWiki wikiID: String) throws {
        try write { db in try Self.recordTotals(totals, ofWiki: wikiID, db) }
    }
}

/// Writes the rows of one wiki's term shards and parts, each statement prepared once.
package struct SearchRowWriter {
    let wikiID: String
    let writeShard: Statement
    let writePart: Statement
    let removePart: Statement

    init(wikiID: String, _ db: Database) throws {
        self.wikiID = wikiID
        writeShard = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO searchShard (wiki, shard, terms, size) VALUES (?, ?, ?, ?)")
        writePart = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO searchPart (wiki, term, band, slice, postings) VALUES (?, ?, ?, ?, ?)")
        removePart = try db.cachedStatement(
            sql: "DELETE FROM searchPart WHERE wiki = ? AND term = ? AND band = ? AND slice = ?")
    }

    /// `postings` as a part's row holds them.
    static func encoded(_ postings: [SearchShard.Posting]) -> Data {
        var bytes: [UInt8] = []
        SearchShard.appendEncoded(postings, to: &bytes)
        return Data(bytes)
    }

    func write(_ shard: StoredSearchShard, key: String) throws {
        try writeShard.execute(arguments: [wikiID, key, shard.encoded, shard.size])
    }

    /// Writes the postings of part `key`, or removes the part when it has none.
    func write(_ postings: [SearchShard.Posting], of key: SearchPartKey) throws {
        guard !postings.isEmpty else {
            return try removePart.execute(arguments: [wikiID, key.term, key.band, key.slice])
        }
        try write(encoded: Self.encoded(postings), of: key)
    }

    func write(encoded postings: Data, of key: SearchPartKey) throws {
        try writePart.execute(arguments: [wikiID, key.term, key.band, key.slice, postings])
    }
}
