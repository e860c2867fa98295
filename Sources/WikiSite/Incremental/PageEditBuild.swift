import Foundation
import Synchronization
import WikiDocuments
import WikiModel
import WikiRender
import WikiSources

/// A build of edits to published pages that reads nothing but the source's changes after its
/// checkpoint, the wikis' own documents, the documents of the pages whose backlinks the edits
/// change, and indexed rows of the build state: its cost follows the change, not the size of the
/// wiki.
///
/// It serves when the only source can say what changed since the last build and hand over
/// documents by `_id` (`SourceChanges`: the embedded store, from the snapshot of its changes; a
/// CouchDB server, which has no snapshots, right after them; a dump, compared entry by entry with
/// the ledger of the last build's reading of it), the build has no base URL (sitemaps list
/// every page) and publishes every wiki, and every change is an edit that leaves the wiki's lists
/// of pages as they were: a page published before and after, under the same title and document,
/// without conflicts, attachments or embeds, which no page embeds, in a wiki whose own document
/// did not change (a conflict of it stays as it was); links may come and go between published
/// pages, as long as no page gains its first backlink or loses its last (the orphaned pages) and
/// no missing title gains or loses a linking page (the wanted pages).
///
/// Such edits change the pages' own files, the files of the pages whose backlinks they change
/// (read from the source by `_id`, from a snapshot with no change after the one read), the lists
/// by date (their first 500 entries come from one seek of the state's index of each date), the
/// statistics (worked out from the last build's and the edits) and the home. Anything else (a
/// created, deleted or renamed page, a draft toggled, the orphaned or wanted pages changed) is
/// left to the build proper, which reads the whole source.
///
/// A source read whole (a dump that cannot be compared with a ledger, several sources) is served
/// the same way once its fingerprints show that every change is such an edit (`serveIfEdits`):
/// the wiki is not analysed again.
///
/// Both make the same files: `PageEditBuildRandomTests`, `IncrementalStoreBuildTests` and
/// `IncrementalBuildTests` hold them to a clean build after random edits, and `--verify`
/// compares any build with one.
struct PageEditBuild {
    /// The most changed documents a build of edits takes on; past it, the build proper is cheaper
    /// than a lookup a page.
    static let maximumChanges = 64

    let options: BuildOptions
    let shape: BuildShape
    let theme: Theme
    let reporter: any BuildReporter

    /// An edited page, rendered.
    private struct EditedPage {
        let page: Page
        let stored: BuildState.StoredPage
        /// Its outline as it was (`stored`'s, which decoded) and as it is.
        let oldOutline: PageOutline
        let outline: PageOutline
        let body: String
    }

    /// The edits of one wiki and what they touch.
    private struct WikiEdits {
        let wiki: Wiki
        var edits: [EditedPage] = []
        /// The pages whose backlinks the edits change (edited ones among them), with their
        /// backlinks now, in alphabetical order.
        var backlinks: [PageTitle: [PageTitle]] = [:]
        /// The pages not edited whose backlinks changed: rendered again from their documents.
        var linkedPages: [(title: PageTitle, stored: BuildState.StoredPage)] = []
        /// Why the backlinks of each page changed (`"Beta" now links here`), as the build proper
        /// says it.
        var backlinkCauses: [PageTitle: [String]] = [:]
        /// How many more links (and of them, to missing pages) the wiki has.
        var addedLinks = 0
        var addedMissingLinks = 0
    }

