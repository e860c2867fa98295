import Synchronization
import WikiDocuments
import WikiModel
import WikiPages
import WikiRender

/// The notes of each wiki matched as Obsidian does (`LinkMatching.obsidian`), by their names and
/// in their folders, as the fast path renders them once the changes are saved: set by
/// `settleNoteNames`, read by every renderer of the wiki's bodies and by its folder pages.
package final class FastPathNoteNames: Sendable {
    /// The notes of one wiki, and the changes they were settled with.
    struct Settled: Sendable {
        let names: NoteNames
        let folders: FolderTree?
        let changes: NoteChanges
    }

    private let settled = Mutex<[ExactString: Settled]>([:])

    /// The folders of wiki `wikiID`'s notes; nil before they are settled, or in a wiki without
    /// folders.
    func folders(ofWiki wikiID: String) -> FolderTree? {
        settled.withLock { $0[ExactString(wikiID)]?.folders }
    }

    /// The names of wiki `wikiID`'s notes; nil before they are settled.
    func names(ofWiki wikiID: String) -> NoteNames? {
        settled.withLock { $0[ExactString(wikiID)]?.names }
    }

    /// The changes wiki `wikiID`'s notes were settled with; nil before they are settled.
    func changes(ofWiki wikiID: String) -> NoteChanges? {
        settled.withLock { $0[ExactString(wikiID)]?.changes }
    }

    /// Keeps `notes` as wiki `wikiID`'s.
    func settle(_ notes: Settled, ofWiki wikiID: String) {
        settled.withLock { $0[ExactString(wikiID)] = notes }
    }
}

/// The notes of a wiki that come and go with a build's changes.
package struct NoteChanges: Sendable, Equatable {
    /// The notes published anew.
    let created: Set<PageTitle>
    /// The notes no longer published.
    let removed: Set<PageTitle>
}

/// Where the links of a wiki matched as Obsidian does lead once notes come and go.
extension FastPath {
    /// Settles the names and folders of `wiki`'s notes once the changes are saved: the state's
    /// list of all pages, less `removed`, with those of `pages` (the pages created and edited)
    /// it lacks put in place. That list is in alphabetical order, as the folders list their
    /// notes, so no note is sorted. Settled once for the same changes; made from the titles only
    /// when the last build of the process made them from other titles (`NoteNamesMemo`).
    func settleNoteNames(of wiki: Wiki, among pages: [Page], removing removed: [PageTitle], state: BuildState) throws {
        let created = try pages.map(\.title).filter { try !state.isPublished($0, inWiki: wiki.id) }
        let changes = NoteChanges(created: Set(created), removed: Set(removed))
        guard noteNames.changes(ofWiki: wiki.id) != changes else { return }
        var titles = try state.listParts(of: .allPages, inWiki: wiki.id, .all).flatMap(\.titles)
        if !changes.removed.isEmpty { titles.removeAll { changes.removed.contains($0) } }
        titles = AlphabeticalOrder.inserting(changes.created, into: titles)
        let notes = NoteNamesMemo.shared.notes(
            ofWiki: wiki.id, titles: titles, withFolders: options.hasFolders(wiki.id))
        noteNames.settle(
            FastPathNoteNames.Settled(names: notes.names, folders: notes.folders, changes: changes), ofWiki: wiki.id)
    }

    /// The pages the changes of `edits` leave as they were but whose links now lead to other
    /// pages, since notes came or went: each as a change of its own (`ChangedPage.isRelinked`).
    ///
    /// A link leads to a note of the name of the title it led to before (`NoteNames.name(of:)`).
    /// So the pages looked at again are those the state's reverse index lists as linking to a
    /// title of the name of a note that came or went, and the notes of that name themselves
    /// (their links to themselves are not in the index), as `relinked` outlines them again.
    ///
    /// - Throws: `FastPathDeclined` as `relinked` does.
    func relinkedPages(
        by edits: WikiEdits, in database: WikiDatabase, published: any PublishedPageLookup, state: BuildState,
        layout: SiteLayout
    ) throws -> [ChangedPage] {
        let wiki = edits.wiki
        guard noteNames.names(ofWiki: wiki.id) != nil else { return [] }
        let candidates = try relinkCandidates(
            ofWiki: wiki.id, comeOrGone: edits.created.union(edits.removed), state: state)
        return try relinked(
            candidates, by: edits, with: bodies(of: wiki, in: database, published: published, layout: layout),
            state: state, readAs: "whose links may lead to a note that came or went")
    }

