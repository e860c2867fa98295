import Foundation
import SplitMix64
import Testing
import WikiDocuments

@testable import WikiSources

/// A folder compared with its ledger through the file system's events, which examines only the
/// paths they name, delivers and keeps what a comparison that walks the folder does, and names
/// the notes whose rows change so that the state writes those alone.
@Suite struct SparseFolderComparisonTests {
    let ledgers = FolderLedgerTests()

    /// A change to the vault, the paths the file system's events name for it, and how the ledger
    /// it is compared with is made from a whole reading.
    struct Case: Sendable {
        let name: String
        let naming: Set<String>
        var ledger: @Sendable (FolderLedger) -> FolderLedger = {
            FolderLedgerTests().ledger($0, readAt: SparseFolderComparisonTests.later)
        }
        let change: @Sendable (MarkdownFolderFixture) throws -> Void
    }

    /// An instant after every file of the vault was written: their stamps are trusted.
    static let later = FileTime(seconds: 4_000_000_000)

    static let cases: [Case] = [
        Case(name: "an edit", naming: ["Alpha.md"]) { try $0.write("Alpha, edited\n", to: "Alpha.md") },
        Case(name: "a note created", naming: ["guide/New.md"]) { try $0.write("New [[Alpha]]\n", to: "guide/New.md") },
        Case(name: "a note deleted", naming: ["guide/deep/Plain.md"]) {
            try FileManager.default.removeItem(atPath: $0.path + "/guide/deep/Plain.md")
        },
        Case(name: "a note renamed", naming: ["guide/Beta.md", "Gamma.md"]) {
            try FileManager.default.moveItem(atPath: $0.path + "/guide/Beta.md", toPath: $0.path + "/Gamma.md")
        },
        Case(name: "a note's image changed", naming: ["img/pic.png"]) {
            try $0.write(bytes: [1, 2, 3], to: "img/pic.png")
        },
        Case(name: "a draft published", naming: ["guide/Draft.md"]) {
            try $0.write("Draft no more\n", to: "guide/Draft.md")
        },
        Case(name: "a README beside the home", naming: ["README.md"]) { try $0.write("Readme\n", to: "README.md") },
        Case(
            name: "a racy note beside an edit", naming: ["Alpha.md"],
            ledger: { whole in
                FolderLedgerTests().ledger(whole, readAt: whole.entries.last?.stamp.changed ?? FileTime(seconds: 0))
            },
            change: { try $0.write("Alpha, edited again\n", to: "Alpha.md") }
        ),
    ]

    /// `ledger` as if read at ``later``, for comparing ledgers of readings made at other times.
    func atLater(_ ledger: FolderLedger) -> FolderLedger {
        ledgers.ledger(ledger, readAt: Self.later)
    }

    @Test(arguments: cases.indices)
    func aComparisonByEventsDeliversAndKeepsWhatAWalkDoes(index: Int) throws {
        let example = Self.cases[index]
        let folder = try ledgers.vault()
        let whole = try #require(try folder.read().reading.ledger?.folder)
        let ledger = example.ledger(whole)
        try example.change(folder)
        let events = FolderEvents(paths: example.naming, since: FolderLedgerTests.longAgo)
        let named = try #require(try ledgers.compare(folder, with: ledger, events: events), "\(example.name)")
        let walked = try #require(try ledgers.compare(folder, with: ledger), "\(example.name)")
        #expect(named.changed == walked.changed, "\(example.name)")
        #expect(named.gone == walked.gone, "\(example.name)")
        let namedLedger = try #require(named.reading.reading.ledger?.folder)
        let walkedLedger = try #require(walked.reading.reading.ledger?.folder)
        let now = try #require(try folder.read().reading.ledger?.folder)
        #expect(atLater(namedLedger) == atLater(walkedLedger), "\(example.name)")
        #expect(atLater(namedLedger) == atLater(now), "\(example.name): the ledger a whole reading makes")
        #expect(namedLedger.changes?.earlier == ledger.identity)
        let rows = namedLedger.noteRows(since: ledger)
        let comparedRows = ledgers.ledger(namedLedger, readAt: namedLedger.readAt).noteRows(since: ledger)
        #expect(rows.written == comparedRows.written, "\(example.name): the rows every entry compared gives")
        #expect(rows.removed == comparedRows.removed, "\(example.name)")
    }

