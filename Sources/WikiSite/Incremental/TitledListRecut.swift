import WikiDocuments
import WikiModel

/// A list cut at its titles, cut again around the entries that come, go or change, from the
/// files the build state keeps (`StoredTitledLists`), without reading the rest of the list.
///
/// A cut depends on nothing before the start of its file (`TitleCuts.endsFile`), so the list is
/// cut again from the start of the file holding a change, file after file, until a new cut falls
/// where an old one was after the last change nearby: from there on, the files are the old ones.
/// A list that is or becomes one file is cut again whole. The result is the files `TitleCuts`
/// makes of the whole list: `PageEditBuildRandomTests` and `--verify` hold it to a clean build.
struct TitledListRecut {
    /// Old files that gave way to new ones, in runs: each run's old files, and the new files in
    /// their place.
    struct Region {
        let old: [StoredListPart]
        let new: [StoredListPart]
        /// Whether the run starts the list.
        let startsList: Bool
        /// All pages: the letter of the entry before the run (nil at the start).
        let letterBefore: String?
    }

    let list: SpecialPage
    let wikiID: String
    let state: BuildState
    private(set) var regions: [Region] = []
    /// The first keys of the old files that gave way.
    private var removedKeys: Set<[UInt8]> = []
    /// The new files, in order.
    private var added: [StoredListPart] = []

    /// `list` of wiki `wikiID` (of `oldLength` entries, `newLength` once changed) without the
    /// entries whose keys are `removing` and with `inserting` (an entry that changes in place is
    /// both); nil when the state does not hold the list as it should (a file missing or damaged,
    /// a removed key not in it, an inserted one already in it).
    init?(
        _ list: SpecialPage, inWiki wikiID: String, state: BuildState, entriesPerFile: Int,
        lengths: (old: Int, new: Int), removing: Set<[UInt8]>, inserting: [TitledListEntry]
    ) throws {
        self.list = list
        self.wikiID = wikiID
        self.state = state
        let insertions = inserting.sorted { TitledListEntry.precedes($0.key, $1.key) }
        var changes = Array(removing) + insertions.map(\.key)
        changes.sort(by: TitledListEntry.precedes)
        guard !changes.isEmpty else { return }
        var applied = Changes(removing: removing, inserting: insertions)

        if lengths.old <= entriesPerFile || lengths.new <= entriesPerFile {
            guard let old = try state.allListParts(of: list, inWiki: wikiID), !old.isEmpty,
                let entries = applied.apply(to: old.flatMap(\.entries), upTo: nil), applied.isDone,
                entries.count == lengths.new
            else { return nil }
            let cuts = TitleCuts(count: entries.count, entriesPerFile: entriesPerFile) { entries[$0].title.text }
            let new = (1...cuts.fileCount).map { StoredListPart(entries: Array(entries[cuts.entries(ofFile: $0)])) }
            record(Region(old: old, new: new, startsList: true, letterBefore: nil))
            return
        }

        var next = 0
        while next < changes.count {
            guard var part = try state.listParts(of: list, inWiki: wikiID, .holding, key: changes[next])?.first else {
                return nil
            }
            guard let previous = try state.listParts(of: list, inWiki: wikiID, .before(limit: 1), key: part.firstKey)
            else { return nil }
            var old: [StoredListPart] = []
            var new: [StoredListPart] = []
            var pending: [TitledListEntry] = []
            while true {
                old.append(part)
                guard
                    let following = try state.listParts(of: list, inWiki: wikiID, .after(limit: 1), key: part.firstKey)
                else { return nil }
                let bound = following.first?.firstKey
                guard let entries = applied.apply(to: part.entries, upTo: bound) else { return nil }
                for entry in entries {
                    pending.append(entry)
                    if TitleCuts.endsFile(
                        withEntry: pending.count, titled: entry.title.text, entriesPerFile: entriesPerFile)
                    {
                        new.append(StoredListPart(entries: pending))
                        pending = []
                    }
                }
                while next < changes.count, bound.map({ TitledListEntry.precedes(changes[next], $0) }) ?? true {
                    next += 1
                }
                guard let nextPart = following.first else {
                    if !pending.isEmpty { new.append(StoredListPart(entries: pending)) }
                    break
                }
                if pending.isEmpty
                    && (next == changes.count || !TitledListEntry.precedes(changes[next], nextPart.firstKey))
                {
                    break
                }
                part = nextPart
            }
            record(
                Region(
                    old: old, new: new, startsList: previous.isEmpty,
                    letterBefore: previous.first?.entries.last.map { AlphabeticalKey($0.title).letter }))
        }
        guard applied.isDone else { return nil }
    }

