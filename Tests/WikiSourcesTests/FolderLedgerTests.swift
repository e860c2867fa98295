import Foundation
import Testing
import WikiDocuments

@testable import WikiSources

/// A folder read compared with the ledger of its last reading delivers what a whole reading
/// delivers differently, and reads only the notes that changed.
@Suite struct FolderLedgerTests {
    /// What a compared reading gave.
    struct Compared {
        var changed: [String: String] = [:]
        var gone: Set<String> = []
        var asked: [Document] = []
        var reading: ComparedFolderReading
    }

    /// Reads the fixture compared with `ledger`, asking for `ids` after the changes.
    func compare(
        _ folder: MarkdownFolderFixture, with ledger: FolderLedger, events: FolderEvents? = nil, ids: [String] = [],
        limit: Int = 64
    ) throws -> Compared? {
        let source = MarkdownFolderSource(folder: folder.path, wikiID: "w")
        var documents: [Document] = []
        guard
            let reading = try source.read(
                comparedWith: ledger, events: events, thenDocuments: ids, limit: limit, { documents.append($0) })
        else { return nil }
        let changes = documents.prefix(reading.reading.documentCount)
        var compared = Compared(reading: reading)
        for document in changes {
            if document.isDeleted && document.revisionText == nil {
                compared.gone.insert(document.id)
            } else {
                compared.changed[document.id] = document.revisionText
            }
        }
        compared.asked = Array(documents.dropFirst(reading.reading.documentCount))
        return compared
    }

    /// `ledger` made at `readAt`.
    func ledger(_ ledger: FolderLedger, readAt: FileTime) -> FolderLedger {
        FolderLedger(
            wikiID: ledger.wikiID, head: ledger.head, wikiRevision: ledger.wikiRevision, readAt: readAt,
            files: FolderLedger.OtherFiles(listed: ledger.otherFiles, rejected: ledger.rejectedFiles),
            notes: FolderLedger.Notes(home: ledger.home, entries: ledger.entries))
    }

    /// Holds the compared reading after `change` to the whole readings before and after it. With
    /// `trustingStamps`, the ledger is made as if long after the files were written, so that only
    /// the notes whose stamps differ are read: `change` then gives each file it writes another
    /// modification time. With `naming`, the reading is given events that name those paths, as
    /// the preview server's notifications would.
    func expectComparedReadingMatches(
        _ folder: MarkdownFolderFixture, trustingStamps: Bool = false, naming paths: Set<String>? = nil,
        after change: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try folder.read()
        var ledger = try #require(before.reading.ledger?.folder, sourceLocation: sourceLocation)
        if trustingStamps { ledger = self.ledger(ledger, readAt: FileTime(seconds: 4_000_000_000)) }
        try change()
        let after = try folder.read()
        let events = paths.map { FolderEvents(paths: $0, since: Self.longAgo) }
        let compared = try #require(try compare(folder, with: ledger, events: events), sourceLocation: sourceLocation)
        let earlier = Dictionary(uniqueKeysWithValues: before.documents.map { ($0.id, $0.revisionText) })
        var expected: [String: String] = [:]
        for document in after.documents where earlier[document.id] != document.revisionText {
            expected[document.id] = document.revisionText
        }
        #expect(compared.changed == expected, sourceLocation: sourceLocation)
        #expect(compared.gone == Set(earlier.keys).subtracting(after.ids), sourceLocation: sourceLocation)
        let now = try #require(after.reading.ledger?.folder, sourceLocation: sourceLocation)
        let comparedLedger = try #require(compared.reading.reading.ledger?.folder, sourceLocation: sourceLocation)
        #expect(comparedLedger.entries == now.entries, sourceLocation: sourceLocation)
        #expect(comparedLedger.home == now.home, sourceLocation: sourceLocation)
        #expect(comparedLedger.wikiRevision == now.wikiRevision, sourceLocation: sourceLocation)
        #expect(comparedLedger.otherFiles == now.otherFiles, sourceLocation: sourceLocation)
    }

    /// An instant before any ledger of the tests.
    static let longAgo = FolderEvents.Instant(time: FileTime(seconds: 0))

