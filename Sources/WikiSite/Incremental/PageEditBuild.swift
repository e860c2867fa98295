import Foundation
import Synchronization
import WikiDocuments
import WikiModel
import WikiRender
import WikiSources

/// A build of changes to a wiki's pages that reads nothing but the source's changes after its
/// checkpoint, the wikis' own documents, the documents of the pages whose files the changes touch,
/// and indexed rows of the build state: its cost follows the change, not the size of the wiki.
///
/// It serves when the only source can say what changed since the last build and hand over
/// documents by `_id` (`SourceChanges`: the embedded store, from the snapshot of its changes; a
/// CouchDB server, which has no snapshots, right after them; a dump, compared entry by entry with
/// the ledger of the last build's reading of it), the build has no base URL (sitemaps list
/// every page) and publishes every wiki, the wikis' own documents kept their titles (and a
/// conflict of one stays as it was), and every change is a page edited, created (or published
/// again) or deleted (or made a draft), conflicts of pages included (the statistics list them). A
/// page is not deleted
/// from a wiki whose last reading skipped a page document (which might take its title), and none
/// is created or deleted in a wiki with CamelCase links (other pages' words become links, or
/// cease to be). Where it does not serve, it says why (`NotServedFromState`).
///
/// Such changes write the changed pages' files and remove the deleted ones'; the files of the
/// pages whose backlinks they change, of those linking to a page created or deleted, and of those
/// embedding, directly or not, a page whose body changed (read from the source by `_id`, from a
/// snapshot with no change after the one read, with the pages they embed), and the attachments
/// those pages embed (the others of their folders go, as do a deleted page's); the files of all
/// pages, the wanted and the orphaned pages the changes fall in, cut again around them from the
/// state's files of those lists (`TitledListRecut`), or every file of all pages when its letter
/// index changes; the lists by date (their first 500 entries come from one seek of the state's
/// index of each date), the statistics (worked out from the last build's and the changes), the
/// home, and the site's index when a count of pages changed. Anything else is left to the build
/// proper, which reads the whole source.
///
/// A source read whole (a dump that cannot be compared with a ledger, several sources) is served
/// the same way once its fingerprints show that every change is such a change (`serveIfEdits`):
/// the wiki is not analysed again.
///
/// Both make the same files: `PageEditBuildRandomTests`, `IncrementalStoreBuildTests` and
/// `IncrementalBuildTests` hold them to a clean build after random changes, and `--verify`
/// compares any build with one.
struct PageEditBuild {
    /// The most changed documents a build of edits takes on; past it, the build proper is cheaper
    /// than a lookup a page.
    static let maximumChanges = 64

    let options: BuildOptions
    let shape: BuildShape
    let theme: Theme
    let reporter: any BuildReporter

    /// A page created, edited or deleted, rendered when it is published.
    struct ChangedPage {
        let title: PageTitle
        /// The page now; nil when it is no longer published.
        let page: Page?
        /// The page as the state keeps it; nil when it was not published.
        let stored: BuildState.StoredPage?
        /// Its outline as it was (`stored`'s, which decoded) and as it is (empty when not
        /// published).
        let oldOutline: PageOutline
        let outline: PageOutline
        /// Its body, when it embeds no page (one that does is rendered with the pages it embeds
        /// at hand, `WikiEdits.embeddedPages`).
        let body: String?

        /// What happened to it, as `--explain` says.
        var cause: String { stored == nil ? ChangeCause.created : ChangeCause.edited }
    }

    /// A page of a wiki's feed: when it last changed and, unless it changed, as the state keeps
    /// it (its document is read to render its body).
    struct FeedEntry {
        let title: PageTitle
        let updated: UTCDateTime
        var stored: BuildState.StoredPage?

        /// Whether `lhs` comes before `rhs` in the feed.
        static func precedes(_ lhs: FeedEntry, _ rhs: FeedEntry) -> Bool {
            NewestFirst.precedes((lhs.updated.timestamp, lhs.title), (rhs.updated.timestamp, rhs.title))
        }
    }

