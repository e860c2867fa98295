import Dispatch
import Foundation
import Synchronization
import WikiDocuments
import WikiModel
import WikiRender
import WikiSources
import WikiWrite

/// Builds the site: reads the sources, validates them into wikis and pages, renders the pages on
/// all cores, writes the files atomically into the output folder, and removes the files an
/// earlier build made that are no longer part of the site.
///
/// The build is incremental whenever the state of the last build is usable (`BuildState`): it
/// renders only what changed since and what that touches (`IncrementalPlanner`), and the result
/// is the same as a full build's. Otherwise, or with `BuildOptions.fullBuild`, it renders
/// everything, and the summary says why. When every source has a sequence and none changed after
/// the checkpoint the last build recorded (`UnchangedSources`), it reads nothing else and writes
/// nothing, whatever the size of the wikis; when the changes are edits of pages that leave the
/// rest of their wiki as it was (`FastPath`), it reads them and the state alone (a dump, the
/// only source, is compared entry by entry with the last build's reading of it, and nothing
/// else is parsed: `DumpLedger`).
///
/// Nothing in the output folder changes before every source has been read and the theme has
/// loaded, so a malformed dump or template leaves the previous site as it was. The state is
/// marked unfinished before the first file is written and committed after the last, so a build
/// that is killed or fails is followed by a full one.
public struct SiteBuilder: Sendable {
    /// How many bytes of page bodies the analysis pass keeps in memory for the writing pass;
    /// past it, bodies wait in a scratch file of the state folder (`SpilledBodies`). Bounds the
    /// memory a build needs whatever the size of the wiki.
    static let keptBodiesBudget = 16 << 20

    /// What to build.
    public let options: BuildOptions
    /// Where progress goes.
    public let reporter: any BuildReporter

    /// A builder for `options`, reporting to `reporter`.
    public init(options: BuildOptions, reporter: any BuildReporter = SilentReporter()) {
        self.options = options
        self.reporter = reporter
    }

