import WikiDocuments
import WikiModel
import WikiRender

/// The search index of one wiki, made from its analysis: every published page with its
/// sections, the home and the special pages by their titles. Drafts are never in an analysis,
/// so no word of one is in the index; nor is a word of another wiki, each wiki having its own.
package struct WikiSearchFiles {
    /// The folder of a wiki's search index: `_search`, a name no title can produce.
    package static let folder = "_search"

    package let analysis: WikiAnalysis
    package let siteLayout: SiteLayout
    /// The words of the wiki's language, which name the special pages.
    let strings: ThemeStrings
    /// How the index's terms are cut into shards.
    package let cut: SearchShardCut

    /// Where the index's file `name` goes.
    package func path(of name: String) -> SitePath {
        SitePath(components: [siteLayout.folder(ofWiki: analysis.wiki.id), Self.folder, name])
    }

    /// Makes the index of the wiki, the home, the special pages and every published page (each
    /// page's Markdown read on every core when its entry is made), and hands it to `sink`.
    package func build(into sink: some SearchIndexSink) throws {
        let wikiID = analysis.wiki.id
        let home = siteLayout.home(ofWiki: wikiID)
        let (pages, graph, layout) = (analysis.pages, analysis.graph, siteLayout)
        let titled =
            [SearchDocument(title: analysis.wiki.title, href: "index.html")]
            + SpecialPage.allCases.map { page in
                SearchDocument(
                    title: strings[page.stringsKey], href: home.href(to: siteLayout.special(page, ofWiki: wikiID)))
            }
        let hrefs = titled.map(\.href) + pages.map { Self.href(of: $0.title, inWiki: wikiID, in: layout) }
        try SearchIndexBuilder(cut: cut).build(hrefs: hrefs, into: sink) { position in
            guard position >= titled.count else { return titled[position] }
            let page = pages[position - titled.count]
            return Self.document(of: page, headings: graph.outline(of: page.title)?.headings ?? [], in: layout)
        }
    }

    /// The document of `page`, whose headings have the ids `headings` gives them.
    package static func document(of page: Page, headings: [Heading], in siteLayout: SiteLayout) -> SearchDocument {
        SearchDocument(
            title: page.displayedTitle ?? page.title.text,
            href: href(of: page.title, inWiki: page.wikiID, in: siteLayout),
            otherTitle: page.displayedTitle == nil ? nil : page.title.text,
            sections: page.withMarkdownUTF8 { SearchSections.sections(ofUTF8: $0, headings: headings) })
    }

    /// The href of the page `title` of wiki `wikiID` from the wiki's folder: its document's in
    /// the index.
    package static func href(of title: PageTitle, inWiki wikiID: String, in siteLayout: SiteLayout) -> String {
        siteLayout.home(ofWiki: wikiID).href(to: siteLayout.page(title, inWiki: wikiID))
    }

    /// The search index of `analysis`'s wiki, in `siteLayout`, with the theme's `strings` and
    /// shards cut by `cut`.
    package init(analysis: WikiAnalysis, siteLayout: SiteLayout, strings: ThemeStrings, cut: SearchShardCut) {
        self.analysis = analysis
        self.siteLayout = siteLayout
        self.strings = strings
        self.cut = cut
    }
}
