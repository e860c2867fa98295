import Foundation
import GRDB

/// The store's tables, created and upgraded by one `DatabaseMigrator`: every schema change is a new
/// migration appended here, never an edit of an old one.
///
/// - `store`: one row, the store's `identifier` (a UUID made when the file was created), so that a
///   checkpoint of one store file is never taken for a checkpoint of another.
/// - `document`: one row per `_id`: `id` (exact: TEXT compared byte for byte) and `sequence`, the
///   store sequence of the document's latest change. Every change takes the next sequence, so
///   `sequence` is unique and each document appears once in the changes feed, at its latest change.
/// - `leaf`: the leaf revisions of each document: `revision` (`N-hash`), `generation`, `isDeleted`,
///   `body` (the whole JSON object as it came, `_id` and `_rev` included), `namedConflicts` (the
///   revisions the body's `_conflicts` names, as a JSON array, or NULL), `hadInvalidText` (the
///   reader replaced invalid text in it with U+FFFD) and `origin` (where it was imported from).
/// - `remoteCheckpoint`: where the last pull from each remote database stopped (``RemoteCheckpoints``).
///
/// The file says what it is in its header: `PRAGMA application_id` is ``applicationID``.
enum StoreSchema {
    /// `PRAGMA application_id` of a wikisite store: the bytes `wiki` (0x77696B69).
    static let applicationID: Int32 = 0x7769_6B69

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("documents and their leaves") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.create(table: "store") { table in
                table.column("identifier", .text).notNull()
            }
            try db.execute(
                sql: "INSERT INTO store (identifier) VALUES (?)", arguments: [UUID().uuidString.lowercased()])
            try db.create(table: DocumentRecord.databaseTableName) { table in
                table.primaryKey("number", .integer)
                table.column("id", .text).notNull().unique()
                table.column("sequence", .integer).notNull().unique()
            }
            try db.create(table: LeafRecord.databaseTableName) { table in
                table.column("document", .integer).notNull()
                    .references(DocumentRecord.databaseTableName, column: "number", onDelete: .cascade)
                table.column("revision", .text).notNull()
                table.column("generation", .integer).notNull()
                table.column("isDeleted", .boolean).notNull()
                table.column("body", .text).notNull()
                table.column("namedConflicts", .text)
                table.column("hadInvalidText", .boolean).notNull()
                table.column("origin", .text).notNull()
                table.uniqueKey(["document", "revision"])
            }
        }
        migrator.registerMigration("remote checkpoints", migrate: RemoteCheckpoints.createTable)
        return migrator
    }
}
