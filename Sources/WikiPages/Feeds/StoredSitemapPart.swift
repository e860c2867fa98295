import WikiDocuments

/// One sitemap file of a wiki as the build state keeps it: its entries, so that a build of
/// changes renders it again without the rest of the wiki, and its newest `<lastmod>`, which the
/// site's sitemap index shows.
///
/// The files of a wiki are ordered by `firstKey`: the location of the first page, and the empty
/// string for the first file, which starts with the wiki's home.
package struct StoredSitemapPart: Sendable, Equatable {
    package let firstKey: String
    let entries: [SitemapEntry]
    package let newest: UTCDateTime?

    /// The file number `number` (from 1) holding `entries`, their newest `<lastmod>` `newest`.
    package init(number: Int, entries: [SitemapEntry], newest: UTCDateTime?) {
        firstKey = number == 1 ? "" : entries.first?.location ?? ""
        self.entries = entries
        self.newest = newest
    }

    /// The blob of the entries: their count, then each location and `<lastmod>` (empty when it
    /// has none), length-prefixed as `StoredOutline` writes its strings.
    package var encodedEntries: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 + 80 * entries.count)
        StoredOutline.append(entries, to: &bytes) { entry, bytes in
            StoredOutline.append(entry.location, to: &bytes)
            StoredOutline.append(entry.lastModified?.text ?? "", to: &bytes)
        }
        return bytes
    }

    /// The entries `bytes` holds; nil when they are not a blob `encodedEntries` made.
    package static func entries(decoding bytes: UnsafeRawBufferPointer) -> [SitemapEntry]? {
        var reader = StoredOutline.Reader(bytes: bytes)
        let entries = reader.list { reader -> SitemapEntry? in
            guard let location = reader.string(), let modified = reader.string() else { return nil }
            if modified.isEmpty { return SitemapEntry(location: location, lastModified: nil) }
            return UTCDateTime(writtenAs: modified).map { SitemapEntry(location: location, lastModified: $0) }
        }
        return reader.isAtEnd ? entries : nil
    }
}
