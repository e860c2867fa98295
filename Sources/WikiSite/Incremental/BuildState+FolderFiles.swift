import GRDB
import WikiDocuments
import WikiModel

/// The files of its folder each page of a folder wiki shows, in the `folderFile` table: for each
/// published file (by its path in the output folder), each page that names it
/// (`WikiAnalysis.folderFilesByPage`). The fast path reads the files a changed page named and
/// whether other pages still name them, without reading a page; the bytes each file was written
/// with are the manifest's (`output.hash`).
extension BuildState {
    /// The change of the files one page shows: those it showed, and those it shows now (paths in
    /// the output folder).
    struct Refiling: Sendable, Equatable {
        let page: PageTitle
        let before: Set<String>
        let now: Set<String>
    }

    /// The files each page of `titles` in wiki `wikiID` shows, by title; a page that shows none
    /// is left out.
    func folderFilePaths(ofPages titles: [PageTitle], inWiki wikiID: String) throws -> [PageTitle: Set<String>] {
        try database.read { db in
            let statement = try db.cachedStatement(sql: Self.folderFilesOfPageQuery)
            var paths: [PageTitle: Set<String>] = [:]
            for title in titles {
                let shown = try String.fetchSet(statement, arguments: [wikiID, title.text])
                if !shown.isEmpty { paths[title] = shown }
            }
            return paths
        }
    }

    /// The query of `folderFilePaths(ofPages:inWiki:)`, a page at a time: one seek of the index
    /// by page.
    static let folderFilesOfPageQuery = "SELECT path FROM folderFile WHERE wiki = ? AND page = ?"

    /// Up to `limit` of the pages of wiki `wikiID` that show the file at `path` (in the output
    /// folder), in byte order of their titles: enough to know whether a page besides those
    /// changing still names it.
    func folderFileNamers(ofFile path: String, inWiki wikiID: String, limit: Int) throws -> [PageTitle] {
        try database.read { db in
            var namers: [PageTitle] = []
            let rows = try String.fetchCursor(
                db.cachedStatement(sql: Self.folderFileNamersQuery), arguments: [wikiID, path])
            while namers.count < limit, let title = try rows.next() {
                if let namer = PageTitle(title) { namers.append(namer) }
            }
            return namers
        }
    }

    /// The query of `folderFileNamers(ofFile:inWiki:limit:)`: one range of the table's key, read
    /// no further than needed.
    static let folderFileNamersQuery = "SELECT page FROM folderFile WHERE wiki = ? AND path = ? ORDER BY page"

    /// Replaces the rows of each wiki `update.folderFiles` lists, then the rows of the pages a
    /// fast path build refiled.
    static func recordFolderFiles(of update: StateUpdate, _ db: Database) throws {
        let insert = try db.cachedStatement(sql: "INSERT OR IGNORE INTO folderFile (wiki, path, page) VALUES (?, ?, ?)")
        for (wikiID, pages) in update.folderFiles {
            try db.execute(sql: "DELETE FROM folderFile WHERE wiki = ?", arguments: [wikiID])
            for (page, paths) in pages {
                for path in paths { try insert.execute(arguments: [wikiID, path, page.text]) }
            }
        }
        let delete = try db.cachedStatement(sql: "DELETE FROM folderFile WHERE wiki = ? AND path = ? AND page = ?")
        for (wikiID, refilings) in update.refiledPages {
            for refiling in refilings {
                for path in refiling.before.subtracting(refiling.now) {
                    try delete.execute(arguments: [wikiID, path, refiling.page.text])
                }
                for path in refiling.now.subtracting(refiling.before) {
                    try insert.execute(arguments: [wikiID, path, refiling.page.text])
                }
            }
        }
    }
}
