import GRDB
import WikiDocuments
import WikiModel

/// The tags of the pages a build published, in the `tagged` table: for each tag (by its key),
/// each page on it, with the form the page writes it in (`WikiTags.memberships`). The fast path
/// reads the pages of the tags a change touches, and counts every tag for the tags index, without
/// reading a page.
extension BuildState {
    /// A page on a tag, with the form it writes the tag in.
    struct TaggedPage: Sendable, Equatable {
        let page: PageTitle
        let form: String
    }

    /// The change of one page's tags: those it was on, and those it is on (`WikiTags.memberships`).
    struct Retagging: Sendable {
        let page: PageTitle
        let before: [WikiTag]
        let now: [WikiTag]
    }

    /// The pages on the tag whose key is `key` in wiki `wikiID`, in byte order of their titles.
    func taggedPages(ofTag key: String, inWiki wikiID: String) throws -> [TaggedPage] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT page, form FROM tagged WHERE wiki = ? AND tag = ? ORDER BY page"),
                arguments: [wikiID, key]
            ).compactMap { row in PageTitle(row[0] as String).map { TaggedPage(page: $0, form: row[1]) } }
        }
    }

    /// Every tag of wiki `wikiID`, by key: how many pages write it in each form.
    func tagForms(inWiki wikiID: String) throws -> [String: [String: Int]] {
        try database.read { db in
            var forms: [String: [String: Int]] = [:]
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: "SELECT tag, form, COUNT(*) FROM tagged WHERE wiki = ? GROUP BY tag, form"),
                arguments: [wikiID])
            while let row = try rows.next() { forms[row[0] as String, default: [:]][row[1] as String] = row[2] }
            return forms
        }
    }

    /// Replaces the tags of each wiki `update` lists, then the rows of the pages a fast path
    /// build retagged.
    static func recordTags(of update: StateUpdate, _ db: Database) throws {
        let insert = try db.cachedStatement(
            sql: "INSERT OR IGNORE INTO tagged (wiki, tag, page, form) VALUES (?, ?, ?, ?)")
        for (wikiID, pages) in update.tags {
            try db.execute(sql: "DELETE FROM tagged WHERE wiki = ?", arguments: [wikiID])
            for (page, tags) in pages {
                for tag in tags { try insert.execute(arguments: [wikiID, tag.key, page.text, tag.text]) }
            }
        }
        let delete = try db.cachedStatement(sql: "DELETE FROM tagged WHERE wiki = ? AND tag = ? AND page = ?")
        for (wikiID, retaggings) in update.retaggedPages {
            for retagging in retaggings {
                for tag in retagging.before { try delete.execute(arguments: [wikiID, tag.key, retagging.page.text]) }
                for tag in retagging.now {
                    try insert.execute(arguments: [wikiID, tag.key, retagging.page.text, tag.text])
                }
            }
        }
    }
}