    /// The changes of one wiki and what they touch.
    struct WikiEdits {
        let wiki: Wiki
        /// The outline of the wiki's description, which its home shows (written again whenever
        /// the wiki changes).
        var homeOutline = PageOutline(links: [], headings: [], wordCount: 0)
        /// Whether the wiki's own document changed, its title and conflicts did not: of the
        /// wiki's files, its home alone shows the rest of it.
        var documentChanged = false
        var edits: [ChangedPage] = []
        /// The titles of the pages no longer published, and of those published anew.
        var removed: Set<PageTitle> = []
        var created: Set<PageTitle> = []
        /// The pages whose backlinks the edits change (edited ones among them), with their
        /// backlinks now, in alphabetical order.
        var backlinks: [PageTitle: [PageTitle]] = [:]
        /// The pages not changed whose file changes (their backlinks, the style of their links to
        /// a page created or deleted, or a page they embed): rendered again from their documents.
        var linkedPages: [(title: PageTitle, stored: BuildState.StoredPage)] = []
        /// The pages that the pages rendered again embed, directly or not, besides the changed
        /// ones: their documents are read to show them (`addEmbeddedPages`).
        var embeddedPages: [(title: PageTitle, stored: BuildState.StoredPage)] = []
        /// Why the file of each of those changes (`"Beta" now links here`), as the build proper
        /// says it.
        var backlinkCauses: [PageTitle: [String]] = [:]
        /// How many more links (and of them, to missing pages) the wiki has.
        var addedLinks = 0
        var addedMissingLinks = 0
        /// The entries each list cut at its titles loses (by key) and gains.
        var listRemovals: [SpecialPage: Set<[UInt8]>] = [:]
        var listInsertions: [SpecialPage: [TitledListEntry]] = [:]
        /// With a base URL: the pages of the wiki's feed once the changes are saved, newest first.
        var feed: [FeedEntry] = []

        /// How many more entries `list` has.
        func growth(of list: SpecialPage) -> Int {
            (listInsertions[list]?.count ?? 0) - (listRemovals[list]?.count ?? 0)
        }
    }

    /// The summary of the build of the changes of the only source since `last`, or nil when a
    /// build of edits does not serve them (nothing was written; `declined` says why). The source
    /// is one that delivers its changes after a checkpoint and documents by `_id`
    /// (`DocumentLookupSource`), or a dump the last build read, compared with the ledger of its
    /// entries (`DumpLedger`): a dump in which no entry differs is a build with nothing to do
    /// (`UnchangedSources`), whatever the build's options.
    func summaryIfServed(after last: LastBuild, declined: inout String?) throws -> BuildSummary? {
        do {
            return try summary(after: last)
        } catch let notServed as NotServedFromState {
            declined = notServed.reason
            return nil
        }
    }

    /// Whether the build's options let a build of edits serve its changes: a failure naming the
    /// option that does not.
    var optionsServed: Result<Void, NotServedFromState> {
        if !options.wikiIDs.isEmpty {
            return .failure(NotServedFromState("--wiki: the build publishes some wikis alone"))
        }
        return .success(())
    }

    /// The build of the edits of `planner`'s database, every document of the sources (read whole:
    /// a dump), when the only changes `planner` found in `wikis` (`changes`, one a wiki) are edits
    /// a build of edits serves: true when it wrote and committed them, with what it did added to
    /// `summary` (which holds what the reading found); false when nothing was written, and the
    /// build proper runs (`summary` says why). `update` holds the sources' checkpoints.
    func serveIfEdits(
        of planner: IncrementalPlanner, wikis wikiList: [Wiki], changes: [IncrementalPlanner.WikiChanges?],
        layout: SiteLayout, update: StateUpdate, summary: inout BuildSummary
    ) throws -> Bool {
        guard planner.fullBuild == nil else { return false }
        do {
            summary = try served(
                planner: planner, wikis: wikiList, changes: changes, layout: layout, update: update, summary: summary)
            return true
        } catch let notServed as NotServedFromState {
            summary.notServedFromState = notServed.reason
            return false
        }
    }