    /// The pages among `candidates` that the changes of `edits` leave as they were, outlined
    /// again with `renderer` (whose database holds their documents): those whose links' targets
    /// differ from their stored outlines', each as a change of its own (`ChangedPage.isRelinked`),
    /// in byte order. `role` says why they were read.
    ///
    /// - Throws: `FastPathDeclined` when the state lacks the outline of such a page, or its
    ///   document is not among those the build read (a source read by its changes), or not as
    ///   the state recorded it.
    func relinked(
        _ candidates: Set<PageTitle>, by edits: WikiEdits, with renderer: PageBodyRenderer, state: BuildState,
        readAs role: String
    ) throws -> [ChangedPage] {
        let wiki = edits.wiki
        let changed = Set(edits.edits.map(\.title))
        var relinked: [ChangedPage] = []
        for title in candidates.sorted() where !changed.contains(title) {
            guard let stored = try state.storedPage(title, inWiki: wiki.id), let old = stored.outline else {
                throw FastPathDeclined("the build state lacks the outline of page \(MessageText.quoted(title.text))")
            }
            // A source read by its changes hands these over by `_id` first (`withPagesToRelink`).
            guard renderer.database.page(inWiki: wiki.id, titled: title) != nil else {
                throw FastPathDeclined(
                    "page \(MessageText.quoted(title.text)), \(role), is read by the wiki-wide path alone")
            }
            let page = try recordedPage(title, stored, of: wiki, in: renderer.database, readAs: role)
            let (body, outline) = renderer.bodyWithOutline(of: page)
            guard !old.links.map(\.target).elementsEqual(outline.links.map(\.target)) else { continue }
            var change = ChangedPage(
                title: title, page: page, stored: stored, oldOutline: old, outline: outline,
                body: outline.links.contains(where: \.isEmbed) ? nil : body.html)
            change.isRelinked = true
            relinked.append(change)
        }
        return relinked
    }
}

extension FastPath {
    /// The pages of wiki `wikiID` whose links may lead elsewhere once the notes `comeOrGone`
    /// came or went (`relinkedPages`): those the state's reverse index lists as linking to a title
    /// of one of their names, and the published notes of those names. Its names must be settled.
    func relinkCandidates(
        ofWiki wikiID: String, comeOrGone: Set<PageTitle>, state: BuildState
    ) throws -> Set<PageTitle> {
        guard !comeOrGone.isEmpty, let names = noteNames.names(ofWiki: wikiID) else { return [] }
        let comeOrGoneNames = Set(comeOrGone.map(NoteNames.name(of:)))
        var candidates = Set<PageTitle>()
        for target in try state.linkedTitles(inWiki: wikiID)
        where comeOrGoneNames.contains(NoteNames.name(of: target)) {
            candidates.formUnion(try state.linkers(of: target, inWiki: wikiID))
        }
        for name in comeOrGoneNames { candidates.formUnion(names.notes(named: name)) }
        candidates.subtract(comeOrGone)
        return candidates
    }

    /// The `_id`s of the pages of `wiki` that the changed `pages` and the pages `removed` may
    /// relink, as the state records them: the documents a source read by its changes must hand
    /// over besides them. None unless the wiki matches its links as Obsidian does or has
    /// CamelCase links (`camelCaseCandidates`).
    func documentsToRelink(
        of wiki: Wiki, among pages: [Page], removing removed: [PageTitle], state: BuildState
    ) throws -> [String] {
        var candidates = Set<PageTitle>()
        if options.linkMatching(forWiki: wiki.id) == .obsidian {
            try settleNoteNames(of: wiki, among: pages, removing: removed, state: state)
            if let changes = noteNames.changes(ofWiki: wiki.id) {
                candidates = try relinkCandidates(
                    ofWiki: wiki.id, comeOrGone: changes.created.union(changes.removed), state: state)
            }
        }
        if options.settings(forWiki: wiki.id).camelCaseLinks {
            let mayComeOrGo = try titlesMayComeOrGo(of: wiki, among: pages, removing: removed, state: state)
            candidates.formUnion(try camelCaseCandidates(ofWiki: wiki.id, mentioning: mayComeOrGo, state: state))
        }
        let changed = Set(pages.map(\.title))
        return try candidates.sorted()
            .filter { !changed.contains($0) }
            .compactMap { try state.storedPage($0, inWiki: wiki.id)?.details?.documentID }
    }
}

extension BuildState {
    /// Every title the pages of wiki `wikiID` link to or embed, published or not: the targets
    /// of the reverse index of its links.
    func linkedTitles(inWiki wikiID: String) throws -> [PageTitle] {
        try database.read { db in
            try String.fetchAll(db, sql: "SELECT target FROM linker WHERE wiki = ?", arguments: [wikiID])
                .compactMap(PageTitle.init)
        }
    }
}
