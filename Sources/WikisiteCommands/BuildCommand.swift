import ArgumentParser
import WikiBuildEngine
import WikiConfiguration
import WikiPages
import WikiServe
import WikiSite

/// `wikisite build`: publish the wikis of the sources into the output folder.
struct BuildCommand: ParsableCommand {
    /// The command before its arguments are parsed, as ArgumentParser makes it.
    init() {}

    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build one static HTML site per wiki.",
        discussion: """
            Every --source is read (the form of each dump is detected from its content) and \
            their documents are merged; the winning revision of each document is published. \
            The site goes to --out: <out>/index.html lists the wikis, <out>/<wiki>/index.html \
            is a wiki's home. Settings not given as options come from wikisite.toml (see \
            --config); options win over the file. With --strict, the build also runs the \
            checks of wikisite check and fails when one finds a problem at error level. \
            The build is incremental whenever the state of the last build (--state) is usable: \
            it writes only what changed since and what that touches; --full renders everything, \
            --explain lists every file written or removed and why, --verify also builds from \
            scratch into a temporary folder and compares the two byte for byte. \
            Exit status: 0 success, 1 build failed (or --strict found errors, or --verify found \
            a difference), 2 bad usage.
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: ArgumentHelp("The folder to write the site to (default: _site).", valueName: "dir"))
    var out: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where the build keeps its manifest, lock and state (default: .wikisite/<out name> beside --out).",
            valueName: "dir"))
    var state: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The URL the site is served from, for sitemaps, feeds and canonical URLs.", valueName: "url")
    )
    var baseURL: String?

    @Flag(
        inversion: .prefixedNo,
        help: "Fail (exit 1) when the checks of wikisite check find a problem at error level.")
    var strict: Bool?

    @Flag(help: "Render everything, ignoring the state of the last build.")
    var full = false

    @Flag(help: "List every file written, left unchanged or removed, with its cause.")
    var explain = false

    @Flag(
        help:
            "After the build, build from scratch into a temporary folder and compare the two byte for byte (exit 1 on a difference)."
    )
    var verify = false

    func validate() throws {
        if out?.isEmpty == true { throw ValidationError("--out needs a folder.") }
        if let baseURL {
            do {
                _ = try BaseURL(parsing: baseURL)
            } catch {
                throw ValidationError("--base-url: \(error)")
            }
        }
    }

    func run() throws {
        var commandLine = site.commandLine
        commandLine.outputFolder = out
        commandLine.stateFolder = state
        commandLine.baseURL = try baseURL.map(BaseURL.init(parsing:))
        commandLine.strict = strict
        var options = try site.buildOptions(commandLine: commandLine)
        guard !PreviewMark.isPreview(stateFolder: options.resolvedStateFolder) else {
            TerminalReporter.printError(
                "error: \(options.outputFolder) is the preview folder of wikisite serve: build into a folder of its own"
            )
            throw ExitCode.badUsage
        }
        options.fullBuild = full
        options.listsOutputs = explain
        options.generatorVersion = WikisiteVersion.current
        let reporter = TerminalReporter()
        let summary: BuildSummary
        var differences: [SiteDifference] = []
        do {
            let builder = SiteBuilder(options: options, reporter: reporter)
            if verify {
                (summary, differences) = try builder.buildAndVerify()
            } else {
                summary = try builder.build()
            }
        } catch let error as ConfigurationError {
            throw SiteOptions.badConfiguration(error)
        } catch {
            TerminalReporter.printError("error: \(error)")
            throw ExitCode.buildFailed
        }
        if explain { for output in summary.outputs { print(output) } }
        for line in summary.lines { print(line) }
        print("Site written to \(options.outputFolder)/\(SiteLayout.siteIndex)")
        if verify {
            for difference in differences { TerminalReporter.printError("error: --verify: \(difference)") }
            guard differences.isEmpty else {
                TerminalReporter.printError(
                    "error: --verify: the build differs from a clean build in \(differences.count) file(s)")
                throw ExitCode.buildFailed
            }
            print("Verified: the site is byte for byte the same as a clean build.")
        }
        guard options.strict else { return }
        let report: CheckReport
        do {
            report = try SiteCheck(options: options, reporter: reporter).run()
        } catch let error as ConfigurationError {
            throw SiteOptions.badConfiguration(error)
        } catch {
            TerminalReporter.printError("error: \(error)")
            throw ExitCode.buildFailed
        }
        print(CheckReportFormat.text.render(report), terminator: "")
        if report.errorCount > 0 {
            let count = report.errorCount
            TerminalReporter.printError(
                "error: --strict: \(count) problem\(count == 1 ? "" : "s") at error level (see above)")
            throw ExitCode.buildFailed
        }
    }
}
