import WikiDocuments
import WikiModel
import WikiRender

/// A file of the site: its path below the output folder, as components.
public struct SitePath: Hashable, Sendable, CustomStringConvertible {
    /// The path's components, each produced by `SitePaths` or a fixed name of the site's own.
    public let components: [String]

    /// The path as `/`-separated text, relative to the output folder.
    public var description: String { components.joined(separator: "/") }

    /// A relative href from the file at `self` to `target`, percent-encoded, so the site works
    /// opened from `file://` and served under any base path.
    public func href(to target: SitePath) -> String {
        var common = 0
        let folders = components.dropLast()
        while common < folders.count, common < target.components.count - 1,
            folders[folders.startIndex + common].isExactly(target.components[common])
        {
            common += 1
        }
        let ups = String(repeating: "../", count: folders.count - common)
        let down = target.components[common...].map(SitePaths.urlEncoded).joined(separator: "/")
        return ups + down
    }

    /// The path of `components`, folders then the file, under the output folder.
    package init(components: [String]) {
        self.components = components
    }
}

/// Where each file of the site lives. A wiki's files are in its folder (`WikiFolders`: its
/// slug, or the name `SitePaths.wikiFolder` makes from its ID), page files named by
/// `SitePaths`, a function of the title alone; the site's own files live under names that
/// start with `_` or are `index.html`, which no title, ID or slug can produce.
public struct SiteLayout: Sendable {
    /// The list of published wikis, `index.html` at the root.
    public static let siteIndex = SitePath(components: ["index.html"])
    /// The theme's stylesheet, shared by every wiki.
    public static let stylesheet = SitePath(components: ["_assets", "style.css"])
    /// The theme's search script called `name` (one of `ThemeTemplate.searchScriptFileNames`),
    /// shared by every wiki.
    public static func searchScript(named name: String) -> SitePath {
        SitePath(components: ["_assets", name])
    }
    /// The theme's sidebar script, shared by every folder wiki.
    public static let sidebarScript = SitePath(components: ["_assets", "sidebar.js"])
    /// The folder of a wiki's special pages: `_special`, a name no title can produce.
    public static let specialFolder = SitePaths.specialFolder

    /// The folder of each wiki.
    public let folders: WikiFolders
    /// The wikis read from folders of Markdown, whose notes' files are published once per wiki
    /// (`folderFile(_:ofWiki:)`) rather than beside each page that shows them.
    public let folderWikiIDs: Set<ExactString>
    /// The file names of pages worked out before they were asked (`namingPages(_:)`), by title;
    /// nil: each is worked out when asked.
    private var pageFiles: [PageTitle: String]? = nil

    /// The layout of a site whose wikis are in `folders`, of which those of `folderWikiIDs` are
    /// read from folders of Markdown.
    public init(folders: WikiFolders, folderWikiIDs: [String] = []) {
        self.folders = folders
        self.folderWikiIDs = Set(folderWikiIDs.map(ExactString.init))
    }

    /// The layout of a site whose every wiki is in the folder made from its ID (no slugs).
    public init() {
        self.init(folders: WikiFolders())
    }

    /// The name of wiki `wikiID`'s folder below the output folder: one path component.
    public func folder(ofWiki wikiID: String) -> String {
        folders.folder(ofWiki: wikiID)
    }

    /// A wiki's home page.
    public func home(ofWiki wikiID: String) -> SitePath {
        SitePath(components: [folder(ofWiki: wikiID), "index.html"])
    }

    /// The first file of a wiki's alphabetical list of pages.
    public func allPages(ofWiki wikiID: String) -> SitePath {
        special(.allPages, ofWiki: wikiID)
    }