    /// The summary of the build of the changes of the only source since `last`, or nil when a
    /// build of edits does not serve them (nothing was written). The source is one that delivers
    /// its changes after a checkpoint and documents by `_id` (`DocumentLookupSource`), or a dump
    /// the last build read, compared with the ledger of its entries (`DumpLedger`): a dump in
    /// which no entry differs is a build with nothing to do (`UnchangedSources`), whatever the
    /// build's options.
    func summaryIfServed(after last: LastBuild) throws -> BuildSummary? {
        guard options.sources.count == 1 else { return nil }
        let servesEdits = options.baseURL == nil && options.wikiIDs.isEmpty
        let storedWikis = last.wikis
        let path = options.sources[0]
        let name = DocumentSources.displayName(of: path)
        let wikiIDs = storedWikis.keys.sorted().map(\.value)
        guard let source = try? DocumentSources.open(path, markdownFolder: options.markdownFolder) else { return nil }
        let changes: any SourceChanges
        do {
            if let source = source as? any DocumentLookupSource {
                guard servesEdits,
                    let read = try SequencedChanges.read(source, named: name, after: last, thenDocuments: wikiIDs)
                else { return nil }
                changes = read
            } else if let dump = source as? DumpSource, let ledger = try last.state.dumpLedger(ofSource: name) {
                reporter.stage("comparing \(dump.name) with the last build's reading of it")
                guard
                    let read = try ComparedDumpChanges.read(
                        dump, named: name, comparedWith: ledger, after: last, thenDocuments: wikiIDs)
                else { return nil }
                if read.changeCount == 0 {
                    guard read.isUnchanged else { return nil }
                    return try UnchangedSources(options: options, shape: shape, reporter: reporter)
                        .summary(of: last, advances: [read.advance])
                }
                guard servesEdits else { return nil }
                changes = read
            } else {
                return nil
            }
        } catch {
            throw BuildError.unreadableSource(path: name, reason: "\(error)")
        }
        guard changes.changeCount <= Self.maximumChanges else { return nil }
        let changed = changes.delivered.prefix(changes.changeCount)
        var builder = WikiDatabaseBuilder()
        for document in changes.delivered { builder.add(document) }
        let database = builder.build()
        // A wiki's document may be in conflict, as it was at the last build (its fingerprint says
        // so); a page may not.
        guard database.skipped.isEmpty, database.skippedAttachments.isEmpty,
            database.conflicts.allSatisfy({ storedWikis[ExactString($0.documentID)] != nil }),
            database.wikis.count == storedWikis.count
        else { return nil }
        for wiki in database.wikis {
            guard let stored = storedWikis[ExactString(wiki.id)], stored.title.isExactly(wiki.title),
                stored.fingerprint == DocumentFingerprint.of(wiki, conflict: database.conflict(ofDocument: wiki.id))
            else { return nil }
        }
        let state = last.state
        let layout = SiteLayout(folders: try WikiFolders(wikiIDs: wikiIDs, settings: options.wikiSettings))

        // Every changed document is a published page that stays one, or was never published.
        let published = StatePublishedPages(state: state)
        var wikis: [WikiEdits] = []
        var publishedIDs = Set<ExactString>()
        for wiki in database.wikis {
            let pages = database.pages(inWiki: wiki.id)
            publishedIDs.formUnion(pages.map { ExactString($0.documentID) })
            guard
                let wikiEdits = try edits(
                    of: wiki, among: pages, in: database, published: published, state: state, layout: layout)
            else { return nil }
            wikis.append(wikiEdits)
        }
        try published.checkLookups()
        for document in changed where !publishedIDs.contains(ExactString(document.id)) {
            for wiki in wikiIDs where try state.publishes(document: document.id, inWiki: wiki) {
                return nil
            }
        }

        // The pages whose backlinks changed, as the source holds them still.
        let linkedIDs = wikis.flatMap { $0.linkedPages.compactMap { $0.stored.details?.documentID } }
        var pagesDatabase = database
        if !linkedIDs.isEmpty {
            let linked: [Document]?
            do {
                linked = try changes.documents(linkedIDs)
            } catch {
                throw BuildError.unreadableSource(path: name, reason: "\(error)")
            }
            guard let linked else { return nil }
            var builder = WikiDatabaseBuilder()
            for document in changes.delivered + linked { builder.add(document) }
            pagesDatabase = builder.build()
            guard pagesDatabase.skipped.isEmpty, pagesDatabase.skippedAttachments.isEmpty,
                pagesDatabase.conflicts.count == database.conflicts.count
            else { return nil }
        }

        var update = StateUpdate(replacesEverything: false, settings: shape.settings)
        var summary = BuildSummary()
        changes.record(into: &update, summary: &summary)
        summary.readChangesOnly = true
        summary.documentsRead = changes.changeCount
        summary.changedDocuments = Set(changed.map { ExactString($0.id) }).count
        guard
            try serve(
                wikis, storedWikis: storedWikis, in: pagesDatabase, published: published, state: state, layout: layout,
                update: update, summary: &summary)
        else { return nil }
        return summary
    }

