import Foundation
import SplitMix64
import Testing
import WikiModel

@testable import WikiSite

/// A list cut at its titles, cut again from the state's files around the entries that come and
/// go, is the list `TitleCuts` makes of the whole: the same files, in the same order, each with
/// the same titles. The files hold 4 entries on average, so that a few dozen titles make many
/// files, and the lists are long enough to be cut locally as well as short enough to be cut whole.
@Suite struct TitledListRecutTests {
    static let entriesPerFile = 4

    /// Titles of several letters, accents, a digit, and the bytes the keys escape.
    static let pool: [PageTitle] = [
        "Apple", "apricot", "Banana", "Élan", "zebra", "42", "Nul\u{0}x", "Ctl\u{1}y", "東京",
    ]
    .flatMap { word in (0..<12).map { PageTitle("\(word) \($0)")! } }

    /// `titles` as entries of `list`, in its order (wanted titles with the count `counts` gives).
    static func entries(_ titles: [PageTitle], of list: SpecialPage, counts: [PageTitle: Int]) -> [TitledListEntry] {
        titles.map { TitledListEntry($0, in: list, linkerCount: counts[$0] ?? 0) }
            .sorted { TitledListEntry.precedes($0.key, $1.key) }
    }

    /// The files `TitleCuts` makes of `entries`.
    static func cut(_ entries: [TitledListEntry], of list: SpecialPage) -> [StoredListPart] {
        let cuts = TitleCuts(count: entries.count, entriesPerFile: entriesPerFile) { entries[$0].title.text }
        return (1...cuts.fileCount).map { StoredListPart(Array(entries[cuts.entries(ofFile: $0)]), of: list) }
    }

    /// Every letter of the files `parts` of all pages, with the name of the file where it starts.
    static func letterIndex(of parts: [StoredListPart]) -> [LetterStart] {
        var starts: [LetterStart] = []
        for (number, part) in parts.enumerated() {
            for title in part.titles where starts.last?.letter != AlphabeticalKey(title).letter {
                starts.append(
                    LetterStart(letter: AlphabeticalKey(title).letter, file: number == 0 ? nil : part.titles[0]))
            }
        }
        return starts
    }

    @Test(arguments: [SpecialPage.allPages, .wantedPages])
    func aListCutAgainLocallyIsTheListCutWhole(list: SpecialPage) throws {
        var local = 0
        var keptIndexes = 0
        for seed in UInt64(1)...60 {
            var random = SplitMix64(seed: seed)
            let folder = try TemporaryFolder()
            let state = try BuildState(stateFolder: folder.path("state"))
            var counts: [PageTitle: Int] = [:]
            for title in Self.pool { counts[title] = Int.random(in: 1...3, using: &random) }
            var titles = Array(Self.pool.shuffled(using: &random).prefix(Int.random(in: 0...90, using: &random)))
            let old = Self.entries(titles, of: list, counts: counts)
            var update = StateUpdate()
            update.changedListParts = [("w", list, [], Self.cut(old, of: list))]
            try state.commit(update)

            // Some titles go, some come, and (the wanted pages) some change their count: each
            // title once.
            var removing = Set<[UInt8]>()
            var inserting: [TitledListEntry] = []
            var untouched = titles
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                if !untouched.isEmpty, Bool.random(using: &random) {
                    let title = untouched.remove(at: Int.random(in: 0..<untouched.count, using: &random))
                    titles.removeAll { $0 == title }
                    removing.insert(TitledListEntry(title, in: list, linkerCount: counts[title]!).key)
                    if list == .wantedPages, Bool.random(using: &random) {
                        counts[title]! += 1
                        titles.append(title)
                        inserting.append(TitledListEntry(title, in: list, linkerCount: counts[title]!))
                    }
                } else if let title = Self.pool.filter({ !titles.contains($0) }).randomElement(using: &random) {
                    titles.append(title)
                    inserting.append(TitledListEntry(title, in: list, linkerCount: counts[title]!))
                }
            }
            let recut = try #require(
                try TitledListRecut(
                    list, inWiki: "w", state: state, entriesPerFile: Self.entriesPerFile,
                    lengths: (old.count, titles.count), removing: removing, inserting: inserting))
            if old.count > Self.entriesPerFile && titles.count > Self.entriesPerFile { local += 1 }

            let expected = Self.cut(Self.entries(titles, of: list, counts: counts), of: list)
            // The files once cut again, as the state will hold them, and as the recut walks them.
            let removed = Set(recut.removedFirstKeys)
            let kept = try state.listParts(of: list, inWiki: "w", .all).filter { !removed.contains($0.firstKey) }
            let stored = (kept + recut.addedParts).sorted { TitledListEntry.precedes($0.firstKey, $1.firstKey) }
            var walked: [StoredListPart] = []
            var next = try recut.part(after: nil)
            while let part = next {
                walked.append(part)
                next = try recut.part(after: part.firstKey)
            }
            for files in [stored, walked] {
                #expect(
                    files.map(\.titles) == expected.map(\.titles)
                        && files.map(\.linkerCounts) == expected.map(\.linkerCounts),
                    "seed \(seed): \(files.map { $0.titles.map(\.text) }) instead of \(expected.map { $0.titles.map(\.text) })"
                )
            }
            // The letter index, kept or worked out again, is the one of the list cut whole.
            if list == .allPages,
                let index = recut.letterIndex(replacing: Self.letterIndex(of: Self.cut(old, of: list)))
            {
                #expect(index == Self.letterIndex(of: expected), "seed \(seed)")
                keptIndexes += 1
            }
            for (number, part) in walked.enumerated() {
                #expect(
                    try recut.part(before: part.firstKey)?.firstKey == (number == 0 ? nil : walked[number - 1].firstKey)
                )
            }
        }
        // Most of the lists were cut again from the files around their changes, not whole.
        #expect(local >= 30, "\(local) of 60 lists cut locally")
        if list == .allPages { #expect(keptIndexes >= 15, "\(keptIndexes) of 60 letter indexes served") }
    }

    /// The keys' bytes sort as the alphabetical order does, escaped bytes and all.
    @Test func orderBytesSortAsTheAlphabeticalOrder() {
        let keys = Self.pool.map(AlphabeticalKey.init)
        for left in keys {
            for right in keys {
                #expect((left < right) == left.orderBytes.lexicographicallyPrecedes(right.orderBytes))
            }
        }
    }
}
