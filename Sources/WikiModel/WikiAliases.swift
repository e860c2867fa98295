import WikiDocuments

/// The aliases of one wiki's published pages (front matter `aliases`): the other titles a link
/// may use to reach a page, and which page each leads to.
///
/// A link to an alias keeps the rule that a URL is a function of the title alone: its href is
/// the alias's own file (`SitePaths.pageFile`), where the build writes a redirect to the page.
/// An alias that is a published page's title leads to that page, and no redirect is written
/// over it; an alias two pages give leads to the first of them in byte order of their titles.
/// Either is an `alias_collision` for `wikisite check`. A draft's aliases are not read at all.
public struct WikiAliases: Sendable {
    /// An alias that leads to a page through a redirect file.
    public struct Redirect: Sendable, Equatable {
        /// The alias, normalized as a title: its file is the redirect.
        public let alias: PageTitle
        /// The page it leads to.
        public let page: PageTitle

        /// The redirect of `alias` to `page`.
        public init(alias: PageTitle, page: PageTitle) {
            self.alias = alias
            self.page = page
        }
    }

    /// An alias that another page's title or alias, or the file name of one, takes already.
    public struct Collision: Sendable, Equatable {
        /// The alias, normalized as a title.
        public let alias: PageTitle
        /// The page that gives the alias and loses it.
        public let page: PageTitle
        /// The page the alias leads to instead.
        public let winner: PageTitle
        /// Whether `winner` has the alias as its title (otherwise, as an alias of its own or a
        /// file name that shares its hash).
        public let isWinnersTitle: Bool
    }

    /// The redirects, in byte order of the aliases.
    public let redirects: [Redirect]
    /// The aliases that lose to a page or to another alias, in byte order of the aliases, then of
    /// the losing pages.
    public let collisions: [Collision]
    private let targets: [PageTitle: PageTitle]

    /// No alias.
    public init() {
        redirects = []
        collisions = []
        targets = [:]
    }

    /// The aliases of `pages` (sorted by title, one page a title), drafts' left out.
    public init(pages: [Page]) {
        (targets, collisions) = Self.resolve(pages)
        redirects = targets.map { Redirect(alias: $0.key, page: $0.value) }.sorted { $0.alias < $1.alias }
    }

    /// Which page each alias of `pages` leads to, and the aliases that lose.
    private static func resolve(_ pages: [Page]) -> ([PageTitle: PageTitle], [Collision]) {
        var claims: [PageTitle: PageTitle] = [:]
        var pageTitles: Set<PageTitle> = []
        var collisions: [Collision] = []
        // A draft a preview publishes is a page too: no redirect is written over it.
        for page in pages { pageTitles.insert(page.title) }
        let givers = pages.filter { !$0.isDraft && !$0.aliases.isEmpty }
        guard !givers.isEmpty else { return ([:], []) }
        var files = FileNameClaims<PageTitle>()
        for title in pageTitles.sorted() { _ = files.claim(.page(title), by: title) }
        for page in givers {
            for alias in given(by: page) {
                if pageTitles.contains(alias) {
                    collisions.append(Collision(alias: alias, page: page.title, winner: alias, isWinnersTitle: true))
                } else if let winner = claims[alias] {
                    collisions.append(Collision(alias: alias, page: page.title, winner: winner, isWinnersTitle: false))
                } else if let owner = files.claim(.page(alias), by: page.title) {
                    collisions.append(Collision(alias: alias, page: page.title, winner: owner, isWinnersTitle: false))
                } else {
                    claims[alias] = page.title
                }
            }
        }
        return (claims, collisions.sorted { ($0.alias, $0.page) < ($1.alias, $1.page) })
    }

    /// The aliases `page` gives, normalized as titles, in byte order: none for a draft, and never
    /// its own title.
    public static func given(by page: Page) -> [PageTitle] {
        guard !page.isDraft else { return [] }
        return Set(page.aliases.compactMap(PageTitle.init)).subtracting([page.title]).sorted()
    }

    /// Whether a link to `title` reaches a page through one of the redirects.
    public func redirects(_ title: PageTitle) -> Bool {
        // Most wikis have no aliases: their links are not hashed for nothing.
        !targets.isEmpty && targets[title] != nil
    }

    /// The page the alias `title` leads to through its redirect; nil when it is not one.
    public func page(reachedThrough title: PageTitle) -> PageTitle? {
        targets.isEmpty ? nil : targets[title]
    }
}
