import Dispatch
import Synchronization
import WikiDocuments
import WikiModel
import WikiRender

/// Everything a build knows about one wiki before it writes a file of it: its published pages,
/// how they link to each other (`graph`), the orders of its special pages, and its statistics.
///
/// A build makes one per wiki in its analysis pass; `wikisite check`, the feeds and the
/// incremental build read the same one. Drafts are in it only when the database includes them.
public struct WikiAnalysis: Sendable {
    /// How many pages *Recent changes* and *New pages* list: the newest, as MediaWiki's lists
    /// of changes do (every page is in *All pages*). An edit moves its page to the top of recent
    /// changes, which shifts every entry it passes by one: with the lists this long, that is a
    /// few files, whatever the size of the wiki, not every file before the page's old place.
    public static let datedListLength = 500

    /// The wiki.
    public let wiki: Wiki
    /// Its published pages, by title in byte order (positions match `graph.pageTitles`).
    public let pages: [Page]
    /// The links between the pages, and their reverse index.
    public let graph: LinkGraph
    /// The other titles the pages go by, and the redirects they make.
    public let aliases: WikiAliases
    /// The figures of the statistics page.
    package let statistics: StatisticsFigures
    /// The tags of the pages, for the tags index and the tag pages.
    let tags: WikiTags
    /// Positions in `pages`, most recently updated first, at most `datedListLength` of them
    /// (see `recentChanges`).
    let recentChangesOrder: [Int32]
    /// Positions in `pages`, most recently created first, at most `datedListLength` of them
    /// (see `newPages`).
    let newPagesOrder: [Int32]

