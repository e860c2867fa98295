import ArgumentParser
import Dispatch
import Foundation
import WikiConfiguration
import WikiServe
import WikiSite

/// `wikisite serve`: a live preview of the site, rebuilt after every change of its sources.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a live preview of the site, rebuilt whenever a source changes.",
        discussion: """
            Builds the sites of the sources into a preview folder of their own (never _site), \
            serves it over HTTP, and prints one line, Serving http://HOST:PORT/, once it can be \
            browsed. Every change of a source, of the templates or of wikisite.toml rebuilds \
            what it touches, and the pages open in a browser that show a file the build wrote \
            reload, keeping their scroll position. A build that fails leaves the last good site \
            served, with the error over every page. With --drafts, drafts are pages too, each \
            with a Draft banner, linked and listed like any page; they stay in the preview \
            folder, which build refuses. Ctrl-C or SIGTERM stops it. Exit status: 0 \
            stopped by a signal, 1 the server could not start, 2 bad usage.
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: ArgumentHelp("The address to listen on (default: 127.0.0.1).", valueName: "host"))
    var host = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("The port to listen on; 0 picks a free one.", valueName: "port"))
    var port = 8000

    @Option(
        name: .long,
        help: ArgumentHelp("The preview folder (default: \(Self.defaultOutput)).", valueName: "dir"))
    var out: String?

    @Flag(help: "Open the site in the default browser once it is served.")
    var open = false

    @Flag(help: "Show drafts as pages, each with a Draft banner, linked and listed like any other page.")
    var drafts = false

    /// The preview folder when `--out` is not given.
    static let defaultOutput = ".wikisite/preview/site"
    /// Its build state.
    static let defaultState = ".wikisite/preview/state"

    func validate() throws {
        if host.isEmpty { throw ValidationError("--host needs a host name or address.") }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        if out?.isEmpty == true { throw ValidationError("--out needs a folder.") }
    }

    func run() throws {
        var commandLine = site.commandLine
        commandLine.outputFolder = out ?? Self.defaultOutput
        if out == nil { commandLine.stateFolder = Self.defaultState }
        _ = try site.buildOptions(commandLine: commandLine)
        let (explicit, firstSource) = (site.config, site.source.first)
        let settings = ServeSettings(
            host: host, port: port,
            configurationFiles: explicit.map { [$0] } ?? Configuration.candidates(firstSource: firstSource)
        ) { [commandLine, drafts] in
            let file = Configuration.locate(explicit: explicit, firstSource: firstSource)
            var options = try SiteOptions.buildOptions(configurationFile: file, commandLine: commandLine)
            options.generatorVersion = WikisiteVersion.current
            options.includesDrafts = drafts
            return options
        }
        if !settings.isLoopback {
            TerminalReporter.printError(
                "warning: --host \(host) makes the preview\(drafts ? ", drafts included," : "") visible to every "
                    + "machine that can reach this one")
        }
        let error = Self.waitFor { [open] in
            try await PreviewServer(settings: settings).run { url in
                FileHandle.standardOutput.write(Data("Serving \(url)\n".utf8))
                if open { Self.openBrowser(at: url) }
            }
        }
        if let error {
            TerminalReporter.printError("error: \(error)")
            throw ExitCode.buildFailed
        }
    }

    /// Runs `work` to its end; the error it threw, if any.
    private static func waitFor(_ work: @escaping @Sendable () async throws -> Void) -> (any Error)? {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: (any Error)?
        Task {
            do { try await work() } catch { failure = error }
            done.signal()
        }
        done.wait()
        return failure
    }

    /// Opens `url` with the desktop's browser (`xdg-open`); a failure is a warning.
    private static func openBrowser(at url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { TerminalReporter.printError("warning: cannot open a browser: \(error)") }
    }
}
