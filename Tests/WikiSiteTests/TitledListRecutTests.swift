import Foundation
import SplitMix64
import TemporaryFolders
import Testing
import WikiModel
import WikiRender

@testable import WikiBuildEngine
@testable import WikiPages
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
        titles.map { entry($0, of: list, count: counts[$0] ?? 0) }.sorted { TitledListEntry.precedes($0.key, $1.key) }
    }

    /// `title` as an entry of `list`: a wanted title linked from `count` pages, of which it shows
    /// the first ten (named after the title and the count, so that a count changed shows others).
    static func entry(_ title: PageTitle, of list: SpecialPage, count: Int) -> TitledListEntry {
        guard list == .wantedPages else { return TitledListEntry(title, in: list) }
        let shown = (0..<min(count, WikiSpecialPages.linkingPagesShown)).map {
            PageTitle("\(title.text) linker \($0) of \(count)")!
        }
        return TitledListEntry(title, in: list, linkers: TitledListPart.Linkers(count: count, shown: shown))
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

    /// The digest of every file of the list of `parts`, by path, each file made from the whole
    /// list.
    static func digests(
        of parts: [StoredListPart], list: SpecialPage, letterIndex: [LetterStart], in context: SpecialPageContext
    ) -> [String: Int64] {
        let length = parts.reduce(0) { $0 + $1.titles.count }
        var digests: [String: Int64] = [:]
        for (number, part) in parts.enumerated() {
            var shown = TitledListPart(
                page: list, place: TitledListPart.Place(file: number + 1, listLength: length), titles: part.titles,
                previousFirstTitle: number > 0 ? parts[number - 1].titles.first : nil,
                nextFirstTitle: number + 1 < parts.count ? parts[number + 1].titles.first : nil)
            if list == .allPages {
                shown.letters = part.titles.map { AlphabeticalKey($0).letter }
                shown.letterBefore = number > 0 ? parts[number - 1].titles.last.map { AlphabeticalKey($0).letter } : nil
                shown.letterIndex = letterIndex
            } else {
                shown.linkers = part.linkers
            }
            digests[shown.path(in: context).description] = shown.digest(in: context)
        }
        return digests
    }

    /// The chrome, theme and hrefs the files are digested with.
    static func context() throws -> SpecialPageContext {
        let database = FeedFixtures.database([FeedFixtures.wiki("w")])
        return SpecialPageContext(
            chrome: WikiChrome(
                WikiAnalysis(
                    wiki: database.wikis[0], in: database, markdown: MarkdownRenderer(options: MarkdownOptions())),
                siteLayout: SiteLayout(), discovery: nil, searchable: true, strings: .english),
            theme: try Theme.load(overridesIn: nil), hrefs: PageHrefs(), entriesPerFile: entriesPerFile)
    }

    /// What cutting again found.
    struct Outcome {
        /// Whether the list was cut again from the files around its changes, not whole.
        let isLocal: Bool
        /// Whether the letter index stayed as it was (all pages).
        let keepsLetterIndex: Bool
    }

    /// Keeps `list` of `old` titles in a new state, cuts it again without `removed` and with
    /// `added` (titles counted as `counts` says, before and after), and expects the files to be
    /// the whole list's cut, walked in order both ways, with the files written and removed
    /// leaving every file as the whole list makes it.
    static func cutAgain(
        _ list: SpecialPage, old: [PageTitle], removing removed: [PageTitle], adding added: [PageTitle],
        counts: (old: [PageTitle: Int], new: [PageTitle: Int]), seed: UInt64
    ) throws -> Outcome {
        let context = try context()
        let folder = try TemporaryFolder()
        let state = try BuildState(stateFolder: folder.path("state"))
        let oldParts = cut(entries(old, of: list, counts: counts.old), of: list)
        let oldIndex = letterIndex(of: oldParts)
        var update = StateUpdate()
        update.changedListParts = [("w", list, [], oldParts)]
        update.changedSpecialFileDigests = [
            ("w", digests(of: oldParts, list: list, letterIndex: oldIndex, in: context))
        ]
        try state.commit(update)

        let titles = old.filter { !removed.contains($0) } + added
        let recut = try #require(
            try TitledListRecut(
                list, inWiki: "w", state: state, entriesPerFile: entriesPerFile, lengths: (old.count, titles.count),
                changes: TitledListChanges(
                    removing: Set(removed.map { entry($0, of: list, count: counts.old[$0] ?? 0).key }),
                    inserting: added.map { entry($0, of: list, count: counts.new[$0] ?? 0) })))
        let expected = cut(entries(titles, of: list, counts: counts.new), of: list)

        // The files once cut again, as the state will hold them, and as the recut walks them.
        let gone = Set(recut.removedFirstKeys)
        let kept = try state.listParts(of: list, inWiki: "w", .all).filter { !gone.contains($0.firstKey) }
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
                    && files.map(\.linkers) == expected.map(\.linkers),
                "seed \(seed): \(files.map { $0.titles.map(\.text) }) instead of \(expected.map { $0.titles.map(\.text) })"
            )
        }
        for (number, part) in walked.enumerated() {
            #expect(
                try recut.part(before: part.firstKey)?.firstKey == (number == 0 ? nil : walked[number - 1].firstKey))
        }

        // The letter index, kept or worked out again, is the one of the list cut whole.
        let index = list == .allPages ? try recut.letterIndex(replacing: oldIndex) : []
        if list == .allPages { #expect(index == letterIndex(of: expected), "seed \(seed)") }
        // The files written and removed leave every file as the whole list makes it.
        let changed = try recut.changedFiles(in: context, letterIndex: index, everyFile: index != oldIndex)
        var digests = try state.specialFileDigests(inWiki: "w")
        for path in changed.removed { digests[path.description] = nil }
        for file in changed.written { digests[file.path.description] = file.digest }
        #expect(
            digests == Self.digests(of: expected, list: list, letterIndex: index, in: context),
            "seed \(seed): \(changed.written.map(\.path.description)) written, \(changed.removed) removed")
        return Outcome(
            isLocal: old.count > entriesPerFile && titles.count > entriesPerFile,
            keepsLetterIndex: list == .allPages && index == oldIndex)
    }

    @Test(arguments: [SpecialPage.allPages, .wantedPages])
    func aListCutAgainLocallyIsTheListCutWhole(list: SpecialPage) throws {
        var local = 0
        var keptIndexes = 0
        var movedLocally = 0
        for seed in UInt64(1)...60 {
            var random = SplitMix64(seed: seed)
            var counts: [PageTitle: Int] = [:]
            // Counts past the linking pages a title shows, now and then.
            for title in Self.pool { counts[title] = Int.random(in: 1...12, using: &random) }
            let old = Array(Self.pool.shuffled(using: &random).prefix(Int.random(in: 0...90, using: &random)))
            // Some titles go, some come, and (the wanted pages) some change their count: each
            // title once.
            var newCounts = counts
            var removed: [PageTitle] = []
            var added: [PageTitle] = []
            var untouched = old
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                if !untouched.isEmpty, Bool.random(using: &random) {
                    let title = untouched.remove(at: Int.random(in: 0..<untouched.count, using: &random))
                    removed.append(title)
                    if list == .wantedPages, Bool.random(using: &random) {
                        newCounts[title]! += 1
                        added.append(title)
                    }
                } else if let title = Self.pool.filter({ !old.contains($0) && !added.contains($0) })
                    .randomElement(using: &random)
                {
                    added.append(title)
                }
            }
            let outcome = try Self.cutAgain(
                list, old: old, removing: removed, adding: added, counts: (counts, newCounts), seed: seed)
            if outcome.isLocal { local += 1 }
            if outcome.keepsLetterIndex { keptIndexes += 1 }
            if list == .allPages, outcome.isLocal, !outcome.keepsLetterIndex { movedLocally += 1 }
        }
        // Most of the lists were cut again from the files around their changes, not whole.
        #expect(local >= 30, "\(local) of 60 lists cut locally")
        if list == .allPages {
            #expect(keptIndexes >= 15, "\(keptIndexes) of 60 letter indexes kept")
            // Some letters moved in lists cut locally: every file was rendered again.
            #expect(movedLocally >= 15, "\(movedLocally) of 60 letter indexes moved in lists cut locally")
        }
    }

    /// The first file emptied: the third becomes the second, which no neighbour of the change
    /// is, and shows it (its previous file is the first; it no longer links to the start).
    @Test func theFirstFileEmptiedMovesTheThirdToSecondPlace() throws {
        let titles = (0..<40).map { PageTitle(String(format: "Page %02d", $0))! }
        let parts = Self.cut(Self.entries(titles, of: .orphanedPages, counts: [:]), of: .orphanedPages)
        try #require(parts.count >= 4)
        let outcome = try Self.cutAgain(
            .orphanedPages, old: titles, removing: parts[0].titles, adding: [], counts: ([:], [:]), seed: 0)
        #expect(outcome.isLocal)
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
