import WikiDocuments
import WikiModel

/// How much one sitemap or sitemap index file may hold.
public struct SitemapLimits: Sendable, Equatable {
    /// The most URLs (or sitemaps, in an index) in one file.
    public let entriesPerFile: Int
    /// The most bytes in one file, uncompressed.
    public let bytesPerFile: Int

    /// The limits of the sitemaps.org protocol: 50,000 entries and 50 MiB per file.
    public static let protocolMaximum = SitemapLimits(entriesPerFile: 50_000, bytesPerFile: 52_428_800)

    /// Limits of `entriesPerFile` entries and `bytesPerFile` bytes. A file always holds at
    /// least one entry, so an entry longer than `bytesPerFile` on its own (a URL is under
    /// 2,100 bytes) is still written.
    public init(entriesPerFile: Int, bytesPerFile: Int) {
        precondition(entriesPerFile >= 1, "a sitemap holds at least one entry")
        self.entriesPerFile = entriesPerFile
        self.bytesPerFile = bytesPerFile
    }
}

/// One `<url>` of a sitemap, or one `<sitemap>` of a sitemap index.
struct SitemapEntry {
    /// `<loc>`: an absolute URL.
    let location: String
    /// `<lastmod>`, when known.
    let lastModified: UTCDateTime?
}

/// One file of sitemaps.org protocol 0.9: its bytes, and its newest `<lastmod>` (for the
/// entry that lists it in an index).
struct SitemapDocument {
    let bytes: [UInt8]
    let lastModified: UTCDateTime?
}

/// Writes entries into as many sitemap (`<urlset>`) or sitemap index (`<sitemapindex>`)
/// files as the limits require, filling each file in order before starting the next.
struct SitemapWriter {
    enum Format {
        /// A sitemap: `<urlset>` of `<url>`.
        case urlSet
        /// A sitemap index: `<sitemapindex>` of `<sitemap>`.
        case index
    }

    let format: Format
    let limits: SitemapLimits

    /// The files holding `entries`, in their order; one file (possibly empty) at least.
    func documents(_ entries: [SitemapEntry]) -> [SitemapDocument] {
        var documents: [SitemapDocument] = []
        var file = header()
        var count = 0
        var newest: UTCDateTime?
        let footerSize = footer().bytes.count
        for entry in entries {
            let element = self.element(entry)
            let isFull =
                count == limits.entriesPerFile
                || file.bytes.count + element.bytes.count + footerSize > limits.bytesPerFile
            if count > 0 && isFull {
                file.append(footer())
                documents.append(SitemapDocument(bytes: file.bytes, lastModified: newest))
                file = header()
                count = 0
                newest = nil
            }
            file.append(element)
            count += 1
            if let modified = entry.lastModified, newest.map({ $0 < modified }) ?? true { newest = modified }
        }
        file.append(footer())
        documents.append(SitemapDocument(bytes: file.bytes, lastModified: newest))
        return documents
    }

    private func header() -> XMLOutput {
        var output = XMLOutput()
        output.declaration()
        switch format {
        case .urlSet: output.markup("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n")
        case .index: output.markup("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n")
        }
        return output
    }

    private func footer() -> XMLOutput {
        var output = XMLOutput()
        switch format {
        case .urlSet: output.markup("</urlset>\n")
        case .index: output.markup("</sitemapindex>\n")
        }
        return output
    }

    private func element(_ entry: SitemapEntry) -> XMLOutput {
        var output = XMLOutput()
        switch format {
        case .urlSet: output.markup("<url>")
        case .index: output.markup("<sitemap>")
        }
        output.element("loc", text: entry.location)
        if let modified = entry.lastModified { output.element("lastmod", text: modified.text) }
        switch format {
        case .urlSet: output.markup("</url>\n")
        case .index: output.markup("</sitemap>\n")
        }
        return output
    }
}

/// The sitemap of one wiki: its home, then every published page in byte order of its URL.
///
/// Special pages (the lists in `_special/`, the feed) are left out: they are made from the
/// pages, which are all listed, and they change with every edit, so they only spend a
/// crawler's time.
struct WikiSitemap {
    let wiki: Wiki
    let pages: [Page]

    /// The sitemap of `wiki` with `pages`, which must all be published: a draft here is a
    /// programming error, and stops the program rather than leak.
    init(wiki: Wiki, pages: [Page]) {
        for page in pages {
            precondition(!page.isDraft, "a draft was handed to the sitemap: \(page.documentID)")
        }
        self.wiki = wiki
        self.pages = pages
    }

    /// The entries: the home, last changed when the wiki document or any page last changed
    /// (it shows the page count), then the pages by URL, where `layout` puts them.
    func entries(baseURL: BaseURL, layout: SiteLayout) -> [SitemapEntry] {
        var pageEntries = pages.map { page in
            SitemapEntry(
                location: baseURL.absoluteURL(of: layout.page(page.title, inWiki: wiki.id)),
                lastModified: page.lastChangeInUTC)
        }
        pageEntries.sort { $0.location.precedesInByteOrder($1.location) }
        let homeModified = ([wiki.lastChangeInUTC] + pageEntries.map(\.lastModified)).compactMap { $0 }.max()
        let home = SitemapEntry(
            location: baseURL.absoluteURL(of: layout.home(ofWiki: wiki.id)), lastModified: homeModified)
        return [home] + pageEntries
    }
}
