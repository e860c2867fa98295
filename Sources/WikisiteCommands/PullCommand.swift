import ArgumentParser
import Dispatch
import Foundation
import WikiCouch
import WikiDocuments
import WikiModel
import WikiSite
import WikiSources
import WikiStore

/// `wikisite pull`: replicate a database of a CouchDB-compatible server into the embedded store.
struct PullCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pull",
        abstract: "Replicate a CouchDB database into the embedded store, to build offline.",
        discussion: """
            Reads the database's _changes feed from where the last pull from it stopped (the \
            store keeps a checkpoint per database) and imports every leaf revision into the \
            store, batch by batch, conflicts included. A pull that is interrupted resumes from \
            its checkpoint; importing a change twice changes nothing. With --continuous it then \
            follows the feed, importing changes as they come, until it is stopped (Ctrl-C). \
            Faults (no connection, a reset, a stalled feed, HTTP 5xx) are retried with capped \
            exponential backoff; 401, 403 and 404 stop at once. Credentials in the URL are \
            never printed, and never sent to another server. Exit status: 0 success (also when \
            stopped), 1 the pull failed (what was imported stays, with its checkpoint), 2 bad usage.
            """
    )

    @Argument(help: ArgumentHelp("The database: http[s]://[user:password@]host[:port]/db.", valueName: "url"))
    var url: String

    @Option(name: .long, help: ArgumentHelp("The store file.", valueName: "file"))
    var store: String = DocumentStore.defaultPath

    @Flag(name: .long, help: "Keep following the feed after catching up, until stopped.")
    var continuous = false

    func validate() throws {
        if store.isEmpty { throw ValidationError("--store needs a file.") }
        do {
            _ = try CouchDatabaseURL(url)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    func run() throws {
        let stop = StopSignal()
        let signals = Self.stopping(stop, on: [SIGINT, SIGTERM])
        defer {
            for source in signals { source.cancel() }
        }
        let summary: PullSummary
        do {
            let options = CouchOptions(
                retry: RetryPolicy(maximumAttempts: continuous ? nil : 8),
                onRetry: { retry in TerminalReporter.printError("warning: \(retry)") })
            let source = try CouchSource(url: url, options: options)
            let replicator = CouchReplicator(source: source, store: try DocumentStore.openOrCreate(path: store))
            let from = replicator.source.name
            let start = try RemoteCheckpoints(store: replicator.store).checkpoint(forRemote: from)
            Self.say(
                "pulling \(from) into \(store) " + (start.map { "from sequence \(Self.text($0))" } ?? "from the start"))
            summary = try replicator.pull(following: continuous, stop: stop) { progress in
                Self.say(Self.line(of: progress, following: continuous))
            }
        } catch {
            TerminalReporter.printError("error: \(error)")
            TerminalReporter.printError(
                "what was pulled before the error is in \(store), and the next pull resumes from it")
            throw ExitCode.buildFailed
        }
        for line in Self.lines(of: summary, store: store) { Self.say(line) }
    }

    /// The progress line of one batch.
    static func line(of progress: PullProgress, following: Bool) -> String {
        let sequence = progress.checkpoint.map { "; sequence \(text($0))" } ?? ""
        if progress.changes == 0 {
            return following ? "up to date\(sequence); waiting for changes (Ctrl-C to stop)" : "up to date\(sequence)"
        }
        return
            "\(count(progress.changes, "change")): \(count(progress.revisions, "revision")), \(progress.applied) new to the store (\(count(progress.total.changes, "change")) so far)\(sequence)"
    }

    /// What a pull did, for people.
    static func lines(of summary: PullSummary, store: String) -> [String] {
        var lines: [String] = []
        if summary.restartedFromScratch {
            lines.append(
                "note: the server did not accept the saved checkpoint (was the database made anew?): the whole database was read again"
            )
        }
        for entry in summary.refused {
            let document = SkippedDocument(
                documentID: entry.documentID ?? "(no _id)", origin: entry.origin, reason: entry.reason)
            lines.append("not imported: \(document)")
        }
        let ended = summary.wasStopped ? "stopped" : "done"
        lines.append(
            "\(ended): \(count(summary.changes, "change")) read, \(summary.added) documents added, \(summary.updated) updated, \(summary.unchanged) unchanged"
        )
        lines.append(
            summary.endCheckpoint.map { "checkpoint: sequence \(text($0)); the next pull resumes there" }
                ?? "nothing to pull: the database is empty")
        return lines
    }

    /// A sequence for people: an integer as it is, a long opaque string cut to its start.
    static func text(_ checkpoint: SourceCheckpoint) -> String {
        guard case .string(let sequence) = checkpoint.value else { return checkpoint.description }
        return MessageText.quoted(sequence, limit: 24)
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }

    /// Prints a line at once, even when the output is a pipe.
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Triggers `stop` on each of `signals` instead of ending the process.
    private static func stopping(_ stop: StopSignal, on signals: [Int32]) -> [any DispatchSourceSignal] {
        signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                TerminalReporter.printError("stopping after the batch in progress…")
                stop.stop()
            }
            source.resume()
            return source
        }
    }
}
