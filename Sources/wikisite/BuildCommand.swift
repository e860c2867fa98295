import ArgumentParser
import WikiRender
import WikiSite

extension LinkStyle: ExpressibleByArgument {}

/// `wikisite build`: publish the wikis of the sources into the output folder.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build one static HTML site per wiki.",
        discussion: """
            Every --source is read (the form of each dump is detected from its content) and \
            their documents are merged; the winning revision of each document is published. \
            The site goes to --out: <out>/index.html lists the wikis, <out>/<wiki>/index.html \
            is a wiki's home. Exit status: 0 success, 1 build failed (or warnings with \
            --strict), 2 bad usage.
            """
    )

    @Option(name: .long, help: ArgumentHelp("A dump to read (repeatable).", valueName: "path"))
    var source: [String] = []

    @Option(name: .long, help: ArgumentHelp("The folder to write the site to.", valueName: "dir"))
    var out: String = "_site"

    @Option(name: .long, help: ArgumentHelp("Publish only this wiki, by ID (repeatable).", valueName: "id"))
    var wiki: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("A folder of templates that replace the default theme's.", valueName: "dir"))
    var templates: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Which side of | names the page: obsidian ([[target|label]]) or gollum ([[label|target]]).",
            valueName: "style"))
    var linkStyle: LinkStyle = .obsidian

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where the build keeps its manifest and lock (default: .wikisite/<out name> beside --out).",
            valueName: "dir"))
    var state: String?

    @Flag(name: .long, help: "Fail (exit 1) on warnings: skipped documents, conflicts, links to missing pages.")
    var strict = false

    func validate() throws {
        if source.isEmpty { throw ValidationError("Name at least one dump with --source PATH.") }
        if out.isEmpty { throw ValidationError("--out needs a folder.") }
    }

    func run() throws {
        let options = BuildOptions(
            sources: source, outputFolder: out, stateFolder: state, wikiIDs: wiki,
            templatesFolder: templates, linkStyle: linkStyle, strict: strict)
        let summary: BuildSummary
        do {
            summary = try SiteBuilder(options: options, reporter: TerminalReporter()).build()
        } catch {
            TerminalReporter.printError("error: \(error)")
            throw ExitCode.buildFailed
        }
        for line in summary.lines { print(line) }
        print("Site written to \(out)/\(SiteLayout.siteIndex)")
        if strict && summary.warningCount > 0 {
            TerminalReporter.printError(
                "error: --strict: \(summary.warningCount) warning\(summary.warningCount == 1 ? "" : "s") (see above)")
            throw ExitCode.buildFailed
        }
    }
}
