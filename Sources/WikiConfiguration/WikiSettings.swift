import WikiDocuments
import WikiModel
import WikiPages
import WikiRender

/// The settings of one wiki, from its `[wikis."<id>"]` table in `wikisite.toml`.
public struct WikiSettings: Sendable, Equatable {
    /// The name of the wiki's folder in the site, instead of the one made from its ID
    /// (`SitePaths.wikiFolder`). Always a valid `WikiSlug`.
    public var slug: String?
    /// Whether raw HTML in the wiki's Markdown is passed through (cmark's unsafe mode). Only
    /// for a wiki whose every author is trusted: anyone who can edit a page can then put
    /// script on it.
    public var allowRawHTML: Bool
    /// Whether CamelCase words link to the page of that title when it exists, as TouchWiki did.
    public var camelCaseLinks: Bool
    /// Which Markdown the wiki's pages are written in: GitHub-flavoured (the default) or strict
    /// CommonMark.
    public var dialect: MarkdownDialect
    /// How the wiki's links name its pages; nil: the default of its source, `obsidian` for a
    /// folder of Markdown and `exact` for documents (`BuildOptions.linkMatching(forWiki:)`).
    public var linkMatching: LinkMatching?
    /// Whether the wiki's pages have a search box, over an index the build writes in the wiki's
    /// `_search` folder. On by default: the fast path of an incremental build changes the index
    /// with the pages, at the cost of the change.
    public var search: Bool
    /// The wiki's language: the `<html lang>` of its files and the language of the theme's words.
    public var lang: LanguageTag
    /// Where the settings and the slug were written, for errors found once the wikis are known.
    var tableLocation: ConfigurationLocation?
    var slugLocation: ConfigurationLocation?

    /// Settings; by default the wiki keeps its ID as folder name, raw HTML is left out,
    /// CamelCase words are plain text, the Markdown is GitHub-flavoured, the wiki has search
    /// and is in English.
    public init(
        slug: String? = nil, allowRawHTML: Bool = false, camelCaseLinks: Bool = false, dialect: MarkdownDialect = .gfm,
        search: Bool = true, lang: LanguageTag = .english
    ) {
        self.slug = slug
        self.allowRawHTML = allowRawHTML
        self.camelCaseLinks = camelCaseLinks
        self.dialect = dialect
        self.search = search
        self.lang = lang
    }

    /// How the wiki's Markdown is rendered, its links read in `linkStyle`.
    public func markdownOptions(linkStyle: LinkStyle) -> MarkdownOptions {
        MarkdownOptions(
            linkStyle: linkStyle, allowRawHTML: allowRawHTML, camelCaseLinks: camelCaseLinks, dialect: dialect)
    }

    public static func == (lhs: WikiSettings, rhs: WikiSettings) -> Bool {
        lhs.slug.map(ExactString.init) == rhs.slug.map(ExactString.init) && lhs.allowRawHTML == rhs.allowRawHTML
            && lhs.camelCaseLinks == rhs.camelCaseLinks && lhs.dialect == rhs.dialect
            && lhs.linkMatching == rhs.linkMatching && lhs.search == rhs.search && lhs.lang == rhs.lang
    }
}

/// A line of a configuration file.
package struct ConfigurationLocation: Sendable {
    let file: String
    let line: Int?
}

/// The rule for a wiki's folder name given in the configuration (`slug`).
///
/// A slug is 1 to 64 characters: lowercase ASCII letters and digits, with `-` and `_` between
/// them (`mobile-dev`, `team_2`). So it is one path component that is the same name on every
/// file system (no case or Unicode form to fold), never hidden, never starts with `_` (the
/// site's own folders do) and has no `.` (the site's own files at the top, such as
/// `index.html` and `sitemap.xml`, do). Windows device names (`con`, `nul`, `com1`…) are refused.
public enum WikiSlug {
    /// The longest slug, in characters.
    public static let maximumLength = 64

    /// Why `slug` is not a valid folder name, or nil when it is.
    public static func problem(with slug: String) -> String? {
        let bytes = Array(slug.utf8)
        guard !bytes.isEmpty else { return "it is empty" }
        guard bytes.count <= maximumLength else { return "it is longer than \(maximumLength) characters" }
        guard bytes.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }) else {
            return "it may hold only lowercase letters a-z, digits, \"-\" and \"_\""
        }
        guard isLetterOrDigit(bytes[0]), isLetterOrDigit(bytes[bytes.count - 1]) else {
            return "it must start and end with a letter or a digit"
        }
        if deviceNames.contains(slug) { return "it is a device name on Windows" }
        return nil
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static let deviceNames: Set<String> = {
        var names: Set<String> = ["con", "prn", "aux", "nul"]
        for digit in 0...9 {
            names.insert("com\(digit)")
            names.insert("lpt\(digit)")
        }
        return names
    }()
}

extension WikiFolders {
    /// The folders of `wikiIDs` (the published wikis) under `settings`. Throws a
    /// `ConfigurationError` when settings name a wiki that is not published, or when a slug is
    /// the folder another wiki has.
    public init(wikiIDs: [String], settings: [ExactString: WikiSettings]) throws(ConfigurationError) {
        var folders: [ExactString: String] = [:]
        for id in wikiIDs {
            folders[ExactString(id)] = settings[ExactString(id)]?.slug ?? SitePaths.wikiFolder(id)
        }
        var problems: [ConfigurationError.Problem] = []
        let published = wikiIDs.map { MessageText.quoted($0) }.joined(separator: ", ")
        for (id, wiki) in settings.sorted(by: { $0.key < $1.key }) where folders[id] == nil {
            problems.append(
                ConfigurationError.Problem(
                    wiki.tableLocation,
                    "[\(ConfigurationReader.dotted(["wikis", id.value]))] names no published wiki "
                        + "(published: \(published.isEmpty ? "none" : published)); correct the ID or remove the table"))
        }
        var owners: [ExactString: ExactString] = [:]
        for id in wikiIDs.map(ExactString.init).sorted() {
            guard let folder = folders[id] else { continue }
            if let owner = owners[ExactString(folder)] {
                let slugged = settings[id]?.slug != nil ? id : owner
                let other = slugged == id ? owner : id
                problems.append(
                    ConfigurationError.Problem(
                        settings[slugged]?.slugLocation,
                        "the slug \(MessageText.quoted(folder)) of wiki \(MessageText.quoted(slugged.value)) is "
                            + "also the folder of wiki \(MessageText.quoted(other.value)); choose another slug"))
            } else {
                owners[ExactString(folder)] = id
            }
        }
        guard problems.isEmpty else { throw ConfigurationError(problems) }
        self.init(folders: folders)
    }
}
