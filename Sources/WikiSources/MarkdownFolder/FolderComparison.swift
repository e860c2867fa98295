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
        let isHome = { (path: String) in homePath.map(path.isExactly) ?? false }
        let changedFiles = FileMatchKeys.changedFiles(from: ledger.otherFiles, to: otherFiles)
        var changes = Changes()
        var next = listed.startIndex
        ledger.entries.forEach(in: ledger.entries.indices) { index, entry in
            while next < listed.endIndex, ExactString.byteOrder(listed[next].relativePath, entry.relativePath) < 0 {
                if !isHome(listed[next].relativePath) { changes.read(listed[next].relativePath, earlier: nil) }
                next += 1
            }
            guard next < listed.endIndex, listed[next].relativePath.isExactly(entry.relativePath),
                !isHome(entry.relativePath)
            else {
                changes.gone(index, entry)
                return
            }
            let isUncommitted = !uncommitted.isEmpty && uncommitted.contains(Array(entry.relativePath.utf8))
            if !Self.stands(entry, of: ledger, stamp: listed[next].stamp, changedFiles: changedFiles, isUncommitted) {
                changes.read(index, entry)
            }
            next += 1
        }
        for note in listed[next...] where !isHome(note.relativePath) { changes.read(note.relativePath, earlier: nil) }
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
            let earlier = ledger.entry(at: note.relativePath)
            if let earlier { examinedIndices.insert(earlier.index) }
            guard let stamp = note.stamp, !(homePath.map(note.relativePath.isExactly) ?? false) else {
                if let earlier { changes.gone(earlier.index, earlier.entry) }
                continue
            }
            guard let earlier else {
                changes.read(note.relativePath, earlier: nil)
                continue
            }
            if !Self.stands(earlier.entry, of: ledger, stamp: stamp, changedFiles: changedFiles, false) {
                changes.read(earlier.index, earlier.entry)
            }
        }
        if !changedFiles.isEmpty {
            ledger.entries.forEach(in: ledger.entries.indices) { index, entry in
                if !examinedIndices.contains(index), entry.fileKeys.contains(where: changedFiles.contains) {
                    changes.read(index, entry)
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

    /// Whether `entry`, of `ledger`, stands for the note now stamped `stamp`, which git says has
    /// changes not committed yet (`isUncommitted`) or not: same stamp, trusted, no file it names
    /// among `changedFiles`, and git's word the same.
    private static func stands(
        _ entry: FolderLedger.Entry, of ledger: FolderLedger, stamp: FileStamp, changedFiles: Set<String>,
        _ isUncommitted: Bool
    ) -> Bool {
        entry.stamp == stamp && !ledger.isRacy(entry.stamp)
            && !entry.fileKeys.contains(where: changedFiles.contains) && entry.isUncommitted == isUncommitted
    }

    /// The notes to read and the entries that do not stand, as a comparison finds them.
    private struct Changes {
        var toRead: [Note] = []
        var gone: [FolderLedger.Entry] = []
        var replaced: [Int] = []

        /// The note at `path`, whose ledger entry is `earlier` (nil for a new one), to read.
        mutating func read(_ path: String, earlier: FolderLedger.Entry?) {
            toRead.append(Note(relativePath: path, earlier: earlier))
        }

        /// The ledger's entry at `index`, `entry`, to read again.
        mutating func read(_ index: Int, _ entry: FolderLedger.Entry) {
            read(entry.relativePath, earlier: entry)
            replaced.append(index)
        }

        /// The ledger's entry at `index`, `entry`, whose note is gone.
        mutating func gone(_ index: Int, _ entry: FolderLedger.Entry) {
            gone.append(entry)
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
        for range in standingRanges {
            ledger.entries.forEach(in: range) { _, entry in
                guard !entry.isDraft else { return }
                let dates = entry.dates
                span = span.map { (min($0.created, dates.created), max($0.updated, dates.updated)) } ?? dates
            }
        }
        return span.map { ($0.created, $0.updated, false) }
    }

    /// Whether a note that stands has one of `titles` by its front matter.
    func standingTitlesHold(anyOf titles: Set<ExactString>) -> Bool {
        guard !titles.isEmpty else { return false }
        var holds = false
        for range in standingRanges {
            ledger.entries.forEach(in: range) { _, entry in
                if let title = entry.frontMatterTitle, titles.contains(ExactString(title)) { holds = true }
            }
        }
        return holds
    }

    /// The entry of every note now, in byte order of paths: those that stand, and `fresh`, the
    /// entries of the notes read, by path. The ledger's own, with the changes put in: only the
    /// runs they fall in are copied.
    func entries(fresh: [String: FolderLedger.Entry]) -> LedgerEntries {
        var entries = ledger.entries
        var replacements: [Int: FolderLedger.Entry] = [:]
        var insertions: [(position: Int, entry: FolderLedger.Entry)] = []
        for note in toRead {
            guard let entry = fresh[note.relativePath] else { continue }
            if let earlier = note.earlier, let index = ledger.entry(at: earlier.relativePath)?.index {
                replacements[index] = entry
            } else {
                insertions.append((ledger.entryIndex(at: note.relativePath), entry))
            }
        }
        // From the last index to the first, each before the notes new there, so that every
        // index and position still says where it was in the ledger.
        var next = insertions.count - 1
        for index in replaced.reversed() {
            while next >= 0, insertions[next].position > index {
                entries.insert(insertions[next].entry, at: insertions[next].position)
                next -= 1
            }
            if let entry = replacements[index] {
                entries.replace(at: index, with: entry)
            } else {
                entries.remove(at: index)
            }
        }
        while next >= 0 {
            entries.insert(insertions[next].entry, at: insertions[next].position)
            next -= 1
        }
        return entries
    }

    /// What the notes' entries `fresh` change since the ledger: the rows to write again.
    func changes(fresh: [String: FolderLedger.Entry]) -> FolderLedger.Changes {
        let written = toRead.filter { note in fresh[note.relativePath].map { $0 != note.earlier } ?? false }
        return FolderLedger.Changes(
            earlier: ledger.identity, written: written.map(\.relativePath), removed: gone.map(\.relativePath))
    }
}
