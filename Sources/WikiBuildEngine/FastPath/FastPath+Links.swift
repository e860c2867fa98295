import Foundation
import Synchronization
import WikiDocuments
import WikiModel
import WikiPages
import WikiRender
import WikiSources

/// The links, bodies, embeds and feed entries of the pages the fast path renders again.
extension FastPath {
    /// The facts the change rules read, from the build state's indexed rows: each asked once.
    /// It keeps the stored pages it read, to render them again.
    final class StateRowFacts: ChangeFacts {
        let state: BuildState
        let wikiID: String
        let published: any PublishedPageLookup
        /// The aliases the changes touch.
        let aliases: AliasChanges
        /// The page each touched alias leads to now (nil: none), by alias.
        private let touchedRedirects: [PageTitle: PageTitle?]
        private var knownLinkers: [PageTitle: Set<PageTitle>] = [:]
        private var knownPages: [PageTitle: BuildState.StoredPage] = [:]

        init(state: BuildState, wikiID: String, published: any PublishedPageLookup, aliases: AliasChanges) {
            self.state = state
            self.wikiID = wikiID
            self.published = published
            self.aliases = aliases
            var touchedRedirects: [PageTitle: PageTitle?] = [:]
            for alias in aliases.now { touchedRedirects[alias.alias] = .some(alias.redirect) }
            self.touchedRedirects = touchedRedirects
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

        func linkersBefore(_ title: PageTitle) throws -> Set<PageTitle> {
            if let known = knownLinkers[title] { return known }
            let linkers = try state.linkers(of: title, inWiki: wikiID)
            knownLinkers[title] = linkers
            return linkers
        }

        /// The pages the changes leave as they were link as they did (the fast path takes no
        /// change that turns words into links: CamelCase).
        func linkersNow(_ title: PageTitle) throws -> Set<PageTitle> {
            try linkersBefore(title)
        }

        func outline(ofUnchanged title: PageTitle) throws -> PageOutline {
            try stored(title).outline!
        }

        func isPublishedNow(_ title: PageTitle) -> Bool {
            published.isPublished(title, inWiki: wikiID)
        }

        func pageReachedBefore(through title: PageTitle) throws -> PageTitle? {
            if let touched = aliases.before[title] { return touched }
            return try state.page(reachedThrough: title, inWiki: wikiID)
        }

        /// The touched aliases' redirects as they are now; the state's for the others.
        func pageReachedNow(through title: PageTitle) throws -> PageTitle? {
            if let touched = touchedRedirects[title] { return touched }
            return try state.page(reachedThrough: title, inWiki: wikiID)
        }

        func aliasesThatLeadElsewhere() -> [PageTitle] { aliases.ledElsewhere }

        /// Whether a link to `title` reached a page before the changes (`wasPublished`: whether a
        /// page had the title).
        func wasReached(_ title: PageTitle, wasPublished: Bool) throws -> Bool {
            try wasPublished || state.redirects(title, inWiki: wikiID)
        }

        /// Whether a link to `title` reaches a page now.
        func isReachedNow(_ title: PageTitle) -> Bool {
            isPublishedNow(title) || published.redirects(title, inWiki: wikiID)
        }

        /// The pages that linked to the page `title` before the changes, by its title or through
        /// an alias that led to it; never itself.
        func backlinksBefore(of title: PageTitle) throws -> Set<PageTitle> {
            var linkers = try linkersBefore(title)
            for alias in try state.aliases(leadingTo: title, inWiki: wikiID) {
                linkers.formUnion(try linkersBefore(alias))
            }
            linkers.remove(title)
            return linkers
        }

        /// The pages that link to the page `title` once `moves` are made, by its title or through
        /// an alias that leads to it now; never itself.
        func backlinksNow(of title: PageTitle, moves: LinkMoves) throws -> Set<PageTitle> {
            var linkers = moves.linkers(of: title, before: try linkersBefore(title))
            var leading = try state.aliases(leadingTo: title, inWiki: wikiID).filter { touchedRedirects[$0] == nil }
            leading += aliases.now.filter { $0.redirect == title }.map(\.alias)
            for alias in leading { linkers.formUnion(moves.linkers(of: alias, before: try linkersBefore(alias))) }
            linkers.remove(title)
            return linkers
        }
    }

    /// Works out what the changes of `wiki` touch, by the change rules (`PageChangeRules`):
    /// the pages rendered again with their causes and backlinks, how many links the wiki gains,
    /// and the entries the lists cut at their titles lose and gain.
    ///
    /// - Throws: `FastPathDeclined` when the fast path does not take them (the state lacks
    ///   the outline or the details of a page to render again, or a page embedded in one embeds
    ///   an attachment).
    func links(of wiki: inout WikiEdits, published: any PublishedPageLookup, state: BuildState) throws {
        let facts = StateRowFacts(state: state, wikiID: wiki.wiki.id, published: published, aliases: wiki.aliases)
        let plan = try PageChangeRules.plan(wiki.edits.map(\.change), facts: facts)
        wiki.causes = plan.rendered
        let changed = Set(wiki.edits.map(\.title))
        for title in plan.rendered.keys.sorted() where !changed.contains(title) {
            wiki.linkedPages.append((title, try facts.renderable(title)))
        }
        try countLinks(of: &wiki, plan: plan, published: published, facts: facts)
        for title in wiki.created { insert(TitledListEntry(title, in: .allPages), into: .allPages, of: &wiki) }
        for title in wiki.removed {
            wiki.listRemovals[.allPages, default: []].insert(TitledListEntry(title, in: .allPages).key)
        }
        try settleLists(of: &wiki, moves: plan.moves, published: published, facts: facts)
        for title in plan.rendered.keys where published.isPublished(title, inWiki: wiki.wiki.id) {
            let linkers = try facts.backlinksNow(of: title, moves: plan.moves)
            wiki.backlinks[title] = AlphabeticalOrder.sorted(titles: Array(linkers))
        }
        try addEmbeddedPages(to: &wiki, published: published, renderable: facts.renderable)
    }

