import SplitMix64
import Testing
import WikiModel
import WikiRender

@testable import WikiPages
@testable import WikiSite

/// The digest of a special file stands for its bytes. An incremental build renders only the
/// files whose digest changed since the last build, so a digest that leaves out something its
/// file shows (a neighbour's name, a count, where a letter starts) would leave a stale file. The
/// lists here hold 4 entries a file on average, so that small wikis have many files cut at their
/// titles.
@Suite struct SpecialPageDigestTests {
    /// Titles starting with several letters, a digit and an accent.
    static let titlePool: [String] = ["Apple", "apricot", "Banana", "Cherry", "date", "Élan", "Zebra", "42 things"]
        .flatMap { word in (0..<8).map { "\(word) \($0)" } }

    /// Every special file of wiki `w` of `pages` (title → Markdown): its digest and its bytes,
    /// by path.
    static func files(of pages: [String: String], theme: Theme) -> [String: (digest: Int64?, html: String)] {
        let documents =
            [FeedFixtures.wiki("w")]
            + pages.sorted { $0.key < $1.key }.enumerated().map { number, page in
                let time = "2024-03-0\(1 + number % 5)T0\(number % 10):00:00Z"
                return FeedFixtures.page("w", page.key, updated: time, created: time, markdown: page.value)
            }
        let database = FeedFixtures.database(documents)
        let analysis = WikiAnalysis(
            wiki: database.wikis[0], in: database, markdown: MarkdownRenderer(options: MarkdownOptions()))
        let special = WikiSpecialPages(
            analysis: analysis, index: AlphabeticalIndex(analysis.graph),
            chrome: WikiChrome(analysis, siteLayout: SiteLayout(), discovery: nil, searchable: true, strings: .english),
            theme: theme,
            entriesPerFile: 4)
        var files: [String: (digest: Int64?, html: String)] = [:]
        for file in special.files {
            files[special.path(of: file).description] = (special.digest(of: file), special.html(of: file))
        }
        return files
    }

    /// Markdown linking to 0 to 3 titles of the pool (some of them pages, some missing).
    static func markdown(using random: inout SplitMix64) -> String {
        (0..<random.next() % 4).map { _ in "[[\(titlePool[Int(random.next() % UInt64(titlePool.count))])]]" }
            .joined(separator: " ")
    }

    @Test(arguments: 1...30)
    func filesWithTheSameDigestAtTheSamePathAreTheSameBytes(seed: UInt64) throws {
        let theme = try Theme.load(overridesIn: nil)
        var random = SplitMix64(seed: seed)
        var pages: [String: String] = [:]
        for title in Self.titlePool where random.next() % 2 == 0 { pages[title] = Self.markdown(using: &random) }
        var files = Self.files(of: pages, theme: theme)
        var kept = 0
        for step in 0..<8 {
            // A page created, deleted, or its links changed.
            let title = Self.titlePool[Int(random.next() % UInt64(Self.titlePool.count))]
            switch random.next() % 3 {
            case 0: pages[title] = Self.markdown(using: &random)
            case 1: pages[title] = nil
            default: pages[title] = pages[title].map { _ in Self.markdown(using: &random) }
            }
            let next = Self.files(of: pages, theme: theme)
            for (path, file) in next {
                guard let digest = file.digest, let old = files[path], old.digest == digest else { continue }
                kept += 1
                #expect(old.html == file.html, "seed \(seed), step \(step): \(path) changed under the same digest")
            }
            files = next
        }
        #expect(kept > 0, "no file kept its digest: the test compared nothing")
    }
}
