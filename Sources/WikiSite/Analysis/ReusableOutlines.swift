import WikiModel

/// The outlines an earlier build stored for pages that did not change since: the analysis takes
/// them instead of parsing those pages again. Kept in byte order of the titles, as a wiki's pages
/// are, so matching them with the pages is one pass over both, with no table of titles.
struct ReusableOutlines: Sendable {
    private let entries: [(title: PageTitle, outline: PageOutline)]

    /// No outline: every page is parsed.
    init() {
        entries = []
    }

    /// The outlines of `stored` (in byte order of the titles, one a title) but those of the
    /// titles `changed` (in byte order).
    init(stored: [(title: PageTitle, outline: PageOutline)], leavingOut changed: [PageTitle]) {
        var kept: [(title: PageTitle, outline: PageOutline)] = []
        kept.reserveCapacity(stored.count)
        var next = 0
        for entry in stored {
            while next < changed.count, changed[next] < entry.title { next += 1 }
            if next < changed.count, changed[next] == entry.title { continue }
            kept.append(entry)
        }
        entries = kept
    }

    /// For each of `titles` (in byte order), its outline when there is one here.
    func aligned(with titles: [PageTitle]) -> [PageOutline?] {
        var outlines = [PageOutline?](repeating: nil, count: titles.count)
        var next = 0
        for (position, title) in titles.enumerated() {
            while next < entries.count, entries[next].title < title { next += 1 }
            if next < entries.count, entries[next].title == title { outlines[position] = entries[next].outline }
        }
        return outlines
    }
}
