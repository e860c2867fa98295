import Dispatch
import Synchronization
import WikiDocuments
import WikiModel
import WikiRender
import WikiWrite

/// Builds the site: reads the sources, validates them into wikis and pages, renders every page
/// on all cores, writes the files atomically into the output folder, and removes the files an
/// earlier build made that are no longer part of the site.
///
/// Nothing in the output folder changes before every source has been read and the theme has
/// loaded, so a malformed dump or template leaves the previous site as it was.
public struct SiteBuilder: Sendable {
    /// How many bytes of page bodies the analysis pass keeps for the writing pass, so that
    /// those pages are parsed once; past it, pages are parsed in each pass. Bounds the memory a
    /// build needs whatever the size of the wiki.
    static let keptBodiesBudget = 48 << 20

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

        let input = try SourceReader(paths: options.sources, markdownFolder: options.markdownFolder, reporter: reporter)
            .read()
        let database = input.database
        let wikis = try selectedWikis(in: database)
        let theme: Theme
        do {
            theme = try Theme.load(overridesIn: options.templatesFolder)
        } catch {
            throw BuildError.theme("\(error)")
        }

        var summary = BuildSummary()
        summary.documentsRead = input.documentsRead
        summary.skipped = (input.refused + database.skipped).sorted {
            ExactString($0.documentID) < ExactString($1.documentID)
        }
        summary.skippedAttachments = database.skippedAttachments
        summary.conflicts = database.conflicts

        let stateFolder = options.resolvedStateFolder
        do {
            let lock = try BuildLock.acquire(stateFolder: stateFolder) { holder in
                reporter.waitingForOtherBuild(holder: holder)
            }
            defer { lock.release() }
            let discovery = options.baseURL.map { SiteDiscovery(baseURL: $0) }
            let writer = try SiteWriter(
                outputFolder: options.outputFolder, stateFolder: stateFolder,
                previousBuildWasInterrupted: lock.previousBuildWasInterrupted)
            let pages = SitePageRenderer(
                bodies: PageBodyRenderer(
                    database: database,
                    markdown: MarkdownRenderer(options: MarkdownOptions(linkStyle: options.linkStyle))),
                theme: theme, discovery: discovery)

            do {
                try writeSite(
                    wikis: wikis, database: database, pages: pages, theme: theme, into: writer, summary: &summary)
            } catch {
                writer.abandon()
                throw error
            }
            let outcome = try writer.finish()
            summary.filesWritten = outcome.written
            summary.filesUnchanged = outcome.unchanged
            summary.filesRemoved = outcome.removed
        } catch let error as BuildError {
            throw error
        } catch {
            throw BuildError.output("\(error)")
        }
        summary.elapsed = clock.now - start
        return summary
    }

    /// Writes the stylesheet, the site index, every wiki (its pages, special pages and home),
    /// then the sitemaps and feeds when the build has a base URL.
    private func writeSite(
        wikis: [Wiki], database: WikiDatabase, pages: SitePageRenderer, theme: Theme, into writer: SiteWriter,
        summary: inout BuildSummary
    ) throws {
        try writer.write(theme.stylesheet, to: SiteLayout.stylesheet)
        try writer.write(pages.siteIndex(wikis: wikis), to: SiteLayout.siteIndex)
        for wiki in wikis {
            let analysis = try writeWiki(
                wiki, database: database, theme: theme, discovery: pages.discovery, into: writer)
            summary.missingLinks += analysis.missingLinks
            summary.wikis.append(
                PublishedWiki(
                    id: wiki.id, title: wiki.title, pageCount: analysis.pages.count,
                    home: SiteLayout.home(ofWiki: wiki.id)))
        }
        guard let discovery = pages.discovery else {
            summary.notes.append(SiteDiscovery.missingBaseURLNote)
            return
        }
        reporter.stage("writing sitemaps and feeds")
        let files = discovery.files(for: wikis, in: database) { page, wiki in
            PageBodyRenderer(
                database: database, markdown: MarkdownRenderer(options: options.markdownOptions(forWiki: wiki.id))
            ).body(of: page).html
        }
        for file in files { try writer.write(file.bytes, to: file.path) }
    }

    /// Builds one wiki in two passes over its pages, each on every core: the analysis (every
    /// page's links and headings, hence the link graph and its reverse index), then the files
    /// (each page with its backlinks, the special pages, the home). Returns the analysis.
    private func writeWiki(
        _ wiki: Wiki, database: WikiDatabase, theme: Theme, discovery: SiteDiscovery?, into writer: SiteWriter
    ) throws -> WikiAnalysis {
        let markdown = MarkdownRenderer(options: options.markdownOptions(forWiki: wiki.id))
        let pages = SitePageRenderer(bodies: PageBodyRenderer(database: database, markdown: markdown), theme: theme)
        let quotedTitle = MessageText.quoted(wiki.title)
        let pageCount = database.pages(inWiki: wiki.id).count
        reporter.stage("analysing \(pageCount) pages of \(MessageText.quoted(wiki.id)) \(quotedTitle)")
        let bodies = RenderedBodies(budget: Self.keptBodiesBudget)
        let analysis = WikiAnalysis.analyse(wiki, with: pages.bodies, keeping: bodies, reporter: reporter)
        let index = AlphabeticalIndex(analysis.graph)
        let chrome = WikiChrome(analysis, discovery: discovery)

        reporter.stage("writing \(pageCount) pages of \(MessageText.quoted(wiki.id)) \(quotedTitle)")
        let done = Atomic<Int>(0)
        let reporter = self.reporter
        try Concurrently.forEach(pageCount) { position in
            let page = analysis.pages[position]
            let html = pages.page(
                at: position, of: analysis, index: index, chrome: chrome, body: bodies.take(forPageAt: position))
            try writer.write(html, to: SiteLayout.page(page.title, inWiki: wiki.id))
            for file in analysis.attachmentFiles(ofPageAt: position) { try writer.write(file.bytes, to: file.path) }
            reporter.progress(done: done.add(1, ordering: .relaxed).newValue, total: pageCount)
        }

        let special = WikiSpecialPages(analysis: analysis, index: index, chrome: chrome, theme: theme)
        let files = special.files
        try Concurrently.forEach(files.count) { number in
            try writer.write(special.html(of: files[number]), to: special.path(of: files[number]))
        }
        try writer.write(pages.home(of: analysis, chrome: chrome), to: SiteLayout.home(ofWiki: wiki.id))
        return analysis
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
