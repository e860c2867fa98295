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
    private struct ChangedPage {
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
    private struct FeedEntry {
        let title: PageTitle
        let updated: UTCDateTime
        var stored: BuildState.StoredPage?

        /// Whether `lhs` comes before `rhs` in the feed.
        static func precedes(_ lhs: FeedEntry, _ rhs: FeedEntry) -> Bool {
            NewestFirst.precedes((lhs.updated.timestamp, lhs.title), (rhs.updated.timestamp, rhs.title))
        }
    }

    /// The changes of one wiki and what they touch.
    private struct WikiEdits {
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

    /// `summaryIfServed`'s work.
    ///
    /// - Throws: `NotServedFromState` when a build of edits does not serve the changes.
    private func summary(after last: LastBuild) throws -> BuildSummary {
        guard options.sources.count == 1 else { throw NotServedFromState("the build has several sources") }
        let storedWikis = last.wikis
        let path = options.sources[0]
        let name = DocumentSources.displayName(of: path)
        let wikiIDs = storedWikis.keys.sorted().map(\.value)
        guard let source = try? DocumentSources.open(path, markdownFolder: options.markdownFolder) else {
            throw NotServedFromState("\(name) does not open as a source of changes")
        }
        let changes: any SourceChanges
        do {
            if let source = source as? any DocumentLookupSource {
                try optionsServed.get()
                changes = try SequencedChanges.read(source, named: name, after: last, thenDocuments: wikiIDs)
            } else if let dump = source as? DumpSource, let ledger = try last.state.dumpLedger(ofSource: name) {
                reporter.stage("comparing \(dump.name) with the last build's reading of it")
                let read = try ComparedDumpChanges.read(
                    dump, named: name, comparedWith: ledger, after: last, thenDocuments: wikiIDs)
                if read.changeCount + read.goneDocumentIDs.count == 0 {
                    guard read.isUnchanged else {
                        throw NotServedFromState("\(name) ends at another sequence, with no entry changed")
                    }
                    return try UnchangedSources(options: options, shape: shape, reporter: reporter)
                        .summary(of: last, advances: [read.advance])
                }
                try optionsServed.get()
                changes = read
            } else {
                throw NotServedFromState("the last build kept no ledger of the entries of \(name)")
            }
        } catch let notServed as NotServedFromState {
            throw notServed
        } catch {
            throw BuildError.unreadableSource(path: name, reason: "\(error)")
        }
        let changedIDs = changes.delivered.prefix(changes.changeCount).map(\.id) + changes.goneDocumentIDs
        guard changedIDs.count <= Self.maximumChanges else {
            throw NotServedFromState("more than \(Self.maximumChanges) documents changed")
        }
        var builder = WikiDatabaseBuilder()
        for document in changes.delivered { builder.add(document) }
        let database = builder.build()
        // A wiki's document may be in conflict, as it was at the last build (its fingerprint says
        // so); a page may be, and the statistics list its conflict.
        if let skipped = database.skipped.first {
            throw NotServedFromState(
                "document \(MessageText.quoted(skipped.documentID)) is skipped (its warning is the build proper's)")
        }
        if let skipped = database.skippedAttachments.first {
            throw NotServedFromState("an attachment of \(MessageText.quoted(skipped.documentID)) is skipped")
        }
        guard database.wikis.count == storedWikis.count else {
            throw NotServedFromState("a wiki came, went or is no longer published")
        }
        var changedWikiDocuments = Set<ExactString>()
        for wiki in database.wikis {
            guard let stored = storedWikis[ExactString(wiki.id)], stored.title.isExactly(wiki.title) else {
                throw NotServedFromState(
                    "wiki \(MessageText.quoted(wiki.id)) was retitled (every file of it shows the title)")
            }
            let conflict = database.conflict(ofDocument: wiki.id)
            if stored.fingerprint != database.fingerprint(of: wiki) {
                guard conflict == nil else {
                    throw NotServedFromState(
                        "the document of wiki \(MessageText.quoted(wiki.id)) has conflicting revisions")
                }
                changedWikiDocuments.insert(ExactString(wiki.id))
            }
        }
        let state = last.state
        let layout = SiteLayout(folders: try WikiFolders(wikiIDs: wikiIDs, settings: options.wikiSettings))

        // Each changed document is a published page (edited, or published anew), a page no longer
        // published (deleted, a draft again), or neither before nor now.
        let publishedIDs = Set(
            database.wikis.flatMap { database.pages(inWiki: $0.id).map { ExactString($0.documentID) } })
        var removed: [ExactString: [PageTitle]] = [:]
        for id in changedIDs where !publishedIDs.contains(ExactString(id)) {
            for wiki in wikiIDs {
                guard let title = try state.publishedTitle(ofDocument: id, inWiki: wiki) else { continue }
                // A page that took its title or file name from a skipped one leaves it to that one.
                guard storedWikis[ExactString(wiki)]?.skippedPages == 0 else {
                    throw NotServedFromState(
                        "a page of wiki \(MessageText.quoted(wiki)) is gone, and its last reading skipped a page document"
                    )
                }
                removed[ExactString(wiki), default: []].append(title)
            }
        }
        let published = StatePublishedPages(state: state)
        var wikis: [WikiEdits] = []
        for wiki in database.wikis {
            let pages = database.pages(inWiki: wiki.id)
            let gone = removed[ExactString(wiki.id)] ?? []
            for title in gone { published.settle(title, inWiki: wiki.id, published: false) }
            for page in pages where try !state.isPublished(page.title, inWiki: wiki.id) {
                published.settle(page.title, inWiki: wiki.id, published: true)
            }
            var wikiEdits = try edits(
                of: wiki, among: pages, removing: gone, in: database, published: published, state: state,
                layout: layout)
            wikiEdits.documentChanged = changedWikiDocuments.contains(ExactString(wiki.id))
            wikis.append(wikiEdits)
        }
        try published.checkLookups()

        // The pages whose backlinks changed, as the source holds them still.
        var linkedIDs: [String] = []
        var readIDs = Set<ExactString>()
        for wiki in wikis {
            let pages =
                wiki.linkedPages + wiki.embeddedPages
                + wiki.feed.compactMap { entry in
                    entry.stored.map { (entry.title, $0) }
                }
            for id in pages.compactMap(\.1.details?.documentID) where readIDs.insert(ExactString(id)).inserted {
                linkedIDs.append(id)
            }
        }
        var pagesDatabase = database
        if !linkedIDs.isEmpty {
            let linked: [Document]?
            do {
                linked = try changes.documents(linkedIDs)
            } catch {
                throw BuildError.unreadableSource(path: name, reason: "\(error)")
            }
            guard let linked else { throw NotServedFromState("\(name) changed while it was read") }
            var builder = WikiDatabaseBuilder()
            for document in changes.delivered + linked { builder.add(document) }
            pagesDatabase = builder.build()
            guard pagesDatabase.skipped.isEmpty, pagesDatabase.skippedAttachments.isEmpty else {
                throw NotServedFromState("a page whose file changes with them is skipped")
            }
        }

        var update = StateUpdate(replacesEverything: false, settings: shape.settings)
        var summary = BuildSummary()
        changes.record(into: &update, summary: &summary)
        summary.readChangesOnly = true
        summary.documentsRead = changes.changeCount
        summary.changedDocuments = Set(changedIDs.map(ExactString.init)).count
        try serve(
            wikis, storedWikis: storedWikis, in: pagesDatabase, published: published, state: state, layout: layout,
            update: update, summary: &summary)
        return summary
    }

    /// Whether the build's options let a build of edits serve its changes: a failure naming the
    /// option that does not.
    private var optionsServed: Result<Void, NotServedFromState> {
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
    private func served(
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
    private func edits(
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
    private func serve(
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
    private func edit(
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

    /// Works out what the changes of `wiki` touch: whose backlinks change, whose links change
    /// style (they link to a page created or deleted), how many links the wiki gains, and the
    /// entries the lists cut at their titles lose and gain.
    ///
    /// - Throws: `NotServedFromState` when a build of edits does not serve them (the state lacks
    ///   the outline or the details of a page to render again, or a page embedded in one embeds
    ///   an attachment).
    private func links(of wiki: inout WikiEdits, published: any PublishedPageLookup, state: BuildState) throws {
        let wikiID = wiki.wiki.id
        let changed = Set(wiki.edits.map(\.title))
        let (created, removed) = (wiki.created, wiki.removed)
        var knownLinkers: [PageTitle: Set<PageTitle>] = [:]
        var knownPages: [PageTitle: BuildState.StoredPage] = [:]
        /// The page `title` as the state keeps it, with its outline (once a title).
        func storedPage(_ title: PageTitle) throws -> BuildState.StoredPage {
            if let known = knownPages[title] { return known }
            guard let stored = try state.storedPage(title, inWiki: wikiID), stored.outline != nil else {
                throw NotServedFromState("the build state lacks the outline of page \(MessageText.quoted(title.text))")
            }
            knownPages[title] = stored
            return stored
        }
        /// The page `title`, to be rendered again from its document, which the state knows.
        func renderable(_ title: PageTitle) throws -> BuildState.StoredPage {
            let stored = try storedPage(title)
            guard stored.details != nil else {
                throw NotServedFromState("the build state lacks the details of page \(MessageText.quoted(title.text))")
            }
            return stored
        }
        /// The pages linking to `title` before the changes, from the state's reverse index (once a
        /// title).
        func linkersBefore(_ title: PageTitle) throws -> Set<PageTitle> {
            if let known = knownLinkers[title] { return known }
            let linkers = try state.linkers(of: title, inWiki: wikiID)
            knownLinkers[title] = linkers
            return linkers
        }
        func wasPublished(_ title: PageTitle) -> Bool {
            removed.contains(title) || (!created.contains(title) && published.isPublished(title, inWiki: wikiID))
        }
        var gained: [PageTitle: Set<PageTitle>] = [:]
        var lost: [PageTitle: Set<PageTitle>] = [:]
        for edit in wiki.edits {
            let title = edit.title
            let before = edit.oldOutline.links.compactMap(\.target).filter { $0 != title }
            let now = edit.outline.links.compactMap(\.target).filter { $0 != title }
            wiki.addedLinks += now.count - before.count
            wiki.addedMissingLinks +=
                now.count { !published.isPublished($0, inWiki: wikiID) } - before.count { !wasPublished($0) }
            for target in Set(now).subtracting(before).sorted() {
                gained[target, default: []].insert(title)
                wiki.backlinkCauses[target, default: []].append(ChangeCause.backlink(from: title, links: true))
            }
            for target in Set(before).subtracting(now).sorted() {
                lost[target, default: []].insert(title)
                wiki.backlinkCauses[target, default: []].append(ChangeCause.backlink(from: title, links: false))
            }
        }
        // The pages linking to a page created or deleted show their links in another style, and
        // those links no longer count as missing, or do: they are rendered again.
        var restyled: [PageTitle: BuildState.StoredPage] = [:]
        for title in changed.sorted() where created.contains(title) || removed.contains(title) {
            let isCreated = created.contains(title)
            let cause = ChangeCause.linksTo(title, exists: isCreated)
            for linker in try linkersBefore(title) where !changed.contains(linker) {
                let stored = try renderable(linker)
                wiki.addedMissingLinks += (isCreated ? -1 : 1) * stored.outline!.links.count { $0.target == title }
                restyled[linker] = stored
                wiki.backlinkCauses[linker, default: []].append(cause)
            }
        }
        // The pages that embed one whose body changed, directly or through the pages they embed,
        // show it: they are rendered again too.
        var shown = Set(changed).union(restyled.keys)
        var pending = shown.sorted()
        while let title = pending.popLast() {
            for embedder in try linkersBefore(title) where !changed.contains(embedder) {
                guard try storedPage(embedder).outline!.links.contains(where: { $0.isEmbed && $0.target == title })
                else { continue }
                restyled[embedder] = try renderable(embedder)
                wiki.backlinkCauses[embedder, default: []].append(ChangeCause.embeds(title))
                if shown.insert(embedder).inserted { pending.append(embedder) }
            }
        }
        for title in created { insert(TitledListEntry(title, in: .allPages), into: .allPages, of: &wiki) }
        for title in removed {
            wiki.listRemovals[.allPages, default: []].insert(TitledListEntry(title, in: .allPages).key)
        }

        let touched = Set(gained.keys).union(lost.keys)
        for title in touched.union(changed) {
            let before = try linkersBefore(title).subtracting([title])
            let now = before.subtracting(lost[title] ?? []).union(gained[title] ?? []).subtracting([title])
            let (was, isNow) = (wasPublished(title), published.isPublished(title, inWiki: wikiID))
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
            restyled[title] = try renderable(title)
        }
        for (title, stored) in restyled {
            if wiki.backlinks[title] == nil {
                let linkers = try linkersBefore(title).subtracting([title])
                wiki.backlinks[title] = AlphabeticalOrder.sorted(titles: Array(linkers))
            }
            wiki.linkedPages.append((title, stored))
        }
        wiki.linkedPages.sort { $0.title < $1.title }
        try addEmbeddedPages(to: &wiki, published: published, renderable: renderable)
    }

    /// The renderer of the bodies of `wiki`'s pages and home, from the documents of `database`,
    /// the pages published as `published` says.
    private func bodies(
        of wiki: Wiki, in database: WikiDatabase, published: any PublishedPageLookup, layout: SiteLayout
    ) -> PageBodyRenderer {
        PageBodyRenderer(
            database: database, markdown: MarkdownRenderer(options: options.markdownOptions(forWiki: wiki.id)),
            siteLayout: layout, publishedPages: published)
    }

    /// The page `title` of `wiki` in `database` (read from the source to render a file: `readAs`
    /// says which), when it is as the state recorded it (`stored`).
    ///
    /// - Throws: `NotServedFromState` when it is not: the source changed since the last build.
    private func recordedPage(
        _ title: PageTitle, _ stored: BuildState.StoredPage, of wiki: Wiki, in database: WikiDatabase,
        readAs role: String
    ) throws -> Page {
        guard let page = database.page(inWiki: wiki.id, titled: title),
            page.documentID.isExactly(stored.details?.documentID ?? ""),
            database.fingerprint(of: page) == stored.fingerprint
        else {
            throw NotServedFromState(
                "page \(MessageText.quoted(title.text)), \(role), is not as the last build read it")
        }
        return page
    }

    /// The most pages the pages a build of edits renders may embed, directly or not.
    static let maximumEmbeddedPages = 256

    /// Adds to `wiki` the pages that the pages it renders again (and its home) embed, directly or
    /// through the pages they embed, and whose documents it reads to show them: the published
    /// pages among them but the changed ones, whose documents are at hand. `renderable` reads a
    /// page, with its outline and details, from the state (once a title).
    ///
    /// - Throws: `NotServedFromState` when they are too many, or the state lacks the outline of one.
    private func addEmbeddedPages(
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
                    throw NotServedFromState(
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
    /// - Throws: `NotServedFromState` when the state lacks the outline or details of one.
    private func feed(of edits: WikiEdits, state: BuildState) throws -> [FeedEntry] {
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
                throw NotServedFromState(
                    "the build state lacks the outline or details of page \(MessageText.quoted(title.text)), in the feed"
                )
            }
            entries[index].stored = stored
        }
        return entries
    }

    /// Adds `entry` to those `list` gains.
    private func insert(_ entry: TitledListEntry, into list: SpecialPage, of wiki: inout WikiEdits) {
        wiki.listInsertions[list, default: []].append(entry)
    }

    /// The files a wiki's changes write and remove.
    private struct WikiFiles {
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

    /// The files of the wiki of `edits` (of `pageCount` pages before them) that its changes write
    /// and remove, with what the state records of them added to `update`.
    ///
    /// - Throws: `NotServedFromState` when the state or `database` lacks what they need.
    private func wikiFiles(
        of edits: WikiEdits, pageCount oldPageCount: Int, in database: WikiDatabase,
        published: any PublishedPageLookup, state: BuildState, layout: SiteLayout, into update: inout StateUpdate
    ) throws -> WikiFiles {
        let wiki = edits.wiki
        let pages = edits.edits
        guard var figures = try state.statistics(inWiki: wiki.id) else {
            throw NotServedFromState("the build state lacks the statistics of wiki \(MessageText.quoted(wiki.id))")
        }
        // The statistics list a conflict of the wiki's document: one that goes is the build
        // proper's.
        guard !edits.documentChanged || !figures.conflicts.contains(where: { $0.documentID.isExactly(wiki.id) })
        else {
            throw NotServedFromState("the document of wiki \(MessageText.quoted(wiki.id)) had conflicting revisions")
        }
        figures.linkCount += edits.addedLinks
        figures.missingLinkCount += edits.addedMissingLinks
        figures.wantedPageCount += edits.growth(of: .wantedPages)
        figures.orphanedPageCount += edits.growth(of: .orphanedPages)
        for edit in pages {
            if let stored = edit.stored {
                guard let details = stored.details else {
                    throw NotServedFromState(
                        "the build state lacks the details of page \(MessageText.quoted(edit.title.text))")
                }
                figures.settleConflict(ofDocument: details.documentID, as: nil)
                figures.count(pageSavedBy: details.updatedBy, words: edit.oldOutline.wordCount, delta: -1)
            }
            if let page = edit.page {
                figures.count(pageSavedBy: page.updatedBy, words: edit.outline.wordCount, delta: 1)
                figures.settleConflict(
                    ofDocument: page.documentID,
                    as: database.conflict(ofDocument: page.documentID).map {
                        StatisticsFigures.ConflictFigure($0, pageTitle: page.title)
                    })
            }
        }
        let pageCount = figures.pageCount
        guard pageCount == oldPageCount + edits.growth(of: .allPages) else {
            throw NotServedFromState(
                "the build state's counts of the pages of wiki \(MessageText.quoted(wiki.id)) disagree")
        }
        let discovery = options.baseURL.map { SiteDiscovery(baseURL: $0, layout: layout) }
        let renderer = SitePageRenderer(
            bodies: bodies(of: wiki, in: database, published: published, layout: layout),
            theme: theme, discovery: discovery)
        let chrome = WikiChrome(
            wiki: wiki, pageCount: pageCount, wantedPageCount: figures.wantedPageCount,
            orphanedPageCount: figures.orphanedPageCount, siteLayout: layout, discovery: discovery)

        var files: [(path: SitePath, html: String, cause: String)] = []
        var removed: [(path: SitePath, cause: String)] = []
        var attachments: [(file: SiteFile, cause: String)] = []
        var attachmentFolders: [(prefix: String, cause: String)] = []
        /// The attachment folder of the page `title`, whose files go but those written again.
        func retireAttachments(of title: PageTitle, because cause: String) {
            attachmentFolders.append(
                (layout.folderPrefix(ofWiki: wiki.id) + SitePaths.attachmentFolder(title) + "/", cause))
        }
        for edit in pages {
            guard let page = edit.page else {
                removed.append((layout.page(edit.title, inWiki: wiki.id), ChangeCause.removed))
                retireAttachments(of: edit.title, because: ChangeCause.removed)
                update.removedPages.append((wiki.id, edit.title))
                continue
            }
            retireAttachments(of: page.title, because: edit.cause)
            attachments += page.attachmentFiles(embedded: edit.outline.attachments, in: layout).map {
                ($0, edit.cause)
            }
            files.append(
                (
                    layout.page(page.title, inWiki: wiki.id),
                    renderer.page(
                        page, headings: edit.outline.headings, backlinks: edits.backlinks[page.title] ?? [],
                        chrome: chrome, body: edit.body),
                    edit.cause
                ))
            update.pages.append(
                StateUpdate.PageRecord(
                    wikiID: wiki.id, title: page.title,
                    fingerprint: database.fingerprint(of: page),
                    outline: edit.outline, details: page))
        }
        // The pages embedded are shown as the state knows them, or the build is the build proper's.
        for (title, stored) in edits.embeddedPages {
            _ = try recordedPage(title, stored, of: wiki, in: database, readAs: "embedded in a page to render again")
        }
        for (title, stored) in edits.linkedPages {
            let page = try recordedPage(title, stored, of: wiki, in: database, readAs: "whose file changes with them")
            let outline = stored.outline!  // `links(of:published:state:)` keeps pages with outlines alone
            let pageCause = edits.backlinkCauses[title, default: []].joined(separator: "; ")
            files.append(
                (
                    layout.page(title, inWiki: wiki.id),
                    renderer.page(
                        page, headings: outline.headings, backlinks: edits.backlinks[title] ?? [], chrome: chrome,
                        body: nil),
                    pageCause
                ))
            retireAttachments(of: title, because: pageCause)
            attachments += page.attachmentFiles(embedded: outline.attachments, in: layout).map { ($0, pageCause) }
        }
        let cause = ChangeCause.pagesChanged(pages.count)
        let context = SpecialPageContext(
            chrome: chrome, theme: theme, hrefs: renderer.bodies.hrefs, entriesPerFile: Pagination.defaultEntriesPerFile
        )
        var digests: [String: Int64] = [:]
        let lengths: [SpecialPage: Int] = [
            .allPages: oldPageCount, .wantedPages: figures.wantedPageCount - edits.growth(of: .wantedPages),
            .orphanedPages: figures.orphanedPageCount - edits.growth(of: .orphanedPages),
        ]
        // A file of a list the state cannot read back is the build proper's to make again.
        do {
            for list in SpecialPage.titledLists {
                let removals = edits.listRemovals[list] ?? []
                let insertions = edits.listInsertions[list] ?? []
                guard !removals.isEmpty || !insertions.isEmpty else { continue }
                let length = lengths[list]!
                guard
                    let recut = try TitledListRecut(
                        list, inWiki: wiki.id, state: state, entriesPerFile: context.entriesPerFile,
                        lengths: (length, length + insertions.count - removals.count), removing: removals,
                        inserting: insertions)
                else {
                    throw NotServedFromState(
                        "the build state's files of \(list.rawValue) of wiki \(MessageText.quoted(wiki.id)) do not hold the change as they should"
                    )
                }
                // Only the files of all pages show the letter index: when it changes, every one.
                var (letterIndex, everyFile): ([LetterStart], Bool) = ([], false)
                if list == .allPages {
                    guard let old = try state.letterIndex(ofWiki: wiki.id) else {
                        throw NotServedFromState(
                            "the build state lacks the letter index of wiki \(MessageText.quoted(wiki.id))")
                    }
                    letterIndex = try recut.letterIndex(replacing: old)
                    everyFile = letterIndex != old
                    update.letterIndexes.append((wiki.id, letterIndex))
                }
                let changed = try recut.changedFiles(in: context, letterIndex: letterIndex, everyFile: everyFile)
                for file in changed.written {
                    digests[file.path.description] = file.digest
                    files.append((file.path, file.html, cause))
                }
                for path in changed.removed {
                    removed.append((path, cause))
                    update.removedSpecialFiles.append((wiki.id, path.description))
                }
                update.changedListParts.append((wiki.id, list, recut.removedFirstKeys, recut.addedParts))
            }
        } catch let damaged as DamagedListPart {
            throw NotServedFromState(damaged.description)
        }
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
        // The statistics count pages alone (the wiki's document is not among them).
        if !pages.isEmpty {
            files.append(
                (context.path(of: SpecialPageFile(page: .statistics, part: 1)), context.statisticsHTML(figures), cause))
        }
        files.append(
            (
                layout.home(ofWiki: wiki.id),
                renderer.home(pageCount: pageCount, recentChanges: recentChanges, chrome: chrome),
                pages.isEmpty ? ChangeCause.wikiDocumentChanged : cause
            ))
        update.changedSpecialFileDigests.append((wiki.id, digests))
        update.statistics.append((wiki.id, figures))
        var wikiFiles = WikiFiles(
            written: files, removed: removed, attachments: attachments, attachmentFolders: attachmentFolders)
        if let discovery {
            try addDiscoveryFiles(
                of: edits, to: &wikiFiles, discovery: discovery, renderer: renderer, in: database, state: state,
                into: &update)
        }
        return wikiFiles
    }

    /// Adds to `files` the sitemap files and the feed of the wiki of `edits` that they change,
    /// with what the state records of the sitemap added to `update`; `renderer` renders the
    /// bodies of the pages of the feed.
    ///
    /// - Throws: `NotServedFromState` when the state or `database` lacks what they need.
    private func addDiscoveryFiles(
        of edits: WikiEdits, to files: inout WikiFiles, discovery: SiteDiscovery, renderer: SitePageRenderer,
        in database: WikiDatabase, state: BuildState, into update: inout StateUpdate
    ) throws {
        let wiki = edits.wiki
        let layout = discovery.layout
        let cause = edits.edits.isEmpty ? ChangeCause.wikiDocumentChanged : ChangeCause.pagesChanged(edits.edits.count)
        var removing = Set<String>()
        var inserting: [SitemapEntry] = []
        for edit in edits.edits {
            let location = BaseURL.relativeURL(of: layout.page(edit.title, inWiki: wiki.id))
            if edit.stored != nil { removing.insert(location) }
            if let page = edit.page {
                inserting.append(SitemapEntry(location: location, lastModified: page.lastChangeInUTC))
            }
        }
        let recut = try SitemapRecut(
            ofWiki: wiki.id, state: state,
            cutter: SitemapCutter(format: .urlSet, limits: discovery.sitemapLimits, baseURL: discovery.baseURL),
            home: WikiSitemap.home(of: wiki, layout: layout, newestPage: edits.feed.first?.updated),
            removing: removing, inserting: inserting)
        let writer = SitemapWriter(format: .urlSet, baseURL: discovery.baseURL)
        let discoveryLayout = DiscoveryLayout(site: layout)
        var added: [StoredSitemapPart] = []
        for (number, file) in zip(1..., recut.files) {
            let path = discoveryLayout.sitemap(number, ofWiki: wiki.id)
            switch file {
            case .new(let entries):
                let document = writer.document(entries)
                added.append(StoredSitemapPart(number: number, entries: entries, newest: document.lastModified))
                files.discovery.append((SiteFile(path: path, bytes: document.bytes), cause))
            case .kept(let position) where position + 1 != number:
                // A file that moved to another number.
                let entries = try state.sitemapEntries(ofWiki: wiki.id, firstKey: recut.firstKey(ofOldFile: position))
                files.discovery.append((SiteFile(path: path, bytes: writer.document(entries).bytes), cause))
            case .kept: break
            }
        }
        if recut.files.count < recut.oldCount {
            files.removed += (recut.files.count + 1...recut.oldCount).map {
                (discoveryLayout.sitemap($0, ofWiki: wiki.id), cause)
            }
        }
        update.changedSitemapParts.append((wiki.id, recut.removedKeys, added))
        files.sitemapNewest = recut.newest(with: added)

        // The feed shows the bodies of its pages: rendered whenever the wiki changes.
        var pages: [Page] = []
        var bodies: [PageTitle: String] = [:]
        let changed = Dictionary(edits.edits.map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first })
        for entry in edits.feed {
            if let edit = changed[entry.title], let page = edit.page {
                pages.append(page)
                bodies[page.title] = edit.body
            } else if let stored = entry.stored {
                pages.append(
                    try recordedPage(entry.title, stored, of: wiki, in: database, readAs: "in the wiki's feed"))
            }
        }
        let feed = AtomFeed(wiki: wiki, pages: pages, limit: discovery.feedLength)
        let feedBytes = feed.bytes(baseURL: discovery.baseURL, layout: discoveryLayout) { page in
            bodies[page.title] ?? renderer.bodies.body(of: page).html
        }
        files.discovery.append((SiteFile(path: discoveryLayout.feed(ofWiki: wiki.id), bytes: feedBytes), cause))
    }

    /// The first `WikiAnalysis.datedListLength` entries of `list` of `wiki` once `changed` are
    /// saved: the state's first entries before them, as many more as there are changes (an entry
    /// that is first now was among those), the changed pages' entries in place of their old ones
    /// (none for a page no longer published).
    private func newest(
        in wiki: Wiki, listedIn list: SpecialPage, after changed: [ChangedPage], state: BuildState
    ) throws -> [DatedEntry] {
        let length = WikiAnalysis.datedListLength
        let titles = Set(changed.map(\.title))
        let before = try state.newest(length + changed.count, inWiki: wiki.id, listedIn: list)
        let entries =
            before.filter { !titles.contains($0.title) }
            + changed.compactMap { $0.page.map { DatedEntry($0, listedIn: list) } }
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

    /// Answers `published` for `title` of wiki `wikiID` from now on, whatever the state says: a
    /// page created or deleted by the changes being built.
    func settle(_ title: PageTitle, inWiki wikiID: String, published: Bool) {
        known.withLock { $0[ExactString(wikiID), default: [:]][title] = published }
    }

    func checkLookups() throws {
        if let error = error.withLock({ $0 }) { throw error }
    }
}