    /// Adds `region` to the regions.
    private mutating func record(_ region: Region) {
        regions.append(region)
        removedKeys.formUnion(region.old.map(\.firstKey))
        added += region.new
    }

    /// The first keys of the old files that gave way.
    var removedFirstKeys: [[UInt8]] { regions.flatMap { $0.old.map(\.firstKey) } }

    /// The new files.
    var addedParts: [StoredListPart] { added }

    // MARK: The list once cut again

    /// The file after the one whose first key is `key` in the list once cut again (the first
    /// file for `nil`); nil for none.
    func part(after key: [UInt8]?) throws -> StoredListPart? {
        let newPart = added.first { part in key.map { TitledListEntry.precedes($0, part.firstKey) } ?? true }
        // The one file of an empty list, whose key is empty, was cut again: no old file is before
        // every key.
        let oldPart = try state.listParts(
            of: list, inWiki: wikiID, .after(limit: removedKeys.count + 1), key: key ?? []
        )?.first { !removedKeys.contains($0.firstKey) }
        return earlier(newPart, oldPart, first: true)
    }

    /// The file before the one whose first key is `key` in the list once cut again; nil for none.
    func part(before key: [UInt8]) throws -> StoredListPart? {
        let newPart = added.last { TitledListEntry.precedes($0.firstKey, key) }
        let oldPart = try state.listParts(of: list, inWiki: wikiID, .before(limit: removedKeys.count + 1), key: key)?
            .first { !removedKeys.contains($0.firstKey) }
        return earlier(newPart, oldPart, first: false)
    }

    /// Of two files, the one nearer: the earlier one (`first`) or the later one.
    private func earlier(_ lhs: StoredListPart?, _ rhs: StoredListPart?, first: Bool) -> StoredListPart? {
        guard let lhs, let rhs else { return lhs ?? rhs }
        return TitledListEntry.precedes(lhs.firstKey, rhs.firstKey) == first ? lhs : rhs
    }
}

/// Removals and insertions of entries, applied to files in order.
private struct Changes {
    private var removing: Set<[UInt8]>
    private var inserting: ArraySlice<TitledListEntry>

    init(removing: Set<[UInt8]>, inserting: [TitledListEntry]) {
        self.removing = removing
        self.inserting = inserting[...]
    }

    /// Whether every change was applied.
    var isDone: Bool { removing.isEmpty && inserting.isEmpty }

    /// `entries` (in order) with the removals among them and the insertions before `bound` (all
    /// that are left, for nil); nil when an insertion is already there.
    mutating func apply(to entries: [TitledListEntry], upTo bound: [UInt8]?) -> [TitledListEntry]? {
        var result: [TitledListEntry] = []
        result.reserveCapacity(entries.count + inserting.count)
        func insert(before key: [UInt8]?) {
            while let first = inserting.first, key.map({ TitledListEntry.precedes(first.key, $0) }) ?? true,
                bound.map({ TitledListEntry.precedes(first.key, $0) }) ?? true
            {
                result.append(first)
                inserting.removeFirst()
            }
        }
        for entry in entries {
            insert(before: entry.key)
            if let first = inserting.first, first.key == entry.key, !removing.contains(entry.key) { return nil }
            if removing.remove(entry.key) == nil { result.append(entry) }
        }
        insert(before: nil)
        return result
    }
}

extension TitledListRecut {
    /// A file of the list to write.
    struct File {
        let path: SitePath
        let html: String
        let digest: Int64
    }