    /// File `part` (1-based) of the special page `page` of a wiki: `_special/<name>.html` for the
    /// first, `_special/<name>-<part>.html` for the others of a list by date (recent changes, new
    /// pages) cut into several files.
    public func special(_ page: SpecialPage, part: Int = 1, ofWiki wikiID: String) -> SitePath {
        let name = part == 1 ? page.name + ".html" : "\(page.name)-\(part).html"
        return SitePath(components: [folder(ofWiki: wikiID), Self.specialFolder, name])
    }

    /// The file of the special page `page` of a wiki that starts at `title`, in a list cut at its
    /// titles (`page.isCutAtTitles`): `_special/<name>.html` for the first file (`title` nil),
    /// `_special/<name>/<page file of title>` for the others, so that a file keeps its name
    /// however many entries come before it.
    public func special(_ page: SpecialPage, from title: PageTitle?, ofWiki wikiID: String) -> SitePath {
        guard let title else { return special(page, ofWiki: wikiID) }
        return SitePath(
            components: [folder(ofWiki: wikiID), Self.specialFolder, page.name, pageFile(title)])
    }

    /// The file of the page of `tag` (the pages on it) that starts at `title`, in a list cut at
    /// its titles: `_special/tags/<tag file>` for the first file (`title` nil),
    /// `_special/tags/<tag stem>/<page file of title>` for the others (`SitePaths.tagFile`).
    public func tagPage(_ tag: WikiTag, from title: PageTitle?, ofWiki wikiID: String) -> SitePath {
        let tags = [folder(ofWiki: wikiID), Self.specialFolder, SitePaths.tagsFolder]
        guard let title else { return SitePath(components: tags + [SitePaths.tagFile(tag)]) }
        return SitePath(components: tags + [SitePaths.tagStem(tag), pageFile(title)])
    }

    /// The page of the folder at `path` of a folder wiki (`FolderTree`):
    /// `_special/folders/<folder file>` (`SitePaths.folderFile`).
    public func folderPage(_ path: String, ofWiki wikiID: String) -> SitePath {
        SitePath(
            components: [
                folder(ofWiki: wikiID), Self.specialFolder, SitePaths.foldersFolder, SitePaths.folderFile(path),
            ])
    }

    /// The script holding the whole folder tree of a folder wiki, which the sidebar shows:
    /// `_special/folders/tree.js`, a name no folder page's file (`.html`) can take.
    public func folderTreeScript(ofWiki wikiID: String) -> SitePath {
        SitePath(components: [folder(ofWiki: wikiID), Self.specialFolder, SitePaths.foldersFolder, "tree.js"])
    }

    /// A page of a wiki, whether it exists or not: the URL is a function of the wiki's folder
    /// and the title.
    public func page(_ title: PageTitle, inWiki wikiID: String) -> SitePath {
        SitePath(components: [folder(ofWiki: wikiID), pageFile(title)])
    }

    /// This layout, with the file names of the published pages of `wikis` in `database` worked
    /// out at once, on every core. A page's file name takes Unicode normalisation, a case check
    /// and percent-encoding to make, and a full build asks for each page's path several times
    /// (to render it, to write it, to link to it): it is then a lookup.
    package func namingPages(of wikis: [Wiki], in database: WikiDatabase) -> SiteLayout {
        let titles = wikis.flatMap { database.pages(inWiki: $0.id).map(\.title) }
        let names = Concurrently.map(titles.count) { SitePaths.pageFile(titles[$0]) }
        var layout = self
        layout.pageFiles = Dictionary(zip(titles, names), uniquingKeysWith: { first, _ in first })
        return layout
    }

    /// The name of the file of the page `title` (`SitePaths.pageFile(_:)`).
    private func pageFile(_ title: PageTitle) -> String {
        pageFiles?[title] ?? SitePaths.pageFile(title)
    }

