import WikiDocuments
import WikiModel
import WikiPages
import WikiRender

/// Where the CamelCase words of a wiki with CamelCase links lead once pages come and go: a word
/// links when its title reaches a page (a page of that title, or an alias's redirect), and is
/// plain text otherwise. So a title that comes or goes changes the outlines of the pages whose
/// text has it as a word: the state's index of the words (`BuildState+CamelCaseWords`) finds
/// them, and they are outlined again as any relinked page is (`relinked`).
extension FastPath {
    /// The pages the changes of `edits` leave as they were but whose CamelCase words link or
    /// unlink, since titles came or went (`titlesComeOrGone`): each as a change of its own
    /// (`ChangedPage.isRelinked`), in byte order.
    ///
    /// - Throws: `FastPathDeclined` as `relinked` does.
    func camelCaseRelinkedPages(
        by edits: WikiEdits, in database: WikiDatabase, published: any PublishedPageLookup, state: BuildState,
        layout: SiteLayout
    ) throws -> [ChangedPage] {
        let comeOrGone = Self.titlesComeOrGone(in: edits)
        guard !comeOrGone.isEmpty else { return [] }
        let wiki = edits.wiki
        let candidates = try camelCaseCandidates(ofWiki: wiki.id, mentioning: comeOrGone, state: state)
        return try relinked(
            candidates, by: edits, with: bodies(of: wiki, in: database, published: published, layout: layout),
            state: state, readAs: "whose CamelCase words may link to a page that came or went")
    }

    /// The titles that reach a page now and did not, or did and no longer do: the pages created
    /// and removed by `edits`, and the aliases whose redirect came or went.
    static func titlesComeOrGone(in edits: WikiEdits) -> Set<PageTitle> {
        var titles = edits.created.union(edits.removed)
        for alias in edits.aliases.now where (alias.redirect != nil) != (edits.aliases.before[alias.alias] != nil) {
            titles.insert(alias.alias)
        }
        return titles
    }

    /// The titles that may reach a page now and did not, or the reverse, once `pages` (the pages
    /// of `wiki` created and edited, as they are now) and the removal of the pages `removed` are
    /// saved: those pages' titles, and every alias they give now or gave. A superset of
    /// `titlesComeOrGone`, known before the changes are worked out: the documents a source read
    /// by its changes hands over are those of the pages that mention them.
    func titlesMayComeOrGo(
        of wiki: Wiki, among pages: [Page], removing removed: [PageTitle], state: BuildState
    ) throws -> Set<PageTitle> {
        let wasPublished = try state.publishedTitles(among: pages.map(\.title), inWiki: wiki.id)
        var titles = Set(removed)
        for page in pages {
            if !wasPublished.contains(page.title) { titles.insert(page.title) }
            titles.formUnion(WikiAliases.given(by: page))
        }
        guard try state.hasAliases(inWiki: wiki.id) else { return titles }
        for title in pages.map(\.title) + removed {
            titles.formUnion(try state.aliases(givenBy: title, inWiki: wiki.id))
        }
        return titles
    }

    /// The pages of wiki `wikiID` whose text has one of `titles` as a CamelCase word where it
    /// would link, as the state's index of the words lists them: one range of its key a title.
    func camelCaseCandidates(
        ofWiki wikiID: String, mentioning titles: Set<PageTitle>, state: BuildState
    ) throws -> Set<PageTitle> {
        var candidates = Set<PageTitle>()
        for title in titles { candidates.formUnion(try state.pages(mentioning: title, inWiki: wikiID)) }
        return candidates
    }
}
