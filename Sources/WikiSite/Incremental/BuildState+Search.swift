import Foundation
import GRDB
import WikiDocuments

/// What a build changes of one wiki's search index in the state: the index made whole (the
/// wiki-wide path), or the documents and shards the fast path wrote again.
struct SearchIndexChange {
    let wikiID: String
    /// Whether it replaces every row of the wiki's index.
    var replacesWiki = false
    /// Documents new or changed, and the keys of those gone.
    var entries: [SearchEntry] = []
    var removedEntries: [String] = []
    /// Term shards new or changed, by key, and the keys of those gone.
    var shards: [String: SearchShard] = [:]
    var removedShards: [String] = []
    var totals: SearchIndex.Totals

    /// The whole index of wiki `wikiID`.
    init(replacingIndexOf wikiID: String, with index: SearchIndex) {
        self.wikiID = wikiID
        replacesWiki = true
        entries = index.entries
        shards = index.shards
        totals = index.totals
    }

    /// A change of the index of wiki `wikiID`, whose totals become `totals`.
    init(of wikiID: String, totals: SearchIndex.Totals) {
        self.wikiID = wikiID
        self.totals = totals
    }
}

/// The search index of each wiki, as the state keeps it (`searchDocument`, `searchShard`,
/// `searchTotals`).
extension BuildState {
    /// The totals of the search index of wiki `wikiID`; nil when the state keeps no index of it.
    func searchTotals(ofWiki wikiID: String) throws -> SearchIndex.Totals? {
        try database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT documents, length, clashes FROM searchTotals WHERE wiki = ?", arguments: [wikiID]
            ).map { SearchIndex.Totals(documents: $0[0], length: $0[1], clashes: $0[2]) }
        }
    }

    /// The term shard `key` of wiki `wikiID`'s index: an empty one when there is none; nil when
    /// it does not decode.
    func searchShard(_ key: String, ofWiki wikiID: String) throws -> SearchShard? {
        try database.read { db in
            let data = try Data.fetchOne(
                db.cachedStatement(sql: "SELECT terms FROM searchShard WHERE wiki = ? AND shard = ?"),
                arguments: [wikiID, key])
            return data.map { SearchShard(encoded: $0) } ?? SearchShard()
        }
    }

    /// The term shards of wiki `wikiID`'s index whose keys start with `prefix` (every key is
    /// lowercase hexadecimal), by key; nil when one does not decode.
    func searchShards(withPrefix prefix: String, ofWiki wikiID: String) throws -> [String: SearchShard]? {
        try database.read { db in
            var shards: [String: SearchShard] = [:]
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT shard, terms FROM searchShard WHERE wiki = ? AND shard >= ? AND shard < ?"),
                arguments: [wikiID, prefix, prefix + "g"])
            for row in rows {
                guard let shard = SearchShard(encoded: row[1]) else { return nil }
                shards[row[0]] = shard
            }
            return shards
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

    /// How many term shards are encoded at once, on every core: enough to keep the cores busy,
    /// few enough that a large wiki's encoded shards (a megabyte each at 100,000 pages) are
    /// never all held at once.
    private static let encodedBatch = 16

    /// Records `change` of a wiki's search index.
    static func record(_ change: SearchIndexChange, _ db: Database) throws {
        let wikiID = change.wikiID
        if change.replacesWiki {
            for table in ["searchDocument", "searchShard"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE wiki = ?", arguments: [wikiID])
            }
        }
        let removeEntry = try db.cachedStatement(sql: "DELETE FROM searchDocument WHERE wiki = ? AND key = ?")
        for key in change.removedEntries { try removeEntry.execute(arguments: [wikiID, key]) }
        let writeEntry = try db.cachedStatement(
            sql:
                "INSERT OR REPLACE INTO searchDocument (wiki, key, href, length, postings, value) VALUES (?, ?, ?, ?, ?, ?)"
        )
        let entries = change.entries.sorted { $0.key < $1.key }
        for entry in entries {
            try writeEntry.execute(
                arguments: [wikiID, entry.key, entry.href, entry.length, Data(entry.encodedPostings), entry.value])
        }
        let removeShard = try db.cachedStatement(sql: "DELETE FROM searchShard WHERE wiki = ? AND shard = ?")
        for key in change.removedShards { try removeShard.execute(arguments: [wikiID, key]) }
        let writeShard = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO searchShard (wiki, shard, terms, size) VALUES (?, ?, ?, ?)")
        let (shards, keys) = (change.shards, change.shards.keys.sorted())
        for batch in stride(from: 0, to: keys.count, by: Self.encodedBatch) {
            let end = min(batch + Self.encodedBatch, keys.count)
            let encoded = Concurrently.map(end - batch) { shards[keys[batch + $0]]!.encoded }
            for (key, data) in zip(keys[batch..<end], encoded) {
                try writeShard.execute(arguments: [wikiID, key, data, shards[key]!.size])
            }
        }
        try db.execute(
            sql: "INSERT OR REPLACE INTO searchTotals (wiki, documents, length, clashes) VALUES (?, ?, ?, ?)",
            arguments: [wikiID, change.totals.documents, change.totals.length, change.totals.clashes])
    }
}
