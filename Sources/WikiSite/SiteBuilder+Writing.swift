import Synchronization
import WikiBuildEngine
import WikiDocuments
import WikiModel
import WikiPages
import WikiRender

/// What the steps that write a build's files share: the planner (with the database and the
/// state), the theme, where files go, the discovery files' settings and the writer.
struct SiteWriting {
    let planner: IncrementalPlanner
    let theme: Theme
    let layout: SiteLayout
    /// Sitemaps and feeds, with a base URL; nil without one.
    let discovery: SiteDiscovery?
    let writer: SiteWriter

    var database: WikiDatabase { planner.database }
}

/// The wiki-wide path's writing: each wiki's files from its analysis, then the site's own.
extension SiteBuilder {
    /// Writes what `plan` asks for: the stylesheet, the site index, each wiki's pages, special
    /// pages and home (each wiki's `changes` as the planner found them), then the sitemaps and
    /// feeds when the build has a base URL; retires what it takes away.
    func writeSite(
        _ wikis: [Wiki], changes: [IncrementalPlanner.WikiChanges?], plan: BuildPlan, _ context: SiteWriting,
        update: inout StateUpdate, summary: inout BuildSummary
    ) throws {
        var plan = plan
        let writer = context.writer
        if let reason = plan.fullBuild { writer.retireEverything(because: ChangeCause.fullBuild(reason).description) }
        for (id, cause) in plan.removedWikis {
            // The folder the last build gave the wiki: an incremental build has the last build's
            // configuration (any change of it, slugs included, makes a full build), and a removed
            // wiki has no settings table (one for a wiki the sources lack is an error), so its
            // folder is the name made from its ID, as `layout` gives it.
            writer.retire(withPrefix: context.layout.folderPrefix(ofWiki: id), because: cause.description)
            update.removedWikis.append(id)
        }
        summary.changedDocuments = plan.removedWikis.count
        for (wiki, wikiChanges) in zip(wikis, changes) {
            var wikiPlan = plan.plan(ofWiki: wiki.id)
            try writeWiki(wiki, changes: wikiChanges, plan: &wikiPlan, context, update: &update, summary: &summary)
            plan.wikis[ExactString(wiki.id)] = wikiPlan
        }
        try writeSiteFiles(of: wikis, plan: plan, context, update: &update, summary: &summary)
    }

    /// Plans `wiki` (its `changes`, added to `plan`, which holds what the theme asks for) and
    /// writes what the plan asks for, with what the state records of it added to `update`.
    private func writeWiki(
        _ wiki: Wiki, changes: IncrementalPlanner.WikiChanges?, plan: inout WikiPlan, _ context: SiteWriting,
        update: inout StateUpdate, summary: inout BuildSummary
    ) throws {
        let (planner, layout) = (context.planner, context.layout)
        let pages = pageRenderer(of: wiki, everyPage: planner.fullBuild != nil, context)
        reporter.stage(
            "analysing \(planner.database.pages(inWiki: wiki.id).count) pages of "
                + "\(MessageText.quoted(wiki.id)) \(MessageText.quoted(wiki.title))")
        let bodies = RenderedBodies(
            budget: Self.keptBodiesBudget, spillingInto: SpilledBodies(inFolder: options.resolvedStateFolder))
        let (analysis, changed) = try planner.plan(
            wiki, changes: changes, with: pages.bodies, into: &plan, keeping: bodies, reporter: reporter)
        summary.changedDocuments += changed
        guard let analysis else {
            summary.wikisNotAnalysed += 1
            summary.wikis.append(
                PublishedWiki(
                    id: wiki.id, title: wiki.title, pageCount: planner.database.pages(inWiki: wiki.id).count,
                    home: layout.home(ofWiki: wiki.id)))
            return
        }
        let home = layout.publishesFolderFiles(ofWiki: wiki.id) ? pages.bodies.homeOutline(of: wiki) : nil
        if let special = try writeFiles(of: analysis, plan: plan, pages: pages, bodies: bodies, home: home, context) {
            update.specialFileDigests.append((wiki.id, special.digests))
            update.titledLists.append((wiki.id, special.lists))
        }
        if let cause = plan.search, options.settings(forWiki: wiki.id).search {
            try WikiSearchFiles(
                analysis: analysis, siteLayout: layout,
                strings: pages.theme.strings(for: options.settings(forWiki: wiki.id).lang),
                cut: options.searchShardCut
            ).write(with: context.writer, recordingIn: planner.state, because: cause.description)
            update.recordedSearchIndexes.append(wiki.id)
        }
        planner.record(wiki, analysis: analysis, plan: plan, into: &update)
        if let home {
            update.folderFiles.append((wiki.id, Self.folderFileNamers(of: analysis, home: home, in: layout)))
        }
        summary.missingLinks += analysis.missingLinks
        summary.wikis.append(
            PublishedWiki(
                id: wiki.id, title: wiki.title, pageCount: analysis.pages.count, home: layout.home(ofWiki: wiki.id)))
    }