    /// `serveIfEdits`'s work: `summary` with what the build of edits did.
    ///
    /// - Throws: `NotServedFromState` when a build of edits does not serve the changes.
    func served(
        planner: IncrementalPlanner, wikis wikiList: [Wiki], changes: [IncrementalPlanner.WikiChanges?],
        layout: SiteLayout, update: StateUpdate, summary: BuildSummary
    ) throws -> BuildSummary {
        let (database, state) = (planner.database, planner.state)
        try optionsServed.get()
        guard planner.storedWikis.count == wikiList.count else {
            throw NotServedFromState("a wiki came, went or is no longer published")
        }
        guard planner.storedWikis.values.allSatisfy({ $0.pageCount != nil }) else {
            throw NotServedFromState("the build state does not know how many pages a wiki had")
        }
        let published = DatabasePublishedPages(database: database)
        var wikis: [WikiEdits] = []
        var changedDocuments = 0
        for (wiki, wikiChanges) in zip(wikiList, changes) {
            guard let wikiChanges else { throw NotServedFromState("wiki \(MessageText.quoted(wiki.id)) is new") }
            if wikiChanges.wikiChanged {
                guard wikiChanges.stored.title.isExactly(wiki.title) else {
                    throw NotServedFromState(
                        "wiki \(MessageText.quoted(wiki.id)) was retitled (every file of it shows the title)")
                }
                guard database.conflict(ofDocument: wiki.id) == nil else {
                    throw NotServedFromState(
                        "the document of wiki \(MessageText.quoted(wiki.id)) has conflicting revisions")
                }
                changedDocuments += 1
            }
            changedDocuments += wikiChanges.pages.count
            let pages = (wikiChanges.pages.edited + wikiChanges.pages.created).compactMap {
                database.page(inWiki: wiki.id, titled: $0)
            }
            guard changedDocuments <= Self.maximumChanges else {
                throw NotServedFromState("more than \(Self.maximumChanges) documents changed")
            }
            var wikiEdits = try edits(
                of: wiki, among: pages, removing: wikiChanges.pages.removed, in: database, published: published,
                state: state, layout: layout)
            wikiEdits.documentChanged = wikiChanges.wikiChanged
            wikis.append(wikiEdits)
        }
        guard changedDocuments > 0 else { throw NotServedFromState("no document changed") }
        var served = summary
        served.changedDocuments = changedDocuments
        served.editsBuiltFromState = true
        try serve(
            wikis, storedWikis: planner.storedWikis, in: database, published: published, state: state,
            layout: layout, update: update, summary: &served)
        return served
    }

    /// The changes of `wiki`: the pages among `pages` (its pages as they are now) whose
    /// fingerprint is not the state's, and the pages `removed` no longer published; rendered,
    /// with what they touch.
    ///
    /// - Throws: `NotServedFromState` when a build of edits does not serve them.
    func edits(
        of wiki: Wiki, among pages: [Page], removing removed: [PageTitle], in database: WikiDatabase,
        published: any PublishedPageLookup, state: BuildState, layout: SiteLayout
    ) throws -> WikiEdits {
        var wikiEdits = WikiEdits(wiki: wiki)
        for page in pages {
            let stored = try state.storedPage(page.title, inWiki: wiki.id)
            if let stored {
                guard let details = stored.details, details.documentID.isExactly(page.documentID) else {
                    throw NotServedFromState("page \(MessageText.quoted(page.title.text)) now has another document")
                }
                guard
                    stored.fingerprint
                        != database.fingerprint(of: page)
                else { continue }
            } else {
                // A file name that another page's file has (its hash clashes) is the build proper's.
                guard try state.recordedOutput(at: layout.page(page.title, inWiki: wiki.id).description) == nil else {
                    throw NotServedFromState(
                        "the file of page \(MessageText.quoted(page.title.text)) is another page's file")
                }
                wikiEdits.created.insert(page.title)
            }
            wikiEdits.edits.append(
                try edit(page, stored: stored, of: wiki, in: database, published: published, layout: layout))
        }
        for title in removed {
            guard let stored = try state.storedPage(title, inWiki: wiki.id), let outline = stored.outline else {
                throw NotServedFromState("the build state lacks the outline of page \(MessageText.quoted(title.text))")
            }
            wikiEdits.removed.insert(title)
            wikiEdits.edits.append(
                ChangedPage(
                    title: title, page: nil, stored: stored, oldOutline: outline,
                    outline: PageOutline(links: [], headings: [], wordCount: 0), body: nil))
        }
        // With CamelCase links, a page created or deleted turns words of other pages into links,
        // or back: their outlines change, which only the build proper works out.
        if options.settings(forWiki: wiki.id).camelCaseLinks, !wikiEdits.created.isEmpty || !wikiEdits.removed.isEmpty {
            throw NotServedFromState(
                "a page of wiki \(MessageText.quoted(wiki.id)), which has CamelCase links, was created or deleted")
        }
        // The home shows the wiki's description, with the pages it embeds.
        wikiEdits.homeOutline = bodies(of: wiki, in: database, published: published, layout: layout)
            .homeOutline(of: wiki)
        if options.baseURL != nil { wikiEdits.feed = try feed(of: wikiEdits, state: state) }
        try links(of: &wikiEdits, published: published, state: state)
        return wikiEdits
    }

