import ArgumentParser
import Foundation
import WikiConfiguration
import WikiRender
import WikiSite

extension LinkStyle: ExpressibleByArgument {}

/// The options `build` and `check` share: what to read, which wikis, how links are written, and
/// the configuration file that holds the same settings.
struct SiteOptions: ParsableArguments {
    /// The options before they are parsed, as ArgumentParser makes them.
    init() {}

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The configuration file (default: wikisite.toml beside the first --source, else in the current folder).",
            valueName: "file"))
    var config: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "What to read: a dump, a store, a folder of Markdown, or a database at http[s]://host/db "
                + "(repeatable; replaces the file's sources).",
            valueName: "source"))
    var source: [String] = []

    @Option(name: .long, help: ArgumentHelp("Only this wiki, by ID (repeatable).", valueName: "id"))
    var wiki: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("A folder of templates that replace the default theme's.", valueName: "dir"))
    var templates: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Which side of | names the page: obsidian ([[target|label]], the default) or gollum ([[label|target]]).",
            valueName: "style"))
    var linkStyle: LinkStyle?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The wiki ID a --source folder of Markdown is read as (default: the folder's name).", valueName: "id"))
    var wikiID: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The title of the wiki a --source folder of Markdown is read as (default: its home's title).",
            valueName: "title"))
    var wikiTitle: String?

    func validate() throws {
        if config?.isEmpty == true { throw ValidationError("--config needs a file.") }
        if source.contains(where: \.isEmpty) { throw ValidationError("--source needs a path.") }
    }

    /// The settings these options give, as a configuration to put over the file's.
    var commandLine: Configuration {
        var configuration = Configuration()
        configuration.sources = source.isEmpty ? nil : source
        configuration.wikiIDs = wiki.isEmpty ? nil : wiki
        configuration.templatesFolder = templates
        configuration.linkStyle = linkStyle
        configuration.markdownWikiID = wikiID
        configuration.markdownWikiTitle = wikiTitle
        return configuration
    }

    /// The options of a run: the configuration file's settings (when there is a file), with
    /// `commandLine` over them. With no source anywhere, the default store is read when it
    /// exists. A configuration that cannot be used ends the command with exit status 2.
    func buildOptions(commandLine: Configuration) throws(ExitCode) -> BuildOptions {
        let file = configurationFile
        if let file { TerminalReporter.printError("using configuration \(file)") }
        do throws(ConfigurationError) {
            return try Self.buildOptions(configurationFile: file, commandLine: commandLine)
        } catch {
            throw Self.badConfiguration(error)
        }
    }

    /// The configuration file these options name or find; nil when there is none.
    var configurationFile: String? { Configuration.locate(explicit: config, firstSource: source.first) }

    /// The options the file at `configurationFile` (when there is one) and `commandLine` over it
    /// give; with no source anywhere, the default store when it exists.
    static func buildOptions(
        configurationFile: String?, commandLine: Configuration
    ) throws(ConfigurationError) -> BuildOptions {
        var configuration = Configuration()
        if let configurationFile { configuration = try Configuration.load(file: configurationFile) }
        configuration = configuration.overridden(by: commandLine)
        if configuration.sources == nil, FileManager.default.fileExists(atPath: DocumentSources.defaultSource) {
            configuration.sources = [DocumentSources.defaultSource]
        }
        return try configuration.buildOptions()
    }

    /// Prints each problem of `error`; returns the exit status of bad usage, 2.
    static func badConfiguration(_ error: ConfigurationError) -> ExitCode {
        for problem in error.problems { TerminalReporter.printError("error: \(problem)") }
        return ExitCode.badUsage
    }
}
