import Foundation
import Synchronization
import WikiDocuments
import WikiModel
import WikiRender
import WikiSources

/// The links, bodies, embeds and feed entries of the pages the fast path renders again.
extension FastPath {
    /// What the state says of the pages of one wiki, each asked once: their stored outlines
    /// and details, and the pages linking to each title before the changes.
    final class StoredPages {
        let state: BuildState
        let wikiID: String
        private var knownLinkers: [PageTitle: Set<PageTitle>] = [:]
        private var knownPages: [PageTitle: BuildState.StoredPage] = [:]

        init(state: BuildState, wikiID: String) {
            self.state = state
            self.wikiID = wikiID
        }

        /// The page `title` as the state keeps it, with its outline.
        func stored(_ title: PageTitle) throws -> BuildState.StoredPage {
            if let known = knownPages[title] { return known }
            guard let stored = try state.storedPage(title, inWiki: wikiID), stored.outline != nil else {
                throw FastPathDeclined("the build state lacks the outline of page \(MessageText.quoted(title.text))")
            }
            knownPages[title] = stored
            return stored
        }

        /// The page `title`, to be rendered again from its document, which the state knows.
        func renderable(_ title: PageTitle) throws -> BuildState.StoredPage {
            let stored = try stored(title)
            guard stored.details != nil else {
                throw FastPathDeclined("the build state lacks the details of page \(MessageText.quoted(title.text))")
            }
            return stored
        }

        /// The pages linking to `title` before the changes, from the state's reverse index.
        func linkersBefore(_ title: PageTitle) throws -> Set<PageTitle> {
            if let known = knownLinkers[title] { return known }
            let linkers = try state.linkers(of: title, inWiki: wikiID)
            knownLinkers[title] = linkers
            return linkers
        }
    }

    /// The links the changes of a wiki add to and take from each target.
    struct LinkMoves {
        var gained: [PageTitle: Set<PageTitle>] = [:]
        var lost: [PageTitle: Set<PageTitle>] = [:]
        /// The targets that gain or lose a linker.
        var touched: Set<PageTitle> { Set(gained.keys).union(lost.keys) }
    }

    /// Works out what the changes of `wiki` touch: whose backlinks change, whose links change
    /// style (they link to a page created or deleted), how many links the wiki gains, and the
    /// entries the lists cut at their titles lose and gain.
    ///
    /// - Throws: `FastPathDeclined` when the fast path does not take them (the state lacks
    ///   the outline or the details of a page to render again, or a page embedded in one embeds
    ///   an attachment).
    func links(of wiki: inout WikiEdits, published: any PublishedPageLookup, state: BuildState) throws {
        let pages = StoredPages(state: state, wikiID: wiki.wiki.id)
        let moves = countLinks(of: &wiki, published: published)
        var restyled = try restyledPages(of: &wiki, pages: pages)
        try addEmbedders(of: &wiki, to: &restyled, pages: pages)
        for title in wiki.created { insert(TitledListEntry(title, in: .allPages), into: .allPages, of: &wiki) }
        for title in wiki.removed {
            wiki.listRemovals[.allPages, default: []].insert(TitledListEntry(title, in: .allPages).key)
        }
        try settleListsAndBacklinks(of: &wiki, moves: moves, restyled: &restyled, published: published, pages: pages)
        for (title, stored) in restyled {
            if wiki.backlinks[title] == nil {
                let linkers = try pages.linkersBefore(title).subtracting([title])
                wiki.backlinks[title] = AlphabeticalOrder.sorted(titles: Array(linkers))
            }
            wiki.linkedPages.append((title, stored))
        }
        wiki.linkedPages.sort { $0.title < $1.title }
        try addEmbeddedPages(to: &wiki, published: published, renderable: pages.renderable)
    }

    /// Whether `title` was published before the changes of `wiki`.
    private func wasPublished(_ title: PageTitle, in wiki: WikiEdits, published: any PublishedPageLookup) -> Bool {
        wiki.removed.contains(title)
            || (!wiki.created.contains(title) && published.isPublished(title, inWiki: wiki.wiki.id))
    }

    /// Counts the links the edits of `wiki` add and remove (and of them, to missing pages), with
    /// the cause of each target's new backlinks.
    private func countLinks(of wiki: inout WikiEdits, published: any PublishedPageLookup) -> LinkMoves {
        let wikiID = wiki.wiki.id
        var moves = LinkMoves()
        for edit in wiki.edits {
            let title = edit.title
            let before = edit.oldOutline.links.compactMap(\.target).filter { $0 != title }
            let now = edit.outline.links.compactMap(\.target).filter { $0 != title }
            wiki.addedLinks += now.count - before.count
            let missingBefore = before.count { !wasPublished($0, in: wiki, published: published) }
            wiki.addedMissingLinks += now.count { !published.isPublished($0, inWiki: wikiID) } - missingBefore
            for target in Set(now).subtracting(before).sorted() {
                moves.gained[target, default: []].insert(title)
                wiki.backlinkCauses[target, default: []].append(ChangeCause.backlink(from: title, links: true))
            }
            for target in Set(before).subtracting(now).sorted() {
                moves.lost[target, default: []].insert(title)
                wiki.backlinkCauses[target, default: []].append(ChangeCause.backlink(from: title, links: false))
            }
        }
        return moves
    }

