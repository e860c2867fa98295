import WikiModel

/// The outlines an earlier build stored for pages that did not change since: the analysis takes
/// them instead of parsing those pages again. Kept in byte order of the titles, as a wiki's pages
/// are, so matching them with the pages is one pass over both, with no table of titles.
package struct ReusableOutlines: Sendable {
    /// The stored outlines, in byte order of the titles.
    private let stored: [(title: PageTitle, outline: PageOutline)]
    /// The titles whose stored outline is out of date, in byte order.
    private let changed: [PageTitle]

    /// No outline: every page is parsed.
    package init() {
        self.init(stored: [], leavingOut: [])
    }

    /// The outlines of `stored` (in byte order of the titles, one a title) but those of the
    /// titles `changed` (in byte order).
    package init(stored: [(title: PageTitle, outline: PageOutline)], leavingOut changed: [PageTitle]) {
        self.stored = stored
        self.changed = changed
    }

    /// For each of `titles` (in byte order), its outline when there is one here: one pass over
    /// the titles, the stored outlines and the changed titles together.
    func aligned(with titles: [PageTitle]) -> [PageOutline?] {
        var outlines = [PageOutline?](repeating: nil, count: titles.count)
        var next = 0
        var nextChanged = 0
        for (position, title) in titles.enumerated() {
            while next < stored.count, stored[next].title < title { next += 1 }
            guard next < stored.count, stored[next].title == title else { continue }
            while nextChanged < changed.count, changed[nextChanged] < title { nextChanged += 1 }
            if nextChanged < changed.count, changed[nextChanged] == title { continue }
            outlines[position] = stored[next].outline
        }
        return outlines
    }
}
