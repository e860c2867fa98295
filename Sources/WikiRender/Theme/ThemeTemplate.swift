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
    /// The list of the published wikis at the root of the site.
    case siteIndex = "site-index"

    /// The template's file name in `Templates/` and in an override folder.
    public var fileName: String { rawValue + ".mustache" }

    /// The file name of a theme's stylesheet.
    public static let stylesheetFileName = "style.css"
}
