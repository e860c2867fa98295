import SplitMix64
import Testing
import WikiModel
import WikiRender

@testable import WikiPages
@testable import WikiSite

/// Recent changes and new pages keep the newest `WikiAnalysis.datedListLength` pages, in the
/// order a sort of every page gives.
@Suite struct DatedListTests {
    /// A wiki of `count` pages whose dates are drawn from few instants (so that many tie), some
    /// written with an offset, some missing.
    static func database(pages count: Int, seed: UInt64) -> WikiDatabase {
        var random = SplitMix64(seed: seed)
        func date() -> String? {
            let hour = Int(random.next() % 24)
            switch random.next() % 10 {
            case 0: return nil
            case 1: return "2024-03-0\(1 + random.next() % 5)T\(String(format: "%02d", hour)):30:00+02:00"
            default: return "2024-03-0\(1 + random.next() % 5)T\(String(format: "%02d", hour)):00:00Z"
            }
        }
        var documents = [FeedFixtures.wiki("w")]
        for number in 0..<count {
            documents.append(
                FeedFixtures.page("w", "Page \(random.next() % 100_000) \(number)", updated: date(), created: date()))
        }
        return FeedFixtures.database(documents)
    }

    /// The first `datedListLength` pages by `date`, newest first, then title; undated last.
    static func reference(_ pages: [Page], by date: KeyPath<Page, Timestamp?>) -> [String] {
        pages.sorted { left, right in
            switch (left[keyPath: date], right[keyPath: date]) {
            case (let leftDate?, let rightDate?) where leftDate != rightDate: return leftDate > rightDate
            case (.some, nil): return true
            case (nil, .some): return false
            default: return left.title < right.title
            }
        }.prefix(WikiAnalysis.datedListLength).map(\.title.text)
    }

    @Test(arguments: [0, 1, 499, 500, 501, 1_300])
    func theListsAreTheNewestOfAFullSort(pageCount: Int) {
        let database = Self.database(pages: pageCount, seed: UInt64(pageCount) + 7)
        let wiki = database.wikis[0]
        let analysis = WikiAnalysis(wiki: wiki, in: database, markdown: MarkdownRenderer(options: MarkdownOptions()))
        let pages = database.pages(inWiki: "w")
        #expect(analysis.recentChanges.count == min(pageCount, WikiAnalysis.datedListLength))
        #expect(analysis.recentChanges.map(\.title.text) == Self.reference(pages, by: \.updatedAt))
        #expect(analysis.newPages.map(\.title.text) == Self.reference(pages, by: \.createdAt))
    }
}

/// `smallest(_:)` keeps what a sort of every element would put first.
@Suite struct SmallestElementsTests {
    @Test func theSmallestAreThoseOfAFullSortInOrder() {
        var random = SplitMix64(seed: 20_261_124)
        for _ in 0..<200 {
            let length = Int(random.next() % 300)
            let values = (0..<length).map { _ in Int(random.next() % 50) }
            for count in [0, 1, 7, length / 2, length, length + 3] {
                #expect(values.smallest(count) == Array(values.sorted().prefix(count)), "\(values) \(count)")
            }
        }
    }
}
