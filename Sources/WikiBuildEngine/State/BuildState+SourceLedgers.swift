import Foundation
import GRDB
import WikiSources

/// The ledgers of the sources without sequences (`sourceLedger`, a folder's notes a row each in
/// `folderNote`), read through the memo of the ledgers this process last committed
/// (`SourceLedgerMemo`), and written as the rows that changed.
extension BuildState {
    /// The ledger of the source `source` (by name) as the last build read it; nil when it read no
    /// such source, or its ledger does not decode. The one this process committed last when the
    /// state still holds it (by its token), else decoded from the state.
    func ledger(ofSource source: String) throws -> SourceLedger? {
        let statePath = path
        return try database.read { db in
            let token = try Int64.fetchOne(
                db, sql: "SELECT token FROM sourceLedger WHERE source = ?", arguments: [source])
            guard let token else { return nil }
            if let kept = SourceLedgerMemo.shared.ledger(ofSource: source, inState: statePath, token: token) {
                return kept
            }
            return try Self.storedLedger(ofSource: source, db)
        }
    }

    /// The ledger of the source `source` as the state holds it, decoded; nil when there is none,
    /// or it does not decode.
    static func storedLedger(ofSource source: String, _ db: Database) throws -> SourceLedger? {
        let header = try Data.fetchOne(db, sql: "SELECT ledger FROM sourceLedger WHERE source = ?", arguments: [source])
        guard let header else { return nil }
        let rows = try Row.fetchCursor(
            db, sql: "SELECT path, entry FROM folderNote WHERE source = ? ORDER BY path", arguments: [source])
        var noteRows: [FolderLedger.NoteRow] = []
        while let row = try rows.next() {
            noteRows.append(FolderLedger.NoteRow(path: row[0], bytes: [UInt8](row[1] as Data)))
        }
        return SourceLedger(encoded: [UInt8](header), noteRows: noteRows)
    }

    /// Records the ledgers of `update` in place of the state's, each with a new token, and returns
    /// them with their tokens for the memo. The notes of a folder whose ledger the memo holds as
    /// the state does are written as the rows that differ from it; other notes whole.
    static func recordLedgers(
        of update: StateUpdate, inState statePath: String, _ db: Database
    ) throws -> [String: SourceLedgerMemo.Tokened] {
        var earlierTokens: [String: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT source, token FROM sourceLedger") {
            earlierTokens[row[0]] = row[1]
        }
        try db.execute(sql: "DELETE FROM sourceLedger")
        var recorded: [String: SourceLedgerMemo.Tokened] = [:]
        for (source, ledger) in update.ledgers {
            let token = Int64.random(in: .min ... .max)
            try db.execute(
                sql: "INSERT INTO sourceLedger (source, ledger, token) VALUES (?, ?, ?)",
                arguments: [source, Data(ledger.encoded), token])
            let earlier = earlierTokens[source].flatMap {
                SourceLedgerMemo.shared.ledger(ofSource: source, inState: statePath, token: $0)
            }
            try recordNotes(of: ledger.folder, source: source, earlier: earlier?.folder, db)
            recorded[source] = SourceLedgerMemo.Tokened(token: token, ledger: ledger)
        }
        for source in earlierTokens.keys where update.ledgers[source] == nil {
            try db.execute(sql: "DELETE FROM folderNote WHERE source = ?", arguments: [source])
        }
        return recorded
    }

    /// Records the note rows of `ledger` (none for a source that is not a folder) for the source
    /// `source`: the rows that differ from `earlier`, the ledger whose rows the state holds, else
    /// every row in place of the source's.
    private static func recordNotes(
        of ledger: FolderLedger?, source: String, earlier: FolderLedger?, _ db: Database
    ) throws {
        let written: [FolderLedger.NoteRow]
        var removed: [String] = []
        if let ledger, let earlier {
            (written, removed) = ledger.noteRows(since: earlier)
        } else {
            try db.execute(sql: "DELETE FROM folderNote WHERE source = ?", arguments: [source])
            written = ledger?.noteRows ?? []
        }
        let remove = try db.cachedStatement(sql: "DELETE FROM folderNote WHERE source = ? AND path = ?")
        for path in removed { try remove.execute(arguments: [source, path]) }
        let write = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO folderNote (source, path, entry) VALUES (?, ?, ?)")
        for row in written { try write.execute(arguments: [source, row.path, Data(row.bytes)]) }
    }
}
