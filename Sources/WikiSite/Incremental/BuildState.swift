import Foundation
import GRDB
import WikiDocuments
import WikiModel
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
final class BuildState: Sendable {
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

    private let database: DatabaseQueue
    /// The state's folder.
    private let folder: String
    /// The state's file.
    private let path: String

    /// Opens the state of `stateFolder` (created, with the folder, when there is none).
    ///
    /// - Throws: when the file cannot be opened or is not a build state.
    init(stateFolder: String) throws {
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
    static func replacing(stateFolder: String) throws -> BuildState {
        let path = stateFolder.hasSuffix("/") ? stateFolder + fileName : stateFolder + "/" + fileName
        for suffix in ["", "-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.removeItem(atPath: path + suffix)
        }
        return try BuildState(stateFolder: stateFolder)
    }

    /// Every setting: what shaped the files of the last build, and `unfinishedSetting` when a
    /// build did not finish.
    func settings() throws -> [String: String] {
        try pairs("SELECT name, value FROM setting")
    }

    /// The checkpoint of each source, as JSON text, by source name.
    func checkpoints() throws -> [String: String] {
        try pairs("SELECT source, value FROM checkpoint")
    }

    /// The ledger of the entries of the dump `source` (by name) as the last build read it; nil when
    /// it read no such dump, or its ledger does not decode.
    func dumpLedger(ofSource source: String) throws -> DumpLedger? {
        try database.read { db in
            try Data.fetchOne(db, sql: "SELECT entries FROM dumpLedger WHERE source = ?", arguments: [source])
        }.flatMap { DumpLedger(encoded: [UInt8]($0)) }
    }

    /// Whether the state keeps the ledger of the dump `source` (by name).
    func hasDumpLedger(ofSource source: String) throws -> Bool {
        try database.read { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM dumpLedger WHERE source = ?", arguments: [source]) ?? false
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
            for row in try Row.fetchAll(db, sql: "SELECT id, title, fingerprint, pageCount, skippedPages FROM wiki") {
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
    private static func forEachTitledBlob<Blob>(
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
    func specialFileDigests(inWiki wikiID: String) throws -> [String: Int64] {
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
                db.cachedStatement(
                    sql: """
                        SELECT fingerprint, outline, documentID, createdAt, updatedAt, updatedBy FROM page
                        WHERE wiki = ? AND title = ?
                        """),
                arguments: [wikiID, title.text])
            guard let row else { return nil }
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
    private static func storedTargets(
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
    private static func linkers(of target: PageTitle, inWiki wikiID: String, _ db: Database) throws -> [PageTitle] {
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

    /// Every file the builds made, with the hash of its content, in byte order of the paths; with
    /// the files an unfinished build announced (`announce(_:)`), without a hash. (Only a full build
    /// asks: the only kind that follows an unfinished one.)
    func recordedOutputs() throws -> [RecordedOutput] {
        try database.read { db in
            try Self.outputs(db.cachedStatement(sql: Self.everyOutputQuery), [])
        }
    }

    /// The query of `recordedOutputs()`: the recorded files, an announced one's hash left out.
    private static let everyOutputQuery = """
        SELECT path, hash FROM output WHERE path NOT IN (SELECT path FROM announcedOutput)
        UNION ALL SELECT path, NULL FROM announcedOutput ORDER BY 1
        """

    /// Records, before a build writes them, that it is about to write the files at `paths`: so
    /// that when it is killed, the next build removes those it no longer makes, as it removes
    /// what the builds before made. The next commit forgets them (they are in its outputs then).
    func announce(_ paths: [String]) throws {
        guard !paths.isEmpty else { return }
        try write { db in
            let statement = try db.cachedStatement(sql: "INSERT OR IGNORE INTO announcedOutput (path) VALUES (?)")
            for path in paths { try statement.execute(arguments: [path]) }
        }
    }

    /// The files the builds made whose path starts with `prefix`, in byte order: one range of the
    /// table's key. `prefix` ends with an ASCII character other than DEL (a folder's `/`).
    func recordedOutputs(withPrefix prefix: String) throws -> [RecordedOutput] {
        guard let last = prefix.utf8.last, last < 0x7F else {
            preconditionFailure("not a prefix ending in ASCII: \(prefix.debugDescription)")
        }
        // Past every path that starts with the prefix, and before every other path after it.
        let bound = String(prefix.dropLast()) + String(UnicodeScalar(last + 1))
        return try database.read { db in
            try Self.outputs(db.cachedStatement(sql: Self.outputsWithPrefixQuery), [prefix, bound])
        }
    }

    /// The query of `recordedOutputs(withPrefix:)`.
    static let outputsWithPrefixQuery = "SELECT path, hash FROM output WHERE path >= ? AND path < ? ORDER BY path"

    /// The file at `path` as the builds recorded it, nil when no build made it.
    func recordedOutput(at path: String) throws -> RecordedOutput? {
        try database.read { db in
            try Self.outputs(db.cachedStatement(sql: "SELECT path, hash FROM output WHERE path = ?"), [path]).first
        }
    }

    private static func outputs(_ statement: Statement, _ arguments: StatementArguments) throws -> [RecordedOutput] {
        var outputs: [RecordedOutput] = []
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() {
            let hash: Int64? = row[1]
            outputs.append(
                RecordedOutput(path: row[0], hash: hash.map { ContentHash(value: UInt64(bitPattern: $0)) }))
        }
        return outputs
    }

    /// Records `files` (a failed build's, which wrote them) beside what the builds made before,
    /// so a later build can still remove those it no longer needs.
    func record(_ files: Manifest) throws {
        try write { db in try Self.record(files, db) }
    }

    private static func record(_ files: Manifest, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "INSERT OR REPLACE INTO output (path, hash) VALUES (?, ?)")
        for path in files.paths {
            try statement.execute(arguments: [path, Int64(bitPattern: files[path]!.value)])
        }
    }

    /// Moves the manifest of an earlier version of wikisite (`manifest.json` in the state folder)
    /// into the `output` table, where the files it lists stay on record, and deletes it.
    ///
    /// - Throws: `WriteError` when the file is damaged (it names it, and says what to do).
    func adoptEarlierManifest() throws {
        let earlier = Manifest.path(inStateFolder: folder)
        guard FileManager.default.fileExists(atPath: earlier) else { return }
        try record(try Manifest.load(fromStateFolder: folder))
        try FileManager.default.removeItem(atPath: earlier)
    }

    /// How SQLite runs `sql`, a query of two arguments, on this state (`EXPLAIN QUERY PLAN`), one
    /// step a line.
    func queryPlan(of sql: String) throws -> [String] {
        try database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: ["a", "b"]).map { $0["detail"] }
        }
    }

    /// Marks the state unfinished: until `commit`, it no longer describes the output folder.
    func markUnfinished() throws {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO setting (name, value) VALUES (?, '1')", arguments: [Self.unfinishedSetting]
            )
        }
    }

    /// Records `update` in one transaction, and the state is finished again.
    func commit(_ update: StateUpdate) throws {
        try write { db in
            if update.replacesEverything {
                for table in [
                    "checkpoint", "wiki", "page", "linker", "specialFile", "wikiStatistics", "output", "listPart",
                    "letterIndex", "sitemapPart",
                ] {
                    try db.execute(sql: "DELETE FROM \(table)")
                }
            }
            try db.execute(sql: "DELETE FROM announcedOutput")
            try db.execute(sql: "DELETE FROM dumpLedger")
            for (source, ledger) in update.dumpLedgers {
                try db.execute(
                    sql: "INSERT INTO dumpLedger (source, entries) VALUES (?, ?)",
                    arguments: [source, Data(ledger.encoded)])
            }
            try db.execute(sql: "DELETE FROM setting")
            for (name, value) in update.settings {
                try db.execute(sql: "INSERT INTO setting (name, value) VALUES (?, ?)", arguments: [name, value])
            }
            for (source, value) in update.checkpoints {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO checkpoint (source, value) VALUES (?, ?)", arguments: [source, value])
            }
            for wikiID in update.removedWikis {
                try db.execute(sql: "DELETE FROM wiki WHERE id = ?", arguments: [wikiID])
                for table in [
                    "page", "linker", "specialFile", "wikiStatistics", "listPart", "letterIndex", "sitemapPart",
                ] {
                    try db.execute(sql: "DELETE FROM \(table) WHERE wiki = ?", arguments: [wikiID])
                }
            }
            for wiki in update.wikis {
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO wiki (id, title, fingerprint, pageCount, skippedPages)
                        VALUES (?, ?, ?, ?, ?)
                        """,
                    arguments: [wiki.id, wiki.title, wiki.fingerprint, wiki.pageCount, wiki.skippedPages])
            }
            var linkerChanges = LinkerChanges()
            for (wikiID, title) in update.removedPages {
                try Self.deletePage(title, inWiki: wikiID, recordingIn: &linkerChanges, db)
            }
            if !update.replacesEverything {
                for page in update.pages {
                    try Self.deletePage(page.title, inWiki: page.wikiID, recordingIn: &linkerChanges, db)
                }
            }
            if update.replacesEverything {
                for index in StateSchema.pageIndexNames { try db.execute(sql: "DROP INDEX \(index)") }
            }
            try Self.insert(update.pages, recordingIn: &linkerChanges, db)
            if update.replacesEverything { try db.execute(sql: StateSchema.pageIndexes) }
            try Self.apply(linkerChanges, startingEmpty: update.replacesEverything, db)
            let removeOutput = try db.cachedStatement(sql: "DELETE FROM output WHERE path = ?")
            for path in update.removedOutputs { try removeOutput.execute(arguments: [path]) }
            try Self.record(update.outputs, db)
            for (wikiID, digests) in update.specialFileDigests {
                try db.execute(sql: "DELETE FROM specialFile WHERE wiki = ?", arguments: [wikiID])
                for (path, digest) in digests {
                    try db.execute(
                        sql: "INSERT INTO specialFile (wiki, path, digest) VALUES (?, ?, ?)",
                        arguments: [wikiID, path, digest])
                }
            }
            for (wikiID, digests) in update.changedSpecialFileDigests {
                for (path, digest) in digests {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO specialFile (wiki, path, digest) VALUES (?, ?, ?)",
                        arguments: [wikiID, path, digest])
                }
            }
            for (wikiID, path) in update.removedSpecialFiles {
                try db.execute(sql: "DELETE FROM specialFile WHERE wiki = ? AND path = ?", arguments: [wikiID, path])
            }
            try StoredTitledLists.record(update, db)
            try StoredSitemaps.record(update, db)
            for (wikiID, figures) in update.statistics {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO wikiStatistics (wiki, figures) VALUES (?, ?)",
                    arguments: [wikiID, try figures.encoded()])
            }
        }
    }

    /// Runs `body` in a transaction. A write the system refused (a full disk, the file-size
    /// limit) throws the `WriteError` of the system's error code, as writes of files do.
    private func write(_ body: (Database) throws -> Void) throws {
        try database.writeWithoutTransaction { db in
            do {
                try db.inTransaction {
                    try body(db)
                    return .commit
                }
            } catch let error as DatabaseError where [.SQLITE_IOERR, .SQLITE_FULL].contains(error.resultCode) {
                let code = sqlite3_system_errno(db.sqliteConnection)
                guard code != 0 else { throw error }
                throw WriteError(.write, path, .system(call: "sqlite3", code: code))
            }
        }
    }

    /// Deletes the page `title` of wiki `wikiID`, and records in `changes` that it no longer links
    /// to the targets of its stored outline (or, when that does not decode, to anything).
    private static func deletePage(
        _ title: PageTitle, inWiki wikiID: String, recordingIn changes: inout LinkerChanges, _ db: Database
    ) throws {
        let targets = try storedTargets(of: title, inWiki: wikiID, db)
        try db.cachedStatement(sql: "DELETE FROM page WHERE wiki = ? AND title = ?").execute(
            arguments: [wikiID, title.text])
        guard let targets else {
            changes.sourcesWithoutOutline.append((wikiID, title))
            return
        }
        for target in targets { changes.remove(title, linkingTo: target, inWiki: wikiID) }
    }

    /// How many pages' rows `insert` makes at once.
    private static let insertedPagesBatch = 1024

    /// Inserts `pages` in the order of the table's key (SQLite then appends to its B-trees
    /// instead of splitting pages all over them: a full build inserts every page of the site),
    /// and records in `changes` what each links to.
    private static func insert(
        _ pages: [StateUpdate.PageRecord], recordingIn changes: inout LinkerChanges, _ db: Database
    ) throws {
        let insertPage = try db.cachedStatement(
            sql: """
                INSERT INTO page (wiki, title, fingerprint, outline, documentID, createdAt, createdSeconds,
                createdNanoseconds, updatedAt, updatedSeconds, updatedNanoseconds, updatedBy)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        let pages = pages.sorted { (ExactString($0.wikiID), $0.title) < (ExactString($1.wikiID), $1.title) }
        // The pages' blobs and the titles they link to are made on every core, a batch at a time
        // (a full build has a row for every page, and all of their blobs at once would raise its
        // peak memory); SQLite takes the rows one after the other.
        for batch in stride(from: 0, to: pages.count, by: insertedPagesBatch) {
            let batch = batch..<min(pages.count, batch + insertedPagesBatch)
            let rows = Concurrently.map(batch.count) { offset in
                let outline = pages[batch.lowerBound + offset].outline
                var targets = Set<PageTitle>()
                for link in outline.links { if let target = link.target { targets.insert(target) } }
                return (outline: Data(StoredOutline.encode(outline)), targets: targets)
            }
            for (page, row) in zip(pages[batch], rows) {
                let details = page.details
                try insertPage.execute(arguments: [
                    page.wikiID, page.title.text, page.fingerprint, row.outline, details.documentID,
                    details.createdAt?.text, details.createdAt?.secondsSinceEpoch, details.createdAt?.nanoseconds,
                    details.updatedAt?.text, details.updatedAt?.secondsSinceEpoch, details.updatedAt?.nanoseconds,
                    details.updatedBy,
                ])
                changes.add(page.title, linkingTo: row.targets, inWiki: page.wikiID)
            }
        }
    }

    /// Rewrites the rows of the reverse index that `changes` touches, in the order of its key;
    /// `startingEmpty` when the table was just emptied (a full build), so no row is read.
    private static func apply(_ changes: LinkerChanges, startingEmpty: Bool, _ db: Database) throws {
        var changes = changes
        // A removed page whose outline did not decode: every row of its wiki is searched for it.
        for (wikiID, source) in changes.sourcesWithoutOutline {
            try forEachTitledBlob(
                "SELECT target, sources FROM linker WHERE wiki = ?", inWiki: wikiID, decode: StoredTitles.decode, db
            ) { target, sources in
                if sources?.contains(source) ?? true { changes.remove(source, linkingTo: target, inWiki: wikiID) }
            }
        }
        let write = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO linker (wiki, target, sources) VALUES (?, ?, ?)")
        let delete = try db.cachedStatement(sql: "DELETE FROM linker WHERE wiki = ? AND target = ?")
        for wiki in changes.byWiki.keys.sorted() {
            let targets = changes.byWiki[wiki]!
            for target in targets.keys.sorted() {
                let change = targets[target]!
                var sources = startingEmpty ? [] : try linkers(of: target, inWiki: wiki.value, db)
                if !change.removed.isEmpty { sources.removeAll { change.removed.contains($0) } }
                sources += change.added
                sources.sort()
                var distinct: [PageTitle] = []
                distinct.reserveCapacity(sources.count)
                for source in sources where distinct.last != source { distinct.append(source) }
                sources = distinct
                if sources.isEmpty {
                    try delete.execute(arguments: [wiki.value, target.text])
                } else {
                    try write.execute(arguments: [wiki.value, target.text, Data(StoredTitles.encode(sources))])
                }
            }
        }
    }
}

/// How the pages linking to each title change in one commit of the state, by wiki.
private struct LinkerChanges {
    struct Change {
        /// Pages that link to the title now (some may have before).
        var added: [PageTitle] = []
        /// Pages that linked to it before (some may still).
        var removed: Set<PageTitle> = []
    }

    var byWiki: [ExactString: [PageTitle: Change]] = [:]
    /// Removed pages whose stored outline did not decode, so what they linked to is not known.
    var sourcesWithoutOutline: [(wikiID: String, source: PageTitle)] = []

    mutating func add(_ source: PageTitle, linkingTo targets: Set<PageTitle>, inWiki wikiID: String) {
        let wiki = ExactString(wikiID)
        for target in targets { byWiki[wiki, default: [:]][target, default: Change()].added.append(source) }
    }

    mutating func remove(_ source: PageTitle, linkingTo target: PageTitle, inWiki wikiID: String) {
        byWiki[ExactString(wikiID), default: [:]][target, default: Change()].removed.insert(source)
    }
}

/// What the state keeps of a page besides its fingerprint and outline: what the lists by date
/// and the statistics show of it. A reference (the model's page itself, or values read from the
/// state): a full build keeps the details of every page for its commit, and 100,000 of them as
/// values would be 13 MiB more at the build's peak.
protocol PageDetails: AnyObject, Sendable {
    var documentID: String { get }
    var createdAt: Timestamp? { get }
    var updatedAt: Timestamp? { get }
    var updatedBy: String? { get }
}

extension Page: PageDetails {}

/// The details of a page as the state keeps them.
final class StoredPageDetails: PageDetails {
    let documentID: String
    let createdAt: Timestamp?
    let updatedAt: Timestamp?
    let updatedBy: String?

    init(documentID: String, createdAt: Timestamp?, updatedAt: Timestamp?, updatedBy: String?) {
        self.documentID = documentID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.updatedBy = updatedBy
    }
}

/// What a build tells the state once its files are in place.
struct StateUpdate {
    /// A page as the state keeps it: its fingerprint, its outline, and what the lists by date
    /// show of it.
    struct PageRecord {
        let wikiID: String
        let title: PageTitle
        let fingerprint: Int64
        let outline: PageOutline
        let details: any PageDetails
    }

    /// Whether the update describes the whole site (a full build): everything else is forgotten.
    var replacesEverything = false
    /// What shaped the files (`BuildShape.settings`).
    var settings: [String: String] = [:]
    /// Where each source's reading ended, as JSON text, by source name.
    var checkpoints: [String: String] = [:]
    /// The ledger of each dump the build read, by source name: they replace every earlier one.
    var dumpLedgers: [String: DumpLedger] = [:]
    /// Wikis no longer published, by ID.
    var removedWikis: [String] = []
    /// Wikis published, new or changed.
    var wikis: [BuildState.StoredWiki] = []
    /// Pages no longer published.
    var removedPages: [(wikiID: String, title: PageTitle)] = []
    /// Pages published whose record or outline is new or changed.
    var pages: [PageRecord] = []
    /// The digests of the special files of each wiki whose special pages were rendered, by path
    /// (files without a digest are not listed): they replace the wiki's earlier digests.
    var specialFileDigests: [(wikiID: String, digests: [String: Int64])] = []
    /// The digests of some special files of a wiki, by path, in place of their earlier ones (the
    /// other files' stay).
    var changedSpecialFileDigests: [(wikiID: String, digests: [String: Int64])] = []
    /// Special files of a wiki no longer made, by path: their digests are forgotten.
    var removedSpecialFiles: [(wikiID: String, path: String)] = []
    /// The lists cut at their titles of each wiki whose special pages were all worked out: they
    /// replace the wiki's earlier ones.
    var titledLists: [(wikiID: String, lists: StoredTitledLists)] = []
    /// Files of a list cut at its titles cut again: the files `removed` (by first key) give way to
    /// `added`.
    var changedListParts: [(wikiID: String, list: SpecialPage, removed: [[UInt8]], added: [StoredListPart])] = []
    /// The letter index of all pages of a wiki whose list was cut again, in place of the earlier.
    var letterIndexes: [(wikiID: String, starts: [LetterStart])] = []
    /// The sitemap files of each wiki whose sitemaps were all cut: they replace the wiki's
    /// earlier ones.
    var sitemaps: [(wikiID: String, parts: [StoredSitemapPart])] = []
    /// Sitemap files of a wiki cut again: the files `removed` (by first key) give way to `added`.
    var changedSitemapParts: [(wikiID: String, removed: [String], added: [StoredSitemapPart])] = []
    /// The statistics of each wiki whose pages changed.
    var statistics: [(wikiID: String, figures: StatisticsFigures)] = []
    /// The files the build made (wrote, or found unchanged), with their hashes.
    var outputs = Manifest()
    /// The files of earlier builds it no longer makes: off the record.
    var removedOutputs: [String] = []
}
