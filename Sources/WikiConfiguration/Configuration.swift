import Foundation
import WikiDocuments
import WikiPages
import WikiRender

/// What a user would otherwise repeat on every command: the settings of `wikisite.toml`, with
/// the command-line options over them.
///
/// Every setting is optional: one that neither the file nor the command line gives takes its
/// default when the configuration becomes `BuildOptions`. Paths read from a file are relative to
/// the file's folder; paths given on the command line, to the current folder. The README's
/// "Configuration" section lists every key.
public struct Configuration: Sendable {
    /// The name the file is looked for under.
    public static let fileName = "wikisite.toml"

    /// The file the settings were read from; nil when they come from the command line alone.
    public var file: String?
    /// `sources`: the dumps to read (`--source`).
    public var sources: [String]?
    /// `output`: the folder the site is written to (`--out`); `_site` by default.
    public var outputFolder: String?
    /// `state`: where a build keeps its manifest and lock (`--state`).
    public var stateFolder: String?
    /// `base_url`: the URL the site is served from (`--base-url`).
    public var baseURL: BaseURL?
    /// `link_style`: which side of `|` names the page (`--link-style`).
    public var linkStyle: LinkStyle?
    /// `publish`: the wikis to publish, by ID (`--wiki`); all of them when absent.
    public var wikiIDs: [String]?
    /// `templates`: a folder of templates over the default theme's (`--templates`).
    public var templatesFolder: String?
    /// `strict`: whether findings at error level fail a build (`--strict`, `--no-strict`).
    public var strict: Bool?
    /// The `[check]` table: the level of each category of finding.
    public var checkLevels = CheckLevels()
    /// The `[wikis."<id>"]` tables, by wiki ID.
    public var wikiSettings: [ExactString: WikiSettings] = [:]
    /// The wiki ID a folder of Markdown is read as (`[markdown] wiki_id`, `--wiki-id`).
    public var markdownWikiID: String?
    /// The title of the wiki a folder of Markdown is read as (`[markdown] title`, `--wiki-title`).
    public var markdownWikiTitle: String?

    /// A configuration that sets nothing.
    public init() {}

    /// The configuration file to use: `explicit` (`--config`) when given; otherwise
    /// `wikisite.toml` in the folder of `firstSource` when there is one, else in
    /// `currentFolder`; nil when there is none.
    public static func locate(explicit: String?, firstSource: String?, currentFolder: String = ".") -> String? {
        if let explicit { return explicit }
        return candidates(firstSource: firstSource, currentFolder: currentFolder).first { candidate in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }

    /// Where `locate` looks for the configuration file when none is named, in order: beside
    /// `firstSource`, then in `currentFolder` (a live preview watches them all).
    public static func candidates(firstSource: String?, currentFolder: String = ".") -> [String] {
        var candidates: [String] = []
        if let firstSource { candidates.append(path(fileName, relativeTo: folder(of: firstSource))) }
        let current = path(fileName, relativeTo: currentFolder)
        if !candidates.contains(current) { candidates.append(current) }
        return candidates
    }

    /// Reads the configuration file at `file`.
    public static func load(file: String) throws(ConfigurationError) -> Configuration {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw ConfigurationError([
                ConfigurationError.Problem(
                    file: file, line: nil,
                    message: "the configuration file cannot be read (\(error.localizedDescription)); "
                        + "check its path and permissions")
            ])
        }
        return try parse(String(decoding: data, as: UTF8.self), file: file)
    }

    /// Reads `text`, the contents of the configuration file `file` (which names the file in
    /// errors and is the folder relative paths start from).
    public static func parse(_ text: String, file: String) throws(ConfigurationError) -> Configuration {
        try readings.reading(file + "\u{0}" + text) { () throws(ConfigurationError) in try read(text, file: file) }
    }

    /// The configurations read in this process, by file and text.
    private static let readings = TextReadings<Configuration, ConfigurationError>()

    private static func read(_ text: String, file: String) throws(ConfigurationError) -> Configuration {
        var reader = try ConfigurationReader(text: text, file: file)
        var configuration = reader.read()
        guard reader.problems.isEmpty else { throw ConfigurationError(reader.problems) }
        configuration.file = file
        return configuration
    }

    /// These settings, with each one `options` sets (the command line) in place of this one's.
    /// A list given on the command line (`--source`, `--wiki`) replaces the file's list.
    public func overridden(by options: Configuration) -> Configuration {
        var result = self
        result.sources = options.sources ?? sources
        result.outputFolder = options.outputFolder ?? outputFolder
        result.stateFolder = options.stateFolder ?? stateFolder
        result.baseURL = options.baseURL ?? baseURL
        result.linkStyle = options.linkStyle ?? linkStyle
        result.wikiIDs = options.wikiIDs ?? wikiIDs
        result.templatesFolder = options.templatesFolder ?? templatesFolder
        result.strict = options.strict ?? strict
        result.markdownWikiID = options.markdownWikiID ?? markdownWikiID
        result.markdownWikiTitle = options.markdownWikiTitle ?? markdownWikiTitle
        return result
    }

    /// The options of a build (or check) with these settings, defaults filled in. Throws when
    /// no source is given.
    public func buildOptions() throws(ConfigurationError) -> BuildOptions {
        guard let sources, !sources.isEmpty else {
            let file = self.file ?? Self.fileName
            throw ConfigurationError([
                ConfigurationError.Problem(
                    file: nil, line: nil,
                    message: "no source given: name a dump with --source PATH, list dumps in \(file) "
                        + "(sources = [\"dump.json\"]), or import them into the default store "
                        + "\(DocumentSources.defaultSource) with wikisite import")
            ])
        }
        var options = BuildOptions(
            sources: sources, outputFolder: outputFolder ?? "_site", stateFolder: stateFolder,
            wikiIDs: wikiIDs ?? [], templatesFolder: templatesFolder, linkStyle: linkStyle ?? .obsidian)
        options.strict = strict ?? false
        options.baseURL = baseURL
        options.checkLevels = checkLevels
        options.wikiSettings = wikiSettings
        options.markdownFolder = MarkdownFolderSettings(wikiID: markdownWikiID, wikiTitle: markdownWikiTitle)
        return options
    }

    /// The folder of the file at `path` (`.` for a bare file name).
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// `path` read from a file in `folder`: as it is when absolute, else below `folder`.
    static func path(_ path: String, relativeTo folder: String) -> String {
        if path.hasPrefix("/") || folder == "." { return path }
        return folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }
}
