import Foundation
import Synchronization
import WikiDocuments
import WikiModel
import WikiPages
import WikiRender
import WikiSources

/// The special files, home and discovery files of a wiki that the fast path writes again.
extension FastPath {
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

        /// Adds the files of `other` (of another wiki) to these, its sitemap's dates aside.
        mutating func add(_ other: WikiFiles) {
            written += other.written
            removed += other.removed
            attachments += other.attachments
            attachmentFolders += other.attachmentFolders
            discovery += other.discovery
        }
    }

    /// What the steps of `wikiFiles` share: the wiki's changes, where its files go, and how they
    /// are rendered.
    struct WikiFileContext {
        let edits: WikiEdits
        let database: WikiDatabase
        let state: BuildState
        let layout: SiteLayout
        let renderer: SitePageRenderer
        let lists: SpecialPageContext
        /// Why the lists, the statistics and the home change.
        var cause: String { ChangeCause.pagesChanged(edits.edits.count).description }
    }

    /// The files of the wiki of `edits` (of `pageCount` pages before them) that its changes write
    /// and remove, with what the state records of them added to `update`.
    ///
    /// - Throws: `FastPathDeclined` when `build`'s state or database lacks what they need.
    func wikiFiles(
        of edits: WikiEdits, pageCount oldPageCount: Int, in build: BuildContext, into update: inout StateUpdate
    ) throws -> WikiFiles {
        let (database, published, state, layout) = (build.database, build.published, build.state, build.layout)
        let wiki = edits.wiki
        let figures = try statistics(after: edits, pageCount: oldPageCount, in: database, state: state)
        let discovery = options.baseURL.map { SiteDiscovery(baseURL: $0, layout: layout) }
        let renderer = SitePageRenderer(
            bodies: bodies(of: wiki, in: database, published: published, layout: layout),
            theme: theme, discovery: discovery)
        let chrome = WikiChrome(
            wiki: wiki, figures: figures, siteLayout: layout, discovery: discovery,
            searchable: options.settings(forWiki: wiki.id).search,
            strings: theme.strings(for: options.settings(forWiki: wiki.id).lang)
        ).with(folders: options.hasFolders(wiki.id) ? noteNames.folders(ofWiki: wiki.id) : nil)
        let context = WikiFileContext(
            edits: edits, database: database, state: state, layout: layout, renderer: renderer,
            lists: SpecialPageContext(
                chrome: chrome, theme: theme, hrefs: renderer.bodies.hrefs,
                entriesPerFile: Pagination.defaultEntriesPerFile))
        var files = WikiFiles()
        try addPageFiles(context, to: &files, into: &update)
        addRedirects(of: edits, layout: layout, strings: chrome.strings, to: &files, into: &update)
        if options.settings(forWiki: wiki.id).search, !edits.edits.isEmpty {
            try addSearchFiles(context, to: &files, into: &update)
        }
        var digests: [String: Int64] = [:]
        let lengths: [SpecialPage: Int] = [
            .allPages: oldPageCount, .wantedPages: figures.wantedPageCount - edits.growth(of: .wantedPages),
            .orphanedPages: figures.orphanedPageCount - edits.growth(of: .orphanedPages),
        ]
        try addTitledListFiles(context, lengths: lengths, to: &files, digests: &digests, into: &update)
        let recentChanges = try addDatedListFiles(
            context, pageCount: figures.pageCount, to: &files, digests: &digests)
        try addTagFiles(context, to: &files, digests: &digests, into: &update)
        if !edits.edits.isEmpty { try addFolderFiles(context, to: &files, digests: &digests, into: &update) }
        // The statistics count pages, and list the conflicts of the pages and of the wiki's document.
        let cause = edits.edits.isEmpty ? ChangeCause.wikiDocumentChanged.description : context.cause
        files.written.append(
            (
                context.lists.path(of: SpecialPageFile(page: .statistics, part: 1)),
                context.lists.statisticsHTML(figures), cause
            ))
        files.written.append(
            (
                layout.home(ofWiki: wiki.id),
                renderer.home(pageCount: figures.pageCount, recentChanges: recentChanges, chrome: chrome), cause
            ))
        update.changedSpecialFileDigests.append((wiki.id, digests))
        update.statistics.append((wiki.id, figures))
        if let discovery {
            try addDiscoveryFiles(
                of: edits, to: &files, discovery: discovery, renderer: renderer, in: build, into: &update)
        }
        return files
    }

    /// The statistics of the wiki of `edits` (of `oldPageCount` pages before them) once they are
    /// saved: the state's figures, with the changed pages' words, savers and conflicts moved, and
    /// the conflict of the wiki's document as it is now when that document changed.
    ///
    /// - Throws: `FastPathDeclined` when the state lacks what they need, or its counts disagree.
    private func statistics(
        after edits: WikiEdits, pageCount oldPageCount: Int, in database: WikiDatabase, state: BuildState
    ) throws -> StatisticsFigures {
        let wiki = edits.wiki
        guard var figures = try state.statistics(inWiki: wiki.id) else {
            throw FastPathDeclined("the build state lacks the statistics of wiki \(MessageText.quoted(wiki.id))")
        }
        if edits.documentChanged {
            figures.settleConflict(
                ofDocument: wiki.id,
                as: database.conflict(ofDocument: wiki.id).map { StatisticsFigures.ConflictFigure($0, pageTitle: nil) })
        }
        figures.linkCount += edits.addedLinks
        figures.missingLinkCount += edits.addedMissingLinks
        figures.wantedPageCount += edits.growth(of: .wantedPages)
        figures.orphanedPageCount += edits.growth(of: .orphanedPages)
        for edit in edits.edits {
            if let stored = edit.stored {
                guard let details = stored.details else {
                    throw FastPathDeclined(
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
        guard figures.pageCount == oldPageCount + edits.growth(of: .allPages) else {
            throw FastPathDeclined(
                "the build state's counts of the pages of wiki \(MessageText.quoted(wiki.id)) disagree")
        }
        return figures
    }

    /// Adds the files of the pages changed and of the pages whose file changes with them, with
    /// their attachments and what the state records of the changed ones.
    ///
    /// - Throws: `FastPathDeclined` when a page to render again is not as the state recorded it.
    private func addPageFiles(
        _ context: WikiFileContext, to files: inout WikiFiles, into update: inout StateUpdate
    ) throws {
        let (edits, layout, renderer) = (context.edits, context.layout, context.renderer)
        let wiki = edits.wiki
        /// The attachment folder of the page `title`, whose files go but those written again.
        func retireAttachments(of title: PageTitle, because cause: String) {
            files.attachmentFolders.append(
                (layout.folderPrefix(ofWiki: wiki.id) + SitePaths.attachmentFolder(title) + "/", cause))
        }
        let chrome = context.lists.chrome
        for edit in edits.edits {
            guard let page = edit.page else {
                files.removed.append((layout.page(edit.title, inWiki: wiki.id), ChangeCause.removed.description))
                retireAttachments(of: edit.title, because: ChangeCause.removed.description)
                update.removedPages.append((wiki.id, edit.title))
                continue
            }
            let cause = edits.cause(of: page.title)
            retireAttachments(of: page.title, because: cause)
            files.attachments += page.attachmentFiles(embedded: edit.outline.attachments, in: layout).map {
                ($0, cause)
            }
            let html = renderer.page(
                page, outline: edit.outline, backlinks: edits.backlinks[page.title] ?? [],
                chrome: chrome, body: edit.body)
            files.written.append((layout.page(page.title, inWiki: wiki.id), html, cause))
            update.pages.append(
                StateUpdate.PageRecord(
                    wikiID: wiki.id, title: page.title, fingerprint: context.database.fingerprint(of: page),
                    outline: edit.outline, details: page))
        }
        // The pages embedded are shown as the state knows them, or the build is the wiki-wide path's.
        for (title, stored) in edits.embeddedPages {
            _ = try recordedPage(
                title, stored, of: wiki, in: context.database, readAs: "embedded in a page to render again")
        }
        for (title, stored) in edits.linkedPages {
            let page = try recordedPage(
                title, stored, of: wiki, in: context.database, readAs: "whose file changes with them")
            let outline = stored.outline!  // `links(of:published:state:)` keeps pages with outlines alone
            let pageCause = edits.cause(of: title)
            let html = renderer.page(
                page, outline: outline, backlinks: edits.backlinks[title] ?? [], chrome: chrome, body: nil)
            files.written.append((layout.page(title, inWiki: wiki.id), html, pageCause))
            retireAttachments(of: title, because: pageCause)
            files.attachments += page.attachmentFiles(embedded: outline.attachments, in: layout).map {
                ($0, pageCause)
            }
        }
    }

    /// Adds the files of the lists cut at their titles that the changes touch, cut again around
    /// them (`TitledListRecut`) from lists of `lengths` entries before them.
    ///
    /// - Throws: `FastPathDeclined` when the state's files of a list cannot be read back.
    private func addTitledListFiles(
        _ context: WikiFileContext, lengths: [SpecialPage: Int], to files: inout WikiFiles,
        digests: inout [String: Int64], into update: inout StateUpdate
    ) throws {
        let (edits, state) = (context.edits, context.state)
        let wiki = edits.wiki
        // A file of a list the state cannot read back is the wiki-wide path's to make again.
        do {
            for list in SpecialPage.titledLists {
                let removals = edits.listRemovals[list] ?? []
                let insertions = edits.listInsertions[list] ?? []
                guard !removals.isEmpty || !insertions.isEmpty else { continue }
                let length = lengths[list]!
                guard
                    let recut = try TitledListRecut(
                        list, inWiki: wiki.id, state: state, entriesPerFile: context.lists.entriesPerFile,
                        lengths: (length, length + insertions.count - removals.count),
                        changes: TitledListChanges(removing: removals, inserting: insertions))
                else {
                    throw FastPathDeclined(
                        "the build state's files of \(list.name) of wiki \(MessageText.quoted(wiki.id)) do not hold the change as they should"
                    )
                }
                // Only the files of all pages show the letter index: when it changes, every one.
                var (letterIndex, everyFile): ([LetterStart], Bool) = ([], false)
                if list == .allPages {
                    guard let old = try state.letterIndex(ofWiki: wiki.id) else {
                        throw FastPathDeclined(
                            "the build state lacks the letter index of wiki \(MessageText.quoted(wiki.id))")
                    }
                    letterIndex = try recut.letterIndex(replacing: old)
                    everyFile = letterIndex != old
                    update.letterIndexes.append((wiki.id, letterIndex))
                }
                let changed = try recut.changedFiles(in: context.lists, letterIndex: letterIndex, everyFile: everyFile)
                for file in changed.written {
                    digests[file.path.description] = file.digest
                    files.written.append((file.path, file.html, context.cause))
                }
                for path in changed.removed {
                    files.removed.append((path, context.cause))
                    update.removedSpecialFiles.append((wiki.id, path.description))
                }
                update.changedListParts.append((wiki.id, list, recut.removedFirstKeys, recut.addedParts))
            }
        } catch let damaged as DamagedListPart {
            throw FastPathDeclined(damaged.description)
        }
    }

    /// Adds the files of the lists by date whose digest changes, and returns the newest entries
    /// of recent changes, which the home shows.
    private func addDatedListFiles(
        _ context: WikiFileContext, pageCount: Int, to files: inout WikiFiles, digests: inout [String: Int64]
    ) throws -> [DatedEntry] {
        let wiki = context.edits.wiki
        var recentChanges: [DatedEntry] = []
        for list in [SpecialPage.recentChanges, .newPages] {
            let entries = try newest(in: wiki, listedIn: list, after: context.edits.edits, state: context.state)
            if list == .recentChanges { recentChanges = entries }
            let dated = DatedPageList(list: list, entries: entries, olderPageCount: pageCount - entries.count)
            let fileCount = dated.pagination(entriesPerFile: context.lists.entriesPerFile).fileCount
            let paths = (1...fileCount).map { context.lists.path(of: SpecialPageFile(page: list, part: $0)) }
            let previousDigests = try context.state.specialFileDigests(
                inWiki: wiki.id, at: paths.map(\.description))
            for (part, path) in zip(1..., paths) {
                let digest = context.lists.digest(of: dated, part: part)
                guard previousDigests[path.description] != digest else { continue }
                digests[path.description] = digest
                files.written.append((path, context.lists.html(of: dated, part: part), context.cause))
            }
        }
        return recentChanges
    }

    /// Adds to `files` the sitemap files and the feed of the wiki of `edits` that they change,
    /// with what the state records of the sitemap added to `update`; `renderer` renders the
    /// bodies of the pages of the feed.
    ///
    /// - Throws: `FastPathDeclined` when `build`'s state or database lacks what they need.
    func addDiscoveryFiles(
        of edits: WikiEdits, to files: inout WikiFiles, discovery: SiteDiscovery, renderer: SitePageRenderer,
        in build: BuildContext, into update: inout StateUpdate
    ) throws {
        let (database, state) = (build.database, build.state)
        let wiki = edits.wiki
        let layout = discovery.layout
        let cause =
            (edits.edits.isEmpty ? ChangeCause.wikiDocumentChanged : ChangeCause.pagesChanged(edits.edits.count))
            .description
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
        let feed = AtomFeed(
            wiki: wiki, pages: pages, limit: discovery.feedLength, includesDrafts: database.includesDrafts)
        let feedBytes = feed.bytes(baseURL: discovery.baseURL, layout: discoveryLayout) { page in
            bodies[page.title] ?? renderer.bodies.body(of: page).html
        }
        files.discovery.append((SiteFile(path: discoveryLayout.feed(ofWiki: wiki.id), bytes: feedBytes), cause))
    }

    /// The first `WikiAnalysis.datedListLength` entries of `list` of `wiki` once `changed` are
    /// saved: the state's first entries before them, as many more as there are changes (an entry
    /// that is first now was among those), the changed pages' entries in place of their old ones
    /// (none for a page no longer published).
    func newest(
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
