import WikiDocuments

/// Which notes of a folder a reading compared with a ``FolderLedger`` reads: those whose stamp or
/// git's word differ, those changed too close to the ledger's reading to trust their stamp, the
/// new ones, and those that may name another file of the folder that came, went or changed
/// (`FileMatchKeys`); and which of the ledger's notes are gone. Every other note of the ledger
/// stands as its entry says: the comparison holds the ledger and the few that changed, never a
/// copy of every entry, so what follows costs what changed, not what the folder holds.
struct FolderComparison {
    /// A note to read: its path, and the ledger's entry of it (nil for a new one).
    struct Note {
        let relativePath: String
        let earlier: FolderLedger.Entry?
    }

    /// The ledger compared with.
    let ledger: FolderLedger
    /// The home file's path, read every time.
    let homePath: String?
    /// The notes to read, the home left out, in byte order of paths.
    let toRead: [Note]
    /// The ledger's entries of the notes that are not there any more (or are the home now).
    let gone: [FolderLedger.Entry]
    /// The indices of the ledger's entries that do not stand (read again, or gone), ascending.
    let replaced: [Int]

    /// The comparison of the notes a walk `listed` (the home among them) and the `otherFiles`
    /// with `ledger`, git saying the notes at `uncommitted` have changes not committed yet. The
    /// notes and the ledger are both in byte order of paths: one pass.
    init(ledger: FolderLedger, notes listed: [ListedFile], otherFiles: [ListedFile], uncommitted: Set<[UInt8]>) {
        let homePath = MarkdownWikiAssembler.homePath(among: listed.map(\.relativePath))
        let changedFiles = FileMatchKeys.changedFiles(from: ledger.otherFiles, to: otherFiles)
        var changes = Changes()
        var index = ledger.entries.startIndex
        for note in listed where !(homePath.map(note.relativePath.isExactly) ?? false) {
            while index < ledger.entries.endIndex,
                ExactString.byteOrder(ledger.entries[index].relativePath, note.relativePath) < 0
            {
                changes.gone(index, of: ledger)
                index += 1
            }
            guard index < ledger.entries.endIndex, ledger.entries[index].relativePath.isExactly(note.relativePath)
            else {
                changes.read(note.relativePath, earlier: nil)
                continue
            }
            let isUncommitted = !uncommitted.isEmpty && uncommitted.contains(Array(note.relativePath.utf8))
            if !Self.stands(index, of: ledger, stamp: note.stamp, changedFiles: changedFiles, isUncommitted) {
                changes.read(index, of: ledger)
            }
            index += 1
        }
        while index < ledger.entries.endIndex {
            changes.gone(index, of: ledger)
            index += 1
        }
        self.init(ledger: ledger, homePath: homePath, changes: changes)
    }

    /// The comparison of the notes a ``NamedFolderListing`` examined and the `otherFiles` with
    /// `ledger`: every note not examined is as the ledger says, unless it names a file that
    /// came, went or changed. The folder is not in git.
    init(ledger: FolderLedger, examined: [NamedFolderListing.Examined], otherFiles: [ListedFile]) {
        let homePath = MarkdownWikiAssembler.homeFileNames.first { name in
            examined.contains { $0.stamp != nil && $0.relativePath.isExactly(name) }
        }
        let changedFiles = FileMatchKeys.changedFiles(from: ledger.otherFiles, to: otherFiles)
        var changes = Changes()
        var examinedIndices = Set<Int>()
        for note in examined {
            let index = ledger.entry(at: note.relativePath)?.index
            if let index { examinedIndices.insert(index) }
            guard let stamp = note.stamp, !(homePath.map(note.relativePath.isExactly) ?? false) else {
                if let index { changes.gone(index, of: ledger) }
                continue
            }
            guard let index else {
                changes.read(note.relativePath, earlier: nil)
                continue
            }
            if !Self.stands(index, of: ledger, stamp: stamp, changedFiles: changedFiles, false) {
                changes.read(index, of: ledger)
            }
        }
        if !changedFiles.isEmpty {
            for index in ledger.entries.indices where !examinedIndices.contains(index) {
                if ledger.entries[index].fileKeys.contains(where: changedFiles.contains) {
                    changes.read(index, of: ledger)
                }
            }
        }
        self.init(ledger: ledger, homePath: homePath, changes: changes)
    }

    private init(ledger: FolderLedger, homePath: String?, changes: Changes) {
        self.ledger = ledger
        self.homePath = homePath
        toRead = changes.toRead.sorted { $0.relativePath.precedesInByteOrder($1.relativePath) }
        gone = changes.gone
        replaced = changes.replaced.sorted()
    }

    /// Whether the ledger's entry at `index` stands for the note now stamped `stamp`, which git
    /// says has changes not committed yet (`isUncommitted`) or not: same stamp, trusted, no file
    /// it names among `changedFiles`, and git's word the same.
    private static func stands(
        _ index: Int, of ledger: FolderLedger, stamp: FileStamp, changedFiles: Set<String>, _ isUncommitted: Bool
    ) -> Bool {
        let entry = ledger.entries[index]
        return entry.stamp == stamp && !ledger.isRacy(entry.stamp)
            && !entry.fileKeys.contains(where: changedFiles.contains) && entry.isUncommitted == isUncommitted
    }

