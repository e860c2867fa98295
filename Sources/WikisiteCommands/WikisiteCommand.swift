import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `wikisite`: publishes the wikis of a TouchWiki database as static HTML sites.
@main
struct WikisiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wikisite",
        abstract: "Publish every wiki of a TouchWiki database as its own static HTML site.",
        discussion: """
            Reads a CouchDB-compatible server, the embedded store, CouchDB-style dumps \
            (_all_docs, _changes, continuous changes, couchbackup, bulk docs) or a folder of \
            Markdown, renders each page's Markdown with cmark, resolves [[wikilinks]], and \
            writes one site per wiki.
            """,
        version: WikisiteVersion.current,
        subcommands: [
            BuildCommand.self, CheckCommand.self, RenderCommand.self, ImportCommand.self, ExportCommand.self,
            PullCommand.self, ServeCommand.self,
        ]
    )

    /// Runs the command line. Bad usage exits 2 (as Unix tools do), a failed build 1.
    static func main() {
        // A file-size limit (ulimit -f) must end in a clear error, not a signal.
        signal(SIGXFSZ, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                TerminalReporter.printError(fullMessage(for: error))
                Foundation.exit(ExitCode.badUsage.rawValue)
            }
            exit(withError: error)
        }
    }
}
