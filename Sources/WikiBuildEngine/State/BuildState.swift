import Foundation
import GRDB
import WikiConfiguration
import WikiDocuments
import WikiModel
import WikiPages
import WikiRender
import WikiSources
import WikiWrite

#if canImport(GRDBSQLite)
    import GRDBSQLite
#else
    import SQLite3
#endif

/// What the last finished build of an output folder knew, kept in `build.sqlite` in its state
/// folder (`StateSchema`): enough to tell what changed since and which files that touches,
/// through indexed queries, without reading the sources or the site again.
///
/// A build marks the state unfinished before it writes a file, and commits what it built in one
/// transaction after every file is in place: a build that is killed or fails leaves the state
/// marked, and the next build is a full one.
package final class BuildState: Sendable {
    /// The name of the state's file in the state folder.
    static let fileName = "build.sqlite"
    /// The setting a build sets while it writes, and removes when it commits.
    static let unfinishedSetting = "unfinished"

    /// A published wiki as the state remembers it.
    struct StoredWiki: Sendable, Equatable {
        let id: String
        let title: String
        let fingerprint: Int64
        /// How many pages the wiki published; nil in a state written before the count was kept.
        let pageCount: Int?
        /// How many page documents of the wiki the last reading of it skipped (invalid, or a title
        /// or file name another page took); nil when not known.
        let skippedPages: Int?
    }

    /// A file of the output folder a build made, with the hash of its content.
    struct RecordedOutput: Sendable, Equatable {
        /// Relative to the output folder.
        let path: String
        /// Nil for a file an unfinished build announced: it may have written anything there.
        let hash: ContentHash?
    }

    let database: DatabaseQueue
    /// The state's folder.
    let folder: String
    /// The state's file.
    let path: String

    /// Opens the state of `stateFolder` (created, with the folder, when there is none).
    ///
    /// - Throws: when the file cannot be opened or is not a build state.
    package init(stateFolder: String) throws {
        try FileManager.default.createDirectory(atPath: stateFolder, withIntermediateDirectories: true)
        var configuration = GRDB.Configuration()
        configuration.busyMode = .timeout(60)
        folder = stateFolder
        path = stateFolder.hasSuffix("/") ? stateFolder + Self.fileName : stateFolder + "/" + Self.fileName
        database = try DatabaseQueue(path: path, configuration: configuration)
        let path = self.path
        try database.write { db in
            let identifier = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let isEmpty = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0
            guard isEmpty || identifier == StateSchema.applicationID else {
                throw DatabaseError(message: "\(path) is not a wikisite build state")
            }
        }
        try StateSchema.migrator.migrate(database)
    }

    /// A new, empty state in `stateFolder`, in place of whatever file was there.
    package static func replacing(stateFolder: String) throws -> BuildState {
        let path = stateFolder.hasSuffix("/") ? stateFolder + fileName : stateFolder + "/" + fileName
        for suffix in ["", "-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.removeItem(atPath: path + suffix)
        }
        return try BuildState(stateFolder: stateFolder)
    }

    /// Every setting: what shaped the files of the last build, and `unfinishedSetting` when a
    /// build did not finish.
    package func settings() throws -> [String: String] {
        try pairs("SELECT name, value FROM setting")
    }

    /// The checkpoint of each source, as JSON text, by source name.
    package func checkpoints() throws -> [String: String] {
        try pairs("SELECT source, value FROM checkpoint")
    }

    /// Whether the state keeps a ledger of the source `source` (by name).
    func hasLedger(ofSource source: String) throws -> Bool {
        try database.read { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM sourceLedger WHERE source = ?", arguments: [source]) ?? false
        }
    }

    /// The rows of `sql`, a query of two text columns, as a dictionary from the first to the second.
    private func pairs(_ sql: String) throws -> [String: String] {
        try database.read { db in
            var pairs: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: sql) { pairs[row[0]] = row[1] }
            return pairs
        }
    }

    /// Runs `body` with the state to read.
    func reading<Value>(_ body: (Database) throws -> Value) throws -> Value {
        try database.read(body)
    }

    /// The published wikis, by ID.
    func wikis() throws -> [ExactString: StoredWiki] {
        try database.read { db in
            var wikis: [ExactString: StoredWiki] = [:]
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, title, fingerprint, pageCount, skippedPages FROM wiki")
            for row in rows {
                let wiki = StoredWiki(
                    id: row["id"], title: row["title"], fingerprint: row["fingerprint"], pageCount: row["pageCount"],
                    skippedPages: row["skippedPages"])
                wikis[ExactString(wiki.id)] = wiki
            }
            return wikis
        }
    }

    /// The fingerprint of each published page of wiki `wikiID`, in byte order of the titles.
    func pageFingerprints(inWiki wikiID: String) throws -> [(title: PageTitle, fingerprint: Int64)] {
        try database.read { db in
            var pages: [(title: PageTitle, fingerprint: Int64)] = []
            let rows = try Row.fetchCursor(
                db, sql: "SELECT title, fingerprint FROM page WHERE wiki = ? ORDER BY title", arguments: [wikiID])
            while let row = try rows.next() {
                if let title = PageTitle(row[0]) { pages.append((title, row[1])) }
            }
            // SQLite orders texts by their bytes, as `PageTitle` does: this only checks it, in
            // one pass over sorted rows.
            pages.sort { $0.title < $1.title }
            return pages
        }
    }

    /// The outline of each published page of wiki `wikiID`, in byte order of the titles, as the
    /// build that stored it found it; a page whose stored outline does not decode is left out
    /// (it is parsed again).
    func outlines(inWiki wikiID: String) throws -> [(title: PageTitle, outline: PageOutline)] {
        try database.read { db in
            var outlines: [(title: PageTitle, outline: PageOutline)] = []
            // The blobs are copied out a batch at a time and decoded on every core.
            var titles: [PageTitle] = []
            var blobs: [[UInt8]] = []
            func decodeBatch() {
                let batch = blobs
                let decoded = Concurrently.map(batch.count) { index in
                    batch[index].withUnsafeBytes(StoredOutline.decode)
                }
                for (title, outline) in zip(titles, decoded) {
                    if let outline { outlines.append((title, outline)) }
                }
                titles.removeAll(keepingCapacity: true)
                blobs.removeAll(keepingCapacity: true)
            }
            let rows = try Row.fetchCursor(db, sql: Self.outlinesQuery, arguments: [wikiID])
            while let row = try rows.next() {
                guard let title = PageTitle(row[0]) else { continue }
                titles.append(title)
                blobs.append(try row.withUnsafeData(atIndex: 1) { data in data.map { [UInt8]($0) } ?? [] })
                if blobs.count == Self.outlinesDecodedTogether { decodeBatch() }
            }
            decodeBatch()
            outlines.sort { $0.title < $1.title }
            return outlines
        }
    }

    /// How many outlines `outlines(inWiki:)` decodes at once, on every core.
    private static let outlinesDecodedTogether = 1024

    /// The title and outline blob of each page of a wiki, in title order.
    private static let outlinesQuery = "SELECT title, outline FROM page WHERE wiki = ? ORDER BY title"

    /// Calls `body` with each page of wiki `wikiID` whose stored outline decodes, in title order.
    private static func forEachStoredOutline(
        inWiki wikiID: String, _ db: Database, _ body: (PageTitle, PageOutline) throws -> Void
    ) throws {
        try forEachTitledBlob(outlinesQuery, inWiki: wikiID, decode: StoredOutline.decode, db) { title, outline in
            if let outline { try body(title, outline) }
        }
    }

    /// Calls `body` with each row of `sql`, a query of a title and a blob for wiki `wikiID`: the
    /// title, and the blob as `decode` reads it (nil: it does not decode).
    static func forEachTitledBlob<Blob>(
        _ sql: String, inWiki wikiID: String, decode: (UnsafeRawBufferPointer) -> Blob?, _ db: Database,
        _ body: (PageTitle, Blob?) throws -> Void
    ) throws {
        // Columns by position, not by name (a name is looked up on every access); the blob read in
        // place, not copied.
        let rows = try Row.fetchCursor(db, sql: sql, arguments: [wikiID])
        while let row = try rows.next() {
            guard let title = PageTitle(row[0]) else { continue }
            try body(title, try row.withUnsafeData(atIndex: 1) { data in data.flatMap { $0.withUnsafeBytes(decode) } })
        }
    }

    /// The digest of each file of the special pages of wiki `wikiID`, by path.
    package func specialFileDigests(inWiki wikiID: String) throws -> [String: Int64] {
        try database.read { db in
            var digests: [String: Int64] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT path, digest FROM specialFile WHERE wiki = ?", arguments: [wikiID])
            {
                digests[row["path"]] = row["digest"]
            }
            return digests
        }
    }

    /// A published page as the state keeps it.
    struct StoredPage: Sendable {
        let fingerprint: Int64
        /// Nil when the stored outline does not decode.
        let outline: PageOutline?
        /// Nil in a state written before the details were kept.
        let details: StoredPageDetails?
    }

    /// The page `title` of wiki `wikiID`, if the state has it.
    func storedPage(_ title: PageTitle, inWiki wikiID: String) throws -> StoredPage? {
        try database.read { db in
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(Self.storedPageColumns) FROM page WHERE wiki = ? AND title = ?"),
                arguments: [wikiID, title.text])
            return try row.map(Self.storedPage)
        }
    }

    /// The columns of the `page` table a `StoredPage` is read from, in `storedPage(from:)`'s order.
    static let storedPageColumns = "fingerprint, outline, documentID, createdAt, updatedAt, updatedBy"

    /// The page of a row of `storedPageColumns`.
    static func storedPage(from row: Row) throws -> StoredPage {
        let outline = try row.withUnsafeData(atIndex: 1) { data in
            data.flatMap { $0.withUnsafeBytes(StoredOutline.decode) }
        }
        let documentID: String? = row[2]
        let details = documentID.map { documentID in
            StoredPageDetails(
                documentID: documentID, createdAt: (row[3] as String?).flatMap(Timestamp.init),
                updatedAt: (row[4] as String?).flatMap(Timestamp.init), updatedBy: row[5])
        }
        return StoredPage(fingerprint: row[0], outline: outline, details: details)
    }

    /// The title of the page of wiki `wikiID` whose document is `documentID`, if it publishes
    /// one: one seek.
    func publishedTitle(ofDocument documentID: String, inWiki wikiID: String) throws -> PageTitle? {
        try database.read { db in
            try String.fetchOne(
                db.cachedStatement(sql: "SELECT title FROM page WHERE wiki = ? AND documentID = ? LIMIT 1"),
                arguments: [wikiID, documentID]
            ).flatMap(PageTitle.init)
        }
    }

    /// Whether wiki `wikiID` publishes a page titled `title`.
    func isPublished(_ title: PageTitle, inWiki wikiID: String) throws -> Bool {
        try database.read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT 1 FROM page WHERE wiki = ? AND title = ?"),
                arguments: [wikiID, title.text]) != nil
        }
    }

    /// The first `count` pages of wiki `wikiID` in the order of `list` (recent changes or new
    /// pages: `NewestFirst` by `updatedAt` or `createdAt`), as the list shows them; one seek of
    /// the index of that date.
    func newest(_ count: Int, inWiki wikiID: String, listedIn list: SpecialPage) throws -> [DatedEntry] {
        let isRecentChanges = list == .recentChanges
        let sql = Self.newestQuery(listedIn: list)
        return try database.read { db in
            try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [wikiID, count]).compactMap { row in
                guard let title = PageTitle(row[0]) else { return nil }
                return DatedEntry(
                    title: title, date: (row[1] as String?).flatMap(Timestamp.init),
                    user: isRecentChanges ? row[2] : nil)
            }
        }
    }

    /// The first `count` published pages of wiki `wikiID` by their last change (`updated_at`,
    /// else `created_at`; newest first, then by title), besides those titled in `besides`, with
    /// the time of their change: the pages of the wiki's feed. Pages whose change is not
    /// written in UTC (`UTCDateTime`) are left out, as the feed leaves them out; one walk of the
    /// index of the pages by change (`pageByChange`), as far as those pages.
    func lastChanged(
        _ count: Int, inWiki wikiID: String, besides titles: Set<PageTitle>
    ) throws -> [(title: PageTitle, updated: UTCDateTime)] {
        let change = StateSchema.lastChange
        let sql = """
            SELECT title, \(change.text) FROM page WHERE wiki = ?
            ORDER BY \(change.seconds) DESC, \(change.nanoseconds) DESC, title
            """
        return try database.read { db in
            var pages: [(title: PageTitle, updated: UTCDateTime)] = []
            let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: [wikiID])
            while pages.count < count, let row = try rows.next() {
                // The pages without a change come last.
                guard let text: String = row[1] else { break }
                guard let title = PageTitle(row[0]), !titles.contains(title),
                    let updated = Timestamp(text).flatMap(UTCDateTime.init)
                else { continue }
                pages.append((title, updated))
            }
            return pages
        }
    }

    /// The query of `newest(_:inWiki:listedIn:)`: the first rows of the index of the list's date,
    /// for a wiki and a count.
    static func newestQuery(listedIn list: SpecialPage) -> String {
        let date = list == .recentChanges ? "updated" : "created"
        return """
            SELECT title, \(date)At, updatedBy FROM page WHERE wiki = ?
            ORDER BY \(date)Seconds DESC, \(date)Nanoseconds DESC, title LIMIT ?
            """
    }

    /// The statistics of wiki `wikiID` as the last build worked them out; nil when the state has
    /// none (or they do not decode).
    func statistics(inWiki wikiID: String) throws -> StatisticsFigures? {
        try database.read { db in
            try Data.fetchOne(
                db.cachedStatement(sql: "SELECT figures FROM wikiStatistics WHERE wiki = ?"), arguments: [wikiID]
            ).flatMap(StatisticsFigures.decoded)
        }
    }

    /// The digests of the special files of wiki `wikiID` at `paths` that have one, by path: one
    /// seek a path.
    func specialFileDigests(inWiki wikiID: String, at paths: [String]) throws -> [String: Int64] {
        try database.read { db in
            let statement = try db.cachedStatement(sql: "SELECT digest FROM specialFile WHERE wiki = ? AND path = ?")
            var digests: [String: Int64] = [:]
            for path in paths {
                digests[path] = try Int64.fetchOne(statement, arguments: [wikiID, path])
            }
            return digests
        }
    }

    /// The pages of wiki `wikiID` that link to `target` or embed it, through the reverse index.
    func linkers(of target: PageTitle, inWiki wikiID: String) throws -> Set<PageTitle> {
        try database.read { db in Set(try Self.linkers(of: target, inWiki: wikiID, db)) }
    }

    /// The titles the page `source` of wiki `wikiID` links to or embeds, from its stored outline;
    /// empty when the state has no page `source`, or its outline does not decode.
    func targets(of source: PageTitle, inWiki wikiID: String) throws -> Set<PageTitle> {
        try database.read { db in try Self.storedTargets(of: source, inWiki: wikiID, db) ?? [] }
    }

    /// The titles the stored outline of page `source` links to or embeds: none when there is no
    /// such page, nil when its outline does not decode.
    static func storedTargets(
        of source: PageTitle, inWiki wikiID: String, _ db: Database
    ) throws -> Set<PageTitle>? {
        let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT outline FROM page WHERE wiki = ? AND title = ?"),
            arguments: [wikiID, source.text])
        guard let row else { return [] }
        let outline = try row.withUnsafeData(atIndex: 0) { data in
            data.flatMap { $0.withUnsafeBytes(StoredOutline.decode) }
        }
        return outline.map { outline in Set(outline.links.compactMap(\.target)) }
    }

    /// The query of `linkers(of:inWiki:)`: the row of the reverse index of a title of a wiki.
    static let linkersQuery = "SELECT sources FROM linker WHERE wiki = ? AND target = ?"

    /// The pages of wiki `wikiID` the reverse index lists as linking to `target`, in byte order;
    /// worked out from the stored outlines when its row does not decode (a damaged state).
    static func linkers(of target: PageTitle, inWiki wikiID: String, _ db: Database) throws -> [PageTitle] {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: linkersQuery), arguments: [wikiID, target.text])
        else { return [] }
        let sources = try row.withUnsafeData(atIndex: 0) { data in
            data.flatMap { $0.withUnsafeBytes(StoredTitles.decode) }
        }
        return try sources ?? pagesLinking(to: target, inWiki: wikiID, db)
    }

    /// The pages of wiki `wikiID` whose stored outline links to `target` or embeds it, in byte
    /// order: the reverse index worked out the slow way, for a row of it that does not decode.
    private static func pagesLinking(to target: PageTitle, inWiki wikiID: String, _ db: Database) throws -> [PageTitle]
    {
        var sources: [PageTitle] = []
        try forEachStoredOutline(inWiki: wikiID, db) { title, outline in
            if outline.links.contains(where: { $0.target == target }) { sources.append(title) }
        }
        return sources
    }

    /// How SQLite runs `sql`, a query of two arguments, on this state (`EXPLAIN QUERY PLAN`), one
    /// step a line.
    func queryPlan(of sql: String) throws -> [String] {
        try database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: ["a", "b"]).map { $0["detail"] }
        }
    }
}
