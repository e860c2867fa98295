import WikiDocuments
import WikiModel
import WikiPages
import WikiRender

extension FastPath {
    /// An alias with the pages that give it, and the page its redirect leads to: the state's rows
    /// of one alias (`BuildState.StoredAliases`).
    struct GivenAlias: Sendable, Equatable {
        let alias: PageTitle
        /// The pages that give it, in byte order.
        let givers: [PageTitle]
        /// The page its redirect leads to; nil when a page has its title, or no page gives it.
        let redirect: PageTitle?
    }

    /// The aliases a wiki's changes touch, as they were and as they are: those the changed pages
    /// gave or give, and the titles of the pages that appeared or vanished. Every other alias
    /// keeps its redirect, so the state's rows answer for it.
    ///
    /// An alias leads where `WikiAliases` says: nowhere when a page has its title, else to the
    /// first page in byte order that gives it. (Names whose 50-bit hashes clash are not compared,
    /// as the fast path compares no page's: `FileNameClaims`.)
    struct AliasChanges: Sendable {
        /// The redirects of the touched aliases before the changes, by alias.
        var before: [PageTitle: PageTitle] = [:]
        /// The touched aliases now, in byte order.
        var now: [GivenAlias] = []

        /// The aliases whose redirect leads to another page than before, or came or went, in
        /// byte order.
        var ledElsewhere: [PageTitle] {
            now.filter { $0.redirect != before[$0.alias] }.map(\.alias)
        }

        /// The redirects that are new or lead elsewhere.
        var written: [WikiAliases.Redirect] {
            now.compactMap { alias in
                guard let page = alias.redirect, before[alias.alias] != page else { return nil }
                return WikiAliases.Redirect(alias: alias.alias, page: page)
            }
        }

        /// The aliases whose redirect is no longer made (a page that takes the title writes over
        /// the file, and the writer keeps it).
        var gone: [PageTitle] {
            now.filter { $0.redirect == nil && before[$0.alias] != nil }.map(\.alias)
        }
    }

    /// The aliases the changes of `wiki` touch: `pages`, its pages edited or created (as they are
    /// now), and `removed`, the titles of those no longer published. `published` says which
    /// pages are published now; the state, which were.
    ///
    /// - Throws: `FastPathDeclined` when a new redirect's file is another file of the last build.
    func aliasChanges(
        of wiki: Wiki, among pages: [Page], removing removed: [PageTitle], published: any PublishedPageLookup,
        state: BuildState, layout: SiteLayout
    ) throws -> AliasChanges {
        var givenNow: [PageTitle: [PageTitle]] = [:]
        var touched = Set<PageTitle>()
        for page in pages {
            for alias in WikiAliases.given(by: page) { givenNow[alias, default: []].append(page.title) }
            if try !state.isPublished(page.title, inWiki: wiki.id) { touched.insert(page.title) }
        }
        let changed = Set(pages.map(\.title)).union(removed)
        touched.formUnion(givenNow.keys)
        touched.formUnion(removed)
        for title in changed { touched.formUnion(try state.aliases(givenBy: title, inWiki: wiki.id)) }
        var changes = AliasChanges()
        for alias in touched.sorted() {
            let rows = try state.givers(ofAlias: alias, inWiki: wiki.id)
            if let redirect = rows.first(where: \.redirects) { changes.before[alias] = redirect.page }
            let givers = (rows.map(\.page).filter { !changed.contains($0) } + givenNow[alias, default: []]).sorted()
            guard !givers.isEmpty || !rows.isEmpty else { continue }
            let redirect = published.isPublished(alias, inWiki: wiki.id) ? nil : givers.first
            changes.now.append(GivenAlias(alias: alias, givers: givers, redirect: redirect))
            // A file of the last build where a new redirect goes is the wiki-wide path's, but the
            // file of a page that went.
            if redirect != nil, changes.before[alias] == nil, try !state.isPublished(alias, inWiki: wiki.id),
                try state.recordedOutput(at: layout.page(alias, inWiki: wiki.id).description) != nil
            {
                throw FastPathDeclined(
                    "the redirect of alias \(MessageText.quoted(alias.text)) goes where another file is")
            }
        }
        return changes
    }

    /// Adds the redirects the alias changes of `edits` write (in the language of `strings`) and
    /// remove to `files`, with their files of the search index when the wiki has search
    /// (`SearchAliasFile`), and their rows to `update`.
    func addRedirects(
        of edits: WikiEdits, layout: SiteLayout, strings: ThemeStrings, to files: inout WikiFiles,
        into update: inout StateUpdate
    ) {
        let wikiID = edits.wiki.id
        guard !edits.aliases.now.isEmpty else { return }
        for redirect in edits.aliases.written {
            files.written.append(
                (
                    layout.page(redirect.alias, inWiki: wikiID),
                    AliasRedirect.html(of: redirect, inWiki: wikiID, in: layout, strings: strings),
                    ChangeCause.aliasOf(redirect.page).description
                ))
        }
        for alias in edits.aliases.gone {
            files.removed.append((layout.page(alias, inWiki: wikiID), ChangeCause.aliasGone.description))
        }
        if options.settings(forWiki: wikiID).search { addSearchAliasFiles(of: edits, layout: layout, to: &files) }
        update.changedAliases.append((wikiID, edits.aliases.now))
    }

    /// Adds the search index's files of the redirects the alias changes of `edits` write and
    /// remove to `files`: each goes and comes with its redirect.
    private func addSearchAliasFiles(of edits: WikiEdits, layout: SiteLayout, to files: inout WikiFiles) {
        let wikiID = edits.wiki.id
        let folder = [layout.folder(ofWiki: wikiID), WikiSearchFiles.folder]
        for redirect in edits.aliases.written {
            let file = SearchAliasFile.file(of: redirect, inWiki: wikiID, in: layout)
            files.written.append(
                (
                    SitePath(components: folder + [file.name]), file.text,
                    ChangeCause.aliasOf(redirect.page).description
                ))
        }
        for alias in edits.aliases.gone {
            files.removed.append(
                (SitePath(components: folder + [SearchAliasFile.name(of: alias)]), ChangeCause.aliasGone.description))
        }
    }
}
