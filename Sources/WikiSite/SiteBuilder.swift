import Dispatch
import Foundation
import Synchronization
import WikiBuildEngine
import WikiConfiguration
import WikiDocuments
import WikiModel
import WikiPages
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
        let lock = try acquireLock(of: options.resolvedStateFolder)
        defer { lock.release() }
        var summary = try build(with: themeSource, holding: lock)
        summary.notes += Self.notes(onIgnored: themeSource.ignoredFiles)
        summary.elapsed = clock.now - start
        return summary
    }

    /// The build, once the theme's files are read and the state folder's `lock` is held: with
    /// nothing to do when no source changed (`UnchangedSources`), on the fast path when it takes
    /// the changes (`FastPath`), or from every document of the sources.
    private func build(with themeSource: ThemeSource, holding lock: BuildLock) throws -> BuildSummary {
        let shape = BuildShape(options: options, theme: themeSource)
        // A state that lets this build read less than its sources whole.
        let last = lock.previousBuildWasInterrupted ? nil : LastBuild(options: options, shape: shape)
        if let last,
            let summary = try UnchangedSources(options: options, shape: shape, reporter: reporter)
                .summaryIfUnchanged(since: last)
        {
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
            let summary = try FastPath(options: options, shape: shape, theme: theme, reporter: reporter)
                .summaryIfTaken(after: last, declined: &fastPathDeclined)
        {
            return summary
        }
        let input = try SourceReader(
            paths: options.sources, markdownFolder: options.markdownFolder, stashFolder: options.resolvedStateFolder,
            includesDrafts: options.includesDrafts, reporter: reporter
        ).read()
        let layout = SiteLayout(
            folders: try WikiFolders(wikiIDs: input.database.wikis.map(\.id), settings: options.wikiSettings),
            folderWikiIDs: options.folderWikiIDs)
        let wikis = try selectedWikis(in: input.database)
        var summary = Self.summary(of: input)
        summary.fastPathDeclined = fastPathDeclined
        do {
            try build(
                SiteSelection(input: input, wikis: wikis, layout: layout), theme: theme, shape: shape, lock: lock,
                opened: last?.state, summary: &summary)
        } catch let error as BuildError {
            throw error
        } catch {
            throw BuildError.output("\(error)")
        }
        return summary
    }

    /// Builds the wikis of `selection` with `theme`, from the state of the last build (`opened`
    /// when it was opened already), with what it did added to `summary`.
    private func build(
        _ selection: SiteSelection, theme: Theme, shape: BuildShape, lock: BuildLock, opened: BuildState?,
        summary: inout BuildSummary
    ) throws {
        let (input, wikis, layout) = (selection.input, selection.wikis, selection.layout)
        let database = input.database
        let (state, shapeChange, themeFilesChanged) = try openState(
            in: options.resolvedStateFolder, shape: shape, openedAs: opened)
        var (fullBuild, themeChanges) = (shapeChange, themeFilesChanged)
        try state.adoptEarlierManifest()
        var planner = try IncrementalPlanner(state: state, database: database, options: options, fullBuild: fullBuild)
        // What changed in each wiki, found once for the fast path and for the wiki-wide path.
        var changes = try wikis.map(planner.changes(of:))
        if fullBuild == nil, let reason = planner.reasonToBuildInFull(changes) {
            (fullBuild, themeChanges) = (reason, [])
            planner = try IncrementalPlanner(state: state, database: database, options: options, fullBuild: reason)
            changes = wikis.map { _ in nil }
        }
        var update = StateUpdate(replacesEverything: fullBuild != nil, settings: shape.settings)
        try recordCheckpoints(of: input, storedIn: fullBuild == nil ? state : nil, into: &update, summary: &summary)
        summary.fullBuildReason = fullBuild
        if themeChanges.isEmpty, !lock.previousBuildWasInterrupted,
            try FastPath(options: options, shape: shape, theme: theme, reporter: reporter).buildIfEdits(
                of: planner, wikis: wikis, changes: changes, layout: layout, update: update, summary: &summary)
        {
            return
        }
        let plan = planner.sitePlan(wikis: wikis, themeChanges: themeChanges)
        try SiteWriter.writing(
            options, state: state, previousBuildWasInterrupted: lock.previousBuildWasInterrupted, summary: &summary
        ) { writer, summary in
            let layout = fullBuild == nil ? layout : layout.namingPages(of: wikis, in: database)
            let context = SiteWriting(
                planner: planner, theme: theme, layout: layout,
                discovery: options.baseURL.map { SiteDiscovery(baseURL: $0, layout: layout) }, writer: writer)
            try writeSite(wikis, changes: changes, plan: plan, context, update: &update, summary: &summary)
            return update
        }
    }

    /// What a build from every document publishes: what the sources held, the wikis chosen of
    /// them, and where their files go.
    private struct SiteSelection {
        let input: SourceReader.Input
        let wikis: [Wiki]
        let layout: SiteLayout
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

    /// Records where each source ends now, and its ledger, in `update`, and how far each
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
            if let ledger = input.ledgers[path] { update.ledgers[name] = ledger }
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

    /// What the summary says of the files of the `--templates` folder that are no file of a
    /// theme (a misspelt or miscased name would otherwise change nothing, silently).
    static func notes(onIgnored files: [String]) -> [String] {
        guard !files.isEmpty else { return [] }
        let names = ThemeTemplate.allCases.map(\.fileName) + ThemeTemplate.assetFileNames
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
