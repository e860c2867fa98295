import SplitMix64
import Testing
import WikiModel

@testable import WikiBuildEngine
@testable import WikiPages
@testable import WikiSite

/// The two passes an incremental build makes over a wiki's pages in title order, matching what
/// the state keeps with what the sources hold now: the changes, and the outlines it reuses.
@Suite struct PageChangesTests {
    static func title(_ text: String) -> PageTitle { PageTitle(text)! }

    /// Fingerprints in byte order of the titles.
    static func fingerprints(_ pairs: [(String, Int64)]) -> [(title: PageTitle, fingerprint: Int64)] {
        pairs.map { (title($0.0), $0.1) }.sorted { $0.title < $1.title }
    }

    @Test func createdEditedAndRemovedPagesComeOutInByteOrder() {
        let changes = PageChanges(
            old: Self.fingerprints([("Alpha", 1), ("Beta", 2), ("Delta", 4), ("Épée", 5), ("Zulu", 9)]),
            new: Self.fingerprints([("Alpha", 1), ("Beta", 3), ("Charlie", 3), ("Épée", 6), ("Ångström", 7)]))
        #expect(changes.created.map(\.text) == ["Charlie", "Ångström"])
        #expect(changes.edited.map(\.text) == ["Beta", "Épée"])
        #expect(changes.removed.map(\.text) == ["Delta", "Zulu"])
        #expect(changes.count == 6)
        #expect(changes.changesExistence)
    }

    @Test func noChangeAndEmptySidesAreHandled() {
        let pages = Self.fingerprints([("A", 1), ("B", 2)])
        #expect(PageChanges(old: pages, new: pages).count == 0)
        #expect(PageChanges(old: [], new: pages).created.map(\.text) == ["A", "B"])
        #expect(PageChanges(old: pages, new: []).removed.map(\.text) == ["A", "B"])
        #expect(!PageChanges(old: pages, new: Self.fingerprints([("A", 1), ("B", 3)])).changesExistence)
    }

    /// The merge agrees with a comparison through dictionaries on random wikis.
    @Test func theMergeAgreesWithLookingEveryTitleUp() {
        var random = SplitMix64(seed: 20_261_124)
        for _ in 0..<50 {
            var old: [String: Int64] = [:]
            var new: [String: Int64] = [:]
            for number in 0..<200 {
                let text = "Page \(number) \(["", "é", "Z", "ä"][number % 4])"
                switch random.next() % 4 {
                case 0: old[text] = 1
                case 1: new[text] = 1
                case 2:
                    old[text] = 1
                    new[text] = 1
                default:
                    old[text] = 1
                    new[text] = 2
                }
            }
            let changes = PageChanges(
                old: Self.fingerprints(old.map { ($0, $1) }), new: Self.fingerprints(new.map { ($0, $1) }))
            let sorted = { (texts: [String]) in texts.map(Self.title).sorted() }
            #expect(changes.created == sorted(new.keys.filter { old[$0] == nil }))
            #expect(changes.removed == sorted(old.keys.filter { new[$0] == nil }))
            #expect(changes.edited == sorted(new.keys.filter { old[$0] != nil && old[$0] != new[$0] }))
        }
    }

    @Test func reusableOutlinesLeaveOutTheChangedPagesAndLineUpWithTheTitles() {
        let stored = ["A", "C", "D", "F", "Ö"].map {
            (
                title: Self.title($0),
                outline: PageOutline(links: [], headings: [], wordCount: Int($0.unicodeScalars.first!.value))
            )
        }
        let reusable = ReusableOutlines(stored: stored, leavingOut: ["C", "E", "F"].map(Self.title))
        let aligned = reusable.aligned(with: ["A", "B", "C", "D", "F", "G", "Ö"].map(Self.title))
        #expect(aligned.map { $0?.wordCount } == [65, nil, nil, 68, nil, nil, 214])
        #expect(ReusableOutlines().aligned(with: [Self.title("A")]).map { $0?.wordCount } == [nil])
    }

    /// On random wikis, the outlines lined up are those a lookup by title finds, but for the
    /// changed titles.
    @Test func reusableOutlinesAgreeWithLookingEveryTitleUp() {
        var random = SplitMix64(seed: 20_261_125)
        for _ in 0..<50 {
            func titles(_ count: Int) -> [PageTitle] {
                Set((0..<count).map { _ in "T\(random.next() % 60)" }).map(Self.title).sorted()
            }
            let stored = titles(40).map { title in
                (title: title, outline: PageOutline(links: [], headings: [], wordCount: title.text.count))
            }
            let changed = titles(10)
            let pages = titles(40)
            let byTitle = Dictionary(uniqueKeysWithValues: stored.map { ($0.title, $0.outline.wordCount) })
            let expected = pages.map { changed.contains($0) ? nil : byTitle[$0] }
            let aligned = ReusableOutlines(stored: stored, leavingOut: changed).aligned(with: pages)
            #expect(aligned.map { $0?.wordCount } == expected)
        }
    }
}
