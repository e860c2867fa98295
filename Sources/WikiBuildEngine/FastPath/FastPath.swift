import Foundation
import Synchronization
import WikiConfiguration
import WikiDocuments
import WikiModel
import WikiPages
import WikiRender
import WikiSources

/// The fast path of an incremental build: it reads nothing but the source's changes after its
/// checkpoint, the wikis' own documents, the documents of the pages whose files the changes
/// touch, and indexed rows of the build state. Its cost follows the change, not the wiki.
///
/// It applies when all of these hold; where one does not, it says why (`FastPathDeclined`):
/// - the only source says what changed since the last build and hands over documents by `_id`
///   (`SourceChanges`: the store, a CouchDB server, or a dump compared with its ledger);
/// - the wikis' own documents kept their titles;
/// - every change is a page edited, created, published again, deleted or made a draft;
/// - no page is deleted from a wiki whose last reading skipped a page document;
/// - no new redirect goes where the last build made another file (`aliasChanges`).
///
/// In a wiki matched as Obsidian does (`LinkMatching.obsidian`), a note created or deleted can
/// move other notes' links elsewhere: those pages are changes of their own (`relinkedPages`). In
/// a wiki with CamelCase links, a title that comes or goes links or unlinks the words of other
/// pages: likewise (`camelCaseRelinkedPages`).
///
/// It writes the changed pages' files and removes the deleted ones'. It renders again the pages
/// whose backlinks change, those linking to a page created or deleted, and those embedding a
/// page whose body changed, with the attachments they embed. It cuts again the files of the
/// lists cut at their titles around the change (`TitledListRecut`), and writes the lists by
/// date, the tag files a change of tags touches (`addTagFiles`), the folder pages whose contents
/// change (`addFolderFiles`), the redirects of the aliases it touches (`aliasChanges`), the
/// statistics, the home, the search index's files the changes touch, and the site's index when a
/// count of pages changed. Anything else is left to the wiki-wide path, which reads the whole
/// source.
///
/// A source read whole (a dump without a ledger, several sources) takes the same steps once its
/// fingerprints show that every change is such a change (`buildIfEdits`), without analysis.
///
/// Both make the same files: `FastPathRandomTests`, `IncrementalStoreBuildTests` and
/// `IncrementalBuildTests` hold them to a clean build after random changes, and `--verify`
/// compares any build with one.
package struct FastPath {
    let options: BuildOptions
    let shape: BuildShape
    let theme: Theme
    let reporter: any BuildReporter
    /// The notes of each wiki matched as Obsidian does, by their names, once the changes are
    /// saved (`FastPath+NoteNames`).
    let noteNames = FastPathNoteNames()

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
        /// Whether its document is as it was, and only where its links lead changed.
        var isRelinked = false

        /// The change of `title`, as it was (`stored`, `oldOutline`) and as it is.
        init(
            title: PageTitle, page: Page?, stored: BuildState.StoredPage?, oldOutline: PageOutline,
            outline: PageOutline, body: String?
        ) {
            (self.title, self.page, self.stored) = (title, page, stored)
            (self.oldOutline, self.outline, self.body) = (oldOutline, outline, body)
        }

        /// What the change rules read of it.
        var change: PageChange {
            PageChange(
                title: title, before: stored == nil ? nil : oldOutline, now: page == nil ? nil : outline,
                isRelinked: isRelinked)
        }
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
        /// Whether the wiki's own document changed, its title did not: of the
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
        /// In a wiki with folders, the folder notes not changed: their documents are read to
        /// show their text on their folder pages (`addFolderFiles`).
        var folderNotes: [(title: PageTitle, stored: BuildState.StoredPage)] = []
        /// Why the file of each page rendered changes, as the change rules found it.
        var causes: [PageTitle: [ChangeCause]] = [:]
        /// The aliases the changes touch, with their redirects before and now.
        var aliases = AliasChanges()
        /// How many more links (and of them, to missing pages) the wiki has.
        var addedLinks = 0
        var addedMissingLinks = 0
        /// The entries each list cut at its titles loses (by key) and gains.
        var listRemovals: [SpecialPage: Set<[UInt8]>] = [:]
        var listInsertions: [SpecialPage: [TitledListEntry]] = [:]
        /// With a base URL: the pages of the wiki's feed once the changes are saved, newest first.
        var feed: [FeedEntry] = []

        /// The changes of `wiki` before any is found: the fast path fills them in.
        init(wiki: Wiki) {
            self.wiki = wiki
        }

        /// Why the file of the page `title` changes, as `--explain` says it.
        func cause(of title: PageTitle) -> String {
            causes[title, default: []].map(\.description).joined(separator: "; ")
        }

        /// How many more entries `list` has.
        func growth(of list: SpecialPage) -> Int {
            (listInsertions[list]?.count ?? 0) - (listRemovals[list]?.count ?? 0)
        }
    }

    /// The summary of the build of the changes of the only source since `last`, or nil when a
    /// fast path does not take them (nothing was written; `declined` says why). The source
    /// is one that delivers its changes after a checkpoint and documents by `_id`
    /// (`DocumentLookupSource`), or a dump or a folder of Markdown the last build read, compared
    /// with the ledger of its entries or notes (`SourceLedger`): one in which nothing differs is a
    /// build with nothing to do (`UnchangedSources`), whatever the build's options.
    package func summaryIfTaken(after last: LastBuild, declined: inout String?) throws -> BuildSummary? {
        do {
            return try summary(after: last)
        } catch let notServed as FastPathDeclined {
            declined = notServed.reason
            return nil
        }
    }

    /// The build of the edits of `planner`'s database, every document of the sources (read whole:
    /// a dump), when the only changes `planner` found in `wikis` (`changes`, one a wiki) are edits
    /// the fast path takes: true when it wrote and committed them, with what it did added to
    /// `summary` (which holds what the reading found); false when nothing was written, and the
    /// wiki-wide path runs (`summary` says why). `update` holds the sources' checkpoints.
    package func buildIfEdits(
        of planner: IncrementalPlanner, wikis wikiList: [Wiki], changes: [IncrementalPlanner.WikiChanges?],
        layout: SiteLayout, update: StateUpdate, summary: inout BuildSummary
    ) throws -> Bool {
        guard planner.fullBuild == nil else { return false }
        do {
            summary = try builtEdits(
                planner: planner, wikis: wikiList, changes: changes, layout: layout, update: update, summary: summary)
            return true
        } catch let notServed as FastPathDeclined {
            summary.fastPathDeclined = notServed.reason
            return false
        }
    }

    /// `buildIfEdits`'s work: `summary` with what the fast path did.
    ///
    /// - Throws: `FastPathDeclined` when the fast path does not take the changes.
    func builtEdits(
        planner: IncrementalPlanner, wikis wikiList: [Wiki], changes: [IncrementalPlanner.WikiChanges?],
        layout: SiteLayout, update: StateUpdate, summary: BuildSummary
    ) throws -> BuildSummary {
        let (database, state) = (planner.database, planner.state)
        guard planner.storedWikis.count == wikiList.count else {
            throw FastPathDeclined("a wiki came, went or is no longer published")
        }
        guard planner.storedWikis.values.allSatisfy({ $0.pageCount != nil }) else {
            throw FastPathDeclined("the build state does not know how many pages a wiki had")
        }
        let published = DatabasePublishedPages(database: database)
        let build = BuildContext(database: database, published: published, state: state, layout: layout)
        let limit = ChangeSetLimits.fastPath(amongPages: planner.storedWikis.values.reduce(0) { $0 + $1.pageCount! })
        var wikis: [WikiEdits] = []
        var changedDocuments = 0
        for (wiki, wikiChanges) in zip(wikiList, changes) {
            guard let wikiChanges else { throw FastPathDeclined("wiki \(MessageText.quoted(wiki.id)) is new") }
            if wikiChanges.wikiChanged {
                guard wikiChanges.stored.title.isExactly(wiki.title) else {
                    throw FastPathDeclined(
                        "wiki \(MessageText.quoted(wiki.id)) was retitled (every file of it shows the title)")
                }
                changedDocuments += 1
            }
            changedDocuments += wikiChanges.pages.count
            let pages = (wikiChanges.pages.edited + wikiChanges.pages.created).compactMap {
                database.page(inWiki: wiki.id, titled: $0)
            }
            guard changedDocuments <= limit else {
                throw FastPathDeclined("more than \(limit) documents changed")
            }
            var wikiEdits = try edits(of: wiki, among: pages, removing: wikiChanges.pages.removed, in: build)
            wikiEdits.documentChanged = wikiChanges.wikiChanged
            wikis.append(wikiEdits)
        }
        guard changedDocuments > 0 else { throw FastPathDeclined("no document changed") }
        var built = summary
        built.changedDocuments = changedDocuments
        built.editsBuiltFromState = true
        try writeFiles(wikis, storedWikis: planner.storedWikis, in: build, update: update, summary: &built)
        return built
    }

    /// The changes of `wiki` in `build`: the pages among `pages` (its pages as they are now)
    /// whose fingerprint is not the state's, and the pages `removed` no longer published;
    /// rendered, with what they touch.
    ///
    /// - Throws: `FastPathDeclined` when the fast path does not take them.
    func edits(
        of wiki: Wiki, among pages: [Page], removing removed: [PageTitle], in build: BuildContext
    ) throws -> WikiEdits {
        let (database, published, state, layout) = (build.database, build.published, build.state, build.layout)
        let matchesNotes = options.linkMatching(forWiki: wiki.id) == .obsidian
        if matchesNotes { try settleNoteNames(of: wiki, among: pages, removing: removed, state: state) }
        var wikiEdits = WikiEdits(wiki: wiki)
        wikiEdits.aliases = try aliasChanges(
            of: wiki, among: pages, removing: removed, published: published, state: state, layout: layout)
        // A database that holds every page knows its redirects; the state's lookup learns them.
        (published as? StatePublishedPages)?.settle(wikiEdits.aliases.now, inWiki: wiki.id)
        // One query a batch of pages, not a seek each: a change set may hold thousands.
        let storedPages = try state.storedPages(pages.map(\.title) + removed, inWiki: wiki.id)
        for page in pages {
            let stored = storedPages[page.title]
            if let stored {
                guard let details = stored.details, details.documentID.isExactly(page.documentID) else {
                    throw FastPathDeclined("page \(MessageText.quoted(page.title.text)) now has another document")
                }
                guard
                    stored.fingerprint
                        != database.fingerprint(of: page)
                else { continue }
            } else {
                // A file name that another page's file has (its hash clashes) is the wiki-wide path's;
                // a page that takes an alias's title writes over its redirect.
                guard
                    try state.redirects(page.title, inWiki: wiki.id)
                        || state.recordedOutput(at: layout.page(page.title, inWiki: wiki.id).description) == nil
                else {
                    throw FastPathDeclined(
                        "the file of page \(MessageText.quoted(page.title.text)) is another page's file")
                }
                wikiEdits.created.insert(page.title)
            }
            wikiEdits.edits.append(
                try edit(page, stored: stored, of: wiki, in: database, published: published, layout: layout))
        }
        for title in removed {
            guard let stored = storedPages[title], let outline = stored.outline else {
                throw FastPathDeclined("the build state lacks the outline of page \(MessageText.quoted(title.text))")
            }
            wikiEdits.removed.insert(title)
            wikiEdits.edits.append(
                ChangedPage(
                    title: title, page: nil, stored: stored, oldOutline: outline,
                    outline: PageOutline(links: [], headings: [], wordCount: 0), body: nil))
        }
        if matchesNotes, !wikiEdits.created.isEmpty || !wikiEdits.removed.isEmpty {
            wikiEdits.edits += try relinkedPages(
                by: wikiEdits, in: database, published: published, state: state, layout: layout)
        }
        // With CamelCase links, a title that comes or goes turns words of other pages into links,
        // or back.
        if options.settings(forWiki: wiki.id).camelCaseLinks {
            wikiEdits.edits += try camelCaseRelinkedPages(
                by: wikiEdits, in: database, published: published, state: state, layout: layout)
        }
        if matchesNotes, options.hasFolders(wiki.id) {
            wikiEdits.folderNotes = try unchangedFolderNotes(of: wiki, besides: pages, state: state)
        }
        // The home shows the wiki's description, with the pages it embeds.
        wikiEdits.homeOutline = bodies(of: wiki, in: database, published: published, layout: layout)
            .homeOutline(of: wiki)
        if options.baseURL != nil { wikiEdits.feed = try feed(of: wikiEdits, state: state) }
        try links(of: &wikiEdits, published: published, state: state)
        return wikiEdits
    }

    /// Writes the files `wikis` change (their pages' documents in `build`'s database, the pages
    /// published as it says), then commits them and `update` to its state, with what it did in
    /// `summary`.
    ///
    /// - Throws: `FastPathDeclined` when the state lacks what the files need, before anything is
    ///   written.
    func writeFiles(
        _ wikis: [WikiEdits], storedWikis: [ExactString: BuildState.StoredWiki], in build: BuildContext,
        update: StateUpdate, summary: inout BuildSummary
    ) throws {
        let (database, published, state, layout) = (build.database, build.published, build.state, build.layout)
        var update = update
        let discovery = options.baseURL.map { SiteDiscovery(baseURL: $0, layout: layout) }
        if discovery == nil { summary.notes.append(SiteDiscovery.missingBaseURLNote) }
        var files = WikiFiles()
        var sitemapNewest: [ExactString: [UTCDateTime?]] = [:]
        var pageCounts: [Int] = []
        for wikiEdits in wikis {
            let wiki = wikiEdits.wiki
            let stored = storedWikis[ExactString(wiki.id)]!
            let pageCount = stored.pageCount! + wikiEdits.growth(of: .allPages)
            pageCounts.append(pageCount)
            summary.wikis.append(
                PublishedWiki(id: wiki.id, title: wiki.title, pageCount: pageCount, home: layout.home(ofWiki: wiki.id)))
            guard !wikiEdits.edits.isEmpty || wikiEdits.documentChanged else { continue }
            try Self.addFolderFileChanges(of: wikiEdits, state: state, layout: layout, to: &files, into: &update)
            let wikiFiles = try wikiFiles(of: wikiEdits, pageCount: stored.pageCount!, in: build, into: &update)
            files.add(wikiFiles)
            if discovery != nil { sitemapNewest[ExactString(wiki.id)] = wikiFiles.sitemapNewest }
            if pageCount != stored.pageCount || wikiEdits.documentChanged {
                update.wikis.append(
                    BuildState.StoredWiki(
                        id: stored.id, title: stored.title,
                        fingerprint: wikiEdits.documentChanged ? database.fingerprint(of: wiki) : stored.fingerprint,
                        pageCount: pageCount, skippedPages: stored.skippedPages))
            }
        }
        try published.checkLookups()
        if zip(wikis, pageCounts).contains(where: { $1 != storedWikis[ExactString($0.wiki.id)]!.pageCount }) {
            let renderer = SitePageRenderer(
                bodies: PageBodyRenderer(
                    database: database, markdown: MarkdownRenderer(options: MarkdownOptions()), siteLayout: layout),
                theme: theme, discovery: discovery)
            files.written.append(
                (
                    SiteLayout.siteIndex, renderer.siteIndex(wikis: wikis.map(\.wiki), pageCounts: pageCounts),
                    ChangeCause.siteChanged.description
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
            files.discovery += discovery.indexFiles(listing: listing).map { ($0, ChangeCause.siteChanged.description) }
        }
        try write(files, committing: update, to: state, summary: &summary)
    }

    /// Writes `files`, then commits `update` to `state` (`SiteWriter.writing`).
    private func write(
        _ files: WikiFiles, committing update: StateUpdate, to state: BuildState, summary: inout BuildSummary
    ) throws {
        try SiteWriter.writing(options, state: state, previousBuildWasInterrupted: false, summary: &summary) {
            writer, _ in
            try writer.announce(
                files.written.map(\.path) + files.attachments.map(\.file.path) + files.discovery.map(\.file.path))
            for file in files.written { try writer.write(file.html, to: file.path, because: file.cause) }
            for file in files.discovery { try writer.write(file.file.bytes, to: file.file.path, because: file.cause) }
            // The attachments a page rendered again embeds are written again, the others go.
            for folder in files.attachmentFolders {
                try writer.retireRecordedFiles(withPrefix: folder.prefix, because: folder.cause)
            }
            for attachment in files.attachments {
                try writer.write(attachment.file.bytes, to: attachment.file.path, because: attachment.cause)
            }
            for file in files.removed { writer.retire(file.path, because: file.cause) }
            return update
        }
    }

    /// `page`, published anew or an edit of the published page `stored` of `wiki`, rendered (but
    /// for a page that embeds pages: `ChangedPage.body`).
    ///
    /// - Throws: `FastPathDeclined` when the state lacks its outline.
    func edit(
        _ page: Page, stored: BuildState.StoredPage?, of wiki: Wiki, in database: WikiDatabase,
        published: any PublishedPageLookup, layout: SiteLayout
    ) throws -> ChangedPage {
        var old = PageOutline(links: [], headings: [], wordCount: 0)
        if let stored {
            guard let outline = stored.outline else {
                throw FastPathDeclined(
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

    /// The fast path of a build of `options`, whose shape is `shape`, rendering with `theme` and
    /// telling `reporter` what it does.
    package init(options: BuildOptions, shape: BuildShape, theme: Theme, reporter: any BuildReporter) {
        self.options = options
        self.shape = shape
        self.theme = theme
        self.reporter = reporter
    }
}

/// Whether a page is published, asked of a database that holds every page.
package struct DatabasePublishedPages: PublishedPageLookup {
    let database: WikiDatabase

    package func isPublished(_ title: PageTitle, inWiki wikiID: String) -> Bool {
        database.publishedTitles(inWiki: wikiID).contains(title)
    }

    package func redirects(_ title: PageTitle, inWiki wikiID: String) -> Bool {
        database.aliases(inWiki: wikiID).redirects(title)
    }

    package func checkLookups() {}
}

/// Whether a page is published, asked of the build state (one indexed lookup a title, each
/// remembered): what the fast path renders links with, the existence of pages being what
/// it was. The first error is kept for `checkLookups()`, since a renderer cannot throw.
package final class StatePublishedPages: PublishedPageLookup {
    let state: BuildState
    /// The answers so far, by wiki (IDs compared exactly, as everywhere).
    let known = Mutex<[ExactString: [PageTitle: Bool]]>([:])
    /// Likewise, whether a title is an alias with a redirect.
    let knownRedirects = Mutex<[ExactString: [PageTitle: Bool]]>([:])
    let error = Mutex<(any Error)?>(nil)

    init(state: BuildState) {
        self.state = state
    }

    package func isPublished(_ title: PageTitle, inWiki wikiID: String) -> Bool {
        answer(title, inWiki: wikiID, from: known, asking: state.isPublished)
    }

    package func redirects(_ title: PageTitle, inWiki wikiID: String) -> Bool {
        answer(title, inWiki: wikiID, from: knownRedirects, asking: state.redirects)
    }

    /// The answer `answers` keeps for `title` of wiki `wikiID`, else `ask`'s, then kept.
    private func answer(
        _ title: PageTitle, inWiki wikiID: String, from answers: borrowing Mutex<[ExactString: [PageTitle: Bool]]>,
        asking ask: (PageTitle, String) throws -> Bool
    ) -> Bool {
        if let answer = answers.withLock({ $0[ExactString(wikiID)]?[title] }) { return answer }
        do {
            let answer = try ask(title, wikiID)
            answers.withLock { $0[ExactString(wikiID), default: [:]][title] = answer }
            return answer
        } catch {
            self.error.withLock { $0 = $0 ?? error }
            return false
        }
    }

    /// Answers for the aliases `aliases` of wiki `wikiID` whether they redirect as they do now,
    /// whatever the state says: the aliases the changes being built touch.
    func settle(_ aliases: [FastPath.GivenAlias], inWiki wikiID: String) {
        knownRedirects.withLock {
            for alias in aliases { $0[ExactString(wikiID), default: [:]][alias.alias] = alias.redirect != nil }
        }
    }

    /// Answers `published` for `title` of wiki `wikiID` from now on, whatever the state says: a
    /// page created or deleted by the changes being built.
    func settle(_ title: PageTitle, inWiki wikiID: String, published: Bool) {
        known.withLock { $0[ExactString(wikiID), default: [:]][title] = published }
    }

    package func checkLookups() throws {
        if let error = error.withLock({ $0 }) { throw error }
    }
}