    /// The files of its folder the home of the folder wiki of `analysis` (whose outline is
    /// `home`) and each of its published pages show, as the state's `folderFile` rows record
    /// them: the home's first, then the pages'; a namer that shows none is left out.
    private static func folderFileNamers(
        of analysis: WikiAnalysis, home: PageOutline, in layout: SiteLayout
    ) -> [(namer: BuildState.FolderFileNamer, paths: [String])] {
        let homePaths = WikiAnalysis.homeFolderFiles(of: analysis.wiki, home: home, in: layout).map(\.path.description)
        return (homePaths.isEmpty ? [] : [(.home, homePaths)])
            + analysis.folderFilesByPage(in: layout).map { (.page($0.page), $0.files.map(\.path.description)) }
    }

    /// Writes the site's own files `plan` asks for, and those a change of any wiki makes: the
    /// stylesheet, the search scripts, the site index, and with a base URL the sitemaps and feeds of `wikis`.
    private func writeSiteFiles(
        of wikis: [Wiki], plan: BuildPlan, _ context: SiteWriting, update: inout StateUpdate,
        summary: inout BuildSummary
    ) throws {
        var plan = plan
        let (writer, layout, database) = (context.writer, context.layout, context.database)
        let siteWideCause = plan.fullBuild.map { ChangeCause.fullBuild($0) } ?? .siteChanged
        let siteWideChange = plan.fullBuild != nil || summary.changedDocuments > 0
        if siteWideChange { plan.siteIndex = plan.siteIndex ?? siteWideCause }
        if let cause = plan.stylesheet {
            try writer.write(context.theme.stylesheet, to: SiteLayout.stylesheet, because: cause.description)
        }
        for name in ThemeTemplate.searchScriptFileNames {
            guard let cause = plan.searchScripts[name] else { continue }
            try writer.write(
                context.theme.searchScripts[name]!, to: SiteLayout.searchScript(named: name), because: cause.description
            )
        }
        if let cause = plan.sidebarScript {
            try writer.write(context.theme.sidebarScript, to: SiteLayout.sidebarScript, because: cause.description)
        }
        if let cause = plan.siteIndex {
            let pages = SitePageRenderer(
                bodies: PageBodyRenderer(
                    database: database, markdown: MarkdownRenderer(options: MarkdownOptions()), siteLayout: layout),
                theme: context.theme, discovery: context.discovery)
            try writer.write(pages.siteIndex(wikis: wikis), to: SiteLayout.siteIndex, because: cause.description)
        }
        guard let discovery = context.discovery else {
            summary.notes.append(SiteDiscovery.missingBaseURLNote)
            return
        }
        guard siteWideChange else { return }
        reporter.stage("writing sitemaps and feeds")
        for folder in [""] + wikis.map({ layout.folderPrefix(ofWiki: $0.id) }) {
            writer.retire(
                withPrefix: folder + DiscoveryLayout.numberedSitemapPrefix, matching: DiscoveryLayout.isNumberedSitemap,
                because: siteWideCause.description)
        }
        // One renderer a wiki: a folder wiki's renderer holds the list of its notes.
        var renderers: [ExactString: MarkdownRenderer] = [:]
        for wiki in wikis {
            renderers[ExactString(wiki.id)] = MarkdownRenderer(
                options: options.markdownOptions(forWiki: wiki.id, in: database))
        }
        let discovered = discovery.files(for: wikis, in: database) { page, wiki in
            let markdown =
                renderers[ExactString(wiki.id)]
                ?? MarkdownRenderer(options: options.markdownOptions(forWiki: wiki.id, in: database))
            return PageBodyRenderer(database: database, markdown: markdown, siteLayout: layout).body(of: page).html
        }
        try writer.announce(discovered.files.map(\.path))
        for file in discovered.files {
            try writer.write(file.bytes, to: file.path, because: siteWideCause.description)
        }
        update.sitemaps = discovered.sitemaps
    }

