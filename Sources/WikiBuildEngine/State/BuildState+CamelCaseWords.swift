import GRDB
import WikiDocuments
import WikiModel

/// The CamelCase words of the pages of wikis with CamelCase links, in the `camelCaseWord` table:
/// for each word (`PageOutline.camelCaseWords`), each page whose text has it where it would
/// link, linked or not. A page created or deleted under such a title turns those words into links
/// or back: the fast path finds the pages to outline again with one range of the table's key,
/// without reading a page. The rows follow the `page` table's: written with a page's row, and
/// deleted with it (through the index by page).
extension BuildState {
    /// The pages of wiki `wikiID` whose text has the CamelCase word `word` where it would link,
    /// in byte order of their titles.
    func pages(mentioning word: PageTitle, inWiki wikiID: String) throws -> [PageTitle] {
        try database.read { db in
            try String.fetchAll(db.cachedStatement(sql: Self.pagesMentioningQuery), arguments: [wikiID, word.text])
                .compactMap(PageTitle.init)
        }
    }

    /// The query of `pages(mentioning:inWiki:)`: one range of the table's key.
    static let pagesMentioningQuery = "SELECT page FROM camelCaseWord WHERE wiki = ? AND word = ? ORDER BY page"

    /// Forgets the CamelCase words of page `title` of wiki `wikiID`, whose row goes.
    static func deleteCamelCaseWords(ofPage title: PageTitle, inWiki wikiID: String, _ db: Database) throws {
        try db.cachedStatement(sql: camelCaseWordsOfPageDeletion).execute(arguments: [wikiID, title.text])
    }

    /// The statement of `deleteCamelCaseWords(ofPage:inWiki:_:)`: one seek of the index by page,
    /// run for every page whose row is written again, whatever its wiki.
    static let camelCaseWordsOfPageDeletion = "DELETE FROM camelCaseWord WHERE wiki = ? AND page = ?"

    /// Records the CamelCase words of `page`, whose row is written.
    static func insertCamelCaseWords(of page: StateUpdate.PageRecord, _ db: Database) throws {
        guard !page.outline.camelCaseWords.isEmpty else { return }
        let insert = try db.cachedStatement(sql: "INSERT INTO camelCaseWord (wiki, word, page) VALUES (?, ?, ?)")
        for word in page.outline.camelCaseWords {
            try insert.execute(arguments: [page.wikiID, word.text, page.title.text])
        }
    }
}
