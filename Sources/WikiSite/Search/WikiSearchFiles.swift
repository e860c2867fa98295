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

    /// Makes the index of the wiki, the home, the special pages and every published page (each
    /// page's Markdown read on every core when its entry is made), and hands it to `sink`.
    func build(into sink: some SearchIndexSink) throws {
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
    static func document(of page: Page, headings: [Heading], in siteLayout: SiteLayout) -> SearchDocument {
        SearchDocument(
            title: page.displayedTitle ?? page.title.text,
            href: href(of: page.title, inWiki: page.wikiID, in: siteLayout),
            otherTitle: page.displayedTitle == nil ? nil : page.title.text,
            sections: page.withMarkdownUTF8 { SearchSections.sections(ofUTF8: $0, headings: headings) })
    }

    /// The href of the page `title` of wiki `wikiID` from the wiki's folder: its document's in
    /// the index.
    static func href(of title: PageTitle, inWiki wikiID: String, in siteLayout: SiteLayout) -> String {
        siteLayout.home(ofWiki: wikiID).href(to: siteLayout.page(title, inWiki: wikiID))
    }

    /// Writes the index's files with `writer` (those whose bytes did not change are left
    /// alone) and records its rows in `state` as it makes them (`RecordedSearchIndex`), with the
    /// file of each alias's redirect (`SearchAliasFile`), and retires the files of an earlier
    /// build it no longer has.
    func write(with writer: SiteWriter, recordingIn state: BuildState, because cause: String) throws {
        let aliasFiles = analysis.aliases.redirects.map {
            SearchAliasFile.file(of: $0, inWiki: analysis.wiki.id, in: siteLayout)
        }
        writer.retire(withPrefix: siteLayout.folderPrefix(ofWiki: analysis.wiki.id) + Self.folder + "/", because: cause)
        try writer.announce(aliasFiles.map { path(of: $0.name) })
        for file in aliasFiles { try writer.write(file.text, to: path(of: file.name), because: cause) }
        try state.forgetSearchIndex(ofWiki: analysis.wiki.id)
        try build(into: RecordedSearchIndex(files: self, writer: writer, state: state, cause: cause))
    }
}
