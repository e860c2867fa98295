import Foundation
import WikiConfiguration
import WikiDocuments
import WikiModel
import WikiPages
import WikiSources

/// Finds out, without reading the sources whole, that nothing changed since the last build: the
/// state is finished and has this build's shape, the site is in place, and every source has a
/// sequence and delivers nothing after the checkpoint the last build recorded for it. The build
/// then has nothing to read and nothing to write, and its cost is that of asking each source for
/// its changes, whatever the size of the wikis.
///
/// Any other case (a source without sequences, one that delivers a change, a source added or
/// removed, another shape, an unfinished or unreadable state) is left to the wiki-wide path.
package struct UnchangedSources {
    /// The build's options.
    let options: BuildOptions
    /// The shape of this build (`BuildShape`): the last build's must be the same.
    let shape: BuildShape
    /// Where progress goes.
    let reporter: any BuildReporter

    /// Thrown by the reading of a source that delivers a document: one is enough to know.
    private struct DeliveredADocument: Error {}

    /// The summary of a build with nothing to do since `last`, or nil when the build must read its
    /// sources.
    ///
    /// - Throws: `BuildError.unreadableSource` when a source cannot be read (the wiki-wide path
    ///   would fail the same way).
    package func summaryIfUnchanged(since last: LastBuild) throws -> BuildSummary? {
        let names = options.sources.map(DocumentSources.displayName(of:))
        guard Set(names) == Set(last.checkpoints.keys), Set(names).count == names.count else { return nil }
        // A dump or a folder, the only source, that the fast path compares with the ledger of the
        // last reading finds out as much in that one reading (`FastPath`).
        if names.count == 1, try last.state.hasLedger(ofSource: names[0]) { return nil }
        var advances: [CheckpointAdvance] = []
        for (path, name) in zip(options.sources, names) {
            guard let text = last.checkpoints[name], try isUnchanged(path, after: text) else { return nil }
            advances.append(CheckpointAdvance(source: name, from: text, to: text))
        }
        return try summary(of: last, advances: advances)
    }

    /// Whether the source `path` delivers nothing after the checkpoint `text` (JSON text).
    private func isUnchanged(_ path: String, after text: String) throws -> Bool {
        guard let value = try? JSONParser.parse(text) else { return false }
        let checkpoint = SourceCheckpoint(value)
        let name = DocumentSources.displayName(of: path)
        let reading: SourceReading
        do {
            let source = try DocumentSources.open(path, markdownFolder: options.markdownFolder)
            reporter.stage("asking \(source.name) for changes after \(checkpoint)")
            reading = try source.read(after: checkpoint) { _ in throw DeliveredADocument() }
        } catch is DeliveredADocument {
            return false
        } catch {
            throw BuildError.unreadableSource(path: name, reason: "\(error)")
        }
        // The checkpoint it ends at may be spelled anew (a CouchDB 2+ sequence is): the state keeps
        // the old one, from which the next build asks again.
        return reading.scope == .changes(after: checkpoint) && reading.documentCount == 0 && reading.rejected.isEmpty
    }

    /// The summary of a build that found `advances` and leaves the wikis of `last` as they are.
    func summary(of last: LastBuild, advances: [CheckpointAdvance]) throws -> BuildSummary {
        let stored = last.wikis.values.sorted { ExactString($0.id) < ExactString($1.id) }
        let layout = SiteLayout(
            folders: try WikiFolders(wikiIDs: stored.map(\.id), settings: options.wikiSettings))
        var summary = BuildSummary()
        summary.unchangedSinceLastBuild = true
        summary.checkpoints = advances
        for wiki in stored {
            summary.wikis.append(
                PublishedWiki(
                    id: wiki.id, title: wiki.title, pageCount: wiki.pageCount!, home: layout.home(ofWiki: wiki.id)))
        }
        if options.baseURL == nil { summary.notes.append(SiteDiscovery.missingBaseURLNote) }
        return summary
    }

    /// The check of a build of `options`, whose shape is `shape`, telling `reporter` what it reads.
    package init(options: BuildOptions, shape: BuildShape, reporter: any BuildReporter) {
        self.options = options
        self.shape = shape
        self.reporter = reporter
    }
}
