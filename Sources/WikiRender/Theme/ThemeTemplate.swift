/// The templates of a theme: the layout, and one template per kind of page.
public enum ThemeTemplate: String, CaseIterable, Sendable {
    /// The HTML document around every page: `<head>`, header, `<main>`, footer.
    case layout
    /// A page of a wiki.
    case page
    /// A wiki's home page.
    case wikiHome = "home"
    /// A wiki's alphabetical list of pages.
    case allPages = "all-pages"
    /// A wiki's pages by last update.
    case recentChanges = "recent-changes"
    /// A wiki's pages by creation.
    case newPages = "new-pages"
    /// The titles a wiki's pages link to that have no page.
    case wantedPages = "wanted-pages"
    /// The pages of a wiki no other page links to.
    case orphanedPages = "orphaned-pages"
    /// A wiki's figures.
    case statistics
    /// A wiki's tags, with their counts.
    case tags
    /// The pages on one tag.
    case tag
    /// A folder of a folder wiki: its folder note's text, its subfolders and notes.
    case folder
    /// The list of the published wikis at the root of the site.
    case siteIndex = "site-index"

    /// The template's file name in `Templates/` and in an override folder.
    public var fileName: String { rawValue + ".mustache" }

    /// The file name of a theme's stylesheet.
    public static let stylesheetFileName = "style.css"
    /// The file names of a theme's search scripts, which every page of a wiki with search loads,
    /// in this order: the index's files, the terms of a text, the ranking, the search box, the
    /// link previews.
    public static let searchScriptFileNames = [
        "search-index.js", "search-terms.js", "search-rank.js", "search-box.js", "search-preview.js",
    ]
    /// The file name of a theme's sidebar script, which every page of a folder wiki loads.
    public static let sidebarScriptFileName = "sidebar.js"
    /// The theme's files that are not templates, written as they are.
    public static let assetFileNames = [stylesheetFileName] + searchScriptFileNames + [sidebarScriptFileName]
}
