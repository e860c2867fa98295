import WikiDocuments
import WikiModel

/// The file of a wiki's search index that leads an alias to its page, so that a link through the
/// alias, whose href is the alias's own redirect file, gets its page's preview from the index
/// alone (no request for the redirect, which `file://` would refuse).
///
/// It is named after the redirect's file, `a-<file name without .html>.js`, so no two aliases share
/// one and the preview script finds it from the link's href; its value is the page's href, whose
/// document the script then looks up as for any link. It is written and removed with its
/// redirect (`WikiSearchFiles.write`, `FastPath.addRedirects`).
package enum SearchAliasFile {
    /// The file of `redirect` in wiki `wikiID`, where `layout` puts the files: its name in the
    /// index's folder, and its text, which hands the page's href to `wikisiteSearch.put` under
    /// the name the script asks for (`a-` and the alias's href without `.html`).
    package static func file(
        of redirect: WikiAliases.Redirect, inWiki wikiID: String, in layout: SiteLayout
    ) -> SearchIndex.File {
        let aliasHref = WikiSearchFiles.href(of: redirect.alias, inWiki: wikiID, in: layout)
        let pageHref = WikiSearchFiles.href(of: redirect.page, inWiki: wikiID, in: layout)
        let name = "a-" + aliasHref.dropLast(htmlExtension.count)
        return SearchIndex.File(
            name: self.name(of: redirect.alias),
            text: "wikisiteSearch.put(" + ScriptSafeJSON.string(name) + "," + ScriptSafeJSON.string(pageHref) + ");\n")
    }

    /// The name of `alias`'s file in the index's folder: its redirect's file name with `a-` for
    /// a prefix and `.js` for `.html`.
    package static func name(of alias: PageTitle) -> String {
        "a-" + SitePaths.pageFile(alias).dropLast(htmlExtension.count) + ".js"
    }

    private static let htmlExtension = ".html"
}