    /// Whether `title` was published before the changes of `wiki`.
    private func wasPublished(_ title: PageTitle, in wiki: WikiEdits, published: any PublishedPageLookup) -> Bool {
        wiki.removed.contains(title)
            || (!wiki.created.contains(title) && published.isPublished(title, inWiki: wiki.wiki.id))
    }

    /// Counts the links the changes of `wiki` add and remove, and of them the links to missing
    /// pages (a link to an alias with a redirect is not one): the changed pages' own, and those
    /// of the pages that link to a title that came or went (`plan`).
    private func countLinks(
        of wiki: inout WikiEdits, plan: PageChangePlan, published: any PublishedPageLookup, facts: StateRowFacts
    ) throws {
        for edit in wiki.edits {
            let title = edit.title
            let before = edit.oldOutline.links.compactMap(\.target).filter { $0 != title }
            let now = edit.outline.links.compactMap(\.target).filter { $0 != title }
            wiki.addedLinks += now.count - before.count
            var missingBefore = 0
            for target in before
            where try !facts.wasReached(target, wasPublished: wasPublished(target, in: wiki, published: published)) {
                missingBefore += 1
            }
            wiki.addedMissingLinks += now.count { !facts.isReachedNow($0) } - missingBefore
        }
        for (page, stored) in wiki.linkedPages {
            for case .linksTo(let title, let exists) in plan.rendered[page] ?? [] {
                wiki.addedMissingLinks += (exists ? -1 : 1) * stored.outline!.links.count { $0.target == title }
            }
        }
    }

    /// Moves the titles whose linkers change in and out of the orphaned and wanted pages: the
    /// titles linked to, the changed pages, the aliases that lead elsewhere, and the pages those
    /// aliases lead or led to.
    private func settleLists(
        of wiki: inout WikiEdits, moves: LinkMoves, published: any PublishedPageLookup, facts: StateRowFacts
    ) throws {
        let wikiID = wiki.wiki.id
        let linked = moves.touched.union(wiki.aliases.ledElsewhere)
        var titles = linked.union(wiki.edits.map(\.title))
        for alias in linked {
            titles.formUnion(
                [try facts.pageReachedBefore(through: alias), try facts.pageReachedNow(through: alias)].compactMap(
                    \.self))
        }
        for title in titles {
            let (was, isNow) = (
                wasPublished(title, in: wiki, published: published), published.isPublished(title, inWiki: wikiID)
            )
            let wasOrphan = try was && facts.backlinksBefore(of: title).isEmpty
            let isOrphan = try isNow && facts.backlinksNow(of: title, moves: moves).isEmpty
            if wasOrphan && !isOrphan {
                wiki.listRemovals[.orphanedPages, default: []].insert(TitledListEntry(title, in: .orphanedPages).key)
            }
            if isOrphan && !wasOrphan {
                insert(TitledListEntry(title, in: .orphanedPages), into: .orphanedPages, of: &wiki)
            }
            var before = try facts.linkersBefore(title)
            before.remove(title)
            let now = moves.linkers(of: title, before: before)
            // A title a link reaches through an alias's redirect is not wanted.
            let (wasWanted, isWanted) = (
                try !facts.wasReached(title, wasPublished: was) && !before.isEmpty,
                !facts.isReachedNow(title) && !now.isEmpty
            )
            if wasWanted {
                wiki.listRemovals[.wantedPages, default: []].insert(
                    TitledListEntry.key(of: title, in: .wantedPages, linkerCount: before.count))
            }
            if isWanted {
                let shown = AlphabeticalOrder.sorted(titles: Array(now)).prefix(WikiSpecialPages.linkingPagesShown)
                let linkers = TitledListPart.Linkers(count: now.count, shown: Array(shown))
                insert(TitledListEntry(title, in: .wantedPages, linkers: linkers), into: .wantedPages, of: &wiki)
            }
        }
    }

    /// The renderer of the bodies of `wiki`'s pages and home, from the documents of `database`,
    /// the pages published as `published` says.
    func bodies(
        of wiki: Wiki, in database: WikiDatabase, published: any PublishedPageLookup, layout: SiteLayout
    ) -> PageBodyRenderer {
        PageBodyRenderer(
            database: database,
            markdown: MarkdownRenderer(
                options: options.markdownOptions(
                    forWiki: wiki.id, in: database, names: noteNames.names(ofWiki: wiki.id))),
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

    /// Adds to `wiki` the pages that the pages it renders again (its home and folder notes too)
    /// embed, directly or
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
            + wiki.folderNotes.compactMap(\.stored.outline)
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
