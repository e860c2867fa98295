import WikiDocuments
import WikiModel

/// The search index of one wiki, made from its analysis: every published page with its
/// sections, the home and the special pages by their titles. Drafts are never in an analysis,
/// so no word of one is in the index; nor is a word of another wiki, each wiki having its own.
struct WikiSearchFiles {
    /// The folder of a wiki's search index: `_search`, a name no title can produce.
    static let folder = "_search"

    let analysis: WikiAnalysis
    let siteLayout: SiteLayout
    /// What names the special pages, in the wiki's language.
    let chrome: WikiChrome

    /// Where the index's file `name` goes.
    func path(of name: String) -> SitePath {
        SitePath(components: [siteLayout.folder(ofWiki: analysis.wiki.id), Self.folder, name])
    }

    /// The documents of the index, the pages' Markdown read on every core.
    var documents: [SearchDocument] {
        let wikiID = analysis.wiki.id
        let home = siteLayout.home(ofWiki: wikiID)
        let pages = analysis.pages
        let graph = analysis.graph
        let pageDocuments = Concurrently.map(pages.count) { position in
            let page = pages[position]
            return SearchDocument(
                title: page.displayedTitle ?? page.title.text,
                otherTitle: page.displayedTitle == nil ? nil : page.title.text,
                href: home.href(to: siteLayout.page(page.title, inWiki: wikiID)), markdown: page.markdown,
                headings: graph.outline(of: page.title)?.headings ?? [])
        }
        let special = SpecialPage.allCases.map { page in
            SearchDocument(title: chrome.title(of: page), href: home.href(to: siteLayout.special(page, ofWiki: wikiID)))
        }
        return [SearchDocument(title: analysis.wiki.title, href: "index.html")] + special + pageDocuments
    }

    /// Writes the index's files with `writer` (those whose bytes did not change are left
    /// alone), and retires those of an earlier build it no longer has.
    func write(with writer: SiteWriter, because cause: String) throws {
        let index = SearchIndex(documents)
        writer.retire(withPrefix: siteLayout.folderPrefix(ofWiki: analysis.wiki.id) + Self.folder + "/", because: cause)
        try writer.announce(index.files.map { path(of: $0.name) })
        try Concurrently.forEach(index.files.count) { number in
            let file = index.files[number]
            try writer.write(file.text, to: path(of: file.name), because: cause)
        }
    }
}
