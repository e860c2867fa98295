import SplitMix64
import Testing

@testable import WikiSources

/// A ledger's entries kept in runs read, change and compare as one array of them would.
@Suite struct LedgerEntriesTests {
    /// The entry of a note at `path`, its revision `revision`.
    static func entry(_ path: String, revision: String = "1-a") -> FolderLedger.Entry {
        let time = FileTime(seconds: 1_600_000_000, nanoseconds: 0)
        var entry = FolderLedger.Entry(
            relativePath: path,
            stamp: FileStamp(device: 1, inode: 2, size: 3, modified: time, changed: time),
            frontMatterTitle: nil, isDraft: false, commits: nil, isUncommitted: false)
        entry.revision = revision
        return entry
    }

    @Test func entriesInRunsReadAsTheArrayTheyWereMadeOf() {
        let array = (0..<1300).map { Self.entry("note \($0).md") }
        let entries = LedgerEntries(array)
        #expect(entries.count == 1300)
        #expect(Array(entries) == array)
        #expect(entries[0] == array[0] && entries[512] == array[512] && entries[1299] == array[1299])
        var visited: [Int] = []
        entries.forEach(in: 500..<1030) { index, entry in
            #expect(entry == array[index])
            visited.append(index)
        }
        #expect(visited == Array(500..<1030))
        #expect(LedgerEntries().isEmpty)
    }

    @Test(arguments: [1, 2, 3])
    func changesPutInEntriesInRunsGiveWhatTheyGiveAnArray(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var array = (0..<700).map { Self.entry("note \($0).md") }
        var entries = LedgerEntries(array)
        let earlier = entries
        for step in 0..<3000 {
            let position = Int.random(in: 0...array.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0 where position < array.count:
                array[position] = Self.entry(array[position].relativePath, revision: "2-\(step)")
                entries.replace(at: position, with: array[position])
            case 1 where position < array.count && array.count > 1:
                array.remove(at: position)
                entries.remove(at: position)
            default:
                let entry = Self.entry("new \(step).md")
                array.insert(entry, at: position)
                entries.insert(entry, at: position)
            }
        }
        #expect(Array(entries) == array)
        #expect(entries == LedgerEntries(array), "equal however they are cut in runs")
        #expect(
            earlier == LedgerEntries((0..<700).map { Self.entry("note \($0).md") }), "the runs shared did not change")
        var emptied = LedgerEntries([Self.entry("only.md")])
        emptied.remove(at: 0)
        #expect(emptied.isEmpty)
        emptied.insert(Self.entry("again.md"), at: 0)
        #expect(Array(emptied) == [Self.entry("again.md")])
    }
}
