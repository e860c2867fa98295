import Foundation
import GRDB
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

/// Writing the state: marked unfinished before the first file, committed after the last.
extension BuildState {
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
        var ledgers: [String: SourceLedgerMemo.Tokened] = [:]
        let statePath = path
        try write { db in
            if update.replacesEverything {
                for table in [
                    "checkpoint", "wiki", "page", "linker", "specialFile", "wikiStatistics", "output", "listPart",
                    "letterIndex", "sitemapPart", "alias", "tagged", "folderFile", "camelCaseWord",
                ] {
                    try db.execute(sql: "DELETE FROM \(table)")
                }
                try Self.forgetSearchIndexes(keeping: update.recordedSearchIndexes, db)
            }
            ledgers = try Self.recordLedgers(of: update, inState: statePath, db)
            try Self.recordSources(of: update, db)
            try Self.recordWikis(of: update, db)
            try Self.recordPages(of: update, db)
            let removeOutput = try db.cachedStatement(sql: "DELETE FROM output WHERE path = ?")
            for path in update.removedOutputs { try removeOutput.execute(arguments: [path]) }
            try Self.record(update.outputs, db)
            try Self.recordSpecialFiles(of: update, db)
            try Self.recordAliases(of: update, db)
            try Self.recordTags(of: update, db)
            try Self.recordFolderFiles(of: update, db)
            for change in update.searchIndexes { try Self.record(change, db) }
            for (wikiID, figures) in update.statistics {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO wikiStatistics (wiki, figures) VALUES (?, ?)",
                    arguments: [wikiID, try figures.encoded()])
            }
        }
        SourceLedgerMemo.shared.keep(ledgers, inState: statePath)
    }

    /// Forgets the search index of every wiki but those of `kept`, whose whole index the build
    /// recorded as it made it (`RecordedSearchIndex`).
    private static func forgetSearchIndexes(keeping kept: [String], _ db: Database) throws {
        let others = kept.isEmpty ? "" : " WHERE wiki NOT IN (" + kept.map { _ in "?" }.joined(separator: ",") + ")"
        for table in searchTables {
            try db.execute(sql: "DELETE FROM \(table)" + others, arguments: StatementArguments(kept))
        }
    }

    /// Records what `update` says of the sources' checkpoints and of the build's shape (its
    /// settings, which mark the state finished).
    private static func recordSources(of update: StateUpdate, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM announcedOutput")
        try db.execute(sql: "DELETE FROM setting")
        for (name, value) in update.settings {
            try db.execute(sql: "INSERT INTO setting (name, value) VALUES (?, ?)", arguments: [name, value])
        }
        for (source, value) in update.checkpoints {
            try db.execute(
                sql: "INSERT OR REPLACE INTO checkpoint (source, value) VALUES (?, ?)", arguments: [source, value])
        }
    }

    /// Records the wikis `update` removes and those it changes.
    private static func recordWikis(of update: StateUpdate, _ db: Database) throws {
        for wikiID in update.removedWikis {
            try db.execute(sql: "DELETE FROM wiki WHERE id = ?", arguments: [wikiID])
            for table in [
                "page", "linker", "specialFile", "wikiStatistics", "listPart", "letterIndex", "sitemapPart", "alias",
                "tagged", "folderFile", "searchDocument", "searchShard", "searchPart", "searchTotals", "camelCaseWord",
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
    }

    /// Records the pages `update` removes and those it writes, with the reverse index of their
    /// links. When it replaces everything, the page table's indexes are made after its rows.
    private static func recordPages(of update: StateUpdate, _ db: Database) throws {
        var linkerChanges = LinkerChanges()
        for (wikiID, title) in update.removedPages {
            try deletePage(title, inWiki: wikiID, recordingIn: &linkerChanges, db)
        }
        if !update.replacesEverything {
            for page in update.pages {
                try deletePage(page.title, inWiki: page.wikiID, recordingIn: &linkerChanges, db)
            }
        }
        if update.replacesEverything {
            for index in StateSchema.pageIndexNames { try db.execute(sql: "DROP INDEX \(index)") }
        }
        try insert(update.pages, recordingIn: &linkerChanges, db)
        if update.replacesEverything { try db.execute(sql: StateSchema.pageIndexes) }
        try apply(linkerChanges, startingEmpty: update.replacesEverything, db)
    }

    /// Records the digests of the special files `update` wrote, and the lists and sitemaps it
    /// cut.
    private static func recordSpecialFiles(of update: StateUpdate, _ db: Database) throws {
        for (wikiID, digests) in update.specialFileDigests {
            try db.execute(sql: "DELETE FROM specialFile WHERE wiki = ?", arguments: [wikiID])
            for (path, digest) in digests {
                try db.execute(
                    sql: "INSERT INTO specialFile (wiki, path, digest) VALUES (?, ?, ?)",
                    arguments: [wikiID, path, digest]
                )
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
    }

    /// Runs `body` in a transaction. A write the system refused (a full disk, the file-size
    /// limit) throws the `WriteError` of the system's error code, as writes of files do.
    func write(_ body: (Database) throws -> Void) throws {
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
        try deleteCamelCaseWords(ofPage: title, inWiki: wikiID, db)
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
                try insertCamelCaseWords(of: page, db)
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