    /// Runs the build and returns what it did. Throws `BuildError` when the build failed;
    /// warnings (skipped documents, conflicts, missing links) are in the summary.
    public func build() throws -> BuildSummary {
        let clock = ContinuousClock()
        let start = clock.now
        guard !options.sources.isEmpty else { throw BuildError.noSources }
        // The theme's files are read first (what the build's shape is made of); its templates are
        // made once a build needs them. Either way, before anything is written.
        let themeSource: ThemeSource
        do {
            themeSource = try ThemeSource.read(overridesIn: options.templatesFolder)
        } catch {
            throw BuildError.theme("\(error)")
        }
        let shape = BuildShape(options: options, theme: themeSource)
        let stateFolder = options.resolvedStateFolder
        let lock = try acquireLock(of: stateFolder)
        defer { lock.release() }
        // A state that lets this build read less than its sources whole.
        let last = lock.previousBuildWasInterrupted ? nil : LastBuild(options: options, shape: shape)
        if let last,
            var summary = try UnchangedSources(options: options, shape: shape, reporter: reporter)
                .summaryIfUnchanged(since: last)
        {
            summary.notes += Self.notes(onIgnored: themeSource.ignoredFiles)
            summary.elapsed = clock.now - start
            return summary
        }
        let theme: Theme
        do {
            theme = try Theme(themeSource)
        } catch {
            throw BuildError.theme("\(error)")
        }
        var fastPathDeclined: String?
        if let last,
            var summary = try FastPath(options: options, shape: shape, theme: theme, reporter: reporter)
                .summaryIfTaken(after: last, declined: &fastPathDeclined)
        {
            summary.notes += Self.notes(onIgnored: themeSource.ignoredFiles)
            summary.elapsed = clock.now - start
            return summary
        }

        let input = try SourceReader(
            paths: options.sources, markdownFolder: options.markdownFolder, stashFolder: stateFolder,
            includesDrafts: options.includesDrafts, reporter: reporter
        ).read()
        let database = input.database
        let layout = SiteLayout(
            folders: try WikiFolders(wikiIDs: database.wikis.map(\.id), settings: options.wikiSettings))
        let wikis = try selectedWikis(in: database)

        var summary = Self.summary(of: input)
        summary.fastPathDeclined = fastPathDeclined
        summary.notes += Self.notes(onIgnored: themeSource.ignoredFiles)

        do {
            let (state, fullBuild, themeChanges) = try openState(in: stateFolder, shape: shape, openedAs: last?.state)
            try state.adoptEarlierManifest()
            var update = StateUpdate(replacesEverything: fullBuild != nil, settings: shape.settings)
            try recordCheckpoints(
                of: input, storedIn: fullBuild == nil ? state : nil, into: &update, summary: &summary)
            summary.fullBuildReason = fullBuild
            let planner = try IncrementalPlanner(
                state: state, database: database, options: options, fullBuild: fullBuild)
            // What changed in each wiki, found once for the fast path and for the wiki-wide path.
            let changes = try wikis.map(planner.changes(of:))
            if themeChanges.isEmpty, !lock.previousBuildWasInterrupted,
                try FastPath(options: options, shape: shape, theme: theme, reporter: reporter).buildIfEdits(
                    of: planner, wikis: wikis, changes: changes, layout: layout, update: update, summary: &summary)
            {
                summary.elapsed = clock.now - start
                return summary
            }
            let writer = try SiteWriter(
                outputFolder: options.outputFolder, record: state,
                previousBuildWasInterrupted: lock.previousBuildWasInterrupted, listsOutputs: options.listsOutputs)

            try state.markUnfinished()
            do {
                let layout = fullBuild == nil ? layout : layout.namingPages(of: wikis, in: database)
                try writeSite(
                    wikis: wikis, changes: changes, plan: planner.sitePlan(wikis: wikis, themeChanges: themeChanges),
                    planner: planner, theme: theme, layout: layout, into: writer, update: &update, summary: &summary)
            } catch {
                writer.abandon()
                throw error
            }
            try writer.finish(committing: update, to: state, summary: &summary)
        } catch let error as BuildError {
            throw error
        } catch {
            throw BuildError.output("\(error)")
        }
        summary.elapsed = clock.now - start
        return summary
    }

    /// Takes the lock of the state folder, waiting for another build that holds it.
    private func acquireLock(of stateFolder: String) throws -> BuildLock {
        do {
            return try BuildLock.acquire(stateFolder: stateFolder) { holder in
                reporter.waitingForOtherBuild(holder: holder)
            }
        } catch {
            throw BuildError.output("\(error)")
        }
    }

    /// The summary of what reading the sources found: documents read, skipped and in conflict.
    private static func summary(of input: SourceReader.Input) -> BuildSummary {
        let database = input.database
        var summary = BuildSummary()
        summary.documentsRead = input.documentsRead
        summary.skipped = (input.refused + database.skipped).sorted {
            ExactString($0.documentID) < ExactString($1.documentID)
        }
        summary.skippedAttachments = database.skippedAttachments
        summary.invalidFrontMatter = database.invalidFrontMatter
        summary.conflicts = database.conflicts
        return summary
    }

    /// Records where each source ends now, and its dump's ledger, in `update`, and how far each
    /// advanced since the checkpoints of `state` (nil: a full build, which keeps none) in
    /// `summary`.
    private func recordCheckpoints(
        of input: SourceReader.Input, storedIn state: BuildState?, into update: inout StateUpdate,
        summary: inout BuildSummary
    ) throws {
        let storedCheckpoints = try state?.checkpoints() ?? [:]
        for path in options.sources {
            let name = DocumentSources.displayName(of: path)
            let checkpoint = input.checkpoints[path]?.description
            summary.checkpoints.append(CheckpointAdvance(source: name, from: storedCheckpoints[name], to: checkpoint))
            if let checkpoint { update.checkpoints[name] = checkpoint }
            if let ledger = input.ledgers[path] { update.dumpLedgers[name] = ledger }
        }
    }

