import Synchronization
import WikiModel
import WikiRender

/// Renders the Markdown of a wiki's pages and description, with their wikilinks resolved in
/// the wiki: the one place both passes of a build (and the feeds) get a body from, so a body is
/// the same whichever pass rendered it.
struct PageBodyRenderer: Sendable {
    let database: WikiDatabase
    let markdown: MarkdownRenderer

    /// The body of `page`, its links relative to the page's own file.
    func body(of page: Page) -> RenderedMarkdown {
        render(page.wikiID, page.markdown, in: SiteLayout.page(page.title, inWiki: page.wikiID))
    }

    /// The outline of `page`: its links and headings as `body(of:)` finds them, without HTML.
    func outline(of page: Page) -> PageOutline {
        outline(page.wikiID, page.markdown, in: SiteLayout.page(page.title, inWiki: page.wikiID))
    }

    /// The outline of the description of `wiki`, shown on its home.
    func homeOutline(of wiki: Wiki) -> PageOutline {
        outline(wiki.id, wiki.markdown, in: SiteLayout.home(ofWiki: wiki.id))
    }

    /// The Markdown `text` of a file of `wikiID` at `path`, with its wikilinks resolved in
    /// that wiki (a link is `missing` when no published page has its title).
    func render(_ wikiID: String, _ text: String, in path: SitePath) -> RenderedMarkdown {
        markdown.render(text, resolve: resolver(wikiID, path).resolve)
    }

    /// The outline of `text`, a file of `wikiID` at `path`, as `render` finds its links.
    private func outline(_ wikiID: String, _ text: String, in path: SitePath) -> PageOutline {
        let outline = markdown.outline(text, resolve: resolver(wikiID, path).resolve)
        return PageOutline(markdown: text, headings: outline.headings, links: outline.links)
    }

    private func resolver(_ wikiID: String, _ path: SitePath) -> WikiLinkResolver {
        WikiLinkResolver(wikiID: wikiID, linkingFile: path) { database.page(inWiki: wikiID, titled: $0) != nil }
    }
}

/// Page bodies the analysis pass rendered, kept for the writing pass so that a page is not
/// parsed twice, up to a budget of bytes: past it the analysis outlines pages instead, and the
/// writing pass renders them. Memory stays bounded whatever the size of the wiki. Thread-safe.
final class RenderedBodies: Sendable {
    /// How many bytes of HTML are kept at most.
    let budget: Int
    private let bodies = Mutex<[Int: String]>([:])
    private let used = Atomic<Int>(0)

    /// Room for `budget` bytes of HTML (0: keep nothing).
    init(budget: Int) {
        self.budget = budget
    }

    /// Whether the budget is spent: further pages are better outlined than rendered.
    var isFull: Bool {
        used.load(ordering: .relaxed) >= budget
    }

    /// Keeps `html`, the body of the page at `position`, if it fits in the budget.
    func keep(_ html: String, forPageAt position: Int) {
        let size = html.utf8.count
        guard used.add(size, ordering: .relaxed).newValue <= budget else {
            used.subtract(size, ordering: .relaxed)
            return
        }
        bodies.withLock { $0[position] = html }
    }

    /// The body kept for the page at `position`, handed over once (the memory is freed).
    func take(forPageAt position: Int) -> String? {
        bodies.withLock { $0.removeValue(forKey: position) }
    }
}
