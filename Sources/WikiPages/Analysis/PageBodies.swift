import Synchronization
import WikiDocuments
import WikiModel
import WikiRender

/// Renders the Markdown of a wiki's pages and description, with their wikilinks resolved in
/// the wiki: the one place both passes of a build (and the feeds) get a body from, so a body is
/// the same whichever pass rendered it.
package struct PageBodyRenderer: Sendable {
    package let database: WikiDatabase
    let markdown: MarkdownRenderer
    /// Where the files of the site are, so the files the bodies are in and link to.
    let siteLayout: SiteLayout
    /// The hrefs of pages, shared by every body this renderer makes.
    package var hrefs = PageHrefs()
    /// Which pages are published, when something other than `database` knows (the fast path
    /// reads only the changed documents, and asks the state); nil: `database`.
    var publishedPages: (any PublishedPageLookup)? = nil
    /// The renderings of embedded pages shared by every body this renderer makes: its database,
    /// options and answers are the same for them all.
    let embedRenderings = EmbedRenderings()

    /// The title `page` shows: its front matter's `title`, else, in a folder wiki matched as
    /// Obsidian does, its note's name (`Install` for `guide/Install`), else its title.
    func displayedTitle(of page: Page) -> String {
        if let displayed = page.displayedTitle { return displayed }
        guard markdown.options.titleMatching != nil, let slash = page.title.text.lastIndex(of: "/") else {
            return page.title.text
        }
        return String(page.title.text[page.title.text.index(after: slash)...])
    }

    /// The body of `page`, its links relative to the page's own file.
    package func body(of page: Page) -> RenderedMarkdown {
        body(of: page, in: siteLayout.page(page.title, inWiki: page.wikiID))
    }

    /// The body of `page` shown in the file at `path` (a folder page shows its folder note's):
    /// its links relative to that file.
    func body(of page: Page, in path: SitePath) -> RenderedMarkdown {
        page.withMarkdownUTF8 { render(page.wikiID, $0, of: page.title, in: path) }
    }

    /// The body of `page` with its outline, its Markdown read once for both.
    package func bodyWithOutline(of page: Page) -> (body: RenderedMarkdown, outline: PageOutline) {
        page.withMarkdownUTF8 { text in
            let body = render(page.wikiID, text, of: page.title, in: siteLayout.page(page.title, inWiki: page.wikiID))
            var outline = PageOutline(
                markdown: text, headings: body.headings, links: body.links, attachments: body.attachments,
                blockIDs: body.blockIDs, tags: page.frontMatterTags + body.tags)
            outline.camelCaseWords = PageOutline.distinct(body.camelCaseWords)
            return (body, outline)
        }
    }

    /// The outline of `page`: its links and headings as `body(of:)` finds them, without HTML.
    func outline(of page: Page) -> PageOutline {
        page.withMarkdownUTF8 {
            outline(
                page.wikiID, $0, of: page.title, in: siteLayout.page(page.title, inWiki: page.wikiID),
                frontMatterTags: page.frontMatterTags)
        }
    }

    /// The outline of the description of `wiki`, shown on its home.
    package func homeOutline(of wiki: Wiki) -> PageOutline {
        var text = wiki.markdown
        return text.withUTF8 {
            outline(wiki.id, $0, of: nil, in: siteLayout.home(ofWiki: wiki.id), frontMatterTags: [])
        }
    }

    /// The Markdown `text` of a file of `wikiID` at `path` that is not a page (a home), with
    /// its wikilinks resolved in that wiki (a link is `missing` when no published page has its
    /// title) and its embeds showing that wiki's pages.
    func render(_ wikiID: String, _ text: String, in path: SitePath) -> RenderedMarkdown {
        var text = text
        return text.withUTF8 { render(wikiID, $0, of: nil, in: path) }
    }

    /// The Markdown of page `page` (nil: the home) of `wikiID`, whose UTF-8 bytes are `text`,
    /// in the file at `path`.
    private func render(
        _ wikiID: String, _ text: UnsafeBufferPointer<UInt8>, of page: PageTitle?, in path: SitePath
    ) -> RenderedMarkdown {
        markdown.render(
            utf8: text, of: page, resolve: resolver(wikiID, path).resolve, embeds: embeds(wikiID, path))
    }

    /// The outline of `text`, the text of page `page` (nil: the home) of `wikiID` at `path`,
    /// as `render` finds its links, with its front matter's tags.
    private func outline(
        _ wikiID: String, _ text: UnsafeBufferPointer<UInt8>, of page: PageTitle?, in path: SitePath,
        frontMatterTags: [WikiTag]
    ) -> PageOutline {
        let outline = markdown.outline(
            utf8: text, of: page, resolve: resolver(wikiID, path).resolve, embeds: embeds(wikiID, path))
        var pageOutline = PageOutline(
            markdown: text, headings: outline.headings, links: outline.links, attachments: outline.attachments,
            blockIDs: outline.blockIDs, tags: frontMatterTags + outline.tags)
        pageOutline.camelCaseWords = PageOutline.distinct(outline.camelCaseWords)
        return pageOutline
    }

    private func resolver(_ wikiID: String, _ path: SitePath) -> WikiLinkResolver {
        let exists: (PageTitle) -> Bool
        if let publishedPages {
            exists = {
                publishedPages.isPublished($0, inWiki: wikiID) || publishedPages.redirects($0, inWiki: wikiID)
            }
        } else {
            exists = database.publishedTitles(inWiki: wikiID).reaches
        }
        return WikiLinkResolver(
            wikiID: wikiID, linkingFile: path, siteLayout: siteLayout, exists: exists, hrefs: hrefs)
    }

    private func embeds(_ wikiID: String, _ path: SitePath) -> WikiEmbedSource {
        WikiEmbedSource(
            database: database, wikiID: wikiID, linkingFile: path, siteLayout: siteLayout, renderings: embedRenderings)
    }

    /// A renderer of the bodies of `database`'s pages with `markdown`, linking within `siteLayout`
    /// through `hrefs`; `publishedPages` tells which titles have a page (nil: the database's
    /// published pages).
    package init(
        database: WikiDatabase, markdown: MarkdownRenderer, siteLayout: SiteLayout, hrefs: PageHrefs = PageHrefs(),
        publishedPages: (any PublishedPageLookup)? = nil
    ) {
        self.database = database
        self.markdown = markdown
        self.siteLayout = siteLayout
        self.hrefs = hrefs
        self.publishedPages = publishedPages
    }
}

