import WikiDocuments
import WikiModel
import WikiPages

/// A list cut at its titles, cut again around the entries that come, go or change, from the
/// files the build state keeps (`StoredTitledLists`), without reading the rest of the list.
///
/// A cut depends on nothing before the start of its file (`TitleCuts.endsFile`), so the list is
/// cut again from the start of the file holding a change, file after file, until a new cut falls
/// where an old one was after the last change nearby: from there on, the files are the old ones.
/// A list that is or becomes one file is cut again whole. The result is the files `TitleCuts`
/// makes of the whole list: `FastPathRandomTests` and `--verify` hold it to a clean build.
package struct TitledListRecut {
    /// Old files that gave way to new ones, in runs: each run's old files, and the new files in
    /// their place.
    struct Region {
        let old: [StoredListPart]
        let new: [StoredListPart]
        /// How many files come before the run, up to 2: whether it starts the list (0), or its
        /// first file is the second (1).
        let filesBefore: Int
        /// Whether the run starts the list.
        var startsList: Bool { filesBefore == 0 }
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
    /// How many entries the list has, before and once cut again.
    private let lengths: (old: Int, new: Int)
    /// The old files read, each decoded once.
    private let read = ReadParts()

    /// `list` of wiki `wikiID` (of `lengths.old` entries, `lengths.new` once changed) with
    /// `changes`; nil when the state does not hold the list as it should (no file, a removed key
    /// not in it, an inserted one already in it).
    ///
    /// - Throws: `DamagedListPart` when a file of the list does not decode.
    init?(
        _ list: SpecialPage, inWiki wikiID: String, state: BuildState, entriesPerFile: Int,
        lengths: (old: Int, new: Int), changes listChanges: TitledListChanges
    ) throws {
        let (removing, inserting) = (listChanges.removing, listChanges.inserting)
        self.list = list
        self.wikiID = wikiID
        self.state = state
        self.lengths = lengths
        let insertions = inserting.sorted { TitledListEntry.precedes($0.key, $1.key) }
        var changes = Array(removing) + insertions.map(\.key)
        changes.sort(by: TitledListEntry.precedes)
        guard !changes.isEmpty else { return }
        var applied = Changes(removing: removing, inserting: insertions)

        if lengths.old <= entriesPerFile || lengths.new <= entriesPerFile {
            let old = try state.listParts(of: list, inWiki: wikiID, .all)
            guard !old.isEmpty, let entries = applied.apply(to: old.flatMap { $0.entries(in: list) }, upTo: nil),
                applied.isDone, entries.count == lengths.new
            else { return nil }
            let cuts = TitleCuts(count: entries.count, entriesPerFile: entriesPerFile) { entries[$0].title.text }
            let new = (1...cuts.fileCount).map { StoredListPart(Array(entries[cuts.entries(ofFile: $0)]), of: list) }
            record(Region(old: old, new: new, filesBefore: 0, letterBefore: nil))
            return
        }

        var next = 0
        while next < changes.count {
            guard var part = try state.listParts(of: list, inWiki: wikiID, .holding(changes[next])).first else {
                return nil
            }
            read.byKey[part.firstKey] = part
            let previous = try state.listPartKeys(of: list, inWiki: wikiID, .before(part.firstKey, limit: 2))
            var old: [StoredListPart] = []
            var new: [StoredListPart] = []
            var pending: [TitledListEntry] = []
            while true {
                old.append(part)
                let bound = try state.listPartKeys(of: list, inWiki: wikiID, .after(part.firstKey, limit: 1)).first
                guard let entries = applied.apply(to: part.entries(in: list), upTo: bound) else { return nil }
                for entry in entries {
                    pending.append(entry)
                    if TitleCuts.endsFile(
                        withEntry: pending.count, titled: entry.title.text, entriesPerFile: entriesPerFile)
                    {
                        new.append(StoredListPart(pending, of: list))
                        pending = []
                    }
                }
                while next < changes.count, bound.map({ TitledListEntry.precedes(changes[next], $0) }) ?? true {
                    next += 1
                }
                guard let bound else {
                    if !pending.isEmpty { new.append(StoredListPart(pending, of: list)) }
                    break
                }
                if pending.isEmpty && (next == changes.count || !TitledListEntry.precedes(changes[next], bound)) {
                    break
                }
                part = try stored(bound)
            }
            let letterBefore =
                list == .allPages
                ? try previous.first.flatMap { try stored($0).titles.last }.map { AlphabeticalKey($0).letter } : nil
            record(Region(old: old, new: new, filesBefore: previous.count, letterBefore: letterBefore))
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

    /// Every file of the list once cut again, in order: the old files that stayed and the new
    /// ones (read once).
    func allParts() throws -> [StoredListPart] {
        if let all = read.all { return all }
        let kept = try state.listParts(of: list, inWiki: wikiID, .all).filter { !removedKeys.contains($0.firstKey) }
        let all = (kept + added).sorted { TitledListEntry.precedes($0.firstKey, $1.firstKey) }
        read.all = all
        return all
    }

    /// The file after the one whose first key is `key` in the list once cut again (the first
    /// file for `nil`); nil for none.
    func part(after key: [UInt8]?) throws -> StoredListPart? {
        let newPart = added.first { part in key.map { TitledListEntry.precedes($0, part.firstKey) } ?? true }
        // The one file of an empty list, whose key is empty, was cut again: no old file is before
        // every key.
        let oldKey = try state.listPartKeys(of: list, inWiki: wikiID, .after(key ?? [], limit: removedKeys.count + 1))
            .first { !removedKeys.contains($0) }
        return try nearer(newPart, oldKey, after: true)
    }

    /// The file before the one whose first key is `key` in the list once cut again; nil for none.
    func part(before key: [UInt8]) throws -> StoredListPart? {
        let newPart = added.last { TitledListEntry.precedes($0.firstKey, key) }
        let oldKey = try state.listPartKeys(of: list, inWiki: wikiID, .before(key, limit: removedKeys.count + 1))
            .first { !removedKeys.contains($0) }
        return try nearer(newPart, oldKey, after: false)
    }

    /// Of a new file and the old file whose first key is `oldKey`, the one nearer: the earlier
    /// one (`after`) or the later one. The old file is read only when it is the one.
    private func nearer(_ newPart: StoredListPart?, _ oldKey: [UInt8]?, after: Bool) throws -> StoredListPart? {
        guard let oldKey else { return newPart }
        if let newPart, TitledListEntry.precedes(newPart.firstKey, oldKey) == after { return newPart }
        return try stored(oldKey)
    }

    /// The old file whose first key is `key`, read once.
    ///
    /// - Throws: `DamagedListPart` when it does not decode, or is gone.
    private func stored(_ key: [UInt8]) throws -> StoredListPart {
        if let part = read.byKey[key] { return part }
        guard let part = try state.listParts(of: list, inWiki: wikiID, .at(key)).first else {
            throw DamagedListPart(list: list, wikiID: wikiID)
        }
        read.byKey[key] = part
        return part
    }
}

/// The files of a list a recut has read: old ones by first key, and every file once cut again.
private final class ReadParts {
    var byKey: [[UInt8]: StoredListPart] = [:]
    var all: [StoredListPart]?
}

/// Removals and insertions of entries, applied to files in order.
/// What changes in a list cut at its titles: the entries that go, by key, and those that come;
/// an entry that changes in place is both.
package struct TitledListChanges {
    let removing: Set<[UInt8]>
    let inserting: [TitledListEntry]
}

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

    /// The files of the list the new cuts may change, as `context` renders them, but for those
    /// whose digest is the one the state has at their path; with the paths of the old files no
    /// file takes. `letterIndex` is that of all pages.
    ///
    /// The files that may change are the new ones and their neighbours (whose links name them);
    /// the first file when the list's length changed (it shows it); the first three when a run
    /// of new files is among them (each shows whether it is the first, the second or a later
    /// one, which no other change moves); every file when `everyFile` (all pages, whose letter
    /// index, which every file shows, changed).
    func changedFiles(in context: SpecialPageContext, letterIndex: [LetterStart], everyFile: Bool) throws -> (
        written: [File], removed: [SitePath]
    ) {
        let shown =
            everyFile
            ? try everyPart(letterIndex: letterIndex) : try partsNearChanges(letterIndex: letterIndex)
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
        // An old file that becomes the first (the files before it emptied) loses its name.
        if let first = try part(after: nil), !added.contains(where: { $0.firstKey == first.firstKey }),
            try !state.listPartKeys(of: list, inWiki: wikiID, .before(first.firstKey, limit: 1)).isEmpty
        {
            removed.append(context.siteLayout.special(list, from: first.titles.first, ofWiki: wikiID))
        }
        for region in regions {
            for (number, old) in region.old.enumerated() {
                let name = number == 0 && region.startsList ? nil : old.titles.first
                let path = context.siteLayout.special(list, from: name, ofWiki: wikiID)
                if !kept.contains(path.description) { removed.append(path) }
            }
        }
        return (written, removed)
    }

    /// What the new files, their neighbours and the first files show (`changedFiles`).
    private func partsNearChanges(letterIndex: [LetterStart]) throws -> [TitledListPart] {
        var candidates = added
        for region in regions {
            let key = region.new.first?.firstKey ?? region.old[0].firstKey
            if let before = try part(before: key) { candidates.append(before) }
            let last = region.new.last?.firstKey ?? region.old[region.old.count - 1].firstKey
            if let after = try part(after: last) { candidates.append(after) }
        }
        let nearStart = regions.contains { $0.filesBefore < 2 }
        var first = try part(after: nil)
        for _ in 0..<(nearStart ? 3 : lengths.old != lengths.new ? 1 : 0) {
            guard let part = first else { break }
            candidates.append(part)
            first = try self.part(after: part.firstKey)
        }
        var seen = Set<[UInt8]>()
        var shown: [TitledListPart] = []
        for candidate in candidates where seen.insert(candidate.firstKey).inserted {
            let before = try part(before: candidate.firstKey)
            let place: TitledListPart.Place =
                if let before {
                    try part(before: before.firstKey) == nil ? .second : .later
                } else {
                    .first(listLength: lengths.new)
                }
            shown.append(
                titledPart(
                    candidate, place: place, before: before, next: try part(after: candidate.firstKey),
                    letterIndex: letterIndex))
        }
        return shown
    }

    /// What every file of the list once cut again shows.
    private func everyPart(letterIndex: [LetterStart]) throws -> [TitledListPart] {
        let parts = try allParts()
        return parts.indices.map { number in
            titledPart(
                parts[number], place: TitledListPart.Place(file: number + 1, listLength: lengths.new),
                before: number > 0 ? parts[number - 1] : nil, next: number + 1 < parts.count ? parts[number + 1] : nil,
                letterIndex: letterIndex)
        }
    }

    /// What `part` of the list once cut again shows, at `place`, between `before` and `next`.
    private func titledPart(
        _ part: StoredListPart, place: TitledListPart.Place, before: StoredListPart?, next: StoredListPart?,
        letterIndex: [LetterStart]
    ) -> TitledListPart {
        let titles = part.titles
        var shown = TitledListPart(
            page: list, place: place, titles: titles, previousFirstTitle: before?.titles.first,
            nextFirstTitle: next?.titles.first)
        switch list {
        case .allPages:
            shown.letters = titles.map { AlphabeticalKey($0).letter }
            shown.letterBefore = before?.titles.last.map { AlphabeticalKey($0).letter }
            shown.letterIndex = letterIndex
        case .wantedPages:
            shown.linkers = part.linkers
        case .orphanedPages, .recentChanges, .newPages, .statistics, .tags: break
        }
        return shown
    }

    /// The letter index of all pages once the list is cut again, `old` being the one before:
    /// `old` when every letter starts in a file of the same name as before (the files cut again
    /// say so), else worked out anew from every file (which all show it: `changedFiles` renders
    /// them all).
    func letterIndex(replacing old: [LetterStart]) throws -> [LetterStart] {
        let kept = regions.allSatisfy { region in
            let old = Self.letterStarts(of: region.old, startingList: region.startsList)
            let new = Self.letterStarts(of: region.new, startingList: region.startsList)
            // A letter continued from the file before the region starts there, in both.
            return old.count == new.count
                && zip(old, new).allSatisfy { old, new in
                    old.letter.isExactly(new.letter)
                        && (old.file == new.file || region.letterBefore.map { $0.isExactly(old.letter) } == true)
                }
        }
        return kept ? old : Self.letterStarts(of: try allParts(), startingList: true)
    }

    /// The letters of `parts` of all pages, each with the name of the part where it first comes
    /// (nil for the first part, when `startingList`).
    private static func letterStarts(of parts: [StoredListPart], startingList: Bool) -> [LetterStart] {
        var starts: [LetterStart] = []
        for (number, part) in parts.enumerated() {
            let name = number == 0 && startingList ? nil : part.titles.first
            for title in part.titles {
                let letter = AlphabeticalKey(title).letter
                if starts.last.map({ !$0.letter.isExactly(letter) }) ?? true {
                    starts.append(LetterStart(letter: letter, file: name))
                }
            }
        }
        return starts
    }
}