    /// The build of the edits of `planner`'s database, every document of the sources (read whole:
    /// a dump), when the only changes `planner` found in `wikis` (`changes`, one a wiki) are edits
    /// a build of edits serves: true when it wrote and committed them, with what it did added to
    /// `summary` (which holds what the reading found); false when nothing was written, and the
    /// build proper runs. `update` holds the sources' checkpoints.
    func serveIfEdits(
        of planner: IncrementalPlanner, wikis wikiList: [Wiki], changes: [IncrementalPlanner.WikiChanges?],
        layout: SiteLayout, update: StateUpdate, summary: inout BuildSummary
    ) throws -> Bool {
        let (database, state) = (planner.database, planner.state)
        guard planner.fullBuild == nil, options.baseURL == nil, planner.storedWikis.count == wikiList.count,
            planner.storedWikis.values.allSatisfy({ $0.pageCount != nil })
        else { return false }
        let published = DatabasePublishedPages(database: database)
        var wikis: [WikiEdits] = []
        var changedDocuments = 0
        for (wiki, wikiChanges) in zip(wikiList, changes) {
            guard let wikiChanges, !wikiChanges.wikiChanged, !wikiChanges.pages.changesExistence else { return false }
            changedDocuments += wikiChanges.pages.count
            let edited = wikiChanges.pages.edited.compactMap { database.page(inWiki: wiki.id, titled: $0) }
            guard changedDocuments <= Self.maximumChanges,
                edited.allSatisfy({ database.conflict(ofDocument: $0.documentID) == nil }),
                let wikiEdits = try edits(
                    of: wiki, among: edited, in: database, published: published, state: state, layout: layout)
            else { return false }
            wikis.append(wikiEdits)
        }
        guard changedDocuments > 0 else { return false }
        var served = summary
        served.changedDocuments = changedDocuments
        served.editsBuiltFromState = true
        guard
            try serve(
                wikis, storedWikis: planner.storedWikis, in: database, published: published, state: state,
                layout: layout, update: update, summary: &served)
        else { return false }
        summary = served
        return true
    }

    /// The edits of `wiki` among `pages` (its pages as they are now: an edit is a page whose
    /// fingerprint is not the state's), rendered, and what they touch; nil when a build of edits
    /// does not serve them.
    private func edits(
        of wiki: Wiki, among pages: [Page], in database: WikiDatabase, published: any PublishedPageLookup,
        state: BuildState, layout: SiteLayout
    ) throws -> WikiEdits? {
        var wikiEdits = WikiEdits(wiki: wiki)
        for page in pages {
            guard let stored = try state.storedPage(page.title, inWiki: wiki.id),
                let details = stored.details, details.documentID.isExactly(page.documentID)
            else { return nil }
            guard stored.fingerprint != DocumentFingerprint.of(page, conflict: nil) else { continue }
            guard
                let edit = try edit(
                    page, stored: stored, of: wiki, in: database, published: published, state: state, layout: layout)
            else { return nil }
            wikiEdits.edits.append(edit)
        }
        guard try links(of: &wikiEdits, published: published, state: state) else { return nil }
        return wikiEdits
    }