    /// The pages linking to a page created or deleted: they show their links in another style,
    /// and those links no longer count as missing, or do, so they are rendered again.
    private func restyledPages(
        of wiki: inout WikiEdits, pages: StoredPages
    ) throws -> [PageTitle: BuildState.StoredPage] {
        let changed = Set(wiki.edits.map(\.title))
        var restyled: [PageTitle: BuildState.StoredPage] = [:]
        for title in changed.sorted() where wiki.created.contains(title) || wiki.removed.contains(title) {
            let isCreated = wiki.created.contains(title)
            let cause = ChangeCause.linksTo(title, exists: isCreated)
            for linker in try pages.linkersBefore(title) where !changed.contains(linker) {
                let stored = try pages.renderable(linker)
                wiki.addedMissingLinks += (isCreated ? -1 : 1) * stored.outline!.links.count { $0.target == title }
                restyled[linker] = stored
                wiki.backlinkCauses[linker, default: []].append(cause)
            }
        }
        return restyled
    }

    /// Adds to `restyled` the pages that embed one whose body changed, directly or through the
    /// pages they embed: they show it, so they are rendered again too.
    private func addEmbedders(
        of wiki: inout WikiEdits, to restyled: inout [PageTitle: BuildState.StoredPage], pages: StoredPages
    ) throws {
        let changed = Set(wiki.edits.map(\.title))
        var shown = Set(changed).union(restyled.keys)
        var pending = shown.sorted()
        while let title = pending.popLast() {
            for embedder in try pages.linkersBefore(title) where !changed.contains(embedder) {
                guard try pages.stored(embedder).outline!.links.contains(where: { $0.isEmbed && $0.target == title })
                else { continue }
                restyled[embedder] = try pages.renderable(embedder)
                wiki.backlinkCauses[embedder, default: []].append(ChangeCause.embeds(title))
                if shown.insert(embedder).inserted { pending.append(embedder) }
            }
        }
    }

    /// Moves the titles whose linkers change in and out of the orphaned and wanted pages, and
    /// gives each published one its backlinks now; a page whose backlinks change is rendered again.
    private func settleListsAndBacklinks(
        of wiki: inout WikiEdits, moves: LinkMoves, restyled: inout [PageTitle: BuildState.StoredPage],
        published: any PublishedPageLookup, pages: StoredPages
    ) throws {
        let wikiID = wiki.wiki.id
        let changed = Set(wiki.edits.map(\.title))
        let touched = moves.touched
        for title in touched.union(changed) {
            let before = try pages.linkersBefore(title).subtracting([title])
            let now = before.subtracting(moves.lost[title] ?? []).union(moves.gained[title] ?? []).subtracting([title])
            let (was, isNow) = (
                wasPublished(title, in: wiki, published: published), published.isPublished(title, inWiki: wikiID)
            )
            let (wasOrphan, isOrphan) = (was && before.isEmpty, isNow && now.isEmpty)
            if wasOrphan && !isOrphan {
                wiki.listRemovals[.orphanedPages, default: []].insert(TitledListEntry(title, in: .orphanedPages).key)
            }
            if isOrphan && !wasOrphan {
                insert(TitledListEntry(title, in: .orphanedPages), into: .orphanedPages, of: &wiki)
            }
            if !was && !before.isEmpty {
                wiki.listRemovals[.wantedPages, default: []].insert(
                    TitledListEntry.key(of: title, in: .wantedPages, linkerCount: before.count))
            }
            if !isNow && !now.isEmpty {
                let shown = AlphabeticalOrder.sorted(titles: Array(now)).prefix(WikiSpecialPages.linkingPagesShown)
                let linkers = TitledListPart.Linkers(count: now.count, shown: Array(shown))
                insert(TitledListEntry(title, in: .wantedPages, linkers: linkers), into: .wantedPages, of: &wiki)
            }
            guard isNow else { continue }
            wiki.backlinks[title] = AlphabeticalOrder.sorted(titles: Array(now))
            guard touched.contains(title), !changed.contains(title) else { continue }
            restyled[title] = try pages.renderable(title)
        }
    }

