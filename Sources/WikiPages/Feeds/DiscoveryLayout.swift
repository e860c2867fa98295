import WikiModel

/// Where the files for crawlers and feed readers live.
///
/// - `robots.txt` and `sitemap.xml` (the sitemap index) are at the root, the names crawlers
///   look for. No page can take them (page files end in `.html`), and `SitePaths.wikiFolder`
///   must never name a wiki's folder `robots.txt` or `sitemap.xml`.
/// - A wiki's sitemaps are `<wiki>/_sitemap.xml`, `<wiki>/_sitemap-2.xml`…: a sitemap may only
///   list URLs in its own folder and below, so they sit in the wiki's folder, under names that
///   start with `_`, which no title makes.
/// - A wiki's Atom feed is `<wiki>/_special/feed.atom`, beside its other generated lists.
/// - More than one sitemap index (past 50,000 sitemaps) continues at `_sitemap-2.xml`… at the
///   root; no wiki folder starts with `_`.
///
/// `<wiki>` is the wiki's folder in `site` (its slug, or the name made from its ID); no slug
/// holds a `.`, so none is `robots.txt` or `sitemap.xml` either.
package struct DiscoveryLayout: Sendable {
    /// Where the wikis' folders are.
    let site: SiteLayout

    /// `robots.txt`, read by crawlers at the root of a host.
    static let robots = SitePath(components: ["robots.txt"])

    /// The site's sitemap index `number` (from 1): `sitemap.xml`, then `_sitemap-2.xml`…
    static func sitemapIndex(_ number: Int) -> SitePath {
        SitePath(components: [number == 1 ? "sitemap.xml" : "_sitemap-\(number).xml"])
    }

    /// The sitemap `number` (from 1) of wiki `wikiID`: `_sitemap.xml`, then `_sitemap-2.xml`…
    package func sitemap(_ number: Int, ofWiki wikiID: String) -> SitePath {
        SitePath(components: [site.folder(ofWiki: wikiID), number == 1 ? "_sitemap.xml" : "_sitemap-\(number).xml"])
    }

    /// The Atom feed of wiki `wikiID`'s recent changes.
    package func feed(ofWiki wikiID: String) -> SitePath {
        SitePath(components: [site.folder(ofWiki: wikiID), SiteLayout.specialFolder, "feed.atom"])
    }

    /// How the name of a sitemap past the first begins, at the root or in a wiki's folder.
    package static let numberedSitemapPrefix = "_sitemap-"

    /// Whether the file at `path` (relative to the output folder) is a sitemap past the first, of
    /// the site or of a wiki: the files whose number shrinks when the sitemaps get shorter.
    package static func isNumberedSitemap(_ path: String) -> Bool {
        guard let name = path.split(separator: "/").last, path.split(separator: "/").count <= 2 else { return false }
        return name.hasPrefix(numberedSitemapPrefix) && name.hasSuffix(".xml")
    }

    /// Where the discovery files of the site laid out by `site` go.
    package init(site: SiteLayout) {
        self.site = site
    }
}
