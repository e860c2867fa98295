import Foundation
import Testing
import WikiDocuments

@testable import WikiSources

/// A folder compared with its ledger, given the paths the file system's notifications named,
/// examines those paths alone, and walks the folder whenever they may not tell it all.
@Suite struct FolderEventsTests {
    let ledgers = FolderLedgerTests()

    /// The vault's ledger, made as if long after its files were written (every stamp trusted).
    func trustedLedger(of folder: MarkdownFolderFixture) throws -> FolderLedger {
        let whole = try #require(try folder.read().reading.ledger?.folder)
        return ledgers.ledger(whole, readAt: FileTime(seconds: 4_000_000_000))
    }

    func events(_ paths: Set<String>) -> FolderEvents {
        FolderEvents(paths: paths, since: FolderLedgerTests.longAgo)
    }

    /// The pages a reading delivered changed (the wiki's document, whose dates span its pages',
    /// left out).
    func changedPages(_ compared: FolderLedgerTests.Compared) -> Set<String> {
        Set(compared.changed.keys).subtracting(["w"])
    }

    @Test func aReadingGivenEventsDeliversWhatAWholeReadingDeliversDifferently() throws {
        let folder = try ledgers.vault()
        try ledgers.expectComparedReadingMatches(folder, naming: []) {}
        try ledgers.expectComparedReadingMatches(folder, naming: ["Alpha.md"]) {
            try folder.write("Alpha, edited\n", to: "Alpha.md")
        }
        try ledgers.expectComparedReadingMatches(folder, naming: ["guide/New.md"]) {
            try folder.write("New [[Alpha]]\n", to: "guide/New.md")
        }
        try ledgers.expectComparedReadingMatches(folder, naming: ["guide/deep/Plain.md"]) {
            try FileManager.default.removeItem(atPath: folder.path + "/guide/deep/Plain.md")
        }
        try ledgers.expectComparedReadingMatches(folder, naming: ["guide/New.md", "New.md"]) {
            try FileManager.default.moveItem(atPath: folder.path + "/guide/New.md", toPath: folder.path + "/New.md")
        }
        try ledgers.expectComparedReadingMatches(folder, naming: ["img/pic.png"]) {
            try folder.write(bytes: [1, 2, 3], to: "img/pic.png")
        }
        try ledgers.expectComparedReadingMatches(folder, naming: ["img/pic.png", "img/moved.png"]) {
            try FileManager.default.moveItem(
                atPath: folder.path + "/img/pic.png", toPath: folder.path + "/img/moved.png")
        }
        try ledgers.expectComparedReadingMatches(folder, naming: ["README.md"]) {
            try folder.write("Readme\n", to: "README.md")
        }
        try ledgers.expectComparedReadingMatches(folder, naming: ["index.md"]) {
            try FileManager.default.removeItem(atPath: folder.path + "/index.md")
        }
    }

    @Test func onlyThePathsNamedAreExamined() throws {
        let folder = try ledgers.vault()
        let ledger = try trustedLedger(of: folder)
        try folder.write("Plain, edited\n", to: "guide/deep/Plain.md")
        try folder.write("Alpha, edited\n", to: "Alpha.md")
        let named = try #require(try ledgers.compare(folder, with: ledger, events: events(["Alpha.md"])))
        #expect(changedPages(named) == ["w:Alpha"], "Plain was not named, so not examined")
        #expect(named.reading.reading.ledger?.folder?.entries.last?.stamp == ledger.entries.last?.stamp)
        let walked = try #require(try ledgers.compare(folder, with: ledger))
        #expect(changedPages(walked) == ["w:Alpha", "w:guide/deep/Plain"])
    }

    @Test func aChangeTheEventsMissedIsCaughtByTheNextWalk() throws {
        let folder = try ledgers.vault()
        let ledger = try trustedLedger(of: folder)
        try folder.write("Plain, edited\n", to: "guide/deep/Plain.md")
        let named = try #require(try ledgers.compare(folder, with: ledger, events: events([])))
        #expect(named.changed.isEmpty)
        let after = try #require(named.reading.reading.ledger?.folder)
        let walked = try #require(try ledgers.compare(folder, with: after))
        #expect(changedPages(walked) == ["w:guide/deep/Plain"])
    }

    @Test func theFolderIsWalkedWhenTheEventsMayNotTellItAll() throws {
        let folder = try ledgers.vault()
        let ledger = try trustedLedger(of: folder)
        try folder.write("Plain, edited\n", to: "guide/deep/Plain.md")
        let later = FolderEvents(paths: [], since: FolderEvents.Instant(time: FileTime(seconds: 4_100_000_000)))
        let olderLedger = try #require(try ledgers.compare(folder, with: ledger, events: later))
        #expect(changedPages(olderLedger) == ["w:guide/deep/Plain"], "the ledger is older than the events")
        try FileManager.default.createDirectory(
            atPath: folder.path + "/moved/in", withIntermediateDirectories: true)
        try folder.write("Deep\n", to: "moved/in/Deep.md")
        let folderNamed = try #require(try ledgers.compare(folder, with: ledger, events: events(["moved"])))
        #expect(folderNamed.changed.keys.contains("w:moved/in/Deep"), "a folder named is walked")
        let hidden = try #require(try ledgers.compare(folder, with: ledger, events: events([".hidden/x.md"])))
        #expect(hidden.changed.keys.contains("w:moved/in/Deep"), "a hidden path named is walked")
    }

    @Test func aLedgerOfAReadingThatRejectedFilesIsComparedByAWalk() throws {
        let folder = try ledgers.vault()
        try folder.write("---\ntitle: Alpha\n---\nClaims Alpha\n", to: "guide/Claimant.md")
        let whole = try #require(try folder.read().reading.ledger?.folder)
        #expect(whole.rejectedFiles)
        #expect(FolderLedger(encodedHeader: whole.encodedHeader, noteRows: whole.noteRows) == whole)
        try FileManager.default.removeItem(atPath: folder.path + "/Alpha.md")
        // The claimant, which the ledger does not hold, now gets the title: only a walk finds it,
        // and a walk that finds a note the ledger lacks reads the folder whole.
        let reading = try #require(try ledgers.compare(folder, with: whole, events: events(["Alpha.md"])))
        #expect(reading.changed["w:Alpha"] != nil, "the claimant's page")
        #expect(!reading.gone.contains("w:Alpha"))
    }
}
