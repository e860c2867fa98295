import WikiDocuments

/// The wikis and pages to publish, and what was left out and why.
///
/// Everything is sorted with total orders (UTF-8 byte order), so the same documents always
/// give the same database, whatever order the sources delivered them in.
public struct WikiDatabase: Sendable {
    /// The published wikis, sorted by `_id` in byte order.
    public let wikis: [Wiki]
    /// Invalid documents, sorted by `_id` in byte order (then origin and reason).
    public let skipped: [SkippedDocument]
    /// Malformed attachment entries left out of pages that are kept, sorted by page `_id`.
    public let skippedAttachments: [SkippedAttachment]
    /// Pages published with their front matter shown as code, because it could not be read,
    /// sorted by page `_id` in byte order.
    public let invalidFrontMatter: [InvalidFrontMatter]
    /// Published documents (wikis, pages, drafts) that have conflicting leaf revisions,
    /// sorted by `_id` in byte order.
    public let conflicts: [ConflictedDocument]
    /// The documents left out quietly.
    public let ignored: IgnoredDocuments
    /// Whether drafts are published as pages, each keeping its `isDraft` mark: a preview's
    /// database (`WikiDatabaseBuilder`); otherwise no page is a draft.
    public let includesDrafts: Bool

    private let contents: [ExactString: WikiContents]
    /// `conflicts`, by `_id`.
    private let conflictsByID: [ExactString: ConflictedDocument]

    /// The database of the wikis in `contents`, with the `problems` and the `ignored` documents
    /// of the reading, each list of problems sorted here.
    init(
        contents: [ExactString: WikiContents], problems: DocumentProblems, ignored: IgnoredDocuments,
        includesDrafts: Bool
    ) {
        self.contents = contents
        self.wikis = contents.values.map(\.wiki).sorted { ExactString($0.id) < ExactString($1.id) }
        self.skipped = problems.skipped.sorted(by: SkippedDocument.precedes)
        self.skippedAttachments = problems.skippedAttachments.sorted(by: SkippedAttachment.precedes)
        self.invalidFrontMatter = problems.invalidFrontMatter.sorted {
            ExactString($0.documentID) < ExactString($1.documentID)
        }
        let conflicts = problems.conflicts.sorted { ExactString($0.documentID) < ExactString($1.documentID) }
        self.conflicts = conflicts
        conflictsByID = Dictionary(conflicts.map { (ExactString($0.documentID), $0) }) { first, _ in first }
        self.ignored = ignored
        self.includesDrafts = includesDrafts
    }

    /// The conflict of the document whose `_id` is exactly `id`, if it has one.
    public func conflict(ofDocument id: String) -> ConflictedDocument? {
        conflictsByID[ExactString(id)]
    }

    /// The published wiki whose `_id` is exactly `id`.
    public func wiki(_ id: String) -> Wiki? {
        contents[ExactString(id)]?.wiki
    }

    /// The published pages of wiki `id` (drafts excluded, unless `includesDrafts`), sorted by
    /// title in byte order; empty when no such wiki is published.
    public func pages(inWiki id: String) -> [Page] {
        contents[ExactString(id)]?.pages ?? []
    }

    /// The published page of wiki `id` whose normalized title is `title`; a draft only when the
    /// database `includesDrafts`.
    public func page(inWiki id: String, titled title: PageTitle) -> Page? {
        guard let wiki = contents[ExactString(id)], let index = wiki.pageIndex[title] else { return nil }
        return wiki.pages[index]
    }

    /// The titles of the pages of wiki `id` that `pages` lists: asking it whether a title is
    /// published looks the wiki up once, not once a title, and copies no page.
    public func publishedTitles(inWiki id: String) -> PublishedTitles {
        let wiki = contents[ExactString(id)]
        return PublishedTitles(pageIndex: wiki?.pageIndex ?? [:], aliases: wiki?.aliases ?? WikiAliases())
    }

    /// The aliases of the published pages of wiki `id` (none when no such wiki is published).
    public func aliases(inWiki id: String) -> WikiAliases {
        contents[ExactString(id)]?.aliases ?? WikiAliases()
    }

    /// The drafts (`draft: true`) of wiki `id` that are not published, sorted by title in byte
    /// order: every draft, unless the database `includesDrafts`.
    public func drafts(inWiki id: String) -> [Page] {
        contents[ExactString(id)]?.drafts ?? []
    }
}

/// The titles of one wiki's published pages (`WikiDatabase.publishedTitles(inWiki:)`).
public struct PublishedTitles: Sendable {
    fileprivate let pageIndex: [PageTitle: Int]
    fileprivate let aliases: WikiAliases

    /// Whether a published page has the title `title`.
    public func contains(_ title: PageTitle) -> Bool {
        pageIndex[title] != nil
    }

    /// Whether a link to `title` reaches a page: a published page has that title, or an alias
    /// redirects to one.
    public func reaches(_ title: PageTitle) -> Bool {
        pageIndex[title] != nil || aliases.redirects(title)
    }

    /// The title of the published page titled `title` as the database holds it: equal to
    /// `title`, and sharing the page's storage; nil when no published page has it.
    public func stored(_ title: PageTitle) -> PageTitle? {
        pageIndex.index(forKey: title).map { pageIndex[$0].key }
    }

    /// The position of the page titled `title` in `WikiDatabase.pages(inWiki:)`, if it is
    /// published.
    public func position(of title: PageTitle) -> Int? {
        pageIndex[title]
    }
}

/// One published wiki with its pages.
struct WikiContents: Sendable {
    let wiki: Wiki
    /// Sorted by title, one page per title.
    let pages: [Page]
    let pageIndex: [PageTitle: Int]
    /// Sorted by title, one draft per title.
    let drafts: [Page]
    let aliases: WikiAliases

    init(wiki: Wiki, pages: [Page], drafts: [Page]) {
        self.wiki = wiki
        self.pages = pages
        self.drafts = drafts
        aliases = WikiAliases(pages: pages)
        var index: [PageTitle: Int] = [:]
        index.reserveCapacity(pages.count)
        for (position, page) in pages.enumerated() { index[page.title] = position }
        pageIndex = index
    }
}
