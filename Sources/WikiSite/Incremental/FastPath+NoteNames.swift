import Synchronization
import WikiDocuments
import WikiModel
import WikiRender

/// The notes of each wiki matched as Obsidian does (`LinkMatching.obsidian`), by their names,
/// as the fast path renders them once the changes are saved: set by `settleNoteNames`, read by
/// every renderer of the wiki's bodies.
final class FastPathNoteNames: Sendable {
    private let names = Mutex<[ExactString: NoteNames]>([:])

    /// The names of wiki `wikiID`'s notes; nil before they are settled.
    func names(ofWiki wikiID: String) -> NoteNames? {
        names.withLock { $0[ExactString(wikiID)] }
    }

    /// Keeps `noteNames` as the names of wiki `wikiID`'s notes.
    func settle(_ noteNames: NoteNames, ofWiki wikiID: String) {
        names.withLock { $0[ExactString(wikiID)] = noteNames }
    }
}

/// Where the links of a wiki matched as Obsidian does lead once notes come and go.
extension FastPath {
    /// Settles the names of `wiki`'s notes once the changes are saved: the state's published
    /// pages, less `removed`, with `pages` (those created and edited).
    func settleNoteNames(of wiki: Wiki, among pages: [Page], removing removed: [PageTitle], state: BuildState) throws {
        var titles = Set(try state.pageFingerprints(inWiki: wiki.id).map(\.title))
        titles.subtract(removed)
        titles.formUnion(pages.map(\.title))
        noteNames.settle(NoteNames(titles: titles), ofWiki: wiki.id)
    }

    /// The pages the changes of `edits` leave as they were but whose links now lead to other
    /// pages, since notes came or went: each as a change of its own (`ChangedPage.isRelinked`).
    ///
    /// A link leads to a note of the name of the title it led to before (`NoteNames.name(of:)`).
    /// So the pages looked at again are those the state's reverse index lists as linking to a
    /// title of the name of a note that came or went, and the notes of that name themselves
    /// (their links to themselves are not in the index). Each is outlined again with the names
    /// now, and is relinked when its links' targets differ from its stored outline's.
    ///
    /// - Throws: `FastPathDeclined` when the state lacks the outline of such a page, or its
    ///   document is not among those the build read (a source read by its changes), or not as
    ///   the state recorded it.
    func relinkedPages(
        by edits: WikiEdits, in database: WikiDatabase, published: any PublishedPageLookup, state: BuildState,
        layout: SiteLayout
    ) throws -> [ChangedPage] {
        let wiki = edits.wiki
        guard let names = noteNames.names(ofWiki: wiki.id) else { return [] }
        let changed = Set(edits.edits.map(\.title))
        let comeOrGone = Set(edits.created.union(edits.removed).map(NoteNames.name(of:)))
        var candidates = Set<PageTitle>()
        for target in try state.linkedTitles(inWiki: wiki.id) where comeOrGone.contains(NoteNames.name(of: target)) {
            candidates.formUnion(try state.linkers(of: target, inWiki: wiki.id))
        }
        for name in comeOrGone { candidates.formUnion(names.notes(named: name)) }
        let renderer = bodies(of: wiki, in: database, published: published, layout: layout)
        var relinked: [ChangedPage] = []
        for title in candidates.sorted() where !changed.contains(title) {
            guard let stored = try state.storedPage(title, inWiki: wiki.id), let old = stored.outline else {
                throw FastPathDeclined("the build state lacks the outline of page \(MessageText.quoted(title.text))")
            }
            // A source read by its changes (a store) hands over the changed documents alone.
            guard database.page(inWiki: wiki.id, titled: title) != nil else {
                throw FastPathDeclined(
                    "page \(MessageText.quoted(title.text)) may link to a note that came or went, "
                        + "and only the wiki-wide path reads it")
            }
            let page = try recordedPage(
                title, stored, of: wiki, in: database, readAs: "whose links may lead to a note that came or went")
            let (body, outline) = renderer.bodyWithOutline(of: page)
            guard !old.links.map(\.target).elementsEqual(outline.links.map(\.target)) else { continue }
            relinked.append(
                ChangedPage(
                    title: title, page: page, stored: stored, oldOutline: old, outline: outline,
                    body: outline.links.contains(where: \.isEmbed) ? nil : body.html, isRelinked: true))
        }
        return relinked
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
