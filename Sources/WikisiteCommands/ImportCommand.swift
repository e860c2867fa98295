import ArgumentParser
import WikiConfiguration
import WikiModel
import WikiSite
import WikiStore

/// `wikisite import`: load dumps into the embedded store.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import dumps into the embedded store.",
        discussion: """
            Each dump (of any form build reads, recognised from its content; or another store) is \
            imported in one transaction: a dump that cannot be read imports nothing. The store \
            keeps every document's leaf revisions, as a CouchDB replica does: importing a \
            revision the store already has changes nothing, a newer generation replaces the \
            older one, and a different revision at the same generation becomes a conflict. \
            The store is created when it does not exist; by default it is .wikisite/store.sqlite \
            in the current folder, which wikisite build reads when given no --source. Exit \
            status: 0 success, 1 a dump could not be imported (those before it were), 2 bad usage.
            """
    )

    @Argument(help: ArgumentHelp("The dumps to import, in order.", valueName: "dump"))
    var dumps: [String] = []

    @Option(name: .long, help: ArgumentHelp("The store file.", valueName: "file"))
    var store: String = DocumentStore.defaultPath

    func validate() throws {
        if dumps.isEmpty { throw ValidationError("Name at least one dump to import.") }
        if store.isEmpty { throw ValidationError("--store needs a file.") }
    }

    func run() throws {
        let documentStore: DocumentStore
        do {
            documentStore = try DocumentStore.openOrCreate(path: store)
        } catch {
            TerminalReporter.printError("error: \(error)")
            throw ExitCode.buildFailed
        }
        for (index, dump) in dumps.enumerated() {
            let summary: ImportSummary
            do {
                summary = try documentStore.importDocuments(from: DocumentSources.open(dump))
            } catch {
                TerminalReporter.printError("error: \(error)")
                let before = index == 0 ? "" : " (the \(index) before it were imported)"
                TerminalReporter.printError("nothing of \(dump) was imported; the store is as it was\(before)")
                throw ExitCode.buildFailed
            }
            for line in Self.lines(of: summary, store: store) { print(line) }
        }
    }

    /// What one import changed, for people.
    static func lines(of summary: ImportSummary, store: String) -> [String] {
        var lines = ["\(summary.source) (\(summary.form)) into \(store):"]
        let conflicts = summary.conflictsCreated == 1 ? "1 conflict" : "\(summary.conflictsCreated) conflicts"
        lines.append(
            "  documents: \(summary.added) added, \(summary.updated) updated, \(summary.unchanged) unchanged; \(conflicts) created"
        )
        for entry in summary.refused {
            let document = SkippedDocument(
                documentID: entry.documentID ?? "(no _id)", origin: entry.origin, reason: entry.reason)
            lines.append("  not imported: \(document)")
        }
        let held = summary.documentCount == 1 ? "1 document" : "\(summary.documentCount) documents"
        lines.append(
            summary.changedStore
                ? "  store sequence \(summary.sequenceBefore) → \(summary.sequenceAfter); the store holds \(held)"
                : "  nothing changed: store sequence \(summary.sequenceAfter); the store holds \(held)")
        return lines
    }
}
