import Foundation
import WikiConfiguration
import WikiDocuments
import WikiModel
import WikiPages
import WikiRender

/// `wikisite check`: everything a build does but writing, and a report of what is wrong.
///
/// Reads and merges the sources, validates the documents, the wiki settings and the templates
/// exactly as a build does, reads the links and headings of every page on all cores (cmark's
/// parse only: no HTML is written), then applies the checks (`CheckCategory`).
public struct SiteCheck: Sendable {
    /// What to check: the sources, the wikis, the link style, the wiki settings, the levels.
    public let options: BuildOptions
    /// Where progress goes.
    public let reporter: any BuildReporter

    /// A check of what `options` would build, reporting progress to `reporter`.
    public init(options: BuildOptions, reporter: any BuildReporter = SilentReporter()) {
        self.options = options
        self.reporter = reporter
    }

    /// Runs the check. Throws `BuildError` when a build would fail (a source cannot be read,
    /// `--wiki` names no published wiki, a template is broken) and `ConfigurationError` when
    /// the wiki settings do not fit the wikis (a slug that is another wiki's folder, settings
    /// for a wiki that is not published).
    public func run() throws -> CheckReport {
        guard !options.sources.isEmpty else { throw BuildError.noSources }
        let input = try SourceReader(
            paths: options.sources, markdownFolder: options.markdownFolder,
            stashFolder: FileManager.default.temporaryDirectory.path, reporter: reporter
        ).read()
        let database = input.database
        let layout = SiteLayout(
            folders: try WikiFolders(wikiIDs: database.wikis.map(\.id), settings: options.wikiSettings),
            folderWikiIDs: options.folderWikiIDs)
        let wikis = try selectedWikis(in: database)
        do {
            _ = try Theme.load(overridesIn: options.templatesFolder)
        } catch {
            throw BuildError.theme("\(error)")
        }
        let pageCount = wikis.reduce(0) { $0 + database.pages(inWiki: $1.id).count }
        reporter.stage("checking \(pageCount) page\(pageCount == 1 ? "" : "s")")
        let inputs = wikis.map { wiki in
            var markdownOptions = options.markdownOptions(forWiki: wiki.id, in: database)
            let ambiguous = (markdownOptions.titleMatching as? NoteNames).map(AmbiguousLinks.init)
            if let ambiguous { markdownOptions.titleMatching = ambiguous }
            let bodies = PageBodyRenderer(
                database: database, markdown: MarkdownRenderer(options: markdownOptions), siteLayout: layout)
            let analysis = WikiAnalysis.analyse(
                wiki, with: bodies, keeping: RenderedBodies(budget: 0), reporter: reporter)
            return WikiCheckInput(
                analysis: analysis, home: bodies.homeOutline(of: wiki),
                homeAttachments: layout.publishesFolderFiles(ofWiki: wiki.id) ? wiki.attachments : [],
                ambiguousLinks: ambiguous?.links ?? [])
        }
        let findings = CheckRules.findings(database: database, wikis: inputs, refused: input.refused)
        return CheckReport(
            wikis: inputs.map {
                CheckReport.CheckedWiki(
                    id: $0.analysis.wiki.id, title: $0.analysis.wiki.title, pageCount: $0.analysis.pages.count)
            },
            findings: findings, levels: options.checkLevels, documentsRead: input.documentsRead)
    }

    /// The wikis to check: all of them, or those `options.wikiIDs` names (each must exist).
    private func selectedWikis(in database: WikiDatabase) throws -> [Wiki] {
        guard !options.wikiIDs.isEmpty else { return database.wikis }
        for id in options.wikiIDs where database.wiki(id) == nil {
            throw BuildError.unknownWiki(id: id, known: database.wikis.map(\.id))
        }
        let wanted = Set(options.wikiIDs.map(ExactString.init))
        return database.wikis.filter { wanted.contains(ExactString($0.id)) }
    }
}
