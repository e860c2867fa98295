/// The entries of a ledger's notes, in byte order of their paths, kept in runs of a few hundred:
/// each run an array of its own, shared by the ledgers that hold it. A reading that changes a few
/// notes makes the next ledger's entries by copying the runs it changes, not every entry, so a
/// one-note change costs the same in a folder of 100 notes as of 100,000.
struct LedgerEntries: RandomAccessCollection, Equatable, Sendable {
    typealias Entry = FolderLedger.Entry

    /// How many entries a run holds when made; a run that grows to twice as many is split.
    static let runLength = 512

    /// The runs, none empty, in order.
    private var runs: [[Entry]]
    /// The index past the last entry of each run.
    private var ends: [Int]

    /// `entries`, in byte order of their paths, in runs.
    init(_ entries: [Entry] = []) {
        runs = stride(from: 0, to: entries.count, by: Self.runLength).map {
            Array(entries[$0..<Swift.min($0 + Self.runLength, entries.count)])
        }
        ends = runs.indices.map { Swift.min(($0 + 1) * Self.runLength, entries.count) }
    }

    /// The first entry's index, as in an array.
    var startIndex: Int { 0 }
    /// The index past the last entry: how many there are.
    var endIndex: Int { ends.last ?? 0 }

    /// The entry at `position`, a copy: scans of many entries use ``forEach(in:_:)``.
    subscript(position: Int) -> Entry {
        let (run, offset) = locate(position)
        return runs[run][offset]
    }

    /// Whether both hold the same entries, however they are cut in runs.
    static func == (left: LedgerEntries, right: LedgerEntries) -> Bool {
        left.count == right.count && left.elementsEqual(right)
    }

    /// Calls `body` with the index and entry of each entry in `range`, in order, read in place:
    /// a scan of every entry copies none (an entry copied is five references retained).
    func forEach(in range: Range<Int>, _ body: (Int, Entry) -> Void) {
        guard !range.isEmpty else { return }
        var (run, offset) = locate(range.lowerBound)
        var index = range.lowerBound
        while index < range.upperBound {
            let entries = runs[run]
            let end = Swift.min(entries.count, offset + range.upperBound - index)
            for position in offset..<end { body(index + position - offset, entries[position]) }
            index += end - offset
            (run, offset) = (run + 1, 0)
        }
    }

    /// The entry at `position` replaced by `entry`.
    mutating func replace(at position: Int, with entry: Entry) {
        let (run, offset) = locate(position)
        runs[run][offset] = entry
    }

    /// `entry` put at `position`, the entries from there on one further.
    mutating func insert(_ entry: Entry, at position: Int) {
        guard !runs.isEmpty else {
            (runs, ends) = ([[entry]], [1])
            return
        }
        let (run, offset) = position == endIndex ? (runs.count - 1, runs[runs.count - 1].count) : locate(position)
        runs[run].insert(entry, at: offset)
        for later in run..<ends.count { ends[later] += 1 }
        if runs[run].count >= 2 * Self.runLength {
            let second = Array(runs[run][Self.runLength...])
            runs[run].removeSubrange(Self.runLength...)
            runs.insert(second, at: run + 1)
            ends.insert(ends[run], at: run + 1)
            ends[run] -= second.count
        }
    }

    /// The entry at `position` taken out, the entries after it one nearer.
    mutating func remove(at position: Int) {
        let (run, offset) = locate(position)
        runs[run].remove(at: offset)
        for later in run..<ends.count { ends[later] -= 1 }
        if runs[run].isEmpty {
            runs.remove(at: run)
            ends.remove(at: run)
        }
    }

    /// The run that holds `position`, and where in it.
    private func locate(_ position: Int) -> (run: Int, offset: Int) {
        var (low, high) = (0, ends.count - 1)
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] <= position { low = middle + 1 } else { high = middle }
        }
        return (low, position - (low == 0 ? 0 : ends[low - 1]))
    }
}
