import WikiDocuments
import WikiModel

/// How much one sitemap or sitemap index file may hold, and where a wiki's sitemap is cut.
public struct SitemapLimits: Sendable, Equatable {
    /// The most URLs (or sitemaps, in an index) in one file.
    public let entriesPerFile: Int
    /// The most bytes in one file, uncompressed.
    public let bytesPerFile: Int
    /// How many URLs a wiki's sitemap holds on average, once it is cut (`SitemapCutter`).
    public let averageEntriesPerFile: Int

    /// The limits of the sitemaps.org protocol: 50,000 entries and 50 MiB per file; a wiki's
    /// sitemap is cut into files of 10,000 URLs on average.
    public static let protocolMaximum = SitemapLimits(
        entriesPerFile: 50_000, bytesPerFile: 52_428_800, averageEntriesPerFile: 10_000)

    /// More bytes than any one entry takes: a URL of at most 2,048 characters (`BaseURL`), each
    /// escaped in at most 6 bytes, and its `<lastmod>`. A file is closed while it has room for
    /// one more entry, so it never needs to know the next one.
    static let largestEntry = 16_384

    /// Limits of `entriesPerFile` entries and `bytesPerFile` bytes, a wiki's sitemap cut every
    /// `averageEntriesPerFile` URLs on average (at most `entriesPerFile`). A file always holds at
    /// least one entry, so with `bytesPerFile` under `largestEntry`, each holds one.
    public init(entriesPerFile: Int, bytesPerFile: Int, averageEntriesPerFile: Int? = nil) {
        precondition(entriesPerFile >= 1, "a sitemap holds at least one entry")
        self.entriesPerFile = entriesPerFile
        self.bytesPerFile = bytesPerFile
        self.averageEntriesPerFile = min(averageEntriesPerFile ?? entriesPerFile, entriesPerFile)
    }
}

/// One `<url>` of a sitemap, or one `<sitemap>` of a sitemap index.
package struct SitemapEntry: Equatable, Sendable {
    /// `<loc>` after the base URL: the file's path, percent-encoded (`BaseURL.relativeURL`).
    package let location: String
    /// `<lastmod>`, when known.
    let lastModified: UTCDateTime?

    /// The entry of the page at `location`, last modified at `lastModified` (none: no `<lastmod>`).
    package init(location: String, lastModified: UTCDateTime?) {
        self.location = location
        self.lastModified = lastModified
    }
}

/// One file of sitemaps.org protocol 0.9: its bytes, and its newest `<lastmod>` (for the
/// entry that lists it in an index).
package struct SitemapDocument {
    package let bytes: [UInt8]
    package let lastModified: UTCDateTime?
}

/// Where a sitemap or a sitemap index is cut into files: after an entry once the file is full
/// (`SitemapLimits.entriesPerFile`, or no room left for the largest entry), and, in a wiki's
/// sitemap, after an entry whose location the content-defined rule of the lists cut at their
/// titles chooses (`TitleCuts.endsFile`, every `averageEntriesPerFile` on average).
///
/// Each cut depends on the entries from the start of its file to the cut alone: a URL added or
/// removed changes the file it falls in, and at times the next, not every later file, so a
/// fast path cuts again the files around it alone (`SitemapRecut`).
package struct SitemapCutter {
    let format: SitemapWriter.Format
    let limits: SitemapLimits
    /// The bytes every entry takes beside its location: the base URL, escaped.
    let locationPrefixBytes: Int
    private var count = 0
    private var bytes: Int

    /// A cutter of sitemaps written in `format`, within `limits`, with locations under `baseURL`.
    package init(format: SitemapWriter.Format, limits: SitemapLimits, baseURL: BaseURL) {
        self.format = format
        self.limits = limits
        locationPrefixBytes = XMLOutput.textByteCount(baseURL.text)
        bytes = Self.frameBytes(format)
    }

    /// The bytes of a file without entries: its header and footer.
    private static func frameBytes(_ format: SitemapWriter.Format) -> Int {
        SitemapWriter.header(format).bytes.count + SitemapWriter.footer(format).bytes.count
    }

    /// Adds `entry` to the file being filled: true when the file ends after it.
    package mutating func endsFile(after entry: SitemapEntry) -> Bool {
        count += 1
        bytes += SitemapWriter.element(entry, format: format, locationPrefixBytes: locationPrefixBytes)
        let maximum =
            format == .urlSet ? min(limits.entriesPerFile, 4 * limits.averageEntriesPerFile) : limits.entriesPerFile
        let ends =
            count >= maximum || bytes + SitemapLimits.largestEntry > limits.bytesPerFile
            || (format == .urlSet
                && TitleCuts.endsFile(
                    withEntry: count, titled: entry.location, entriesPerFile: limits.averageEntriesPerFile))
        if ends {
            count = 0
            bytes = Self.frameBytes(format)
        }
        return ends
    }

    /// `entries` cut into files: one file at least (empty for no entry).
    static func files(
        _ entries: [SitemapEntry], format: SitemapWriter.Format, limits: SitemapLimits, baseURL: BaseURL
    ) -> [[SitemapEntry]] {
        var cutter = SitemapCutter(format: format, limits: limits, baseURL: baseURL)
        var files: [[SitemapEntry]] = []
        var file: [SitemapEntry] = []
        for entry in entries {
            file.append(entry)
            if cutter.endsFile(after: entry) {
                files.append(file)
                file = []
            }
        }
        if !file.isEmpty || files.isEmpty { files.append(file) }
        return files
    }
}

