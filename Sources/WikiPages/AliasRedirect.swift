import WikiModel
import WikiRender

/// The file a build writes at an alias's own URL (`SiteLayout.page` of the alias), so that a
/// link to the alias, whose href is a function of the alias alone, reaches the page: a refresh
/// to the page, its canonical link, and a link a reader can follow, as Quartz writes them; in a
/// `main` landmark under a heading, so that a reader whose browser does not follow the refresh
/// finds the page as accessible as the theme's.
///
/// In the wiki's language, as its pages are: its `<html lang>` and its sentence come from the
/// theme's strings (`redirect_text`). A link to a heading through an alias (`[[Alias#Heading]]`)
/// lands at the heading, as in Obsidian: a fixed script goes to the canonical link with the
/// fragment the reader came with, which a refresh would drop. Without scripts, the refresh (in
/// `<noscript>`, so that it never races the script) lands at the top of the page.
package enum AliasRedirect {
    /// The script of every redirect: the same bytes whatever the documents say, so nothing of
    /// theirs can run.
    static let script =
        "location.replace(document.querySelector('link[rel=canonical]').href + location.hash);"

    /// The HTML of the redirect of `redirect.alias` in wiki `wikiID`, where `layout` puts the
    /// files, in the words of `strings`. Everything from the documents is escaped; the href is
    /// the site's relative, percent-encoded path from the alias's file to the page's.
    package static func html(
        of redirect: WikiAliases.Redirect, inWiki wikiID: String, in layout: SiteLayout, strings: ThemeStrings
    ) -> String {
        let from = layout.page(redirect.alias, inWiki: wikiID)
        let href = HTMLText.escaped(from.href(to: layout.page(redirect.page, inWiki: wikiID)))
        let alias = HTMLText.escaped(redirect.alias.text)
        let page = HTMLText.escaped(redirect.page.text)
        let text = strings.html("redirect_text", ["alias": alias, "page": "<a href=\"\(href)\">\(page)</a>"])
        let lang = HTMLText.escaped(strings.lang.text)
        return """
            <!DOCTYPE html>
            <html lang="\(lang)">
            <head>
            <meta charset="utf-8">
            <title>\(alias)</title>
            <meta name="robots" content="noindex">
            <link rel="canonical" href="\(href)">
            <script>\(script)</script>
            <noscript><meta http-equiv="refresh" content="0; url=\(href)"></noscript>
            </head>
            <body>
            <main>
            <h1>\(alias)</h1>
            <p>\(text)</p>
            </main>
            </body>
            </html>

            """
    }
}
