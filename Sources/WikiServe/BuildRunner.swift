import CMalloc
import Foundation
import WikiConfiguration
import WikiSite
import WikiSources

/// Runs the one build engine for the preview, on a thread of its own so that the server's
/// tasks never wait on it; a failure becomes the message the CLI prints for it.
struct BuildRunner: Sendable {
    /// The options of the next build, made again for each one (wikisite.toml may have changed).
    let options: @Sendable () throws -> BuildOptions

    /// What one build did.
    struct Outcome: Sendable {
        /// What browsers are told.
        let event: BuildEvent
        /// Where the reading of each source ended, as JSON text, in the order of the sources;
        /// empty when the build failed.
        let checkpoints: [String?]
        /// Whether the build committed its readings of the sources to the state: it succeeded,
        /// and found something changed.
        var recordedReadings = false
    }

    /// Builds once; a folder of Markdown with events (by source) examines only the paths they name.
    func build(folderEvents: [String: FolderEvents] = [:]) async -> Outcome {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: buildNow(folderEvents: folderEvents))
                HeapTrim.returnFreeMemory()
            }
            thread.name = "wikisite serve: build"
            thread.stackSize = 8 << 20  // as the main thread of `wikisite build`: deep Markdown recurses
            thread.start()
        }
    }

    private func buildNow(folderEvents: [String: FolderEvents]) -> Outcome {
        do {
            var options = try options()
            options.listsOutputs = true
            options.folderEvents = folderEvents
            let summary = try SiteBuilder(options: options).build()
            return Outcome(
                event: BuildEvent(summary: summary), checkpoints: summary.checkpoints.map(\.to),
                recordedReadings: !summary.unchangedSinceLastBuild)
        } catch let error as ConfigurationError {
            let message = error.problems.map { "error: \($0)" }.joined(separator: "\n")
            return Outcome(event: .failed(message: message), checkpoints: [])
        } catch {
            return Outcome(event: .failed(message: "error: \(error)"), checkpoints: [])
        }
    }
}

/// Gives the memory the allocator holds free back to the system. A build's peak (the first,
/// full build above all) is freed when it ends, but glibc's allocator keeps the pages: without
/// this a server would hold the first build's peak for its whole life. It runs once the build's
/// outcome is handed over, so the browsers are told first: a trim takes tens of milliseconds at
/// 100,000 pages.
enum HeapTrim {
    static func returnFreeMemory() {
        _ = malloc_trim(0)
    }
}