    /// A folder with a home, notes in folders, a titled note, a draft and an image.
    func vault() throws -> MarkdownFolderFixture {
        let folder = try MarkdownFolderFixture()
        try folder.write("# Home\n\n[[Alpha]]\n", to: "index.md", modified: 1_600_000_000_000)
        try folder.write("Alpha shows ![[pic.png]]\n", to: "Alpha.md", modified: 1_600_000_001_000)
        try folder.write("---\ntitle: Beta Page\n---\nBeta\n", to: "guide/Beta.md", modified: 1_600_000_002_000)
        try folder.write("---\ndraft: true\n---\nDraft\n", to: "guide/Draft.md", modified: 1_700_000_000_000)
        try folder.write("Plain\n", to: "guide/deep/Plain.md", modified: 1_600_000_003_000)
        try folder.write(bytes: [0x89, 0x50], to: "img/pic.png", modified: 1_600_000_000_000)
        return folder
    }

    @Test func theLedgerEncodesAndDecodesWhole() throws {
        let folder = try vault()
        let ledger = try #require(try folder.read().reading.ledger?.folder)
        #expect(
            ledger.entries.map(\.relativePath) == [
                "Alpha.md", "guide/Beta.md", "guide/Draft.md", "guide/deep/Plain.md",
            ])
        #expect(ledger.home?.relativePath == "index.md")
        #expect(ledger.entries[1].frontMatterTitle == "Beta Page")
        #expect(ledger.entries[2].isDraft)
        #expect(ledger.entries[0].fileKeys == ["pic.png"] && ledger.entries[3].fileKeys.isEmpty)
        #expect(FolderLedger(encodedHeader: ledger.encodedHeader, noteRows: ledger.noteRows) == ledger)
        #expect(SourceLedger(encoded: ledger.encodedHeader, noteRows: ledger.noteRows) == .folder(ledger))
        #expect(FolderLedger(encodedHeader: Array(ledger.encodedHeader.dropLast()), noteRows: ledger.noteRows) == nil)
        var rows = ledger.noteRows
        rows[0] = FolderLedger.NoteRow(path: rows[0].path, bytes: rows[0].bytes.dropLast())
        #expect(FolderLedger(encodedHeader: ledger.encodedHeader, noteRows: rows) == nil, "a row cut short")
        let earlierVersion =
            Array("wikisite folder ledger 3\n".utf8) + ledger.encodedHeader.dropFirst(FolderLedger.magic.count)
        #expect(
            FolderLedger(encodedHeader: earlierVersion, noteRows: ledger.noteRows) == nil,
            "a ledger of another version is read as none")
    }

    @Test func theRowsSinceAnEarlierLedgerAreThoseOfTheNotesThatChanged() throws {
        let folder = try vault()
        let before = try #require(try folder.read().reading.ledger?.folder)
        try folder.write("Plain, changed\n", to: "guide/deep/Plain.md", modified: 1_600_000_004_000)
        try FileManager.default.removeItem(atPath: folder.path + "/guide/Draft.md")
        try folder.write("New\n", to: "New.md", modified: 1_600_000_005_000)
        let after = try #require(try folder.read().reading.ledger?.folder)
        let (written, removed) = after.noteRows(since: before)
        #expect(written.map(\.path) == ["New.md", "guide/deep/Plain.md"])
        #expect(written == after.noteRows.filter { ["New.md", "guide/deep/Plain.md"].contains($0.path) })
        #expect(removed == ["guide/Draft.md"])
        #expect(after.noteRows(since: after).written.isEmpty && after.noteRows(since: after).removed.isEmpty)
    }

    @Test func aComparedReadingDeliversWhatAWholeReadingDeliversDifferently() throws {
        let folder = try vault()
        try expectComparedReadingMatches(folder) {}
        try expectComparedReadingMatches(folder) { try folder.write("Alpha, edited\n", to: "Alpha.md") }
        try expectComparedReadingMatches(folder) { try folder.write("New [[Alpha]]\n", to: "guide/New.md") }
        try expectComparedReadingMatches(folder) {
            try FileManager.default.removeItem(atPath: folder.path + "/guide/deep/Plain.md")
        }
        try expectComparedReadingMatches(folder) {
            try FileManager.default.moveItem(atPath: folder.path + "/guide/New.md", toPath: folder.path + "/New.md")
        }
        try expectComparedReadingMatches(folder) {
            try folder.write("---\ntitle: Gamma\n---\nBeta retitled\n", to: "guide/Beta.md")
        }
        try expectComparedReadingMatches(folder) { try folder.write("Draft no more\n", to: "guide/Draft.md") }
        try expectComparedReadingMatches(folder) { try folder.write("# Home, edited\n", to: "index.md") }
        try expectComparedReadingMatches(folder) { try folder.write(bytes: [1, 2, 3], to: "img/pic.png") }
        try expectComparedReadingMatches(folder) { try folder.write(bytes: [4], to: "Alpha/pic.png") }
        try expectComparedReadingMatches(folder) { try folder.write("Readme\n", to: "README.md") }
        try expectComparedReadingMatches(folder) {
            try FileManager.default.removeItem(atPath: folder.path + "/index.md")
        }
    }

    @Test func aComparedReadingThatTrustsStampsDeliversTheSame() throws {
        let folder = try vault()
        var time = 1_650_000_000_000
        func write(_ text: String, to name: String) throws {
            time += 1000
            try folder.write(text, to: name, modified: time)
        }
        try expectComparedReadingMatches(folder, trustingStamps: true) {}
        try expectComparedReadingMatches(folder, trustingStamps: true) { try write("Alpha, edited\n", to: "Alpha.md") }
        try expectComparedReadingMatches(folder, trustingStamps: true) { try write("New\n", to: "guide/New.md") }
        try expectComparedReadingMatches(folder, trustingStamps: true) {
            try FileManager.default.moveItem(atPath: folder.path + "/guide/New.md", toPath: folder.path + "/New.md")
        }
        try expectComparedReadingMatches(folder, trustingStamps: true) {
            try FileManager.default.removeItem(atPath: folder.path + "/guide/Beta.md")
        }
        try expectComparedReadingMatches(folder, trustingStamps: true) {
            time += 1000
            try folder.write(bytes: [7, 7], to: "img/pic.png", modified: time)
        }
        try expectComparedReadingMatches(folder, trustingStamps: true) { try write("# Home 3\n", to: "index.md") }
    }

    @Test func onlyTheNotesWhoseStampChangedAreRead() throws {
        let folder = try vault()
        let whole = try #require(try folder.read().reading.ledger?.folder)
        // A ledger made long after the files were written: every stamp is to be trusted.
        let ledger = ledger(whole, readAt: FileTime(seconds: 4_000_000_000))
        try folder.write("Plain, edited\n", to: "guide/deep/Plain.md")
        var walker = MarkdownFileWalker(folderName: folder.path, readsNotes: false) { _ in false }
        walker.walk(folder: open(folder.path, O_RDONLY | O_DIRECTORY))
        #expect(walker.files.isEmpty)
        let comparison = FolderComparison(
            ledger: ledger, notes: walker.notes, otherFiles: walker.otherFiles, uncommitted: [])
        #expect(comparison.toRead.map(\.relativePath) == ["guide/deep/Plain.md"])
        #expect(comparison.homePath == "index.md")
        try folder.write(bytes: [9], to: "img/other.png")
        walker = MarkdownFileWalker(folderName: folder.path, readsNotes: false) { _ in false }
        walker.walk(folder: open(folder.path, O_RDONLY | O_DIRECTORY))
        let withAnotherFile = FolderComparison(
            ledger: ledger, notes: walker.notes, otherFiles: walker.otherFiles, uncommitted: [])
        #expect(withAnotherFile.toRead.map(\.relativePath) == ["guide/deep/Plain.md"], "no note names other.png")
        try folder.write(bytes: [9], to: "guide/PIC.png")
        walker = MarkdownFileWalker(folderName: folder.path, readsNotes: false) { _ in false }
        walker.walk(folder: open(folder.path, O_RDONLY | O_DIRECTORY))
        let withANamesake = FolderComparison(
            ledger: ledger, notes: walker.notes, otherFiles: walker.otherFiles, uncommitted: [])
        #expect(
            withANamesake.toRead.map(\.relativePath) == ["Alpha.md", "guide/deep/Plain.md"],
            "Alpha's ![[pic.png]] may find it")
    }

    @Test func replacingAnImageReadsOnlyTheNotesNamingIt() throws {
        let folder = try vault()
        try folder.write("Beta shows ![](../img/Other.png)\n", to: "guide/Beta.md", modified: 1_600_000_002_000)
        try folder.write(bytes: [0x89], to: "img/other.png", modified: 1_600_000_000_000)
        let whole = try #require(try folder.read().reading.ledger?.folder)
        let ledger = ledger(whole, readAt: FileTime(seconds: 4_000_000_000))
        try folder.write(bytes: [1, 2, 3], to: "img/pic.png", modified: 1_650_000_000_000)
        let replaced = try #require(try compare(folder, with: ledger))
        #expect(replaced.reading.changedNoteCount == 1)
        #expect(Set(replaced.changed.keys) == ["w:Alpha"])
        let afterPic = try #require(replaced.reading.reading.ledger?.folder)
        try FileManager.default.removeItem(atPath: folder.path + "/img/other.png")
        let deleted = try #require(try compare(folder, with: self.ledger(afterPic, readAt: ledger.readAt)))
        #expect(Set(deleted.changed.keys) == ["w:guide/Beta"], "its link's path matches, letter case aside")
    }

    @Test func aNoteChangedRightBeforeTheReadingIsReadAgain() throws {
        let folder = try vault()
        let whole = try #require(try folder.read().reading.ledger?.folder)
        let plain = try #require(whole.entries.last)
        let racy = ledger(whole, readAt: plain.stamp.changed)
        #expect(racy.isRacy(plain.stamp))
        let compared = try #require(try compare(folder, with: racy))
        #expect(compared.changed.isEmpty, "read again, as it was: no change")
    }

    @Test func theDocumentsAskedForFollowTheChanges() throws {
        let folder = try vault()
        let ledger = try #require(try folder.read().reading.ledger?.folder)
        try folder.write("Alpha, edited\n", to: "Alpha.md")
        let compared = try #require(try compare(folder, with: ledger, ids: ["w", "w:Beta Page", "w:Nowhere"]))
        #expect(compared.asked.map(\.id) == ["w", "w:Beta Page"])
        let again = try #require(try compared.reading.documents(["w:guide/deep/Plain"]))
        #expect(again.map(\.id) == ["w:guide/deep/Plain"])
        try folder.write("Plain, edited since\n", to: "guide/deep/Plain.md")
        #expect(try compared.reading.documents(["w:guide/deep/Plain"]) == nil)
    }

    @Test func aFolderThatCannotBeComparedIsReadWhole() throws {
        let folder = try vault()
        let ledger = ledger(
            try #require(try folder.read().reading.ledger?.folder), readAt: FileTime(seconds: 4_000_000_000))
        try folder.write("---\ntitle: Alpha\n---\nClaims Alpha\n", to: "guide/Claimant.md")
        #expect(try compare(folder, with: ledger) == nil, "two notes claim one title")
        try FileManager.default.removeItem(atPath: folder.path + "/guide/Claimant.md")
        try folder.write("Claims the title Beta's front matter gives\n", to: "Beta Page.md")
        #expect(try compare(folder, with: ledger) == nil, "a new note's path gives a title front matter gave")
        try FileManager.default.removeItem(atPath: folder.path + "/Beta Page.md")
        try folder.write("one\n", to: "One.md")
        try folder.write("two\n", to: "Two.md")
        #expect(try compare(folder, with: ledger, limit: 1) == nil, "more notes to read than the limit")
        #expect(try compare(folder, with: ledger, limit: 2) != nil)
        let other = MarkdownFolderSource(folder: folder.path, wikiID: "other")
        #expect(try other.read(comparedWith: ledger, thenDocuments: [], limit: 64, { _ in }) == nil)
    }

    @Test func aCommitMakesTheNextReadingAWholeOne() throws {
        let repository = try MarkdownFolderFixture()
        try repository.gitInit()
        try repository.write("text\n", to: "page.md")
        try repository.commitAll("first", date: "2019-05-05T05:05:05Z")
        try expectComparedReadingMatches(repository) { try repository.write("edited\n", to: "page.md") }
        try expectComparedReadingMatches(repository) { try repository.write("new\n", to: "new.md") }
        let ledger = try #require(try repository.read().reading.ledger?.folder)
        #expect(ledger.head?.count == 40)
        try repository.commitAll("second", date: "2020-05-05T05:05:05Z")
        #expect(try compare(repository, with: ledger) == nil)
    }
}