    /// Writes the files `wikis` change (their pages' documents in `database`, the pages published
    /// as `published` says), then commits them and `update` to the state, with what it did in
    /// `summary`.
    ///
    /// - Throws: `NotServedFromState` when the state lacks what the files need, before anything
    ///   is written.
    func serve(
        _ wikis: [WikiEdits], storedWikis: [ExactString: BuildState.StoredWiki], in database: WikiDatabase,
        published: any PublishedPageLookup, state: BuildState, layout: SiteLayout, update: StateUpdate,
        summary: inout BuildSummary
    ) throws {
        var update = update
        let discovery = options.baseURL.map { SiteDiscovery(baseURL: $0, layout: layout) }
        if discovery == nil { summary.notes.append(SiteDiscovery.missingBaseURLNote) }
        var discoveryFiles: [(file: SiteFile, cause: String)] = []
        var sitemapNewest: [ExactString: [UTCDateTime?]] = [:]
        var files: [(path: SitePath, html: String, cause: String)] = []
        var removedFiles: [(path: SitePath, cause: String)] = []
        var attachments: [(file: SiteFile, cause: String)] = []
        var attachmentFolders: [(prefix: String, cause: String)] = []
        var pageCounts: [Int] = []
        for wikiEdits in wikis {
            let wiki = wikiEdits.wiki
            let stored = storedWikis[ExactString(wiki.id)]!
            let pageCount = stored.pageCount! + wikiEdits.growth(of: .allPages)
            pageCounts.append(pageCount)
            summary.wikis.append(
                PublishedWiki(id: wiki.id, title: wiki.title, pageCount: pageCount, home: layout.home(ofWiki: wiki.id)))
            guard !wikiEdits.edits.isEmpty || wikiEdits.documentChanged else { continue }
            let wikiFiles = try wikiFiles(
                of: wikiEdits, pageCount: stored.pageCount!, in: database, published: published, state: state,
                layout: layout, into: &update)
            files += wikiFiles.written
            removedFiles += wikiFiles.removed
            attachments += wikiFiles.attachments
            attachmentFolders += wikiFiles.attachmentFolders
            discoveryFiles += wikiFiles.discovery
            if discovery != nil { sitemapNewest[ExactString(wiki.id)] = wikiFiles.sitemapNewest }
            if pageCount != stored.pageCount || wikiEdits.documentChanged {
                update.wikis.append(
                    BuildState.StoredWiki(
                        id: stored.id, title: stored.title,
                        fingerprint: wikiEdits.documentChanged
                            ? database.fingerprint(of: wiki) : stored.fingerprint,
                        pageCount: pageCount, skippedPages: stored.skippedPages))
            }
        }
        try published.checkLookups()
        if zip(wikis, pageCounts).contains(where: { $1 != storedWikis[ExactString($0.wiki.id)]!.pageCount }) {
            let renderer = SitePageRenderer(
                bodies: PageBodyRenderer(
                    database: database, markdown: MarkdownRenderer(options: MarkdownOptions()), siteLayout: layout),
                theme: theme, discovery: discovery)
            files.append(
                (
                    SiteLayout.siteIndex, renderer.siteIndex(wikis: wikis.map(\.wiki), pageCounts: pageCounts),
                    "wikis or pages changed"
                ))
        }

        // The site's sitemap index lists every wiki's sitemap files.
        if let discovery, !sitemapNewest.isEmpty {
            var listing: [(wikiID: String, newest: [UTCDateTime?])] = []
            for wikiID in storedWikis.keys.map(\.value).sorted(by: { $0.precedesInByteOrder($1) }) {
                let newest =
                    try sitemapNewest[ExactString(wikiID)] ?? state.sitemapHeaders(ofWiki: wikiID).map(\.newest)
                listing.append((wikiID, newest))
            }
            discoveryFiles += discovery.indexFiles(listing: listing).map { ($0, "wikis or pages changed") }
        }

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
            try writer.announce(files.map(\.path) + attachments.map(\.file.path) + discoveryFiles.map(\.file.path))
            for file in files { try writer.write(file.html, to: file.path, because: file.cause) }
            for file in discoveryFiles { try writer.write(file.file.bytes, to: file.file.path, because: file.cause) }
            // The attachments a page rendered again embeds are written again, the others go.
            for folder in attachmentFolders {
                try writer.retireRecordedFiles(withPrefix: folder.prefix, because: folder.cause)
            }
            for attachment in attachments {
                try writer.write(attachment.file.bytes, to: attachment.file.path, because: attachment.cause)
            }
            for file in removedFiles { writer.retire(file.path, because: file.cause) }
            try writer.finish(committing: update, to: state, summary: &summary)
        } catch {
            writer.abandon()
            throw error as? BuildError ?? BuildError.output("\(error)")
        }
    }

    /// `page`, published anew or an edit of the published page `stored` of `wiki`, rendered (but
    /// for a page that embeds pages: `ChangedPage.body`).
    ///
    /// - Throws: `NotServedFromState` when the state lacks its outline.
    func edit(
        _ page: Page, stored: BuildState.StoredPage?, of wiki: Wiki, in database: WikiDatabase,
        published: any PublishedPageLookup, layout: SiteLayout
    ) throws -> ChangedPage {
        var old = PageOutline(links: [], headings: [], wordCount: 0)
        if let stored {
            guard let outline = stored.outline else {
                throw NotServedFromState(
                    "the build state lacks the outline of page \(MessageText.quoted(page.title.text))")
            }
            old = outline
        }
        let (body, outline) = bodies(of: wiki, in: database, published: published, layout: layout)
            .bodyWithOutline(of: page)
        return ChangedPage(
            title: page.title, page: page, stored: stored, oldOutline: old, outline: outline,
            body: outline.links.contains(where: \.isEmbed) ? nil : body.html)
    }

    /// The files a wiki's changes write and remove.
    struct WikiFiles {
        var written: [(path: SitePath, html: String, cause: String)] = []
        var removed: [(path: SitePath, cause: String)] = []
        /// The attachments the pages rendered again embed.
        var attachments: [(file: SiteFile, cause: String)] = []
        /// The attachment folders of the pages rendered again or removed (their prefixes, from
        /// the output folder): the files there that the build does not write go.
        var attachmentFolders: [(prefix: String, cause: String)] = []
        /// With a base URL: the wiki's sitemap files and feed that change (the numbered sitemaps
        /// it no longer has are among `removed`), and the newest `<lastmod>` of each of its
        /// sitemap files once cut again, which the index lists.
        var discovery: [(file: SiteFile, cause: String)] = []
        var sitemapNewest: [UTCDateTime?] = []
    }

}

/// Whether a page is published, asked of a database that holds every page.
struct DatabasePublishedPages: PublishedPageLookup {
    let database: WikiDatabase

    func isPublished(_ title: PageTitle, inWiki wikiID: String) -> Bool {
        database.publishedTitles(inWiki: wikiID).contains(title)
    }

    func checkLookups() {}
}

/// Whether a page is published, asked of the build state (one indexed lookup a title, each
/// remembered): what a build of edits renders links with, the existence of pages being what
/// it was. The first error is kept for `checkLookups()`, since a renderer cannot throw.
final class StatePublishedPages: PublishedPageLookup {
    let state: BuildState
    /// The answers so far, by wiki (IDs compared exactly, as everywhere).
    let known = Mutex<[ExactString: [PageTitle: Bool]]>([:])
    let error = Mutex<(any Error)?>(nil)

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

    /// Answers `published` for `title` of wiki `wikiID` from now on, whatever the state says: a
    /// page created or deleted by the changes being built.
    func settle(_ title: PageTitle, inWiki wikiID: String, published: Bool) {
        known.withLock { $0[ExactString(wikiID), default: [:]][title] = published }
    }

    func checkLookups() throws {
        if let error = error.withLock({ $0 }) { throw error }
    }
}
