import WikiConfiguration
import WikiDocuments
import WikiModel
import WikiRender
import WikiWrite

/// What shapes every file of a build besides the documents: the state's own format, wikisite's
/// version, the configuration that changes output, and the hash of each theme file. Kept in the
/// state's `setting` table; comparing the shape of two builds says which outputs the difference
/// touches, or that only a full build is safe.
package struct BuildShape: Equatable {
    /// The version of the state's contents; a state of another format is not used.
    static let stateFormat = "26"

    /// The settings, by name: `format`, `version`, `configuration`, and `theme <file name>`.
    package let settings: [String: String]

    /// The shape of a build with `options` and the theme files `theme`.
    package init(options: BuildOptions, theme: ThemeSource) {
        var settings = [
            "format": Self.stateFormat,
            "version": options.generatorVersion,
            "configuration": Self.configuration(of: options),
        ]
        for (name, bytes) in theme.files { settings["theme " + name] = ContentHash(of: bytes).description }
        self.settings = settings
    }

    /// What changed from the shape `previous` (a state's settings) to this one: the theme files
    /// whose hashes changed, in byte order, or the reason only a full build is safe.
    package func changedThemeFiles(since previous: [String: String]) -> Result<[String], FullBuildReason> {
        if previous[BuildState.unfinishedSetting] != nil { return .failure(.unfinished) }
        if previous["format"] != settings["format"] { return .failure(.stateFormat) }
        if let version = previous["version"], version != settings["version"] {
            return .failure(.version(from: version, to: settings["version"] ?? ""))
        }
        if previous["version"] == nil { return .failure(.stateFormat) }
        if previous["configuration"] != settings["configuration"] { return .failure(.configuration) }
        let names = Set(settings.keys.filter { $0.hasPrefix("theme ") })
            .union(previous.keys.filter { $0.hasPrefix("theme ") })
        let changed = names.filter { previous[$0] != settings[$0] }.map { String($0.dropFirst("theme ".count)) }
        if changed.contains(ThemeTemplate.layout.fileName) { return .failure(.layout) }
        if changed.contains(where: ThemeStrings.isStringsFile) { return .failure(.strings) }
        return .success(changed.sorted { $0.precedesInByteOrder($1) })
    }

    /// The options that change what files hold, as text: the link style, the wikis published,
    /// the base URL, how a Markdown folder becomes a wiki, whether drafts are included, each
    /// wiki's settings.
    private static func configuration(of options: BuildOptions) -> String {
        var parts = [
            "link style: \(options.linkStyle)",
            "wikis: "
                + options.wikiIDs.sorted { $0.precedesInByteOrder($1) }.map { MessageText.quoted($0) }
                .joined(separator: ","),
            "base URL: " + (options.baseURL.map { "\($0)" } ?? "none"),
            "Markdown folder wiki: " + (options.markdownFolder.wikiID.map { MessageText.quoted($0) } ?? "none") + ", "
                + (options.markdownFolder.wikiTitle.map { MessageText.quoted($0) } ?? "none"),
            "drafts: " + (options.includesDrafts ? "included" : "left out"),
            "folder wikis: " + options.folderWikiIDs.map { MessageText.quoted($0) }.joined(separator: ","),
        ]
        let wikis = options.wikiSettings.keys.sorted()
        for wiki in wikis {
            let settings = options.wikiSettings[wiki]!
            parts.append(
                "wiki \(MessageText.quoted(wiki.value)): slug \(settings.slug ?? "none"), raw HTML \(settings.allowRawHTML), "
                    + "CamelCase \(settings.camelCaseLinks), dialect \(settings.dialect), "
                    + "link matching \(settings.linkMatching.map(\.rawValue) ?? "default"), search \(settings.search), "
                    + "lang \(settings.lang.text)")
        }
        return parts.joined(separator: "; ")
    }
}

/// Why a build renders everything instead of what changed.
public enum FullBuildReason: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--full` was given.
    case requested
    /// There is no state yet: the first build of this output folder (or its state was removed).
    case noState
    /// The state cannot be read (damaged, or not a build state), with the error.
    case unreadableState(String)
    /// The output folder holds no site (it was removed since the last build).
    case outputMissing
    /// The previous build was killed or failed before it recorded its state.
    case unfinished
    /// The state was written by a build that keeps it in another format.
    case stateFormat
    /// wikisite's version changed.
    case version(from: String, to: String)
    /// The configuration changed (link style, wikis published, base URL, drafts included, a
    /// wiki's settings).
    case configuration
    /// The theme's layout changed: it shapes every file.
    case layout
    /// A strings file of the theme changed: its words may be on any file.
    case strings
    /// More documents changed than an incremental build takes on (`ChangeSetLimits`): they
    /// touch most files, which a full build makes for less.
    case manyChanges(changed: Int, limit: Int)

    /// The reason as the summary says it.
    public var description: String {
        switch self {
        case .requested: "--full was given"
        case .noState: "there is no build state yet"
        case .unreadableState(let error): "the build state cannot be read (\(error))"
        case .outputMissing: "the output folder holds no site"
        case .unfinished: "the previous build did not finish"
        case .stateFormat: "the build state has another format"
        case .version(let from, let to): "wikisite changed from \(from) to \(to)"
        case .configuration: "the configuration changed"
        case .layout: "the layout template changed"
        case .strings: "a strings file of the theme changed"
        case .manyChanges(let changed, let limit):
            "\(changed) documents changed, more than the \(limit) an incremental build takes on"
        }
    }
}