    /// Writes the files `wikis` change (their pages' documents in `database`, the pages published
    /// as `published` says), then commits them and `update` to the state, with what it did in
    /// `summary`; false when the state lacks what the files need, before anything is written.
    private func serve(
        _ wikis: [WikiEdits], storedWikis: [ExactString: BuildState.StoredWiki], in database: WikiDatabase,
        published: any PublishedPageLookup, state: BuildState, layout: SiteLayout, update: StateUpdate,
        summary: inout BuildSummary
    ) throws -> Bool {
        var update = update
        summary.notes.append(SiteDiscovery.missingBaseURLNote)
        var files: [(path: SitePath, html: String, cause: String)] = []
        for wikiEdits in wikis {
            let wiki = wikiEdits.wiki
            let stored = storedWikis[ExactString(wiki.id)]!
            summary.wikis.append(
                PublishedWiki(
                    id: wiki.id, title: wiki.title, pageCount: stored.pageCount!, home: layout.home(ofWiki: wiki.id)))
            guard !wikiEdits.edits.isEmpty else { continue }
            guard
                let wikiFiles = try wikiFiles(
                    of: wikiEdits, pageCount: stored.pageCount!, in: database, published: published, state: state,
                    layout: layout, into: &update)
            else { return false }
            files += wikiFiles
        }
        try published.checkLookups()

        // Written, then committed.
        let writer: SiteWriter
        do {
            try state.markUnfinished()
            writer = try SiteWriter(
                outputFolder: options.outputFolder, record: state, previousBuildWasInterrupted: false,
                listsOutputs: options.listsOutputs)
        } catch {
            throw BuildError.output("\(error)")
        }
        do {
            try writer.announce(files.map(\.path))
            for file in files { try writer.write(file.html, to: file.path, because: file.cause) }
            try writer.finish(committing: update, to: state, summary: &summary)
        } catch {
            writer.abandon()
            throw error as? BuildError ?? BuildError.output("\(error)")
        }
        return true
    }

    /// `page`, an edit of the published page `stored` of `wiki`, rendered, when a build of edits
    /// serves it: nil when it has or had an attachment or an embed, or when a page embeds it.
    private func edit(
        _ page: Page, stored: BuildState.StoredPage, of wiki: Wiki, in database: WikiDatabase,
        published: any PublishedPageLookup, state: BuildState, layout: SiteLayout
    ) throws -> EditedPage? {
        guard page.attachments.isEmpty, let old = stored.outline, old.attachments.isEmpty,
            !old.links.contains(where: \.isEmbed),
            try state.recordedOutputs(
                withPrefix: layout.folderPrefix(ofWiki: wiki.id) + SitePaths.attachmentFolder(page.title) + "/"
            ).isEmpty
        else { return nil }
        let renderer = PageBodyRenderer(
            database: database, markdown: MarkdownRenderer(options: options.markdownOptions(forWiki: wiki.id)),
            siteLayout: layout, publishedPages: published)
        let (body, outline) = renderer.bodyWithOutline(of: page)
        guard outline.attachments.isEmpty, !outline.links.contains(where: \.isEmbed) else { return nil }
        for linker in try state.linkers(of: page.title, inWiki: wiki.id) where linker != page.title {
            guard let outline = try state.storedPage(linker, inWiki: wiki.id)?.outline,
                !outline.links.contains(where: { $0.isEmbed && $0.target == page.title })
            else { return nil }
        }
        return EditedPage(page: page, stored: stored, oldOutline: old, outline: outline, body: body.html)
    }

    /// Works out whose backlinks the edits of `wiki` change, and how many links the wiki gains;
    /// false when a build of edits does not serve them: a link to or from a missing page comes or
    /// goes (the wanted pages change), or a page gains its first backlink or loses its last (the
    /// orphaned pages change).
    private func links(of wiki: inout WikiEdits, published: any PublishedPageLookup, state: BuildState) throws -> Bool {
        let wikiID = wiki.wiki.id
        let edited = Set(wiki.edits.map(\.page.title))
        var gained: [PageTitle: Set<PageTitle>] = [:]
        var lost: [PageTitle: Set<PageTitle>] = [:]
        for edit in wiki.edits {
            let title = edit.page.title
            let before = edit.oldOutline.links.compactMap(\.target).filter { $0 != title }
            let now = edit.outline.links.compactMap(\.target).filter { $0 != title }
            wiki.addedLinks += now.count - before.count
            wiki.addedMissingLinks +=
                now.count { !published.isPublished($0, inWiki: wikiID) }
                - before.count { !published.isPublished($0, inWiki: wikiID) }
            let quoted = MessageText.quoted(title.text)
            for target in Set(now).subtracting(before).sorted() {
                gained[target, default: []].insert(title)
                wiki.backlinkCauses[target, default: []].append("\(quoted) now links here")
            }
            for target in Set(before).subtracting(now).sorted() {
                lost[target, default: []].insert(title)
                wiki.backlinkCauses[target, default: []].append("\(quoted) no longer links here")
            }
        }
        let touched = Set(gained.keys).union(lost.keys)
        for title in touched.union(edited) {
            let before = try state.linkers(of: title, inWiki: wikiID).subtracting([title])
            let now = before.subtracting(lost[title] ?? []).union(gained[title] ?? []).subtracting([title])
            guard published.isPublished(title, inWiki: wikiID) else {
                // A missing title: the edits may link to it as they did, no more, no fewer.
                if touched.contains(title) { return false }
                continue
            }
            if touched.contains(title), before.isEmpty != now.isEmpty { return false }
            wiki.backlinks[title] = AlphabeticalOrder.sorted(titles: Array(now))
            guard touched.contains(title), !edited.contains(title) else { continue }
            guard let stored = try state.storedPage(title, inWiki: wikiID), stored.details != nil,
                let outline = stored.outline, !outline.links.contains(where: \.isEmbed)
            else { return false }
            wiki.linkedPages.append((title, stored))
        }
        wiki.linkedPages.sort { $0.title < $1.title }
        return true
    }

