import WikiDocuments
import WikiModel

/// The files and `<head>` links that need the site's absolute URL: sitemaps, the sitemap
/// index, `robots.txt`, each wiki's Atom feed, canonical URLs. A site built without a base URL
/// has none of them (`missingBaseURLNote` says so).
///
/// Everything here is a pure function of its inputs: the same database and base URL give the
/// same bytes, whenever and wherever the site is built. Only published pages are listed; a
/// draft handed in stops the program rather than leak, unless the database includes drafts
/// (a preview's, whose files stay in its own folder).
public struct SiteDiscovery: Sendable {
    /// The URL the output folder is served from.
    public let baseURL: BaseURL
    /// How much one sitemap file may hold.
    public let sitemapLimits: SitemapLimits
    /// How many entries a wiki's feed has at most.
    public let feedLength: Int
    /// Where the wikis' folders are, so where their pages, sitemaps and feeds are.
    public let layout: SiteLayout

    /// How many entries a wiki's feed has at most, unless told otherwise.
    public static let defaultFeedLength = 50

    /// What the summary says when the build has no base URL.
    public static let missingBaseURLNote = "sitemaps and feeds need --base-url; not written"

    /// Discovery for a site served at `baseURL`, its wikis in the folders of `layout` (by
    /// default, each in the folder made from its ID).
    public init(
        baseURL: BaseURL, layout: SiteLayout = SiteLayout(), sitemapLimits: SitemapLimits = .protocolMaximum,
        feedLength: Int = defaultFeedLength
    ) {
        self.baseURL = baseURL
        self.layout = layout
        self.sitemapLimits = sitemapLimits
        self.feedLength = feedLength
    }

    /// Where the sitemaps and feeds are.
    private var discoveryLayout: DiscoveryLayout { DiscoveryLayout(site: layout) }

    /// Every file for crawlers and feed readers, for the published `wikis` of `database`:
    /// each wiki's sitemaps and feed, the site's sitemap index (listing every wiki's
    /// sitemaps), and `robots.txt` pointing to it when the site is the root of its host; with
    /// the entries of each wiki's sitemaps, which the build state keeps.
    ///
    /// `bodyHTML` gives the rendered body of a page of a wiki, as its own page shows it (its
    /// links relative to the page's file); it is called only for the pages a feed shows.
    public func files(
        for wikis: [Wiki], in database: WikiDatabase, bodyHTML: (Page, Wiki) throws -> String
    ) rethrows -> DiscoveryFiles {
        var files: [SiteFile] = []
        var sitemaps: [(wikiID: String, parts: [StoredSitemapPart])] = []
        let writer = SitemapWriter(format: .urlSet, baseURL: baseURL)
        for wiki in wikis.sorted(by: { $0.id.precedesInByteOrder($1.id) }) {
            let pages = database.pages(inWiki: wiki.id)
            let entries = WikiSitemap(wiki: wiki, pages: pages, includesDrafts: database.includesDrafts).entries(
                layout: layout)
            let parts = SitemapCutter.files(entries, format: .urlSet, limits: sitemapLimits, baseURL: baseURL)
            var stored: [StoredSitemapPart] = []
            for (number, part) in zip(1..., parts) {
                let document = writer.document(part)
                files.append(SiteFile(path: discoveryLayout.sitemap(number, ofWiki: wiki.id), bytes: document.bytes))
                stored.append(StoredSitemapPart(number: number, entries: part, newest: document.lastModified))
            }
            sitemaps.append((wiki.id, stored))
            let feed = AtomFeed(wiki: wiki, pages: pages, limit: feedLength, includesDrafts: database.includesDrafts)
            let feedBytes = try feed.bytes(baseURL: baseURL, layout: discoveryLayout) { try bodyHTML($0, wiki) }
            files.append(SiteFile(path: discoveryLayout.feed(ofWiki: wiki.id), bytes: feedBytes))
        }
        files += indexFiles(listing: sitemaps.map { ($0.wikiID, $0.parts.map(\.newest)) })
        return DiscoveryFiles(files: files, sitemaps: sitemaps)
    }

    /// The site's sitemap indexes, listing the sitemaps of each wiki (`sitemaps`: the newest
    /// `<lastmod>` of each of its files, in order, the wikis in byte order of ID), and
    /// `robots.txt` naming them when the site is the root of its host.
    package func indexFiles(listing sitemaps: [(wikiID: String, newest: [UTCDateTime?])]) -> [SiteFile] {
        var listed: [SitemapEntry] = []
        for (wikiID, newest) in sitemaps {
            for (number, lastModified) in zip(1..., newest) {
                listed.append(
                    SitemapEntry(
                        location: BaseURL.relativeURL(of: discoveryLayout.sitemap(number, ofWiki: wikiID)),
                        lastModified: lastModified))
            }
        }
        var files: [SiteFile] = []
        let indexes = SitemapWriter(format: .index, baseURL: baseURL).documents(listed, limits: sitemapLimits)
        var indexPaths: [SitePath] = []
        for (number, document) in zip(1..., indexes) {
            let path = DiscoveryLayout.sitemapIndex(number)
            indexPaths.append(path)
            files.append(SiteFile(path: path, bytes: document.bytes))
        }
        if baseURL.isHostRoot {
            files.append(
                SiteFile(path: DiscoveryLayout.robots, bytes: RobotsFile(sitemapIndexes: indexPaths).bytes(baseURL)))
        }
        return files
    }

    /// The `<head>` links of the file at `path`: its canonical URL and, in a wiki (`wiki` not
    /// `nil`), the wiki's feed.
    public func headLinks(for path: SitePath, inWiki wiki: Wiki?) -> HeadLinks {
        HeadLinks(
            canonicalURL: baseURL.absoluteURL(of: path),
            feedURL: wiki.map { baseURL.absoluteURL(of: discoveryLayout.feed(ofWiki: $0.id)) },
            feedTitle: wiki?.title)
    }
}

/// The files `SiteDiscovery.files` makes, with the entries of each wiki's sitemaps.
public struct DiscoveryFiles: Sendable {
    /// The files, each where it goes.
    public let files: [SiteFile]
    /// Each wiki's sitemap files as the build state keeps them, the wikis in byte order of ID.
    package let sitemaps: [(wikiID: String, parts: [StoredSitemapPart])]
}

/// A file of the site and its bytes.
public struct SiteFile: Sendable {
    /// Where it goes, below the output folder.
    public let path: SitePath
    /// What it holds.
    public let bytes: [UInt8]

    /// The file at `path` holding `bytes`.
    package init(path: SitePath, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// The links a page's `<head>` gives to machines, as absolute URLs.
public struct HeadLinks: Sendable, Equatable {
    /// `<link rel="canonical" href="…">`: the file's own absolute URL.
    public let canonicalURL: String
    /// `<link rel="alternate" type="application/atom+xml" href="…">`: the wiki's feed;
    /// `nil` outside a wiki (the site's index).
    public let feedURL: String?
    /// The `title` of that link: the wiki's title.
    public let feedTitle: String?
}

/// `robots.txt`: every crawler may read everything, and the sitemap index is named.
package struct RobotsFile {
    let sitemapIndexes: [SitePath]

    func bytes(_ baseURL: BaseURL) -> [UInt8] {
        var text = "User-agent: *\nDisallow:\n\n"
        for path in sitemapIndexes { text += "Sitemap: " + baseURL.absoluteURL(of: path) + "\n" }
        return Array(text.utf8)
    }
}