    /// The renderer of `wiki`'s files. When the build renders `everyPage`, the hrefs of all of
    /// them are made first, and read without a lock by the threads that render.
    private func pageRenderer(of wiki: Wiki, everyPage: Bool, _ context: SiteWriting) -> SitePageRenderer {
        let (database, layout) = (context.database, context.layout)
        let markdown = MarkdownRenderer(options: options.markdownOptions(forWiki: wiki.id, in: database))
        let hrefs = everyPage ? PageHrefs(publishedPagesOf: wiki.id, in: database, layout: layout) : PageHrefs()
        return SitePageRenderer(
            bodies: PageBodyRenderer(database: database, markdown: markdown, siteLayout: layout, hrefs: hrefs),
            theme: context.theme, discovery: context.discovery)
    }

    /// Writes what `plan` asks for of one wiki, from its analysis: pages (each with its
    /// backlinks) on every core, a folder wiki's files (its home's outline `home` given), the
    /// special pages (those the state's digests show unchanged left alone, when the plan keeps
    /// them), the home; retires removed pages. Returns the digests of the special files when it
    /// considered them (`writeSpecialPages`), with the lists cut at their titles as the state
    /// keeps them.
    private func writeFiles(
        of analysis: WikiAnalysis, plan: WikiPlan, pages: SitePageRenderer, bodies: RenderedBodies,
        home: PageOutline?, _ context: SiteWriting
    ) throws -> (digests: [String: Int64], lists: StoredTitledLists)? {
        let (wiki, writer, layout) = (analysis.wiki, context.writer, context.layout)
        for (title, cause) in plan.removedPages {
            writer.retire(layout.page(title, inWiki: wiki.id), because: cause.description)
            try retireAttachments(
                ofPage: title, inWiki: wiki.id, in: layout, because: cause.description, from: writer)
        }
        guard !plan.isEmpty else { return nil }
        let chrome = WikiChrome(
            analysis, siteLayout: layout, discovery: pages.discovery,
            searchable: options.settings(forWiki: wiki.id).search,
            strings: pages.theme.strings(for: options.settings(forWiki: wiki.id).lang)
        ).with(folders: options.hasFolders(wiki.id) ? FolderTree(titles: analysis.pages.map(\.title)) : nil)
        try writeRedirects(of: analysis, plan: plan, in: layout, strings: chrome.strings, into: writer)
        let index = AlphabeticalIndex(analysis.graph)
        let positions = analysis.pages.indices.filter { plan.cause(ofPage: analysis.pages[$0].title) != nil }
        reporter.stage(
            "writing \(positions.count) pages of \(MessageText.quoted(wiki.id)) \(MessageText.quoted(wiki.title))")
        try writer.announce(positions.map { layout.page(analysis.pages[$0].title, inWiki: wiki.id) })
        let done = Atomic<Int>(0)
        let reporter = self.reporter
        try Concurrently.forEach(positions.count) { number in
            let position = positions[number]
            let page = analysis.pages[position]
            let html = pages.page(
                at: position, of: analysis, index: index, chrome: chrome, body: bodies.take(forPageAt: position))
            let cause = plan.cause(ofPage: page.title)!
            try writer.write(html, to: layout.page(page.title, inWiki: wiki.id), because: cause)
            try retireAttachments(ofPage: page.title, inWiki: wiki.id, in: layout, because: cause, from: writer)
            for file in analysis.attachmentFiles(ofPageAt: position, in: layout) {
                try writer.write(file.bytes, to: file.path, because: cause)
            }
            reporter.progress(done: done.add(1, ordering: .relaxed).newValue, total: positions.count)
        }
        if let home { try writeFolderFiles(of: analysis, home: home, in: layout, into: writer) }
        var written: (digests: [String: Int64], lists: StoredTitledLists)?
        if let cause = plan.specialPages {
            let special = WikiSpecialPages(
                analysis: analysis, index: index, chrome: chrome, theme: context.theme, hrefs: pages.bodies.hrefs)
            let folders = FolderPages(context: special.context, bodies: pages.bodies) {
                context.database.page(inWiki: wiki.id, titled: $0)
            }
            let previousDigests =
                plan.keepsUnchangedSpecialFiles ? try context.planner.state.specialFileDigests(inWiki: wiki.id) : nil
            let digests = try writeSpecialPages(
                special, folders: folders, because: cause.description, unlessUnchangedSince: previousDigests,
                into: writer)
            written = (digests, StoredTitledLists(special))
        }
        if let cause = plan.home {
            try writer.write(
                pages.home(of: analysis, chrome: chrome), to: layout.home(ofWiki: wiki.id), because: cause.description)
        }
        return written
    }

