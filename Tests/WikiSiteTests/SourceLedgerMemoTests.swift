import Foundation
import GRDB
import TemporaryFolders
import Testing
import WikiSources

@testable import WikiBuildEngine
@testable import WikiSite

/// The state keeps a folder's notes a row each and writes the rows that changed; the process
/// keeps the ledgers it committed (`SourceLedgerMemo`), and takes one from the memo only while
/// the state holds it: a fresh process decodes the same ledger.
@Suite struct SourceLedgerMemoTests {
    /// A folder of notes and a state, in one temporary folder.
    struct Fixture {
        let folder: TemporaryFolder
        let state: BuildState

        init() throws {
            folder = try TemporaryFolder()
            state = try BuildState(stateFolder: folder.path("state"))
            try FileManager.default.createDirectory(atPath: folder.path("notes"), withIntermediateDirectories: true)
        }

        /// Writes `text` to the note at `path` of the folder.
        func write(_ text: String, to path: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder.path("notes/" + path)))
        }

        /// Removes the note at `path` of the folder.
        func remove(_ path: String) throws {
            try FileManager.default.removeItem(atPath: folder.path("notes/" + path))
        }

        /// The ledger of a whole reading of the folder.
        func ledger() throws -> SourceLedger {
            let source = MarkdownFolderSource(folder: folder.path("notes"), wikiID: "w")
            return try #require(try source.read(after: nil) { _ in }.ledger)
        }

        /// The ledger of a reading of the folder compared with `ledger`, given events naming
        /// `paths` since `since`, an instant before `ledger`'s reading.
        func ledger(
            comparedWith ledger: SourceLedger, naming paths: Set<String>, since: FolderEvents.Instant
        ) throws -> SourceLedger {
            let source = MarkdownFolderSource(folder: folder.path("notes"), wikiID: "w")
            let events = FolderEvents(paths: paths, since: since)
            let compared = try source.read(
                comparedWith: try #require(ledger.folder), events: events, thenDocuments: [], limit: 64
            ) { _ in }
            return try #require(compared?.reading.ledger)
        }

        /// Commits `ledgers` (by source name) to the state.
        func commit(_ ledgers: [String: SourceLedger]) throws {
            var update = StateUpdate()
            update.ledgers = ledgers
            try state.commit(update)
        }

        /// The ledger of `source` decoded from the state, as a fresh process reads it.
        func stored(_ source: String) throws -> SourceLedger? {
            try state.reading { try BuildState.storedLedger(ofSource: source, $0) }
        }

        /// The paths of the note rows the state holds of `source`.
        func notePaths(_ source: String) throws -> [String] {
            try state.reading {
                try String.fetchAll($0, sql: "SELECT path FROM folderNote WHERE source = ?", arguments: [source])
            }
        }
    }

    @Test func aLedgerCommittedIsReadAsAFreshProcessDecodesIt() throws {
        let fixture = try Fixture()
        for name in ["Alpha", "Beta", "Gamma"] { try fixture.write("# \(name)\n", to: name + ".md") }
        let first = try fixture.ledger()
        try fixture.commit(["notes": first])
        #expect(try fixture.state.ledger(ofSource: "notes") == first)
        #expect(try fixture.stored("notes") == first)
        try fixture.write("# Beta, changed\n", to: "Beta.md")
        try fixture.remove("Gamma.md")
        try fixture.write("# Delta\n", to: "Delta.md")
        let second = try fixture.ledger()
        try fixture.commit(["notes": second])
        #expect(try fixture.state.ledger(ofSource: "notes") == second)
        #expect(try fixture.stored("notes") == second, "the rows that changed were written, and those gone removed")
        #expect(try fixture.notePaths("notes") == ["Alpha.md", "Beta.md", "Delta.md"])
    }

    @Test func aStateAnotherProcessCommittedToIsDecoded() throws {
        let fixture = try Fixture()
        try fixture.write("# Alpha\n", to: "Alpha.md")
        let first = try fixture.ledger()
        try fixture.commit(["notes": first])
        try fixture.write("# Beta\n", to: "Beta.md")
        let second = try fixture.ledger()
        // Another process's commit: its own rows and token, which this process's memo lacks.
        try fixture.state.write { db in
            try db.execute(
                sql: "UPDATE sourceLedger SET ledger = ?, token = token + 1", arguments: [Data(second.encoded)])
            for row in try #require(second.folder).noteRows {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO folderNote (source, path, entry) VALUES ('notes', ?, ?)",
                    arguments: [row.path, Data(row.bytes)])
            }
        }
        #expect(try fixture.state.ledger(ofSource: "notes") == second)
        try fixture.write("# Beta, changed\n", to: "Beta.md")
        let third = try fixture.ledger()
        try fixture.commit(["notes": third])
        #expect(try fixture.stored("notes") == third, "rows written whole over a state the memo did not hold")
    }

    @Test func theRowsAComparedReadingNamesAreWrittenOverTheLedgerItComparedWith() throws {
        let fixture = try Fixture()
        for name in ["Alpha", "Beta", "Gamma"] { try fixture.write("# \(name)\n", to: name + ".md") }
        let since = FolderEvents.Instant.now()
        try fixture.commit(["notes": try fixture.ledger()])
        let first = try #require(try fixture.state.ledger(ofSource: "notes"))
        try fixture.write("# Beta, changed\n", to: "Beta.md")
        try fixture.remove("Gamma.md")
        try fixture.write("# Delta\n", to: "Delta.md")
        let second = try fixture.ledger(comparedWith: first, naming: ["Beta.md", "Gamma.md", "Delta.md"], since: since)
        let earlier = try #require(first.folder)
        let rows = try #require(second.folder?.noteRows(since: earlier))
        #expect(rows.written.map(\.path) == ["Beta.md", "Delta.md"])
        #expect(rows.removed == ["Gamma.md"])
        try fixture.commit(["notes": second])
        #expect(try fixture.stored("notes") == second)
        #expect(try fixture.notePaths("notes") == ["Alpha.md", "Beta.md", "Delta.md"])
    }

    @Test func aComparedReadingOfALedgerTheStateNoLongerHoldsIsWrittenByComparingEveryRow() throws {
        let fixture = try Fixture()
        for name in ["Alpha", "Beta"] { try fixture.write("# \(name)\n", to: name + ".md") }
        let since = FolderEvents.Instant.now()
        let first = try fixture.ledger()
        try fixture.commit(["notes": first])
        try fixture.write("# Delta\n", to: "Delta.md")
        try fixture.commit(["notes": try fixture.ledger()])
        // Compared with the first ledger, which the state no longer holds: its changes say
        // nothing of the row of Delta, which the events did not name.
        try fixture.write("# Alpha, changed\n", to: "Alpha.md")
        let third = try fixture.ledger(comparedWith: first, naming: ["Alpha.md"], since: since)
        let earlier = try #require(first.folder)
        let rows = try #require(third.folder?.noteRows(since: earlier))
        #expect(rows.written.map(\.path) == ["Alpha.md"])
        try fixture.commit(["notes": third])
        #expect(try fixture.stored("notes") == third)
        #expect(try fixture.notePaths("notes") == ["Alpha.md", "Beta.md"])
    }

    @Test func theRowsOfASourceNoLongerReadGo() throws {
        let fixture = try Fixture()
        try fixture.write("# Alpha\n", to: "Alpha.md")
        try fixture.commit(["notes": try fixture.ledger()])
        try fixture.commit([:])
        #expect(try fixture.state.ledger(ofSource: "notes") == nil)
        #expect(try fixture.notePaths("notes").isEmpty)
    }
}
