import HeapModule
import WikiModel

/// The order of the lists by date (recent changes, new pages, the feed): the newer date first,
/// a date before none, then the title in byte order. Titles are distinct, so the order is total
/// and the lists the same on every build.
package enum NewestFirst {
    /// The positions in `pages` of the first `count` pages in that order, by `date`: a heap of
    /// `count` entries, not a sort of the whole wiki.
    static func positions(_ count: Int, of pages: [Page], by date: (Page) -> Timestamp?) -> [Int] {
        withoutActuallyEscaping(date) { date in
            pages.indices.lazy.map { DatedPosition(date: date(pages[$0]), title: pages[$0].title, position: $0) }
                .smallest(count).map(\.position)
        }
    }

    /// `entries` (of distinct titles) in that order, by their dates.
    package static func sorted(_ entries: [DatedEntry]) -> [DatedEntry] {
        entries.indices.map { DatedPosition(date: entries[$0].date, title: entries[$0].title, position: $0) }
            .sorted().map { entries[$0.position] }
    }

    /// Whether the page `lhs` (its date, its title) comes before `rhs`.
    package static func precedes(
        _ lhs: (date: Timestamp?, title: PageTitle), _ rhs: (date: Timestamp?, title: PageTitle)
    )
        -> Bool
    {
        switch (lhs.date, rhs.date) {
        case (let leftDate?, let rightDate?) where leftDate != rightDate: leftDate > rightDate
        case (.some, nil): true
        case (nil, .some): false
        default: lhs.title < rhs.title
        }
    }

    /// A page's place in the order: `<` is "comes first".
    private struct DatedPosition: Comparable {
        let date: Timestamp?
        let title: PageTitle
        /// The page's position in the pages.
        let position: Int

        static func < (lhs: DatedPosition, rhs: DatedPosition) -> Bool {
            NewestFirst.precedes((lhs.date, lhs.title), (rhs.date, rhs.title))
        }

        static func == (lhs: DatedPosition, rhs: DatedPosition) -> Bool {
            lhs.position == rhs.position
        }
    }
}

extension Sequence where Element: Comparable {
    /// The `count` smallest elements, in ascending order (all of them when there are fewer).
    /// Only `count` elements are kept at a time, in a heap whose top is the greatest of them: the
    /// first entries of a list of a whole wiki cost one comparison a page, not a sort of them all.
    func smallest(_ count: Int) -> [Element] {
        guard count > 0 else { return [] }
        var kept = Heap<Element>()
        for element in self {
            if kept.count < count {
                kept.insert(element)
            } else if element < kept.max! {
                kept.replaceMax(with: element)
            }
        }
        return kept.unordered.sorted()
    }
}
