import WikiDocuments
import WikiPages
import WikiRender
import WikiSources

/// What to build, where, and how strictly.
public struct BuildOptions: Sendable {
    /// Dumps to read; documents of all of them are merged.
    public var sources: [String]
    /// The folder the site is written to.
    public var outputFolder: String
    /// Where the build keeps its own files (manifest, lock, build state); `nil` means the default,
    /// `.wikisite/<output folder name>/` beside the output folder.
    public var stateFolder: String?
    /// The wikis to publish, by ID; empty means all of them.
    public var wikiIDs: [String]
    /// A folder whose templates replace the default theme's of the same name.
    public var templatesFolder: String?
    /// Which side of `|` in a wikilink is the target.
    public var linkStyle: LinkStyle
    /// Whether warnings (skipped documents, missing links, conflicts) fail the build.
    public var strict = false
    /// The URL the site is served from, for sitemaps, feeds and canonical URLs; nil for none.
    public var baseURL: BaseURL?
    /// The level of each category of finding of `wikisite check`; with `strict`, a finding at
    /// error level fails the build.
    public var checkLevels = CheckLevels()
    /// The settings of each wiki (`[wikis."<id>"]` in `wikisite.toml`), by wiki ID; a wiki
    /// without an entry has the defaults of `WikiSettings`.
    public var wikiSettings: [ExactString: WikiSettings] = [:]
    /// How a source that is a folder of Markdown becomes a wiki.
    public var markdownFolder = MarkdownFolderSettings()
    /// Whether drafts are published as pages with a "Draft" banner, so a writer sees them in
    /// context: only for a preview (`wikisite serve --drafts`), never for a site `build` writes.
    public var includesDrafts = false
    /// How search indexes cut their terms into shards. Tests lower its budget so that small
    /// wikis cut their prefixes too; every build of one state must use the same.
    package var searchShardCut = SearchShardCut()
    /// What the file system's notifications named in the sources that are folders of Markdown, by
    /// source (as in ``sources``): the preview server watches them, so a folder compared with its
    /// last reading examines only those paths instead of every file. A folder without events is
    /// walked.
    public var folderEvents: [String: FolderEvents] = [:]
    /// Whether to render everything, ignoring what the state says the last build made
    /// (`--full`); otherwise the build is incremental whenever the state allows.
    public var fullBuild = false
    /// Whether the summary lists every file written, found unchanged or removed, with its cause
    /// (`BuildSummary.outputs`, what `--explain` shows); off, the build keeps only their counts.
    public var listsOutputs = false
    /// The version of wikisite making the build: the state records it, and a build by another
    /// version renders everything.
    public var generatorVersion = "unversioned"

    /// Options for a build of `sources` into `outputFolder`, with every other setting at its
    /// default (not `strict` among them: set it and the other settings after).
    public init(
        sources: [String], outputFolder: String, stateFolder: String? = nil, wikiIDs: [String] = [],
        templatesFolder: String? = nil, linkStyle: LinkStyle = .obsidian
    ) {
        self.sources = sources
        self.outputFolder = outputFolder
        self.stateFolder = stateFolder
        self.wikiIDs = wikiIDs
        self.templatesFolder = templatesFolder
        self.linkStyle = linkStyle
    }

    /// The state folder this build uses: the one given, or `.wikisite/<name>/` beside the output folder.
    public var resolvedStateFolder: String {
        if let stateFolder { return stateFolder }
        let output = outputFolder.hasSuffix("/") ? String(outputFolder.dropLast()) : outputFolder
        let slash = output.lastIndex(of: "/")
        let parent = slash.map { String(output[..<$0]) } ?? "."
        let name = slash.map { String(output[output.index(after: $0)...]) } ?? output
        return (parent.isEmpty ? "/" : parent) + "/.wikisite/" + (name.isEmpty ? "site" : name)
    }
}

/// The wiki a folder of Markdown is read as; `nil` fields take the folder's defaults (its name as
/// the ID, its home file's front matter title).
public struct MarkdownFolderSettings: Sendable, Equatable {
    /// The wiki's `_id`.
    public var wikiID: String?
    /// The wiki's title.
    public var wikiTitle: String?

    /// Settings with the given ID and title.
    public init(wikiID: String? = nil, wikiTitle: String? = nil) {
        self.wikiID = wikiID
        self.wikiTitle = wikiTitle
    }
}