    /// The files of the wiki of `edits` (of `pageCount` pages) that its edits change, with what
    /// the state records of them added to `update`; nil when the state or `database` lacks what
    /// they need.
    private func wikiFiles(
        of edits: WikiEdits, pageCount: Int, in database: WikiDatabase, published: any PublishedPageLookup,
        state: BuildState, layout: SiteLayout, into update: inout StateUpdate
    ) throws -> [(path: SitePath, html: String, cause: String)]? {
        let wiki = edits.wiki
        let pages = edits.edits
        guard var figures = try state.statistics(inWiki: wiki.id) else { return nil }
        figures.linkCount += edits.addedLinks
        figures.missingLinkCount += edits.addedMissingLinks
        for edit in pages {
            guard let details = edit.stored.details, let old = edit.stored.outline,
                !figures.conflicts.contains(where: { $0.documentID.isExactly(edit.page.documentID) })
            else { return nil }
            figures.replace(
                savedBy: details.updatedBy, words: old.wordCount, with: edit.page.updatedBy,
                words: edit.outline.wordCount)
        }
        let renderer = SitePageRenderer(
            bodies: PageBodyRenderer(
                database: database, markdown: MarkdownRenderer(options: options.markdownOptions(forWiki: wiki.id)),
                siteLayout: layout, publishedPages: published),
            theme: theme)
        let description = renderer.bodies.homeOutline(of: wiki)
        guard description.attachments.isEmpty, !description.links.contains(where: \.isEmbed) else { return nil }
        let chrome = WikiChrome(
            wiki: wiki, pageCount: pageCount, wantedPageCount: figures.wantedPageCount,
            orphanedPageCount: figures.orphanedPageCount, siteLayout: layout, discovery: nil)

        var files: [(path: SitePath, html: String, cause: String)] = []
        for edit in pages {
            files.append(
                (
                    layout.page(edit.page.title, inWiki: wiki.id),
                    renderer.page(
                        edit.page, headings: edit.outline.headings, backlinks: edits.backlinks[edit.page.title] ?? [],
                        chrome: chrome, body: edit.body),
                    "page edited"
                ))
            update.pages.append(
                StateUpdate.PageRecord(
                    wikiID: wiki.id, title: edit.page.title,
                    fingerprint: DocumentFingerprint.of(edit.page, conflict: nil),
                    outline: edit.outline, details: edit.page))
        }
        for (title, stored) in edits.linkedPages {
            guard let page = database.page(inWiki: wiki.id, titled: title), let outline = stored.outline,
                page.documentID.isExactly(stored.details?.documentID ?? ""),
                DocumentFingerprint.of(page, conflict: nil) == stored.fingerprint
            else { return nil }
            files.append(
                (
                    layout.page(title, inWiki: wiki.id),
                    renderer.page(
                        page, headings: outline.headings, backlinks: edits.backlinks[title] ?? [], chrome: chrome,
                        body: nil),
                    edits.backlinkCauses[title, default: []].joined(separator: "; ")
                ))
        }
        let cause = "\(pages.count) page\(pages.count == 1 ? "" : "s") of the wiki changed"
        let context = SpecialPageContext(
            chrome: chrome, theme: theme, hrefs: renderer.bodies.hrefs, entriesPerFile: Pagination.defaultEntriesPerFile
        )
        var digests: [String: Int64] = [:]
        var recentChanges: [DatedEntry] = []
        for list in [SpecialPage.recentChanges, .newPages] {
            let entries = try newest(in: wiki, listedIn: list, after: pages, state: state)
            if list == .recentChanges { recentChanges = entries }
            let dated = DatedPageList(list: list, entries: entries, olderPageCount: pageCount - entries.count)
            let fileCount = dated.pagination(entriesPerFile: context.entriesPerFile).fileCount
            let paths = (1...fileCount).map { context.path(of: SpecialPageFile(page: list, part: $0)) }
            let previousDigests = try state.specialFileDigests(inWiki: wiki.id, at: paths.map(\.description))
            for (part, path) in zip(1..., paths) {
                let digest = context.digest(of: dated, part: part)
                guard previousDigests[path.description] != digest else { continue }
                digests[path.description] = digest
                files.append((path, context.html(of: dated, part: part), cause))
            }
        }
        files.append(
            (context.path(of: SpecialPageFile(page: .statistics, part: 1)), context.statisticsHTML(figures), cause))
        files.append(
            (
                layout.home(ofWiki: wiki.id),
                renderer.home(pageCount: pageCount, recentChanges: recentChanges, chrome: chrome), cause
            ))
        update.changedSpecialFileDigests.append((wiki.id, digests))
        update.statistics.append((wiki.id, figures))
        return files
    }