    /// The state of the last build (`opened` when it was opened already), and why this build is a
    /// full one (nil: incremental), with the theme files that changed since. A state that cannot
    /// be read is started afresh.
    private func openState(
        in stateFolder: String, shape: BuildShape, openedAs opened: BuildState?
    ) throws -> (BuildState, FullBuildReason?, [String]) {
        let state: BuildState
        var unusable: FullBuildReason?
        do {
            state = try opened ?? BuildState(stateFolder: stateFolder)
        } catch {
            unusable = .unreadableState("\(error)")
            state = try BuildState.replacing(stateFolder: stateFolder)
        }
        let settings = try state.settings()
        if let unusable { return (state, unusable, []) }
        if options.fullBuild { return (state, .requested, []) }
        if settings.isEmpty { return (state, .noState, []) }
        let siteIndex = options.outputFolder + "/" + SiteLayout.siteIndex.description
        if !FileManager.default.fileExists(atPath: siteIndex) { return (state, .outputMissing, []) }
        switch shape.changedThemeFiles(since: settings) {
        case .success(let names): return (state, nil, names)
        case .failure(let reason): return (state, reason, [])
        }
    }

    /// Writes what `plan` asks for: the stylesheet, the site index, each wiki's pages, special
    /// pages and home (each wiki's `changes` as `planner` found them), then the sitemaps and feeds
    /// when the build has a base URL, each file where `layout` puts it; retires what it takes away.
    private func writeSite(
        wikis: [Wiki], changes: [IncrementalPlanner.WikiChanges?], plan: BuildPlan, planner: IncrementalPlanner,
        theme: Theme, layout: SiteLayout, into writer: SiteWriter, update: inout StateUpdate,
        summary: inout BuildSummary
    ) throws {
        var plan = plan
        let discovery = options.baseURL.map { SiteDiscovery(baseURL: $0, layout: layout) }
        if let reason = plan.fullBuild { writer.retireEverything(because: "full build: \(reason)") }
        for (id, cause) in plan.removedWikis {
            // The folder the last build gave the wiki: an incremental build has the last build's
            // configuration (any change of it, slugs included, makes a full build), and a removed
            // wiki has no settings table (one for a wiki the sources lack is an error), so its
            // folder is the name made from its ID, as `layout` gives it.
            writer.retire(withPrefix: layout.folderPrefix(ofWiki: id), because: cause)
            update.removedWikis.append(id)
        }
        summary.changedDocuments = plan.removedWikis.count
        for (wiki, wikiChanges) in zip(wikis, changes) {
            let pages = pageRenderer(
                of: wiki, in: planner.database, everyPage: plan.fullBuild != nil, theme: theme, layout: layout,
                discovery: discovery)
            reporter.stage(
                "analysing \(planner.database.pages(inWiki: wiki.id).count) pages of "
                    + "\(MessageText.quoted(wiki.id)) \(MessageText.quoted(wiki.title))")
            let bodies = RenderedBodies(
                budget: Self.keptBodiesBudget, spillingInto: SpilledBodies(inFolder: options.resolvedStateFolder))
            var wikiPlan = plan.plan(ofWiki: wiki.id)
            let (analysis, changed) = try planner.plan(
                wiki, changes: wikiChanges, with: pages.bodies, into: &wikiPlan, keeping: bodies, reporter: reporter)
            summary.changedDocuments += changed
            plan.wikis[ExactString(wiki.id)] = wikiPlan
            guard let analysis else {
                summary.wikisNotAnalysed += 1
                summary.wikis.append(
                    PublishedWiki(
                        id: wiki.id, title: wiki.title, pageCount: planner.database.pages(inWiki: wiki.id).count,
                        home: layout.home(ofWiki: wiki.id)))
                continue
            }
            let previousDigests =
                wikiPlan.keepsUnchangedSpecialFiles ? try planner.state.specialFileDigests(inWiki: wiki.id) : [:]
            if let special = try writeWiki(
                analysis, plan: wikiPlan, pages: pages, bodies: bodies, theme: theme, layout: layout,
                previousDigests: previousDigests, into: writer)
            {
                update.specialFileDigests.append((wiki.id, special.digests))
                update.titledLists.append((wiki.id, special.lists))
            }
            planner.record(wiki, analysis: analysis, plan: wikiPlan, into: &update)
            summary.missingLinks += analysis.missingLinks
            summary.wikis.append(
                PublishedWiki(
                    id: wiki.id, title: wiki.title, pageCount: analysis.pages.count,
                    home: layout.home(ofWiki: wiki.id)))
        }
        let siteWideCause = plan.fullBuild.map { "full build: \($0)" } ?? "wikis or pages changed"
        let siteWideChange = plan.fullBuild != nil || summary.changedDocuments > 0
        if siteWideChange { plan.siteIndex = plan.siteIndex ?? siteWideCause }
        if let cause = plan.stylesheet { try writer.write(theme.stylesheet, to: SiteLayout.stylesheet, because: cause) }
        if let cause = plan.siteIndex {
            let pages = SitePageRenderer(
                bodies: PageBodyRenderer(
                    database: planner.database, markdown: MarkdownRenderer(options: MarkdownOptions()),
                    siteLayout: layout),
                theme: theme, discovery: discovery)
            try writer.write(pages.siteIndex(wikis: wikis), to: SiteLayout.siteIndex, because: cause)
        }
        guard let discovery else {
            summary.notes.append(SiteDiscovery.missingBaseURLNote)
            return
        }
        guard siteWideChange else { return }
        reporter.stage("writing sitemaps and feeds")
        for folder in [""] + wikis.map({ layout.folderPrefix(ofWiki: $0.id) }) {
            writer.retire(
                withPrefix: folder + DiscoveryLayout.numberedSitemapPrefix, matching: DiscoveryLayout.isNumberedSitemap,
                because: siteWideCause)
        }
        let discovered = discovery.files(for: wikis, in: planner.database) { page, wiki in
            PageBodyRenderer(
                database: planner.database,
                markdown: MarkdownRenderer(options: options.markdownOptions(forWiki: wiki.id)), siteLayout: layout
            ).body(of: page).html
        }
        try writer.announce(discovered.files.map(\.path))
        for file in discovered.files { try writer.write(file.bytes, to: file.path, because: siteWideCause) }
        update.sitemaps = discovered.sitemaps
    }

