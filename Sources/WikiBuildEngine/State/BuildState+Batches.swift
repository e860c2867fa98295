import Foundation
import GRDB
import WikiModel
import WikiPages

/// The state's rows read a batch of keys a query: what the fast path reads for many pages at
/// once, where a seek a page would cost a query each.
extension BuildState {
    /// The most keys a query binds (SQLite takes 32,766).
    static let keysPerQuery = 500

    /// The pages among `titles` of wiki `wikiID` the state has, by title.
    func storedPages(_ titles: some Collection<PageTitle>, inWiki wikiID: String) throws -> [PageTitle: StoredPage] {
        var pages: [PageTitle: StoredPage] = [:]
        try forEachRow(
            "SELECT \(Self.storedPageColumns), title FROM page WHERE wiki = ? AND title IN", inWiki: wikiID,
            keys: titles.map(\.text)
        ) { row in
            if let title = PageTitle(row[6]) { pages[title] = try Self.storedPage(from: row) }
        }
        return pages
    }

    /// The titles among `titles` that wiki `wikiID` publishes.
    func publishedTitles(among titles: some Collection<PageTitle>, inWiki wikiID: String) throws -> Set<PageTitle> {
        var published = Set<PageTitle>()
        try forEachRow("SELECT title FROM page WHERE wiki = ? AND title IN", inWiki: wikiID, keys: titles.map(\.text)) {
            row in
            if let title = PageTitle(row[0]) { published.insert(title) }
        }
        return published
    }

    /// The documents among `keys` of wiki `wikiID`'s search index, by key (those that do not
    /// decode left out).
    func searchEntries(_ keys: [String], ofWiki wikiID: String) throws -> [String: SearchEntry] {
        var entries: [String: SearchEntry] = [:]
        try forEachRow(
            "SELECT key, href, postings, value FROM searchDocument WHERE wiki = ? AND key IN", inWiki: wikiID,
            keys: keys
        ) { row in
            guard let postings = row[2] as Data?,
                let entry = SearchEntry(key: row[0], href: row[1], encodedPostings: [UInt8](postings), value: row[3])
            else { return }
            entries[row[0]] = entry
        }
        return entries
    }

    /// Calls `body` with each row `sql` selects (a query whose arguments are the wiki, then the
    /// list of keys it ends with), for `keys`, `keysPerQuery` of them a query.
    private func forEachRow(
        _ sql: String, inWiki wikiID: String, keys: [String], _ body: (Row) throws -> Void
    ) throws {
        try database.read { db in
            for start in stride(from: 0, to: keys.count, by: Self.keysPerQuery) {
                let batch = keys[start..<min(start + Self.keysPerQuery, keys.count)]
                let marks = repeatElement("?", count: batch.count).joined(separator: ", ")
                let rows = try Row.fetchCursor(
                    db.cachedStatement(sql: "\(sql) (\(marks))"), arguments: StatementArguments([wikiID] + batch))
                while let row = try rows.next() { try body(row) }
            }
        }
    }
}