    /// The first `WikiAnalysis.datedListLength` entries of `list` of `wiki` once `edited` are
    /// saved: the state's first entries before them, as many more as there are edits (an entry
    /// that is first now was among those), the edited pages' entries in place of their old ones.
    private func newest(
        in wiki: Wiki, listedIn list: SpecialPage, after edited: [EditedPage], state: BuildState
    ) throws -> [DatedEntry] {
        let length = WikiAnalysis.datedListLength
        let titles = Set(edited.map(\.page.title))
        let before = try state.newest(length + edited.count, inWiki: wiki.id, listedIn: list)
        let entries = before.filter { !titles.contains($0.title) } + edited.map { DatedEntry($0.page, listedIn: list) }
        return Array(NewestFirst.sorted(entries).prefix(length))
    }
}

/// Whether a page is published, asked of a database that holds every page.
private struct DatabasePublishedPages: PublishedPageLookup {
    let database: WikiDatabase

    func isPublished(_ title: PageTitle, inWiki wikiID: String) -> Bool {
        database.publishedTitles(inWiki: wikiID).contains(title)
    }

    func checkLookups() {}
}

/// Whether a page is published, asked of the build state (one indexed lookup a title, each
/// remembered): what a build of edits renders links with, the existence of pages being what
/// it was. The first error is kept for `checkLookups()`, since a renderer cannot throw.
private final class StatePublishedPages: PublishedPageLookup {
    private let state: BuildState
    /// The answers so far, by wiki (IDs compared exactly, as everywhere).
    private let known = Mutex<[ExactString: [PageTitle: Bool]]>([:])
    private let error = Mutex<(any Error)?>(nil)

    init(state: BuildState) {
        self.state = state
    }

    func isPublished(_ title: PageTitle, inWiki wikiID: String) -> Bool {
        if let answer = known.withLock({ $0[ExactString(wikiID)]?[title] }) { return answer }
        do {
            let answer = try state.isPublished(title, inWiki: wikiID)
            known.withLock { $0[ExactString(wikiID), default: [:]][title] = answer }
            return answer
        } catch {
            self.error.withLock { $0 = $0 ?? error }
            return false
        }
    }

    func checkLookups() throws {
        if let error = error.withLock({ $0 }) { throw error }
    }
}
