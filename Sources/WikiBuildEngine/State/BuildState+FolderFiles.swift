import GRDB
import WikiDocuments
import WikiModel

/// The files of its folder each page of a folder wiki, and its home, shows, in the `folderFile`
/// table: for each published file (by its path in the output folder), each namer that names it
/// (`WikiAnalysis.folderFilesByPage`, `WikiAnalysis.homeFolderFiles`). The fast path reads the
/// files a changed page or the home named and whether others still name them, without reading a
/// page; the bytes each file was written with are the manifest's (`output.hash`).
extension BuildState {
    /// What names a file of a folder wiki's folder: a page, or the wiki's home (the files its
    /// home note shows). The table's `page` column holds a page's title, and for the home the
    /// empty text, which no title can be (`PageTitle` keeps at least one character): a page
    /// and the home never share a key, whatever the notes are called.
    package enum FolderFileNamer: Hashable, Sendable {
        case home
        case page(PageTitle)

        /// The namer's text in the `page` column.
        var key: String {
            switch self {
            case .home: ""
            case .page(let title): title.text
            }
        }

        /// The namer whose text in the `page` column is `key`; nil for text no build writes there.
        init?(key: String) {
            if key.isEmpty {
                self = .home
            } else if let title = PageTitle(key) {
                self = .page(title)
            } else {
                return nil
            }
        }
    }

    /// The change of the files one namer shows: those it showed, and those it shows now (paths in
    /// the output folder).
    struct Refiling: Sendable, Equatable {
        let namer: FolderFileNamer
        let before: Set<String>
        let now: Set<String>
    }

    /// The files each of `namers` in wiki `wikiID` shows; a namer that shows none is left out.
    func folderFilePaths(
        ofNamers namers: [FolderFileNamer], inWiki wikiID: String
    ) throws -> [FolderFileNamer: Set<String>] {
        try database.read { db in
            let statement = try db.cachedStatement(sql: Self.folderFilesOfNamerQuery)
            var paths: [FolderFileNamer: Set<String>] = [:]
            for namer in namers {
                let shown = try String.fetchSet(statement, arguments: [wikiID, namer.key])
                if !shown.isEmpty { paths[namer] = shown }
            }
            return paths
        }
    }

    /// The query of `folderFilePaths(ofNamers:inWiki:)`, a namer at a time: one seek of the index
    /// by page.
    static let folderFilesOfNamerQuery = "SELECT path FROM folderFile WHERE wiki = ? AND page = ?"

    /// Up to `limit` of the namers in wiki `wikiID` of the file at `path` (in the output folder),
    /// in byte order of their keys (the home first): enough to know whether a namer besides those
    /// changing still names it.
    func folderFileNamers(ofFile path: String, inWiki wikiID: String, limit: Int) throws -> [FolderFileNamer] {
        try database.read { db in
            var namers: [FolderFileNamer] = []
            let rows = try String.fetchCursor(
                db.cachedStatement(sql: Self.folderFileNamersQuery), arguments: [wikiID, path])
            while namers.count < limit, let key = try rows.next() {
                if let namer = FolderFileNamer(key: key) { namers.append(namer) }
            }
            return namers
        }
    }

    /// The query of `folderFileNamers(ofFile:inWiki:limit:)`: one range of the table's key, read
    /// no further than needed.
    static let folderFileNamersQuery = "SELECT page FROM folderFile WHERE wiki = ? AND path = ? ORDER BY page"

    /// Replaces the rows of each wiki `update.folderFiles` lists, then the rows of the namers a
    /// fast path build refiled.
    static func recordFolderFiles(of update: StateUpdate, _ db: Database) throws {
        let insert = try db.cachedStatement(sql: "INSERT OR IGNORE INTO folderFile (wiki, path, page) VALUES (?, ?, ?)")
        for (wikiID, namers) in update.folderFiles {
            try db.execute(sql: "DELETE FROM folderFile WHERE wiki = ?", arguments: [wikiID])
            for (namer, paths) in namers {
                for path in paths { try insert.execute(arguments: [wikiID, path, namer.key]) }
            }
        }
        let delete = try db.cachedStatement(sql: "DELETE FROM folderFile WHERE wiki = ? AND path = ? AND page = ?")
        for (wikiID, refilings) in update.refiledNamers {
            for refiling in refilings {
                for path in refiling.before.subtracting(refiling.now) {
                    try delete.execute(arguments: [wikiID, path, refiling.namer.key])
                }
                for path in refiling.now.subtracting(refiling.before) {
                    try insert.execute(arguments: [wikiID, path, refiling.namer.key])
                }
            }
        }
    }
}
