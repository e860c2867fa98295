import GRDB
import WikiModel

/// The aliases a build published, in the `alias` table: every alias each page gives, and whether
/// its redirect was written (`redirects`). An incremental build compares them with the new ones
/// to plan the redirects it writes and retires, and the pages whose links to an alias came or
/// went. The fast path reads and replaces the rows of the aliases its changes touch alone
/// (`FastPath.AliasChanges`).
extension BuildState {
    /// The aliases of wiki `wikiID` as a build records them.
    struct StoredAliases: Sendable, Equatable {
        /// Each alias given, with the page that gives it (redirected or not).
        var given: [(alias: PageTitle, page: PageTitle)] = []
        /// The redirects written, by alias.
        var redirects: [PageTitle: PageTitle] = [:]

        /// The aliases `aliases` makes of `pages` (one page a title, drafts left out).
        init(_ aliases: WikiAliases, pages: [Page]) {
            for page in pages {
                for alias in WikiAliases.given(by: page) { given.append((alias, page.title)) }
            }
            for redirect in aliases.redirects { redirects[redirect.alias] = redirect.page }
        }

        init() {}

        static func == (lhs: StoredAliases, rhs: StoredAliases) -> Bool {
            lhs.redirects == rhs.redirects && lhs.given.elementsEqual(rhs.given) { $0 == $1 }
        }
    }

    /// The aliases the last build published in wiki `wikiID`.
    func aliases(inWiki wikiID: String) throws -> StoredAliases {
        try database.read { db in
            var stored = StoredAliases()
            let rows = try Row.fetchAll(
                db.cachedStatement(sql: "SELECT title, page, redirects FROM alias WHERE wiki = ? ORDER BY page, title"),
                arguments: [wikiID])
            for row in rows {
                guard let alias = PageTitle(row[0] as String), let page = PageTitle(row[1] as String) else { continue }
                stored.given.append((alias, page))
                if row[2] as Bool { stored.redirects[alias] = page }
            }
            return stored
        }
    }

    /// Whether the last build published any alias in wiki `wikiID`.
    func hasAliases(inWiki wikiID: String) throws -> Bool {
        try database.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM alias WHERE wiki = ? LIMIT 1"), arguments: [wikiID])
                != nil
        }
    }

    /// Whether a redirect of the last build in wiki `wikiID` is at the alias `title`.
    func redirects(_ title: PageTitle, inWiki wikiID: String) throws -> Bool {
        try database.read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT 1 FROM alias WHERE wiki = ? AND title = ? AND redirects LIMIT 1"),
                arguments: [wikiID, title.text]) != nil
        }
    }

    /// The page the redirect of the alias `title` of wiki `wikiID` led to in the last build; nil
    /// when it had none.
    func page(reachedThrough title: PageTitle, inWiki wikiID: String) throws -> PageTitle? {
        try database.read { db in
            try String.fetchOne(
                db.cachedStatement(sql: "SELECT page FROM alias WHERE wiki = ? AND title = ? AND redirects LIMIT 1"),
                arguments: [wikiID, title.text]
            ).flatMap(PageTitle.init)
        }
    }

    /// The aliases of wiki `wikiID` whose redirects led to the page `page` in the last build, in
    /// byte order.
    func aliases(leadingTo page: PageTitle, inWiki wikiID: String) throws -> [PageTitle] {
        try database.read { db in
            try String.fetchAll(
                db.cachedStatement(
                    sql: "SELECT title FROM alias WHERE wiki = ? AND page = ? AND redirects ORDER BY title"),
                arguments: [wikiID, page.text]
            ).compactMap(PageTitle.init)
        }
    }

    /// The pages of wiki `wikiID` that gave the alias `title` in the last build, in byte order of
    /// their titles, each with whether its redirect was written.
    func givers(ofAlias title: PageTitle, inWiki wikiID: String) throws -> [(page: PageTitle, redirects: Bool)] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT page, redirects FROM alias WHERE wiki = ? AND title = ? ORDER BY page"),
                arguments: [wikiID, title.text]
            ).compactMap { row in PageTitle(row[0] as String).map { ($0, row[1] as Bool) } }
        }
    }

    /// The aliases the page `page` of wiki `wikiID` gave in the last build, in byte order.
    func aliases(givenBy page: PageTitle, inWiki wikiID: String) throws -> [PageTitle] {
        try database.read { db in
            try String.fetchAll(
                db.cachedStatement(sql: "SELECT title FROM alias WHERE wiki = ? AND page = ? ORDER BY title"),
                arguments: [wikiID, page.text]
            ).compactMap(PageTitle.init)
        }
    }

    /// Replaces the aliases of each wiki `update` lists, then the rows of the aliases a fast
    /// path build touched.
    static func recordAliases(of update: StateUpdate, _ db: Database) throws {
        for (wikiID, aliases) in update.aliases {
            try db.execute(sql: "DELETE FROM alias WHERE wiki = ?", arguments: [wikiID])
            let insert = try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO alias (wiki, title, page, redirects) VALUES (?, ?, ?, ?)")
            for (alias, page) in aliases.given {
                try insert.execute(arguments: [wikiID, alias.text, page.text, aliases.redirects[alias] == page])
            }
        }
        for (wikiID, replaced) in update.changedAliases {
            let delete = try db.cachedStatement(sql: "DELETE FROM alias WHERE wiki = ? AND title = ?")
            let insert = try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO alias (wiki, title, page, redirects) VALUES (?, ?, ?, ?)")
            for alias in replaced {
                try delete.execute(arguments: [wikiID, alias.alias.text])
                for page in alias.givers {
                    try insert.execute(arguments: [wikiID, alias.alias.text, page.text, alias.redirect == page])
                }
            }
        }
    }
}
