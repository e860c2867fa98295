/// The default theme's files (the templates, the stylesheet, the search scripts, the sidebar script, the strings
/// files in `Templates/`), compiled into the binary so an installed `wikisite` needs no checkout
/// beside it.
public enum DefaultTheme {
    /// The names of the theme's files, in byte order.
    public static let fileNames: [String] = [
        "all-pages.mustache",
        "folder.mustache",
        "home.mustache",
        "layout.mustache",
        "new-pages.mustache",
        "orphaned-pages.mustache",
        "page.mustache",
        "recent-changes.mustache",
        "search-box.js",
        "search-index.js",
        "search-preview.js",
        "search-rank.js",
        "search-terms.js",
        "sidebar.js",
        "site-index.mustache",
        "statistics.mustache",
        "strings-en.toml",
        "strings-fr.toml",
        "strings-zh.toml",
        "style.css",
        "tag.mustache",
        "tags.mustache",
        "wanted-pages.mustache",
    ]

    /// The bytes of the theme file called `name` (one of `fileNames`), or nil when the default
    /// theme has no file of that name.
    public static func contents(ofFile name: String) -> [UInt8]? {
        switch name {
        case "all-pages.mustache": PackageResources.all_pages_mustache
        case "folder.mustache": PackageResources.folder_mustache
        case "home.mustache": PackageResources.home_mustache
        case "layout.mustache": PackageResources.layout_mustache
        case "new-pages.mustache": PackageResources.new_pages_mustache
        case "orphaned-pages.mustache": PackageResources.orphaned_pages_mustache
        case "page.mustache": PackageResources.page_mustache
        case "recent-changes.mustache": PackageResources.recent_changes_mustache
        case "search-box.js": PackageResources.search_box_js
        case "search-index.js": PackageResources.search_index_js
        case "search-preview.js": PackageResources.search_preview_js
        case "search-rank.js": PackageResources.search_rank_js
        case "search-terms.js": PackageResources.search_terms_js
        case "sidebar.js": PackageResources.sidebar_js
        case "site-index.mustache": PackageResources.site_index_mustache
        case "statistics.mustache": PackageResources.statistics_mustache
        case "strings-en.toml": PackageResources.strings_en_toml
        case "strings-fr.toml": PackageResources.strings_fr_toml
        case "strings-zh.toml": PackageResources.strings_zh_toml
        case "style.css": PackageResources.style_css
        case "tag.mustache": PackageResources.tag_mustache
        case "tags.mustache": PackageResources.tags_mustache
        case "wanted-pages.mustache": PackageResources.wanted_pages_mustache
        default: nil
        }
    }
}