/// Answers whether a page is published, for a renderer whose database does not hold every page.
package protocol PublishedPageLookup: Sendable {
    /// Whether wiki `wikiID` publishes a page titled `title`.
    func isPublished(_ title: PageTitle, inWiki wikiID: String) -> Bool

    /// Whether `title` is an alias of wiki `wikiID` whose redirect leads to a page
    /// (`WikiAliases`): a link to it reaches a page.
    func redirects(_ title: PageTitle, inWiki wikiID: String) -> Bool

    /// Throws the first error a lookup met, which `isPublished` could not throw (it answers
    /// renderers): called before anything rendered with the answers is used.
    func checkLookups() throws
}

/// What the embeds of a text of wiki `wikiID`, written in the file `linkingFile`, can show:
/// the published pages of that wiki (never a draft, never another wiki's page) and the
/// attachments of its published pages that have their bytes, written beside their page
/// (`SiteLayout.attachment`) in the wiki's folder of `siteLayout`, or once for a folder wiki,
/// whose home note's files the home shows too.
package struct WikiEmbedSource: EmbedSource {
    let database: WikiDatabase
    let wikiID: String
    let linkingFile: SitePath
    let siteLayout: SiteLayout
    /// Where embeds' renderings are shared with the texts of the same wiki in files of the same
    /// folder, whose links are the same; nil: none are.
    var renderings: EmbedRenderings? = nil

    package var renderingScope: EmbedRenderingScope? {
        // The folder's components hold no `/`; counted, they cannot run into the wiki's ID.
        let folder = linkingFile.components.dropLast()
        return renderings.map {
            EmbedRenderingScope(
                renderings: $0, name: (["\(folder.count)"] + folder + [wikiID]).joined(separator: "/"))
        }
    }

    package func markdown(ofPage title: PageTitle) -> String? {
        database.page(inWiki: wikiID, titled: title)?.markdown
    }

    package func attachment(named name: String, ofPage page: PageTitle?) -> EmbeddedAttachment? {
        guard let page else { return homeAttachment(named: name) }
        guard let attachment = database.page(inWiki: wikiID, titled: page)?.attachment(named: name),
            attachment.data != nil
        else { return nil }
        return EmbeddedAttachment(
            href: linkingFile.href(to: siteLayout.attachment(attachment, ofPage: page, inWiki: wikiID)),
            contentType: attachment.contentType)
    }

    /// The home's attachment `name`: a file of a folder wiki's folder its home note names. A wiki
    /// document read from a database shows none.
    private func homeAttachment(named name: String) -> EmbeddedAttachment? {
        guard let attachment = database.wiki(wikiID)?.attachment(named: name), attachment.data != nil,
            let file = siteLayout.folderFile(attachment, ofWiki: wikiID)
        else { return nil }
        return EmbeddedAttachment(href: linkingFile.href(to: file), contentType: attachment.contentType)
    }

    /// The pages and attachments of `wikiID` in `database` that `linkingFile` embeds, in
    /// `siteLayout`, their renderings shared through `renderings` (nil: not shared).
    package init(
        database: WikiDatabase, wikiID: String, linkingFile: SitePath, siteLayout: SiteLayout,
        renderings: EmbedRenderings? = nil
    ) {
        self.database = database
        self.wikiID = wikiID
        self.linkingFile = linkingFile
        self.siteLayout = siteLayout
        self.renderings = renderings
    }
}