/// Writes the sitemap (`<urlset>`) or sitemap index (`<sitemapindex>`) files that hold entries.
package struct SitemapWriter {
    package enum Format {
        /// A sitemap: `<urlset>` of `<url>`.
        case urlSet
        /// A sitemap index: `<sitemapindex>` of `<sitemap>`.
        case index
    }

    let format: Format
    let baseURL: BaseURL

    /// The file holding `entries`, their locations after the base URL.
    package func document(_ entries: [SitemapEntry]) -> SitemapDocument {
        var file = Self.header(format)
        var newest: UTCDateTime?
        for entry in entries {
            file.markup(format == .urlSet ? "<url><loc>" : "<sitemap><loc>")
            file.text(baseURL.text)
            file.text(entry.location)
            file.markup("</loc>")
            if let modified = entry.lastModified {
                file.element("lastmod", text: modified.text)
                if newest.map({ $0 < modified }) ?? true { newest = modified }
            }
            file.markup(format == .urlSet ? "</url>\n" : "</sitemap>\n")
        }
        file.append(Self.footer(format))
        return SitemapDocument(bytes: file.bytes, lastModified: newest)
    }

    /// The files holding `entries`, cut as `SitemapCutter` cuts them.
    func documents(_ entries: [SitemapEntry], limits: SitemapLimits) -> [SitemapDocument] {
        SitemapCutter.files(entries, format: format, limits: limits, baseURL: baseURL).map(document)
    }

    static func header(_ format: Format) -> XMLOutput {
        var output = XMLOutput()
        output.declaration()
        switch format {
        case .urlSet: output.markup("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n")
        case .index: output.markup("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n")
        }
        return output
    }

    static func footer(_ format: Format) -> XMLOutput {
        var output = XMLOutput()
        switch format {
        case .urlSet: output.markup("</urlset>\n")
        case .index: output.markup("</sitemapindex>\n")
        }
        return output
    }

    /// The bytes `entry` takes in a file, its location after a prefix of `locationPrefixBytes`:
    /// counted, not written (`document` writes it).
    static func element(_ entry: SitemapEntry, format: Format, locationPrefixBytes: Int) -> Int {
        let tags = format == .urlSet ? urlTagsBytes : sitemapTagsBytes
        let lastModified = entry.lastModified.map { lastModifiedTagsBytes + XMLOutput.textByteCount($0.text) } ?? 0
        return locationPrefixBytes + XMLOutput.textByteCount(entry.location) + lastModified + tags
    }

    private static let urlTagsBytes = "<url><loc></loc></url>\n".utf8.count
    private static let sitemapTagsBytes = "<sitemap><loc></loc></sitemap>\n".utf8.count
    private static let lastModifiedTagsBytes = "<lastmod></lastmod>".utf8.count

    /// A writer of sitemap files in `format`, with locations under `baseURL`.
    package init(format: SitemapWriter.Format, baseURL: BaseURL) {
        self.format = format
        self.baseURL = baseURL
    }
}

/// The sitemap of one wiki: its home, then every published page in byte order of its URL.
///
/// Special pages (the lists in `_special/`, the feed) are left out: they are made from the
/// pages, which are all listed, and they change with every edit, so they only spend a
/// crawler's time.
package struct WikiSitemap {
    let wiki: Wiki
    let pages: [Page]

    /// The sitemap of `wiki` with `pages`, which must all be published: a draft here, in a
    /// build that does not `includesDrafts`, is a programming error, and stops the program
    /// rather than leak.
    init(wiki: Wiki, pages: [Page], includesDrafts: Bool) {
        for page in pages {
            precondition(includesDrafts || !page.isDraft, "a draft was handed to the sitemap: \(page.documentID)")
        }
        self.wiki = wiki
        self.pages = pages
    }

    /// The entries: the home, last changed when the wiki document or any page last changed
    /// (it shows the page count), then the pages by URL, where `layout` puts them.
    func entries(layout: SiteLayout) -> [SitemapEntry] {
        var pageEntries = pages.map { page in
            SitemapEntry(
                location: BaseURL.relativeURL(of: layout.page(page.title, inWiki: wiki.id)),
                lastModified: page.lastChangeInUTC)
        }
        pageEntries.sort { $0.location.precedesInByteOrder($1.location) }
        let newestPage = pageEntries.lazy.compactMap(\.lastModified).max()
        return [Self.home(of: wiki, layout: layout, newestPage: newestPage)] + pageEntries
    }

    /// The entry of the home of `wiki`, whose newest page last changed at `newestPage`.
    package static func home(of wiki: Wiki, layout: SiteLayout, newestPage: UTCDateTime?) -> SitemapEntry {
        SitemapEntry(
            location: BaseURL.relativeURL(of: layout.home(ofWiki: wiki.id)),
            lastModified: [wiki.lastChangeInUTC, newestPage].compactMap { $0 }.max())
    }
}