    /// The analysis of `wiki` from the outlines of its pages: `outlines[i]` is the outline of
    /// `pages[i]` (pages in any order, titles distinct). `conflicts` may be every conflict of the
    /// database: only those of `wiki`'s document and of `pages` are kept.
    /// Links to `aliases` (by default, those `pages` give) reach their pages.
    public init(
        wiki: Wiki, pages: [Page], outlines: [PageOutline], conflicts: [ConflictedDocument],
        aliases: WikiAliases? = nil
    ) {
        let aliases = aliases ?? WikiAliases(pages: pages.sorted { $0.title < $1.title })
        // The graph on one core, the pages' orders on the other.
        let graph = Mutex<LinkGraph?>(nil)
        let orders = Mutex<(pages: [Page], recent: [Int32], new: [Int32])?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 {
                let built = LinkGraph(titles: pages.map(\.title), outlines: outlines, aliases: aliases)
                graph.withLock { $0 = built }
            } else {
                let sortedPages = pages.sorted { $0.title < $1.title }
                let sorted = (
                    sortedPages, Self.newestFirst(sortedPages, by: \.updatedAt),
                    Self.newestFirst(sortedPages, by: \.createdAt)
                )
                orders.withLock { $0 = sorted }
            }
        }
        let linkGraph = graph.withLock { $0! }
        let (sortedPages, recent, new) = orders.withLock { $0! }
        self.wiki = wiki
        self.pages = sortedPages
        self.graph = linkGraph
        self.aliases = aliases
        let ownConflicts = Self.conflicts(in: conflicts, of: wiki, pages: sortedPages, graph: linkGraph)
        statistics = StatisticsFigures(pages: sortedPages, graph: linkGraph, conflicts: ownConflicts)
        tags = WikiTags(outlines: sortedPages.indices.map { linkGraph.outline(at: $0) })
        recentChangesOrder = recent
        newPagesOrder = new
    }

    /// Analyses the published pages of `wiki` in `database`, outlining them with `markdown` on
    /// every core. (Links stay in the wiki's folder, so the outlines are the same whatever its
    /// name: the layout without slugs serves.)
    public init(wiki: Wiki, in database: WikiDatabase, markdown: MarkdownRenderer) {
        self = Self.analyse(
            wiki, with: PageBodyRenderer(database: database, markdown: markdown, siteLayout: SiteLayout()),
            keeping: RenderedBodies(budget: 0), reporter: SilentReporter())
    }

    /// The `datedListLength` pages updated last, by `updated_at`, most recent first; pages
    /// updated at the same instant by title in byte order; pages without `updated_at` last, by
    /// title.
    public var recentChanges: [Page] {
        recentChangesOrder.map { pages[Int($0)] }
    }

    /// The `datedListLength` pages created last, by `created_at`, most recent first; pages
    /// created at the same instant by title in byte order; pages without `created_at` last, by
    /// title.
    public var newPages: [Page] {
        newPagesOrder.map { pages[Int($0)] }
    }

    /// The page titled `title`, if it is published.
    public func page(titled title: PageTitle) -> Page? {
        graph.position(of: title).map { pages[$0] }
    }

    /// The links to missing pages, one entry per title, for the build summary.
    package var missingLinks: [MissingLink] {
        graph.wantedPages.map { MissingLink(wikiID: wiki.id, target: $0.title, linkedFrom: $0.linkedFrom) }
    }

    /// Analyses `wiki`: outlines (or renders, while `bodies` has room for the page, keeping the
    /// HTML there for the writing pass) every published page on every core, then builds the
    /// graph. A page whose outline is in `reusable` (an earlier build's, of the same revision) is
    /// not parsed. The outlines made here share the database's titles (`sharingTitles(with:)`);
    /// reused ones keep their own, since sharing would cost an edit a lookup for every link of
    /// the wiki.
    package static func analyse(
        _ wiki: Wiki, with renderer: PageBodyRenderer, reusing reusable: ReusableOutlines = ReusableOutlines(),
        keeping bodies: RenderedBodies, reporter: any BuildReporter
    ) -> WikiAnalysis {
        let pages = renderer.database.pages(inWiki: wiki.id)
        var outlines = reusable.aligned(with: pages.map(\.title))
        let parsed = pages.indices.filter { outlines[$0] == nil }
        let done = Atomic<Int>(0)
        let titles = renderer.database.publishedTitles(inWiki: wiki.id)
        let made = Concurrently.map(parsed.count) { number in
            let position = parsed[number]
            let page = pages[position]
            let outline: PageOutline
            if !bodies.hasRoom(forMarkdownOf: page.markdownText.byteCount) {
                outline = renderer.outline(of: page)
            } else {
                let rendered = renderer.bodyWithOutline(of: page)
                bodies.keep(rendered.body.html, forPageAt: position)
                outline = rendered.outline
            }
            reporter.progress(done: done.add(1, ordering: .relaxed).newValue, total: parsed.count)
            return outline.sharingTitles(with: titles)
        }
        for (position, outline) in zip(parsed, made) { outlines[position] = outline }
        return WikiAnalysis(
            wiki: wiki, pages: pages, outlines: outlines.map { $0! }, conflicts: renderer.database.conflicts,
            aliases: renderer.database.aliases(inWiki: wiki.id))
    }

    /// The first `datedListLength` positions of `pages` by `date` (`NewestFirst`).
    private static func newestFirst(_ pages: [Page], by date: KeyPath<Page, Timestamp?>) -> [Int32] {
        NewestFirst.positions(datedListLength, of: pages) { $0[keyPath: date] }.map(Int32.init)
    }

    /// The conflicts of `wiki`'s own document (no title) and of its published pages (`pages`,
    /// positioned as in `graph`), each with its page's title. A draft or an invalid page may
    /// share its normalized title with a published page, never its `_id`.
    private static func conflicts(
        in conflicts: [ConflictedDocument], of wiki: Wiki, pages: [Page], graph: LinkGraph
    ) -> [(conflict: ConflictedDocument, pageTitle: PageTitle?)] {
        let prefix = wiki.id.utf8.count + 1
        return conflicts.compactMap { conflict in
            let id = conflict.documentID
            if id.isExactly(wiki.id) { return (conflict, nil) }
            let utf8 = id.utf8
            guard utf8.count > prefix, utf8.starts(with: wiki.id.utf8),
                utf8[utf8.index(utf8.startIndex, offsetBy: prefix - 1)] == UInt8(ascii: ":"),
                let title = PageTitle(String(id[utf8.index(utf8.startIndex, offsetBy: prefix)...])),
                let position = graph.position(of: title), pages[position].documentID.isExactly(id)
            else { return nil }
            return (conflict, pages[position].title)
        }
    }
}
