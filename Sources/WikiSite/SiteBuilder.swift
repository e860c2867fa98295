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

        let input = try SourceReader(paths: options.sources, reporter: reporter).read()
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
            let writer = try SiteWriter(
                outputFolder: options.outputFolder, stateFolder: stateFolder,
                previousBuildWasInterrupted: lock.previousBuildWasInterrupted)
            let pages = SitePageRenderer(
                database: database, theme: theme,
                markdown: MarkdownRenderer(options: MarkdownOptions(linkStyle: options.linkStyle)))

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

    /// Writes the stylesheet, the site index, and every wiki's pages, home and page list.
    private func writeSite(
        wikis: [Wiki], database: WikiDatabase, pages: SitePageRenderer, theme: Theme, into writer: SiteWriter,
        summary: inout BuildSummary
    ) throws {
        try writer.write(theme.stylesheet, to: SiteLayout.stylesheet)
        try writer.write(pages.siteIndex(wikis: wikis), to: SiteLayout.siteIndex)
        for wiki in wikis {
            let published = database.pages(inWiki: wiki.id)
            reporter.stage("rendering \(published.count) pages of \(wiki.id) \"\(wiki.title)\"")
            summary.missingLinks += try renderPages(published, of: wiki, with: pages, into: writer)
            let home = SiteLayout.home(ofWiki: wiki.id)
            try writer.write(pages.home(of: wiki, pageCount: published.count), to: home)
            try writer.write(pages.allPages(of: wiki, pages: published), to: SiteLayout.allPages(ofWiki: wiki.id))
            summary.wikis.append(PublishedWiki(id: wiki.id, title: wiki.title, pageCount: published.count, home: home))
        }
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

    /// Renders and writes the pages of one wiki on every core; returns its missing link targets.
    private func renderPages(
        _ published: [Page], of wiki: Wiki, with pages: SitePageRenderer, into writer: SiteWriter
    ) throws -> [MissingLink] {
        let results = Mutex([[PageTitle]](repeating: [], count: published.count))
        let failure = Mutex<(any Error)?>(nil)
        let done = Atomic<Int>(0)
        let total = published.count
        let reporter = self.reporter
        DispatchQueue.concurrentPerform(iterations: published.count) { index in
            if failure.withLock({ $0 != nil }) { return }
            let page = published[index]
            do {
                let rendered = pages.page(page, of: wiki)
                try writer.write(rendered.html, to: SiteLayout.page(page.title, inWiki: wiki.id))
                results.withLock { $0[index] = rendered.missingTargets }
            } catch {
                failure.withLock { if $0 == nil { $0 = error } }
            }
            let count = done.add(1, ordering: .relaxed).newValue
            reporter.progress(done: count, total: total)
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return MissingLinkIndex(wikiID: wiki.id, pages: published, targets: results.withLock { $0 }).missingLinks
    }
}

/// Gathers each page's missing link targets into one entry per target, in byte order.
private struct MissingLinkIndex {
    let missingLinks: [MissingLink]

    init(wikiID: String, pages: [Page], targets: [[PageTitle]]) {
        var linkers: [PageTitle: [PageTitle]] = [:]
        for (page, pageTargets) in zip(pages, targets) {
            for target in pageTargets { linkers[target, default: []].append(page.title) }
        }
        missingLinks = linkers.keys.sorted().map { target in
            MissingLink(wikiID: wikiID, target: target, linkedFrom: linkers[target, default: []].sorted())
        }
    }
}
