/// The part of every page that `layout.mustache` renders around the content: the document's
/// language and title, the header, the breadcrumb trail and the stylesheet.
public struct LayoutView: Sendable {
    /// The language of the page, for `<html lang>`: a BCP 47 tag such as `en`.
    public var lang: String
    /// The theme's words in the page's language, which its templates read as `{{strings.<key>}}`
    /// and its views write counts and dates with.
    public var strings: ThemeStrings
    /// The text of `<title>`, e.g. `Sync Client – Mobile Dev`.
    public var documentTitle: String
    /// The name shown at the top of every page: the wiki's title on a wiki's pages.
    public var siteTitle: String
    /// Where `siteTitle` links to: the wiki's home on a wiki's pages.
    public var siteHref: String
    /// The trail from the site's index down to this page, outermost first; the current page,
    /// if listed, is the last and has no href. Empty: no breadcrumb navigation.
    public var breadcrumbs: [Breadcrumb]
    /// The stylesheet's relative href, e.g. `../_assets/style.css`.
    public var stylesheetHref: String
    /// The `id` of `<main>`, where the skip link leads. The default, `main.content`, contains
    /// a `.`, which no heading id (a GitHub-style slug) can, so a heading called "Content"
    /// never collides with it.
    public var skipLinkTarget: String
    /// The page's absolute URL, for `<link rel="canonical">`; `nil` when the site has no base URL.
    public var canonicalURL: String?
    /// The absolute URL of the wiki's Atom feed, for `<link rel="alternate">`; `nil` outside
    /// a wiki or when the site has no base URL.
    public var feedURL: String?
    /// The title of that feed: the wiki's title.
    public var feedTitle: String?
    /// The search scripts' relative hrefs, in the order the page loads them, e.g.
    /// `../_assets/search-index.js` first; empty outside a wiki with search, where there is no
    /// search box.
    public var searchScriptHrefs: [String] = []
    /// The relative href of the wiki's search index (its `meta.js`, beside the other files of
    /// the index); `nil` where there is no search box. Set with `searchScriptHrefs`.
    public var searchIndexHref: String?
    /// In a folder wiki, the relative href of the script holding its folder tree
    /// (`_special/folders/tree.js`), which the sidebar shows; `nil` elsewhere, where there is no
    /// sidebar.
    public var folderTreeHref: String?
    /// The relative href of the wiki's folder, ending in `/`, against which the tree's hrefs are
    /// resolved; set with `folderTreeHref`.
    public var wikiFolderHref: String?
    /// The sidebar script's relative href, e.g. `../_assets/sidebar.js`; set with
    /// `folderTreeHref`.
    public var sidebarScriptHref: String?

    /// A layout with the given parts, in the language of `strings`, its skip link leading to
    /// `main.content`; set `lang` or `skipLinkTarget` afterwards for others.
    public init(
        documentTitle: String,
        siteTitle: String,
        siteHref: String,
        stylesheetHref: String,
        breadcrumbs: [Breadcrumb] = [],
        strings: ThemeStrings = .english
    ) {
        self.strings = strings
        lang = strings.lang.text
        self.documentTitle = documentTitle
        self.siteTitle = siteTitle
        self.siteHref = siteHref
        self.breadcrumbs = breadcrumbs
        self.stylesheetHref = stylesheetHref
        skipLinkTarget = "main.content"
    }

    /// The variables `layout.mustache` receives, apart from `contentHTML` and `pageKind`,
    /// which `Theme.render(_:)` adds.
    public var templateValues: TemplateValues {
        // Its own values, and the two `Theme.render` adds (the content and its kind).
        var values = TemplateValues(capacity: 18)
        values.set("lang", lang)
        values.set("strings", strings)
        values.set("documentTitle", documentTitle)
        values.set("siteTitle", siteTitle)
        values.setHref("siteHref", siteHref)
        values.set("breadcrumbs", breadcrumbs.map(\.templateValues))
        values.set("hasBreadcrumbs", !breadcrumbs.isEmpty)
        values.setHref("stylesheetHref", stylesheetHref)
        values.set("skipLinkTarget", skipLinkTarget)
        values.setHref("canonicalURL", canonicalURL)
        values.setHref("feedURL", feedURL)
        values.set("feedTitle", feedTitle)
        values.set("searchScripts", searchScriptHrefs.map(Self.scriptValues))
        values.setHref("searchIndexHref", searchIndexHref)
        values.setHref("folderTreeHref", folderTreeHref)
        values.setHref("wikiFolderHref", wikiFolderHref)
        values.setHref("sidebarScriptHref", sidebarScriptHref)
        return values
    }

    /// The values of one item of `searchScripts`: its `href`.
    private static func scriptValues(_ href: String) -> TemplateValues {
        var values = TemplateValues()
        values.setHref("href", href)
        return values
    }
}

/// One step of a breadcrumb trail.
public struct Breadcrumb: Sendable, Equatable {
    /// The step's name, e.g. the wiki's title.
    public var title: String
    /// Where the step links to; `nil` for the current page.
    public var href: String?

    /// A step called `title` linking to `href` (`nil`: the current page).
    public init(title: String, href: String?) {
        self.title = title
        self.href = href
    }

    var templateValues: TemplateValues {
        var values = TemplateValues()
        values.set("title", title)
        values.setHref("href", href)
        values.set("isCurrent", href == nil)
        return values
    }
}