    /// The files of the list the new cuts change (the new files, their neighbours, the first
    /// three of the list), as `context` renders them, but for those whose digest is the one the
    /// state has at their path; with the paths of the old files no file takes. `letterIndex` is
    /// that of all pages; `linkers` gives the linking pages of a wanted title.
    func changedFiles(
        in context: SpecialPageContext, listLength: Int, letterIndex: [LetterStart],
        linkers: (PageTitle) throws -> TitledListPart.Linkers
    ) throws -> (written: [File], removed: [SitePath])? {
        var candidates = added
        for region in regions {
            let key = region.new.first?.firstKey ?? region.old[0].firstKey
            if let before = try part(before: key) { candidates.append(before) }
            let last = region.new.last?.firstKey ?? region.old[region.old.count - 1].firstKey
            if let after = try part(after: last) { candidates.append(after) }
        }
        var first = try part(after: nil)
        for _ in 0..<3 {
            guard let part = first else { break }
            candidates.append(part)
            first = try self.part(after: part.firstKey)
        }
        var seen = Set<[UInt8]>()
        var shown: [TitledListPart] = []
        for candidate in candidates where seen.insert(candidate.firstKey).inserted {
            guard
                let part = try titledPart(candidate, listLength: listLength, letterIndex: letterIndex, linkers: linkers)
            else { return nil }
            shown.append(part)
        }
        let paths = shown.map { $0.path(in: context) }
        let previous = try state.specialFileDigests(inWiki: wikiID, at: paths.map(\.description))
        var written: [File] = []
        for (part, path) in zip(shown, paths) {
            let digest = part.digest(in: context)
            guard previous[path.description] != digest else { continue }
            written.append(File(path: path, html: part.html(in: context), digest: digest))
        }
        let kept = Set(paths.map(\.description))
        var removed: [SitePath] = []
        for region in regions {
            for (number, old) in region.old.enumerated() {
                let name = number == 0 && region.startsList ? nil : old.entries.first?.title
                let path = context.siteLayout.special(list, from: name, ofWiki: wikiID)
                if !kept.contains(path.description) { removed.append(path) }
            }
        }
        return (written, removed)
    }

    /// What `part` of the list once cut again shows; nil when the state lacks what it needs.
    private func titledPart(
        _ part: StoredListPart, listLength: Int, letterIndex: [LetterStart],
        linkers: (PageTitle) throws -> TitledListPart.Linkers
    ) throws -> TitledListPart? {
        let before = try self.part(before: part.firstKey)
        let place: TitledListPart.Place
        if let before {
            place = try self.part(before: before.firstKey) == nil ? .second : .later
        } else {
            place = .first(listLength: listLength)
        }
        let titles = part.entries.map(\.title)
        var shown = TitledListPart(
            page: list, place: place, titles: titles, previousFirstTitle: before?.entries.first?.title,
            nextFirstTitle: try self.part(after: part.firstKey)?.entries.first?.title)
        switch list {
        case .allPages:
            shown.letters = titles.map { AlphabeticalKey($0).letter }
            shown.letterBefore = before?.entries.last.map { AlphabeticalKey($0.title).letter }
            shown.letterIndex = letterIndex
        case .wantedPages:
            shown.linkers = try titles.map(linkers)
        case .orphanedPages, .recentChanges, .newPages, .statistics: break
        }
        return shown
    }

    /// Whether every letter of all pages starts in a file of the same name as before the list
    /// was cut again: then the letter index every file of all pages shows stays as it was.
    /// (When it does not, the build proper writes every file.)
    var keepsLetterIndex: Bool {
        regions.allSatisfy { region in
            func starts(_ parts: [StoredListPart]) -> [(letter: String, file: PageTitle?)] {
                var starts: [(letter: String, file: PageTitle?)] = []
                for (number, part) in parts.enumerated() {
                    let name = number == 0 && region.startsList ? nil : part.entries.first?.title
                    for entry in part.entries {
                        let letter = AlphabeticalKey(entry.title).letter
                        if starts.last.map({ !$0.letter.isExactly(letter) }) ?? true { starts.append((letter, name)) }
                    }
                }
                return starts
            }
            let old = starts(region.old)
            let new = starts(region.new)
            // A letter continued from the file before the region starts there, in both.
            return old.count == new.count
                && zip(old, new).allSatisfy { old, new in
                    old.letter.isExactly(new.letter)
                        && (old.file == new.file || region.letterBefore.map { $0.isExactly(old.letter) } == true)
                }
        }
    }
}