    /// The renderer of the bodies of `wiki`'s pages and home, from the documents of `database`,
    /// the pages published as `published` says.
    func bodies(
        of wiki: Wiki, in database: WikiDatabase, published: any PublishedPageLookup, layout: SiteLayout
    ) -> PageBodyRenderer {
        PageBodyRenderer(
            database: database, markdown: MarkdownRenderer(options: options.markdownOptions(forWiki: wiki.id)),
            siteLayout: layout, publishedPages: published)
    }

    /// The page `title` of `wiki` in `database` (read from the source to render a file: `readAs`
    /// says which), when it is as the state recorded it (`stored`).
    ///
    /// - Throws: `FastPathDeclined` when it is not: the source changed since the last build.
    func recordedPage(
        _ title: PageTitle, _ stored: BuildState.StoredPage, of wiki: Wiki, in database: WikiDatabase,
        readAs role: String
    ) throws -> Page {
        guard let page = database.page(inWiki: wiki.id, titled: title),
            page.documentID.isExactly(stored.details?.documentID ?? ""),
            database.fingerprint(of: page) == stored.fingerprint
        else {
            throw FastPathDeclined(
                "page \(MessageText.quoted(title.text)), \(role), is not as the last build read it")
        }
        return page
    }

    /// The most pages the pages the fast path renders may embed, directly or not.
    static let maximumEmbeddedPages = 256

    /// Adds to `wiki` the pages that the pages it renders again (and its home) embed, directly or
    /// through the pages they embed, and whose documents it reads to show them: the published
    /// pages among them but the changed ones, whose documents are at hand. `renderable` reads a
    /// page, with its outline and details, from the state (once a title).
    ///
    /// - Throws: `FastPathDeclined` when they are too many, or the state lacks the outline of one.
    func addEmbeddedPages(
        to wiki: inout WikiEdits, published: any PublishedPageLookup,
        renderable: (PageTitle) throws -> BuildState.StoredPage
    ) throws {
        let wikiID = wiki.wiki.id
        var changedOutlines: [PageTitle: PageOutline] = [:]
        for edit in wiki.edits where edit.page != nil { changedOutlines[edit.title] = edit.outline }
        var pending =
            [wiki.homeOutline] + wiki.edits.filter { $0.page != nil && $0.body == nil }.map(\.outline)
            + wiki.linkedPages.compactMap(\.stored.outline) + wiki.feed.compactMap(\.stored?.outline)
        var seen = Set<PageTitle>()
        while let outline = pending.popLast() {
            for link in outline.links where link.isEmbed {
                guard let target = link.target, seen.insert(target).inserted else { continue }
                if let changed = changedOutlines[target] {
                    pending.append(changed)
                    continue
                }
                // A page that is not published is shown as missing.
                guard published.isPublished(target, inWiki: wikiID) else { continue }
                let stored = try renderable(target)
                wiki.embeddedPages.append((target, stored))
                guard wiki.embeddedPages.count <= Self.maximumEmbeddedPages else {
                    throw FastPathDeclined(
                        "the pages to render again embed more than \(Self.maximumEmbeddedPages) pages")
                }
                pending.append(stored.outline!)
            }
        }
    }

    /// The pages of the feed of the wiki of `edits` once they are saved, newest first: the
    /// changed pages still published, and the state's newest pages besides them, as many as the
    /// feed shows. The state's are read with their outlines and details, to be rendered.
    ///
    /// - Throws: `FastPathDeclined` when the state lacks the outline or details of one.
    func feed(of edits: WikiEdits, state: BuildState) throws -> [FeedEntry] {
        let length = SiteDiscovery.defaultFeedLength
        let wikiID = edits.wiki.id
        let changed = Set(edits.edits.map(\.title))
        var entries = edits.edits.compactMap { edit in
            edit.page.flatMap { page in page.lastChangeInUTC.map { FeedEntry(title: page.title, updated: $0) } }
        }
        for (title, updated) in try state.lastChanged(length, inWiki: wikiID, besides: changed) {
            entries.append(FeedEntry(title: title, updated: updated))
        }
        entries.sort(by: FeedEntry.precedes)
        entries = Array(entries.prefix(length))
        for index in entries.indices where !changed.contains(entries[index].title) {
            let title = entries[index].title
            guard let stored = try state.storedPage(title, inWiki: wikiID), stored.outline != nil,
                stored.details != nil
            else {
                throw FastPathDeclined(
                    "the build state lacks the outline or details of page \(MessageText.quoted(title.text)), in the feed"
                )
            }
            entries[index].stored = stored
        }
        return entries
    }

    /// Adds `entry` to those `list` gains.
    func insert(_ entry: TitledListEntry, into list: SpecialPage, of wiki: inout WikiEdits) {
        wiki.listInsertions[list, default: []].append(entry)
    }
}
