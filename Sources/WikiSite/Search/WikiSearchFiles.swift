import WikiDocuments
import WikiModel
import WikiRender

/// The search index of one wiki, made from its analysis: every published page with its
/// sections, the home and the special pages by their titles. Drafts are never in an analysis,
/// so no word of one is in the index; nor is a word of another wiki, each wiki having its own.
struct WikiSearchFiles {
    /// The folder of a wiki's search index: `_search`, a name no title can produce.
    static let folder = "_search"

    let analysis: WikiAnalysis
    let siteLayout: SiteLayout
    /// The words of the wiki's language, which name the special pages.
    let strings: ThemeStrings
    /// How the index's terms are cut into shards.
    let cut: SearchShardCut

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
            Self.document(
                of: pages[position], headings: graph.outline(of: pages[position].title)?.headings ?? [],
                in: siteLayout)
        }
        let special = SpecialPage.allCases.map { page in
            SearchDocument(
                title: strings[page.stringsKey], href: home.href(to: siteLayout.special(page, ofWiki: wikiID)))
        }
        return [SearchDocument(title: analysis.wiki.title, href: "index.html")] + special + pageDocuments
    }

    /// The document of `page`, whose headings have the ids `headings` gives them.
    static func document(of page: Page, headings: [Heading], in siteLayout: SiteLayout) -> SearchDocument {
        SearchDocument(
            title: page.displayedTitle ?? page.title.text,
            otherTitle: page.displayedTitle == nil ? nil : page.title.text,
            href: href(of: page.title, inWiki: page.wikiID, in: siteLayout), markdown: page.markdown,
            headings: headings)
    }

    /// The href of the page `title` of wiki `wikiID` from the wiki's folder: its document's in
    /// the index.
    static func href(of title: PageTitle, inWiki wikiID: String, in siteLayout: SiteLayout) -> String {
        siteLayout.home(ofWiki: wikiID).href(to: siteLayout.page(title, inWiki: wikiID))
    }

    /// Writes the index's files with `writer` (those whose bytes did not change are left
    /// alone), and retires those of an earlier build it no longer has. Returns the index as the
    /// state keeps it.
    func write(with writer: SiteWriter, because cause: String) throws -> SearchIndexChange {
        let index = SearchIndex(documents, cut: cut)
        let files = index.files
        writer.retire(withPrefix: siteLayout.folderPrefix(ofWiki: analysis.wiki.id) + Self.folder + "/", because: cause)
        try writer.announce(files.map { path(of: $0.name) })
        try Concurrently.forEach(files.count) { number in
            let file = files[number]
            try writer.write(file.text, to: path(of: file.name), because: cause)
        }
        return SearchIndexChange(replacingIndexOf: analysis.wiki.id, with: index)
    }
}
