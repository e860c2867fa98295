import Foundation
import ServiceLifecycle
import WikiSources

/// Rebuilds after each burst of changes and tells the browsers what changed; on shutdown it lets
/// the build under way finish, then ends every event stream so the server can stop.
struct RebuildService: Service {
    let debouncer: ChangeDebouncer
    let builder: BuildRunner
    /// The logs of the folders of Markdown watched, whose named paths each build is given.
    let folderLogs: [FolderEventLog]
    let state: PreviewState
    let broadcaster: EventBroadcaster
    let stopWatching: @Sendable () -> Void

    func run() async {
        await withGracefulShutdownHandler {
            await debouncer.forEachBurst { changes in
                let started = ContinuousClock.now
                var events: [String: FolderEvents] = [:]
                for log in folderLogs { events[log.source] = log.beginBuild() }
                let outcome = await builder.build(folderEvents: events)
                if outcome.recordedReadings { for log in folderLogs { log.committed() } }
                let event = outcome.event
                let errorCleared = state.buildError != nil
                state.record(event)
                PreviewLog.rebuilt(after: changes, event: event, took: ContinuousClock.now - started)
                if event.isNews || errorCleared { broadcaster.send(event) }
            }
        } onGracefulShutdown: {
            stopWatching()
            debouncer.finish()
            broadcaster.finishAll()
        }
    }
}

/// The lines `serve` writes to standard error: one per build, the failures in full.
enum PreviewLog {
    /// Writes `line` to standard error.
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The line of a build after `changes`.
    static func rebuilt(after changes: [String], event: BuildEvent, took duration: Duration) {
        var distinct: [String] = []
        for change in changes where !distinct.contains(change) && distinct.count <= 3 { distinct.append(change) }
        let cause =
            distinct.count > 3 ? distinct.prefix(3).joined(separator: ", ") + ", …" : distinct.joined(separator: ", ")
        write("rebuilt after \(cause) in \(duration.milliseconds) ms: \(outcome(of: event))")
    }

    /// What a build did, in a few words; a failure's message in full.
    static func outcome(of event: BuildEvent) -> String {
        switch event {
        case .built(let written, let removed): "\(written.count) written, \(removed.count) removed"
        case .failed(let message): "the build failed; serving the last good site\n\(message)"
        }
    }
}

extension Duration {
    fileprivate var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