    /// Writes the files of the folder wiki of `analysis` that its published notes and its home
    /// (whose outline is `home`) name, each once, and retires those of earlier builds none names
    /// now. Made from every page of the analysis, so an incremental build writes what a clean one
    /// does; a file whose bytes did not change is left alone.
    func writeFolderFiles(
        of analysis: WikiAnalysis, home: PageOutline, in layout: SiteLayout, into writer: SiteWriter
    ) throws {
        writer.retire(
            withPrefix: layout.folderFilesPrefix(ofWiki: analysis.wiki.id),
            because: ChangeCause.folderFile(named: false).description)
        let files = analysis.folderFiles(home: home, in: layout)
        try writer.announce(files.map(\.path))
        try Concurrently.forEach(files.count) { index in
            try writer.write(
                files[index].bytes, to: files[index].path, because: ChangeCause.folderFile(named: true).description)
        }
    }

    /// The attachment files of the page `title` (in its folder of `layout`) an earlier build
    /// wrote and this one does not write again are removed.
    func retireAttachments(
        ofPage title: PageTitle, inWiki wikiID: String, in layout: SiteLayout, because cause: String,
        from writer: SiteWriter
    ) throws {
        try writer.retireRecordedFiles(
            withPrefix: layout.folderPrefix(ofWiki: wikiID) + SitePaths.attachmentFolder(title) + "/", because: cause)
    }

    /// Writes the files of `special` and the folder pages and tree script of `folders`, but for
    /// those whose digest is the one in `previous` (by path; nil: writes them all), and retires
    /// the special files that are no longer made (parts of lists, tags and folders gone). Returns
    /// the digest of every file that has one, by path.
    func writeSpecialPages(
        _ special: WikiSpecialPages, folders: FolderPages?, because cause: String,
        unlessUnchangedSince previous: [String: Int64]?, into writer: SiteWriter
    ) throws -> [String: Int64] {
        let files = special.files
        let folderList = Array(folders?.folders ?? [])
        let tree = folders?.treeScript
        let sitePaths =
            files.map(special.path(of:)) + folderList.compactMap { folders?.path(of: $0) }
            + (tree.map { [$0.path] } ?? [])
        let paths = sitePaths.map(\.description)
        let current = Set(paths)
        let folder =
            special.context.siteLayout.folderPrefix(ofWiki: special.analysis.wiki.id) + SiteLayout.specialFolder + "/"
        writer.retire(withPrefix: folder, matching: { $0.hasSuffix(".html") && !current.contains($0) }, because: cause)
        let fileDigests: [Int64?] =
            files.map(special.digest(of:)) + folderList.map { folders?.digest(of: $0) }
            + (tree.map { [$0.digest] } ?? [])
        var digests: [String: Int64] = [:]
        for (path, digest) in zip(paths, fileDigests) { digests[path] = digest }
        let changed = paths.indices.filter { fileDigests[$0] == nil || previous?[paths[$0]] != fileDigests[$0] }
        try writer.announce(changed.map { sitePaths[$0] })
        try Concurrently.forEach(changed.count) { number in
            let position = changed[number]
            let html =
                switch position - files.count {
                case ..<0: special.html(of: files[position])
                case folderList.count: tree!.text
                case let folder: folders!.html(of: folderList[folder])
                }
            try writer.write(html, to: sitePaths[position], because: cause)
        }
        return digests
    }
}