    @Test(arguments: [7, 8])
    func randomChangesToAFolderOfManyNotesCompareByEventsAsByAWalk(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let folder = try MarkdownFolderFixture()
        var names = Set((0..<1200).map { "n\($0 * 7 % 1200)" })
        for name in names { try folder.write("\(name) links [[n1]]\n", to: name + ".md") }
        var ledger = atLater(try #require(try folder.read().reading.ledger?.folder))
        for round in 0..<6 {
            var touched: Set<String> = []
            for step in 0..<Int.random(in: 1...12, using: &generator) {
                let name = try #require(names.randomElement(using: &generator))
                switch Int.random(in: 0..<4, using: &generator) {
                case 0:
                    try FileManager.default.removeItem(atPath: folder.path + "/\(name).md")
                    names.remove(name)
                case 1:
                    let new = "m\(round)-\(step)"
                    try FileManager.default.moveItem(
                        atPath: folder.path + "/\(name).md", toPath: folder.path + "/\(new).md")
                    names.remove(name)
                    names.insert(new)
                    touched.insert(new + ".md")
                default: try folder.write("\(name) edited in round \(round)\n", to: name + ".md")
                }
                touched.insert(name + ".md")
            }
            let events = FolderEvents(paths: touched, since: FolderLedgerTests.longAgo)
            let named = try #require(try ledgers.compare(folder, with: ledger, events: events, limit: 100))
            let walked = try #require(try ledgers.compare(folder, with: ledger, limit: 100))
            #expect(named.changed == walked.changed && named.gone == walked.gone, "round \(round)")
            let namedLedger = try #require(named.reading.reading.ledger?.folder)
            let now = try #require(try folder.read().reading.ledger?.folder)
            #expect(atLater(namedLedger) == atLater(now), "round \(round): the ledger a whole reading makes")
            let rows = namedLedger.noteRows(since: ledger)
            let comparedRows = atLater(namedLedger).noteRows(since: ledger)
            #expect(rows.written == comparedRows.written && rows.removed == comparedRows.removed, "round \(round)")
            ledger = atLater(namedLedger)
        }
    }

    @Test func aRacyNoteIsReadAgainThoughNoEventNamesIt() throws {
        let folder = try ledgers.vault()
        let whole = try #require(try folder.read().reading.ledger?.folder)
        let plain = try #require(whole.entries.last)
        let racy = ledgers.ledger(whole, readAt: plain.stamp.changed)
        let racyIndices = whole.entries.indices.filter { racy.isRacy(whole.entries[$0].stamp) }
        #expect(racyIndices.contains(3))
        let comparison = try comparison(of: folder, with: racy, naming: [])
        #expect(comparison.toRead.map(\.relativePath) == racyIndices.map { whole.entries[$0].relativePath })
        #expect(comparison.replaced == racyIndices)
        #expect(comparison.standingRanges.flatMap { $0 } == whole.entries.indices.filter { !racyIndices.contains($0) })
    }

    @Test func notesNamingAFileThatChangedAreReadWithoutAWalk() throws {
        let folder = try ledgers.vault()
        let whole = try #require(try folder.read().reading.ledger?.folder)
        let ledger = ledgers.ledger(whole, readAt: Self.later)
        try folder.write(bytes: [9], to: "guide/PIC.png")
        let comparison = try comparison(of: folder, with: ledger, naming: ["guide/PIC.png"])
        #expect(comparison.toRead.map(\.relativePath) == ["Alpha.md"], "Alpha's ![[pic.png]] may find it")
        #expect(comparison.gone.isEmpty)
    }

    @Test func theEntriesOfAComparisonWithNothingToReadAreTheLedgers() throws {
        let folder = try ledgers.vault()
        let whole = try #require(try folder.read().reading.ledger?.folder)
        let ledger = ledgers.ledger(whole, readAt: Self.later)
        let comparison = try comparison(of: folder, with: ledger, naming: ["Alpha.md", "img/other.png"])
        #expect(comparison.toRead.isEmpty && comparison.replaced.isEmpty)
        #expect(comparison.entries(fresh: [:]) == ledger.entries)
        let changes = comparison.changes(fresh: [:])
        #expect(changes.written.isEmpty && changes.removed.isEmpty)
    }

    /// The comparison of `folder` with `ledger` given events naming `paths`.
    func comparison(
        of folder: MarkdownFolderFixture, with ledger: FolderLedger, naming paths: Set<String>
    ) throws -> FolderComparison {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        let events = FolderEvents(paths: paths, since: FolderLedgerTests.longAgo)
        let listing = try #require(NamedFolderListing(folder: descriptor, ledger: ledger, events: events))
        return FolderComparison(ledger: ledger, examined: listing.notes, otherFiles: listing.otherFiles)
    }
}