    /// The file of `attachment` of the page `title` of a wiki. A file of a folder wiki's folder
    /// is the wiki's (`folderFile(_:ofWiki:)`); any other attachment is in a folder beside the
    /// page's file: `<wiki>/<page>.files/<name>` (`SitePaths.attachmentFolder`,
    /// `SitePaths.attachmentFile`; a cleaned SVG ends in `.svg`).
    public func attachment(_ attachment: Attachment, ofPage title: PageTitle, inWiki wikiID: String) -> SitePath {
        if let file = folderFile(attachment, ofWiki: wikiID) { return file }
        return SitePath(
            components: [
                folder(ofWiki: wikiID), SitePaths.attachmentFolder(title),
                SitePaths.attachmentFile(attachment.name, isSVG: attachment.isSVG),
            ])
    }

    /// Whether the files the notes of wiki `wikiID` name are the wiki's, published once under
    /// `folderFilesPrefix(ofWiki:)`: the wiki is read from a folder of Markdown.
    package func publishesFolderFiles(ofWiki wikiID: String) -> Bool {
        folderWikiIDs.contains(ExactString(wikiID))
    }

    /// The file of `attachment`, a file of the folder of the folder wiki `wikiID` (its
    /// `folderPath`), published once for the wiki: `<wiki>/_files/<path>`, each folder of the path
    /// one component spelled as a folder page's name is, the file's name as an attachment's
    /// (`SitePaths.folderFileComponents`). Nil for any other attachment.
    func folderFile(_ attachment: Attachment, ofWiki wikiID: String) -> SitePath? {
        guard let path = attachment.folderPath, publishesFolderFiles(ofWiki: wikiID) else { return nil }
        return SitePath(
            components: [folder(ofWiki: wikiID), SitePaths.folderFilesFolder]
                + SitePaths.folderFileComponents(path, isSVG: attachment.isSVG))
    }

    /// The folder, relative to the output folder and ending in `/`, of a folder wiki's files.
    package func folderFilesPrefix(ofWiki wikiID: String) -> String {
        folderPrefix(ofWiki: wikiID) + SitePaths.folderFilesFolder + "/"
    }

    /// The folder, relative to the output folder and ending in `/`, of a wiki's files: every
    /// path below it is one of the wiki's.
    package func folderPrefix(ofWiki wikiID: String) -> String {
        folder(ofWiki: wikiID) + "/"
    }
}

/// The special pages every wiki gets, under `<wiki>/_special/`.
public enum SpecialPage: CaseIterable, Sendable {
    /// Every page in alphabetical order, grouped by first letter.
    case allPages
    /// The pages by last update, newest first.
    case recentChanges
    /// The pages by creation, newest first.
    case newPages
    /// The titles linked to that have no page.
    case wantedPages
    /// The pages no other page links to.
    case orphanedPages
    /// The wiki's figures.
    case statistics
    /// The tags of the pages, each linking to the page of its pages.
    case tags

    /// The theme's template of the page.
    public var template: ThemeTemplate {
        switch self {
        case .allPages: .allPages
        case .recentChanges: .recentChanges
        case .newPages: .newPages
        case .wantedPages: .wantedPages
        case .orphanedPages: .orphanedPages
        case .statistics: .statistics
        case .tags: .tags
        }
    }

    /// The page's name, its template's (`all-pages`, `recent-changes`…): the name of its
    /// files and of its folder, and its key in the build state.
    public var name: String { template.rawValue }

    /// Whether the list is cut into files at its titles (`SiteLayout.special(_:from:ofWiki:)`)
    /// rather than numbered: the lists of titles in a lasting order, which a page created or
    /// deleted would otherwise shift from its place to the end.
    public var isCutAtTitles: Bool {
        switch self {
        case .allPages, .wantedPages, .orphanedPages: true
        case .recentChanges, .newPages, .statistics, .tags: false
        }
    }

    /// The key of its name among the theme's strings (`ThemeStrings`): `all_pages`,
    /// `recent_changes`…; its note on the home is the key with `_detail` after it.
    public var stringsKey: String {
        name.replacingOccurrences(of: "-", with: "_")
    }
}