    /// The notes to read and the entries that do not stand, as a comparison finds them.
    private struct Changes {
        var toRead: [Note] = []
        var gone: [FolderLedger.Entry] = []
        var replaced: [Int] = []

        mutating func read(_ path: String, earlier: FolderLedger.Entry?) {
            toRead.append(Note(relativePath: path, earlier: earlier))
        }

        mutating func read(_ index: Int, of ledger: FolderLedger) {
            read(ledger.entries[index].relativePath, earlier: ledger.entries[index])
            replaced.append(index)
        }

        mutating func gone(_ index: Int, of ledger: FolderLedger) {
            gone.append(ledger.entries[index])
            replaced.append(index)
        }
    }
}

extension FolderComparison {
    /// The notes to read that the ledger does not hold, the home among them unless it was the
    /// ledger's `home`.
    func newPaths(home: FolderLedger.Entry?) -> [String] {
        let newHome = homePath.flatMap { path in home?.relativePath.isExactly(path) == true ? nil : path }
        return toRead.filter { $0.earlier == nil }.map(\.relativePath) + (newHome.map { [$0] } ?? [])
    }

    /// The ledger's entry of the note to read at `path`; nil for a new note, or one not read.
    func earlier(ofRead path: String) -> FolderLedger.Entry? {
        var (low, high) = (0, toRead.count)
        while low < high {
            let middle = (low + high) / 2
            if toRead[middle].relativePath.precedesInByteOrder(path) { low = middle + 1 } else { high = middle }
        }
        return low < toRead.count && toRead[low].relativePath.isExactly(path) ? toRead[low].earlier : nil
    }

    /// The ledger's entry of the note at `path` when it stands (the note is there and not read).
    func standingEntry(at path: String) -> FolderLedger.Entry? {
        guard let (index, entry) = ledger.entry(at: path), !replaced.contains(index) else { return nil }
        return entry
    }

    /// The runs of indices of the ledger's entries that stand, ascending.
    var standingRanges: [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for index in replaced {
            if index > start { ranges.append(start..<index) }
            start = index + 1
        }
        if start < ledger.entries.count { ranges.append(start..<ledger.entries.count) }
        return ranges
    }

    /// When the published notes that stand were created first and changed last, as one page's
    /// dates for the wiki's (which span its pages'); nil when none stands.
    var standingDates: MarkdownWikiAssembler.PageDates? {
        var span: (created: FileTime, updated: FileTime)?
        // By index, not element: an entry copied is five references retained and released.
        for range in standingRanges {
            for index in range where !ledger.entries[index].isDraft {
                let dates = ledger.entries[index].dates
                span = span.map { (min($0.created, dates.created), max($0.updated, dates.updated)) } ?? dates
            }
        }
        return span.map { ($0.created, $0.updated, false) }
    }

    /// Whether a note that stands has one of `titles` by its front matter.
    func standingTitlesHold(anyOf titles: Set<ExactString>) -> Bool {
        guard !titles.isEmpty else { return false }
        for range in standingRanges {
            for index in range {
                if let title = ledger.entries[index].frontMatterTitle, titles.contains(ExactString(title)) {
                    return true
                }
            }
        }
        return false
    }

    /// The entry of every note now, in byte order of paths: those that stand, and `fresh`, the
    /// entries of the notes read, by path. The ledger's own entries when nothing was read or is
    /// gone; else one copy of them, with the changes put in.
    func entries(fresh: [String: FolderLedger.Entry]) -> [FolderLedger.Entry] {
        guard !replaced.isEmpty || !toRead.isEmpty else { return ledger.entries }
        let positions = toRead.map { ledger.entryIndex(at: $0.relativePath) }
        var entries: [FolderLedger.Entry] = []
        entries.reserveCapacity(ledger.entries.count - replaced.count + toRead.count)
        var next = 0
        func putRead() {
            if let entry = fresh[toRead[next].relativePath] { entries.append(entry) }
            next += 1
        }
        for range in standingRanges {
            var start = range.lowerBound
            while next < toRead.count, positions[next] < range.upperBound {
                let cut = max(start, positions[next])
                entries += ledger.entries[start..<cut]
                start = cut
                putRead()
            }
            entries += ledger.entries[start..<range.upperBound]
        }
        while next < toRead.count { putRead() }
        return entries
    }

    /// What the notes' entries `fresh` change since the ledger: the rows to write again.
    func changes(fresh: [String: FolderLedger.Entry]) -> FolderLedger.Changes {
        let written = toRead.filter { note in fresh[note.relativePath].map { $0 != note.earlier } ?? false }
        return FolderLedger.Changes(
            earlier: ledger.identity, written: written.map(\.relativePath), removed: gone.map(\.relativePath))
    }
}
