import Foundation
import GRDB

/// The tables of the build state (`build.sqlite` in the state folder), created and upgraded by one
/// `DatabaseMigrator`: a schema change is a new migration appended here, never an edit of an old
/// one.
///
/// - `setting`: what shaped the files (`BuildShape`: the state's format, wikisite's version, the
///   configuration, each theme file's hash), and `unfinished` while a build is writing.
/// - `checkpoint`: per source, the checkpoint its last reading ended at, as JSON text.
/// - `wiki`: each published wiki's `id`, `title`, `fingerprint` (`DocumentFingerprint`) and
///   `pageCount` (added by the migration "page counts"; NULL until a build records it). The
///   migration "home files" added a digest of the files a folder wiki's home shows
///   (`homeFiles`); "home files as folder files" dropped it, the home's files being `folderFile`
///   rows since.
/// - `page`: each published page, by `wiki` and normalized `title`, with its `fingerprint` and
///   its `outline` (`StoredOutline`: its links, the headings with the ids the page gives them,
///   the embeds of its attachments, its word count, its block ids and its tags), one blob a
///   page so that a wiki's outlines load in one pass (the migration "outline blobs" put it
///   there, in place of the `wordCount` column and the `heading` and `attachmentEmbed` tables).
/// - `linker`: the reverse index of the links: for each title (`target`) pages of a `wiki` link to
///   or embed, the pages that do (`sources`, a `StoredTitles` blob in byte order), so that the
///   pages linking to a title are one seek. A full build writes a row per title, not per link; an
///   edit rewrites the rows of the titles whose linkers it changed. It replaced (migration
///   "linkers") the `link` table, which kept every link's position, kind, fragment and line a
///   second time beside the outline blobs, indexed both ways: three B-trees to write per link.
/// - `page` also keeps (migration "page details") what the lists by date show of each page: its
///   `documentID`, `createdAt` and `updatedAt` as written (with their instants in
///   `createdSeconds`/`createdNanoseconds` and `updatedSeconds`/`updatedNanoseconds`, indexed
///   newest first with the title, as `NewestFirst` orders them) and `updatedBy`.
/// - `wikiStatistics`: each wiki's `StatisticsFigures` (JSON), from which the fast path works
///   out the next ones.
/// - `specialFile`: each file of each wiki's special pages (`path`), with the digest of what it
///   shows (`WikiSpecialPages.digest(of:)`).
/// - `output`: the manifest of the output folder: every file the builds made (`path`, relative to
///   the output folder) with the `hash` of its content (`ContentHash`), what a later build may
///   remove and nothing else. Keyed by path, so the files under a folder are one range of the key
///   and an edit writes the rows of its own files only (the migration "outputs" moved it here
///   from `manifest.json`, which was read and written whole by every build).
/// - `announcedOutput`: the files the unfinished build is about to write (`path`), recorded before
///   they are written, so that a build killed after writing one still has it on record: the next
///   build (a full one) removes it if it no longer makes it. Emptied by every commit (migration
///   "announced outputs").
/// - `sourceLedger`: for each source without sequences the last build read (`source`, by name),
///   the ledger of what it found (`ledger`, `SourceLedger.encoded`): for a dump, the digest of
///   each entry's bytes and its document's `_id`, with which the next reading finds the entries
///   that changed without parsing the others; for a folder of Markdown, its header, each note's
///   path and stamp being a row of `folderNote` (`source`, `path`, `entry`: migration "folder
///   note rows"), with which the next reading reads only the notes that changed. Replaced by
///   every commit, with a `token` drawn anew (`SourceLedgerMemo`); of the notes, a commit
///   writes the rows that changed (migration "dump ledgers", renamed by "source ledgers").
/// - `listPart` (migration "titled lists"): each file of each list cut at its titles (`list`: all
///   pages, the wanted pages, the orphaned pages), by the order key of its first entry
///   (`firstKey`, `TitledListEntry.key`: bytes in the list's order), with its `titles`
///   (`StoredTitles`) and, for the wanted pages, how many pages link to each (`linkerCounts`)
///   and the first of them each shows (`shownLinkers`, added by the migration "wanted linkers":
///   one `StoredTitles` blob of every title's, in order);
///   `letterIndex`, each wiki's letters of all pages with the file where each starts; and
///   `wiki.skippedPages`, how many page documents of the wiki the last reading of it skipped
///   (NULL: not known). The fast path cuts the lists again from them around the titles that
///   come or go.
/// - `searchDocument`, `searchShard`, `searchTotals` (migration "search index"): each search
///   wiki's index: every document by `key` with its `href`, `postings` by term
///   (`SearchEntry.encodedPostings`) and `value` in its document shard; every term shard by
///   `shard` key with its `terms` (`StoredSearchShard.encoded`) and its `size` (migration
///   "search shard sizes"); and the wiki's totals (documents, key clashes), which `meta.js`
///   shows (migration "search without lengths" took out the lengths). `searchPart` (migration "search term parts"): the `postings` of each part
///   of a split term, by `term`, `band` and `slice` (migration "search term slices").
///
/// - `folderFile` (migration "folder files"): for each file of a folder wiki's folder a page
///   or the home shows (`path`, in the output folder), each namer that shows it (`page`: the
///   page's title, or the empty text for the home, which no title can be), indexed both ways
///   (`BuildState+FolderFiles`).
/// - `camelCaseWord` (migration "CamelCase words"): in a wiki with CamelCase links, for each
///   CamelCase `word` of a page's text that stands where it would link (`PageOutline.camelCaseWords`),
///   the `page`, keyed by word and indexed by page (`BuildState+CamelCaseWords`).
///
/// Text is compared byte for byte (SQLite's BINARY collation), as titles and IDs are.
package enum StateSchema {
    /// `PRAGMA application_id` of a build state: the bytes `wsbs` (0x77736273).
    static let applicationID: Int32 = 0x7773_6273

    /// The indexes of the `page` table besides its key (migration "page details"). A full build
    /// drops them, inserts every page, and makes them again: one sort each instead of a hundred
    /// thousand inserts in the order of dates.
    static let pageIndexNames = ["pageByUpdate", "pageByCreation", "pageByDocument", "pageByChange"]
    static let pageIndexes = pageDetailIndexes + pageByChange

    /// The indexes migration "page details" made.
    private static let pageDetailIndexes = """
        CREATE INDEX pageByUpdate ON page (wiki, updatedSeconds DESC, updatedNanoseconds DESC, title);
        CREATE INDEX pageByCreation ON page (wiki, createdSeconds DESC, createdNanoseconds DESC, title);
        CREATE INDEX pageByDocument ON page (wiki, documentID);

        """

    /// The index of the pages by their last change (`updated_at`, else `created_at`): the order
    /// of a wiki's feed (migration "sitemaps and feeds").
    private static let pageByChange = """
        CREATE INDEX pageByChange ON page (wiki, \(lastChange.seconds) DESC, \(lastChange.nanoseconds) DESC, title);
        """

    /// The expressions of a page's last change, as `pageByChange` indexes them (a query must
    /// spell them the same to use it).
    static let lastChange = (
        seconds: "coalesce(updatedSeconds, createdSeconds)",
        nanoseconds: "coalesce(updatedNanoseconds, createdNanoseconds)",
        text: "coalesce(updatedAt, createdAt)"
    )

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("build state") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.create(table: "setting") { table in
                table.primaryKey("name", .text)
                table.column("value", .text).notNull()
            }
            try db.create(table: "checkpoint") { table in
                table.primaryKey("source", .text)
                table.column("value", .text).notNull()
            }
            try db.create(table: "wiki") { table in
                table.primaryKey("id", .text)
                table.column("title", .text).notNull()
                table.column("fingerprint", .integer).notNull()
            }
            try db.create(table: "page") { table in
                table.column("wiki", .text).notNull()
                table.column("title", .text).notNull()
                table.column("fingerprint", .integer).notNull()
                table.column("wordCount", .integer).notNull()
                table.primaryKey(["wiki", "title"])
            }
            try db.create(table: "link") { table in
                table.column("wiki", .text).notNull()
                table.column("source", .text).notNull()
                table.column("position", .integer).notNull()
                table.column("kind", .text).notNull()
                table.column("target", .text)
                table.column("fragment", .text)
                table.column("line", .integer).notNull()
                table.primaryKey(["wiki", "source", "position"])
            }
            try db.create(index: "linkByTarget", on: "link", columns: ["wiki", "target"])
            try db.create(table: "heading") { table in
                table.column("wiki", .text).notNull()
                table.column("page", .text).notNull()
                table.column("position", .integer).notNull()
                table.column("level", .integer).notNull()
                table.column("text", .text).notNull()
                table.column("id", .text).notNull()
                table.primaryKey(["wiki", "page", "position"])
            }
            try db.create(table: "attachmentEmbed") { table in
                table.column("wiki", .text).notNull()
                table.column("page", .text).notNull()
                table.column("position", .integer).notNull()
                table.column("name", .text).notNull()
                table.column("line", .integer).notNull()
                table.primaryKey(["wiki", "page", "position"])
            }
            try db.create(table: "specialFile") { table in
                table.column("wiki", .text).notNull()
                table.column("path", .text).notNull()
                table.column("digest", .integer).notNull()
                table.primaryKey(["wiki", "path"])
            }
        }
        migrator.registerMigration("page counts") { db in
            try db.alter(table: "wiki") { table in table.add(column: "pageCount", .integer) }
        }
        migrator.registerMigration("outline blobs") { db in
            try db.drop(table: "heading")
            try db.drop(table: "attachmentEmbed")
            try db.alter(table: "page") { table in
                table.drop(column: "wordCount")
                table.add(column: "outline", .blob).notNull().defaults(to: Data())
            }
        }
        migrator.registerMigration("linkers") { db in
            // The outline blobs hold each page's links; what stays a table is the reverse index,
            // one row per title linked to, with the pages linking to it in one blob.
            try db.drop(table: "link")
            try db.create(table: "linker") { table in
                table.column("wiki", .text).notNull()
                table.column("target", .text).notNull()
                table.column("sources", .blob).notNull()
                table.primaryKey(["wiki", "target"])
            }
        }
        migrator.registerMigration("outputs") { db in
            try db.create(table: "output", options: .withoutRowID) { table in
                table.primaryKey("path", .text)
                table.column("hash", .integer).notNull()
            }
        }
        migrator.registerMigration("announced outputs") { db in
            try db.create(table: "announcedOutput", options: .withoutRowID) { table in
                table.primaryKey("path", .text)
            }
        }
        migrator.registerMigration("page details") { db in
            // What the lists by date and the statistics show of each page, so that a build of
            // edits reads the newest pages with one indexed query instead of every page.
            try db.alter(table: "page") { table in
                table.add(column: "documentID", .text)
                table.add(column: "createdAt", .text)
                table.add(column: "createdSeconds", .integer)
                table.add(column: "createdNanoseconds", .integer)
                table.add(column: "updatedAt", .text)
                table.add(column: "updatedSeconds", .integer)
                table.add(column: "updatedNanoseconds", .integer)
                table.add(column: "updatedBy", .text)
            }
            try db.execute(sql: pageDetailIndexes)
            try db.create(table: "wikiStatistics") { table in
                table.primaryKey("wiki", .text)
                table.column("figures", .blob).notNull()
            }
        }
        migrator.registerMigration("dump ledgers") { db in
            try db.create(table: "dumpLedger") { table in
                table.primaryKey("source", .text)
                table.column("entries", .blob).notNull()
            }
        }
        migrator.registerMigration("titled lists") { db in
            // The files of the lists cut at their titles, so that the fast path cuts a list
            // again around a title created or deleted without the rest of the wiki.
            try db.alter(table: "wiki") { table in table.add(column: "skippedPages", .integer) }
            try db.create(table: "listPart", options: .withoutRowID) { table in
                table.column("wiki", .text).notNull()
                table.column("list", .text).notNull()
                table.column("firstKey", .blob).notNull()
                table.column("titles", .blob).notNull()
                table.column("linkerCounts", .blob)
                table.primaryKey(["wiki", "list", "firstKey"])
            }
            try db.create(table: "letterIndex") { table in
                table.primaryKey("wiki", .text)
                table.column("starts", .blob).notNull()
            }
        }
        migrator.registerMigration("wanted linkers") { db in
            // The linking pages each wanted title shows, so that a file of the wanted pages is
            // rendered again without a seek and a sort a title. A state of the format before has
            // none: its next build is a full one (`BuildShape.stateFormat`).
            try db.alter(table: "listPart") { table in table.add(column: "shownLinkers", .blob) }
        }
        migrator.registerMigration("sitemaps and feeds") { db in
            // The entries of each wiki's sitemap files, and the pages in the order of the feed, so
            // that the fast path with a base URL writes them without reading every page. A
            // state of the format before has none: its next build is a full one.
            try db.create(table: "sitemapPart", options: .withoutRowID) { table in
                table.column("wiki", .text).notNull()
                table.column("firstKey", .text).notNull()
                table.column("entries", .blob).notNull()
                table.column("newest", .text)
                table.primaryKey(["wiki", "firstKey"])
            }
            try db.execute(sql: pageByChange)
        }
        migrator.registerMigration("aliases") { db in
            // The aliases each page gives, and which of them have a redirect
            // (`BuildState.StoredAliases`). A state of the format before has none: its next build
            // is a full one.
            try db.create(table: "alias", options: .withoutRowID) { table in
                table.column("wiki", .text).notNull()
                table.column("title", .text).notNull()
                table.column("page", .text).notNull()
                table.column("redirects", .boolean).notNull()
                table.primaryKey(["wiki", "title", "page"])
            }
        }
        migrator.registerMigration("aliases by page") { db in
            // The aliases a page gave, one seek: the fast path compares them with the aliases the
            // page gives now. A state of the format before has none: its next build is a full one.
            try db.create(index: "aliasByPage", on: "alias", columns: ["wiki", "page"])
        }
        migrator.registerMigration("tags") { db in
            // The pages on each tag, with the form each writes it in (`BuildState.TaggedPage`),
            // so that the fast path renders the tag files a change touches. A state of the format
            // before has none: its next build is a full one.
            try db.create(table: "tagged", options: .withoutRowID) { table in
                table.column("wiki", .text).notNull()
                table.column("tag", .text).notNull()
                table.column("page", .text).notNull()
                table.column("form", .text).notNull()
                table.primaryKey(["wiki", "tag", "page"])
            }
        }
        migrator.registerMigration("search index") { db in
            // Each wiki's search index (`BuildState+Search`), so that the fast path rewrites the
            // shards a page change touches without reading every page. A state of the format
            // before has none: its next build is a full one.
            try db.create(table: "searchDocument", options: .withoutRowID) { table in
                table.column("wiki", .text).notNull()
                table.column("key", .text).notNull()
                table.column("href", .text).notNull()
                table.column("length", .integer).notNull()
                table.column("postings", .blob).notNull()
                table.column("value", .text).notNull()
                table.primaryKey(["wiki", "key"])
            }
            try db.create(table: "searchShard", options: .withoutRowID) { table in
                table.column("wiki", .text).notNull()
                table.column("shard", .text).notNull()
                table.column("terms", .blob).notNull()
                table.primaryKey(["wiki", "shard"])
            }
            try db.create(table: "searchTotals") { table in
                table.primaryKey("wiki", .text)
                table.column("documents", .integer).notNull()
                table.column("length", .integer).notNull()
                table.column("clashes", .integer).notNull()
            }
        }
        migrator.registerMigration("source ledgers") { db in
            // A folder of Markdown keeps a ledger too (`FolderLedger`).
            try db.execute(
                sql: """
                    ALTER TABLE dumpLedger RENAME TO sourceLedger;
                    ALTER TABLE sourceLedger RENAME COLUMN entries TO ledger;
                    """)
        }
        migrator.registerMigration("search shard sizes") { db in
            // Each term shard's size (`SearchShard.size`), so that the fast path weighs a prefix
            // against the budget of `SearchShardCut` without reading its shards. A state of the format
            // before has none: its next build is a full one.
            try db.alter(table: "searchShard") { table in
                table.add(column: "size", .integer).notNull().defaults(to: 0)
            }
        }
        migrator.registerMigration("home files") { db in
            // A digest of the files of its folder a folder wiki's home shows, so that the fast path
            // knows whether a change of the home changes which files are published. A state of
            // the format before has none: its next build is a full one.
            try db.alter(table: "wiki") { table in table.add(column: "homeFiles", .integer) }
        }
        migrator.registerMigration("folder files") { db in
            // The pages that show each file of a folder wiki's folder, so that the fast path
            // publishes a file when its first page names it and removes it when its last page no
            // longer does. A state of the format before has none: its next build is a full one.
            try db.create(table: "folderFile", options: .withoutRowID) { table in
                table.column("wiki", .text).notNull()
                table.column("path", .text).notNull()
                table.column("page", .text).notNull()
                table.primaryKey(["wiki", "path", "page"])
            }
            try db.create(index: "folderFileByPage", on: "folderFile", columns: ["wiki", "page"])
        }
        migrator.registerMigration("search term parts") { db in
            // The postings of each part of a split term (`SearchTermParts`), a row a part, so that
            // an edit of a common word reads and writes the parts it changes, not the word's
            // whole list. A state of the format before has none: its next build is a full one.
            try db.create(table: "searchPart", options: .withoutRowID) { table in
                table.column("wiki", .text).notNull()
                table.column("term", .text).notNull()
                table.column("band", .integer).notNull()
                table.column("postings", .blob).notNull()
                table.primaryKey(["wiki", "term", "band"])
            }
        }
        migrator.registerMigration("home files as folder files") { db in
            // The files a folder wiki's home shows are `folderFile` rows of the home (the empty
            // `page`), so that the fast path serves a change of them as of a page's: their digest
            // goes. A state of the format before has no such rows: its next build is a full one.
            try db.alter(table: "wiki") { table in table.drop(column: "homeFiles") }
        }
        migrator.registerMigration("CamelCase words") { db in
            // The pages that mention each CamelCase word, so that the fast path outlines again the
            // pages whose words a page created or deleted turns into links or back. A state of the
            // format before has none: its next build is a full one.
            try db.create(table: "camelCaseWord", options: .withoutRowID) { table in
                table.column("wiki", .text).notNull()
                table.column("word", .text).notNull()
                table.column("page", .text).notNull()
                table.primaryKey(["wiki", "word", "page"])
            }
            try db.create(index: "camelCaseWordByPage", on: "camelCaseWord", columns: ["wiki", "page"])
        }
        migrator.registerMigration("search term slices") { db in
            // A band of a split term's postings is cut into slices by the documents' keys, a row
            // a slice, so that an edit reads and writes a slice, not the band. A state of the
            // format before has no slices: its next build is a full one, and makes every row.
            try db.drop(table: "searchPart")
            try db.create(table: "searchPart", options: .withoutRowID) { table in
                table.column("wiki", .text).notNull()
                table.column("term", .text).notNull()
                table.column("band", .integer).notNull()
                table.column("slice", .integer).notNull()
                table.column("postings", .blob).notNull()
                table.primaryKey(["wiki", "term", "band", "slice"])
            }
        }
        migrator.registerMigration("folder note rows") { db in
            // A folder's notes a row each (`folderNote`), so that a build writes the rows of the
            // notes that changed, not the whole ledger; and a token drawn anew by every commit
            // beside each ledger, which tells a process that the ledger it committed last is still
            // the state's (`SourceLedgerMemo`). A state of the format before keeps its folders'
            // ledgers whole: they go, and its next build is a full one.
            try db.execute(sql: "DELETE FROM sourceLedger")
            try db.alter(table: "sourceLedger") { table in
                table.add(column: "token", .integer).notNull().defaults(to: 0)
            }
            try db.create(table: "folderNote", options: .withoutRowID) { table in
                table.column("source", .text).notNull()
                table.column("path", .text).notNull()
                table.column("entry", .blob).notNull()
                table.primaryKey(["source", "path"])
            }
        }
        migrator.registerMigration("search without lengths") { db in
            // Scores no longer weigh a document's length, so neither a posting nor the totals
            // keep one. A state of the format before holds postings with lengths: its next build
            // is a full one, and makes every row.
            try db.execute(sql: "DELETE FROM searchDocument; DELETE FROM searchShard; DELETE FROM searchPart")
            try db.alter(table: "searchDocument") { table in table.drop(column: "length") }
            try db.execute(sql: "DELETE FROM searchTotals")
            try db.alter(table: "searchTotals") { table in table.drop(column: "length") }
        }
        return migrator
    }
}
