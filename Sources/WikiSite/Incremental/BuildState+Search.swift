import Foundation
import GRDB
import WikiDocuments

/// One part of a split term, as the state names its row: the term, the part's band and its slice.
struct SearchPartKey: Hashable, Sendable, Comparable {
    let term: String
    let band: Int
    let slice: Int

    static func < (left: SearchPartKey, right: SearchPartKey) -> Bool {
        (left.term, left.band, left.slice) < (right.term, right.band, right.slice)
    }
}

/// What a build changes of one wiki's search index in the state: the index made whole (the
/// wiki-wide path), or the documents, shards and parts the fast path wrote again.
struct SearchIndexChange {
    let wikiID: String
    /// The whole index, when it replaces every row of the wiki's.
    private(set) var whole: SearchIndex?
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

    /// The whole index of wiki `wikiID`.
    init(replacingIndexOf wikiID: String, with index: SearchIndex) {
        self.wikiID = wikiID
        whole = index
        totals = index.totals
    }

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

    /// How many term shards are encoded at once, on every core: enough to keep the cores busy,
    /// few enough that a large wiki's encoded shards and parts are never all held at once.
    private static let encodedBatch = 16

    /// Records `change` of a wiki's search index.
    static func record(_ change: SearchIndexChange, _ db: Database) throws {
        let wikiID = change.wikiID
        if change.whole != nil {
            for table in ["searchDocument", "searchShard", "searchPart"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE wiki = ?", arguments: [wikiID])
            }
        }
        let removeEntry = try db.cachedStatement(sql: "DELETE FROM searchDocument WHERE wiki = ? AND key = ?")
        for key in change.removedEntries { try removeEntry.execute(arguments: [wikiID, key]) }
        let writeEntry = try db.cachedStatement(
            sql:
                "INSERT OR REPLACE INTO searchDocument (wiki, key, href, postings, value) VALUES (?, ?, ?, ?, ?)"
        )
        let entries = (change.whole?.entries ?? change.entries).sorted { $0.key < $1.key }
        for entry in entries {
            try writeEntry.execute(
                arguments: [wikiID, entry.key, entry.href, Data(entry.encodedPostings), entry.value])
        }
        let removeShard = try db.cachedStatement(sql: "DELETE FROM searchShard WHERE wiki = ? AND shard = ?")
        for key in change.removedShards { try removeShard.execute(arguments: [wikiID, key]) }
        let writer = try SearchRowWriter(wikiID: wikiID, db)
        if let whole = change.whole {
            try record(whole, with: writer)
        } else {
            for key in change.shards.keys.sorted() { try writer.write(change.shards[key]!, key: key) }
            for key in change.parts.keys.sorted() {
                try writer.write(change.parts[key]!, of: key)
            }
        }
        try db.execute(
            sql: "INSERT OR REPLACE INTO searchTotals (wiki, documents, clashes) VALUES (?, ?, ?)",
            arguments: [wikiID, change.totals.documents, change.totals.clashes])
    }

    /// Records the shards and parts of the whole index `index`, a batch of shards at a time,
    /// each batch encoded on every core.
    private static func record(_ index: SearchIndex, with writer: SearchRowWriter) throws {
        let keys = index.shardKeys
        for batch in stride(from: 0, to: keys.count, by: Self.encodedBatch) {
            let end = min(batch + Self.encodedBatch, keys.count)
            let rows = Concurrently.map(end - batch) { position in
                let shard = index.shards[keys[batch + position]]!
                let parts = shard.terms.filter { index.parts.splits($0.key, $0.value) }.flatMap { term, postings in
                    index.parts.parts(of: postings).map { part in
                        (
                            key: SearchPartKey(term: term, band: part.band, slice: part.slice),
                            postings: SearchRowWriter.encoded(part.postings)
                        )
                    }
                }
                return (shard: index.storedShards[keys[batch + position]]!, parts: parts)
            }
            for (key, row) in zip(keys[batch..<end], rows) {
                try writer.write(row.shard, key: key)
                for part in row.parts { try writer.write(encoded: part.postings, of: part.key) }
            }
        }
    }
}

/// Writes the rows of one wiki's term shards and parts, each statement prepared once.
private struct SearchRowWriter {
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