    /// The renderer of `wiki`'s files of `database`, with `theme`, where `layout` puts them. When
    /// the build renders `everyPage`, the hrefs of all of them are made first, and read without a
    /// lock by the threads that render.
    private func pageRenderer(
        of wiki: Wiki, in database: WikiDatabase, everyPage: Bool, theme: Theme, layout: SiteLayout,
        discovery: SiteDiscovery?
    ) -> SitePageRenderer {
        let markdown = MarkdownRenderer(options: options.markdownOptions(forWiki: wiki.id))
        let hrefs = everyPage ? PageHrefs(publishedPagesOf: wiki.id, in: database, layout: layout) : PageHrefs()
        return SitePageRenderer(
            bodies: PageBodyRenderer(database: database, markdown: markdown, siteLayout: layout, hrefs: hrefs),
            theme: theme, discovery: discovery)
    }

    /// Writes what `plan` asks for of one wiki, from its analysis: pages (each with its
    /// backlinks) on every core, the special pages, the home, where `layout` puts them; retires
    /// removed pages. Returns the digests of the special files when it considered them
    /// (`writeSpecialPages`), with the lists cut at their titles as the state keeps them.
    private func writeWiki(
        _ analysis: WikiAnalysis, plan: WikiPlan, pages: SitePageRenderer, bodies: RenderedBodies, theme: Theme,
        layout: SiteLayout, previousDigests: [String: Int64], into writer: SiteWriter
    ) throws -> (digests: [String: Int64], lists: StoredTitledLists)? {
        let wiki = analysis.wiki
        for (title, cause) in plan.removedPages {
            writer.retire(layout.page(title, inWiki: wiki.id), because: cause)
            try retireAttachments(ofPage: title, inWiki: wiki.id, in: layout, because: cause, from: writer)
        }
        guard !plan.isEmpty else { return nil }
        let index = AlphabeticalIndex(analysis.graph)
        let chrome = WikiChrome(analysis, siteLayout: layout, discovery: pages.discovery)
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

        var written: (digests: [String: Int64], lists: StoredTitledLists)?
        if let cause = plan.specialPages {
            let special = WikiSpecialPages(
                analysis: analysis, index: index, chrome: chrome, theme: theme, hrefs: pages.bodies.hrefs)
            let changedOnly = plan.keepsUnchangedSpecialFiles
            let digests = try writeSpecialPages(
                special, because: cause, unlessUnchangedSince: changedOnly ? previousDigests : nil, into: writer)
            written = (digests, StoredTitledLists(special))
        }
        if let cause = plan.home {
            try writer.write(
                pages.home(of: analysis, chrome: chrome), to: layout.home(ofWiki: wiki.id), because: cause)
        }
        return written
    }