/// Page bodies the analysis pass rendered, kept for the writing pass so that a page is not
/// parsed twice: in memory up to a budget of bytes, past it in a scratch file (`SpilledBodies`)
/// when one could be made. Without one, past the budget the analysis outlines pages instead, and
/// the writing pass renders them. Memory stays bounded whatever the size of the wiki.
/// Thread-safe.
package final class RenderedBodies: Sendable {
    /// How many bytes of HTML are kept in memory at most.
    let budget: Int
    private let bodies = Mutex<[Int: String]>([:])
    private let used = Atomic<Int>(0)
    private let spilled: SpilledBodies?

    /// Room for `budget` bytes of HTML in memory (0: keep nothing there), and for the rest in
    /// `spilled`, if given.
    package init(budget: Int, spillingInto spilled: SpilledBodies? = nil) {
        self.budget = budget
        self.spilled = spilled
    }

    /// Whether the body of a page of `markdownSize` bytes of Markdown is worth rendering in the
    /// analysis pass: always when bodies past the budget go to the scratch file; otherwise when
    /// it is likely to fit in what is left of the budget. The HTML of a page is commonly one to
    /// four times its Markdown (a list of links, four): a page whose Markdown is more than a
    /// quarter of the room left (a page of 50 MB, or the budget spent) is better outlined than
    /// rendered, or it would be rendered twice, once for nothing.
    func hasRoom(forMarkdownOf markdownSize: Int) -> Bool {
        if spilled != nil { return true }
        let used = used.load(ordering: .relaxed)
        return used < budget && markdownSize <= (budget - used) / 4
    }

    /// Keeps `html`, the body of the page at `position`: in memory if it fits in the budget,
    /// else in the scratch file if there is one.
    func keep(_ html: String, forPageAt position: Int) {
        let size = html.utf8.count
        guard used.add(size, ordering: .relaxed).newValue <= budget else {
            used.subtract(size, ordering: .relaxed)
            _ = spilled?.keep(html, forPageAt: position)
            return
        }
        bodies.withLock { $0[position] = html }
    }

    /// The body kept for the page at `position`, handed over once (the memory is freed).
    package func take(forPageAt position: Int) -> String? {
        bodies.withLock { $0.removeValue(forKey: position) } ?? spilled?.take(forPageAt: position)
    }
}