    /// The attachment files of the page `title` (in its folder of `layout`) an earlier build
    /// wrote and this one does not write again are removed.
    private func retireAttachments(
        ofPage title: PageTitle, inWiki wikiID: String, in layout: SiteLayout, because cause: String,
        from writer: SiteWriter
    ) throws {
        try writer.retireRecordedFiles(
            withPrefix: layout.folderPrefix(ofWiki: wikiID) + SitePaths.attachmentFolder(title) + "/", because: cause)
    }

    /// Writes the files of `special`, but for those whose digest is the one in `previous` (by
    /// path; nil: writes them all), and retires the parts of lists that are no longer needed.
    /// Returns the digest of every file that has one, by path.
    private func writeSpecialPages(
        _ special: WikiSpecialPages, because cause: String, unlessUnchangedSince previous: [String: Int64]?,
        into writer: SiteWriter
    ) throws -> [String: Int64] {
        let files = special.files
        let paths = files.map { special.path(of: $0).description }
        let current = Set(paths)
        let folder =
            special.context.siteLayout.folderPrefix(ofWiki: special.analysis.wiki.id) + SiteLayout.specialFolder + "/"
        writer.retire(withPrefix: folder, matching: { $0.hasSuffix(".html") && !current.contains($0) }, because: cause)
        let fileDigests = files.map(special.digest(of:))
        var digests: [String: Int64] = [:]
        for (path, digest) in zip(paths, fileDigests) { digests[path] = digest }
        let changed = files.indices.filter { fileDigests[$0] == nil || previous?[paths[$0]] != fileDigests[$0] }
        try writer.announce(changed.map { special.path(of: files[$0]) })
        try Concurrently.forEach(changed.count) { number in
            let file = files[changed[number]]
            try writer.write(special.html(of: file), to: special.path(of: file), because: cause)
        }
        return digests
    }

    /// What the summary says of the files of the `--templates` folder that are no file of a
    /// theme (a misspelt or miscased name would otherwise change nothing, silently).
    static func notes(onIgnored files: [String]) -> [String] {
        guard !files.isEmpty else { return [] }
        let names = ThemeTemplate.allCases.map(\.fileName) + [ThemeTemplate.stylesheetFileName]
        return [
            "--templates: ignored \(files.map { MessageText.quoted($0) }.joined(separator: ", ")), not files of a theme "
                + "(names are exact: \(names.joined(separator: ", ")))"
        ]
    }

    /// The wikis to publish: all of them, or those `--wiki` names (each of which must exist).
    private func selectedWikis(in database: WikiDatabase) throws -> [Wiki] {
        guard !options.wikiIDs.isEmpty else { return database.wikis }
        let wanted = Set(options.wikiIDs.map(ExactString.init))
        for id in options.wikiIDs where !database.wikis.contains(where: { $0.id.isExactly(id) }) {
            throw BuildError.unknownWiki(id: id, known: database.wikis.map(\.id))
        }
        return database.wikis.filter { wanted.contains(ExactString($0.id)) }
    }
}
