import Foundation
import GRDB
import WikiDocuments

/// A row of `document`: one `_id` and the sequence of its latest change.
struct DocumentRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "document"

    /// The row's key, which `leaf` rows refer to; `nil` until inserted.
    var number: Int64?
    /// `_id`, exactly.
    var id: String
    /// The store sequence of the document's latest change.
    var sequence: Int

    init(id: String, sequence: Int) {
        self.id = id
        self.sequence = sequence
    }

    init(row: Row) throws {
        number = row["number"]
        id = row["id"]
        sequence = row["sequence"]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["number"] = number
        container["id"] = id
        container["sequence"] = sequence
    }

    /// The document whose `_id` is exactly `id`, if the store has it.
    static func withID(_ id: String, in db: Database) throws -> DocumentRecord? {
        try fetchOne(db.cachedStatement(sql: "SELECT * FROM document WHERE id = ?"), arguments: [id])
    }

    /// The sequence of the store's latest change; 0 for an empty store.
    static func latestSequence(in db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT max(sequence) FROM document") ?? 0
    }

    /// How many documents the store holds, tombstones included.
    static func count(in db: Database) throws -> Int {
        try fetchCount(db)
    }
}

/// A row of `leaf`: one leaf revision of a document, with its body.
struct LeafRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "leaf"

    /// The `number` of the document it is a leaf of.
    var document: Int64
    /// `N-hash`, as `Revision` writes it.
    var revision: String
    var generation: Int
    var isDeleted: Bool
    /// The JSON object, as it came.
    var body: String
    /// The revisions the body's `_conflicts` names, as a JSON array; `nil` when it names none.
    var namedConflicts: String?
    var hadInvalidText: Bool
    /// Where it was imported from: `dump.json:12`.
    var origin: String

    /// The leaf that `document` (whose `_rev` is `revision`) is, in the document row `number`.
    init(_ document: Document, revision: Revision, number: Int64) {
        self.document = number
        self.revision = revision.description
        generation = revision.generation
        isDeleted = document.isDeleted
        body = JSONWriter.text(.object(document.body))
        let named = ConflictNames.named(in: document.body)
        namedConflicts = named.isEmpty ? nil : ConflictNames.text(of: named)
        hadInvalidText = document.hadInvalidText
        origin = document.origin.description
    }

    init(row: Row) throws {
        document = row["document"]
        revision = row["revision"]
        generation = row["generation"]
        isDeleted = row["isDeleted"]
        body = row["body"]
        namedConflicts = row["namedConflicts"]
        hadInvalidText = row["hadInvalidText"]
        origin = row["origin"]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["document"] = document
        container["revision"] = revision
        container["generation"] = generation
        container["isDeleted"] = isDeleted
        container["body"] = body
        container["namedConflicts"] = namedConflicts
        container["hadInvalidText"] = hadInvalidText
        container["origin"] = origin
    }

    /// Removes the leaves `revisions` of the document row `number`.
    static func delete(revisions: [Revision], ofDocument number: Int64, in db: Database) throws {
        let statement = try db.cachedStatement(sql: "DELETE FROM leaf WHERE document = ? AND revision = ?")
        for revision in revisions {
            try statement.execute(arguments: [number, revision.description])
        }
    }

    /// How many leaves the store holds.
    static func count(in db: Database) throws -> Int {
        try fetchCount(db)
    }
}

/// A leaf without its body: what deciding about a new revision needs.
struct LeafHeader: FetchableRecord, LeafDescribing {
    let revision: Revision
    let isDeleted: Bool
    let namedConflicts: [Revision]

    init(row: Row) throws {
        let text: String = row["revision"]
        guard let revision = Revision(text) else { throw StoredValueError(column: "revision", text: text) }
        self.revision = revision
        isDeleted = row["isDeleted"]
        namedConflicts = try ConflictNames.parse(row["namedConflicts"])
    }

    init(revision: Revision, isDeleted: Bool, namedConflicts: [Revision]) {
        self.revision = revision
        self.isDeleted = isDeleted
        self.namedConflicts = namedConflicts
    }

    /// The leaves of the document row `number`.
    static func leaves(ofDocument number: Int64, in db: Database) throws -> [LeafHeader] {
        try fetchAll(
            db.cachedStatement(sql: "SELECT revision, isDeleted, namedConflicts FROM leaf WHERE document = ?"),
            arguments: [number])
    }
}

/// A leaf with its document's `_id` and sequence: a row of the changes feed or of an export.
struct DocumentLeafRow: FetchableRecord, LeafDescribing, Sendable {
    let documentNumber: Int64
    let documentID: String
    let sequence: Int
    let revision: Revision
    let isDeleted: Bool
    /// The body's JSON text as the column holds it, up to its first NUL byte (where a `String`
    /// of the column would end), not checked as UTF-8: the JSON parser repairs invalid text in
    /// strings as `String` does, and reads the bytes in place.
    let body: [UInt8]
    let namedConflicts: [Revision]
    let hadInvalidText: Bool
    let origin: String

    /// The row of a query that selects `columns`, read by position (a lookup by name searches
    /// the statement's columns for every column of every row).
    init(row: Row) throws {
        documentNumber = row[0]
        documentID = row[1]
        sequence = row[2]
        let text: String = row[3]
        guard let revision = Revision(text) else { throw StoredValueError(column: "revision", text: text) }
        self.revision = revision
        isDeleted = row[4]
        body = try row.withUnsafeData(atIndex: 5) { data in
            guard let data else {
                throw StoredValueError(reason: "the leaf \(text) of \(row[1] as String) has no body")
            }
            return data.withUnsafeBytes { bytes in
                guard let start = bytes.baseAddress else { return [] }
                let end = memchr(start, 0, bytes.count).map { $0 - UnsafeMutableRawPointer(mutating: start) }
                return Array(bytes[..<(end ?? bytes.count)])
            }
        }
        namedConflicts = try ConflictNames.parse(row[6])
        hadInvalidText = row[7]
        origin = row[8]
    }

    private static let columns = """
        SELECT document.number, document.id, document.sequence, leaf.revision, leaf.isDeleted, leaf.body,
            leaf.namedConflicts, leaf.hadInvalidText, leaf.origin
        FROM document JOIN leaf ON leaf.document = document.number
        """

    /// The leaves of every document changed after `sequence`, a document's leaves together, in
    /// sequence order.
    static func changed(after sequence: Int, in db: Database) throws -> RecordCursor<DocumentLeafRow> {
        try fetchCursor(
            db, sql: columns + " WHERE document.sequence > ? ORDER BY document.sequence", arguments: [sequence])
    }

    /// The leaves of the document whose `_id` is exactly `id` (none when the store lacks it).
    static func leaves(ofDocumentWithID id: String, in db: Database) throws -> [DocumentLeafRow] {
        try fetchAll(db.cachedStatement(sql: columns + " WHERE document.id = ?"), arguments: [id])
    }

    /// The leaves of every document, a document's leaves together, by `_id` in byte order.
    static func all(inIDOrderIn db: Database) throws -> RecordCursor<DocumentLeafRow> {
        try fetchCursor(db, sql: columns + " ORDER BY document.id")
    }

    /// Calls `body` with the leaves of each document of `cursor`, one document at a time.
    static func forEachDocument(
        in cursor: RecordCursor<DocumentLeafRow>, _ body: ([DocumentLeafRow]) throws -> Void
    ) throws {
        var leaves: [DocumentLeafRow] = []
        while let row = try cursor.next() {
            if let first = leaves.first, first.documentNumber != row.documentNumber {
                try body(leaves)
                leaves.removeAll(keepingCapacity: true)
            }
            leaves.append(row)
        }
        if !leaves.isEmpty { try body(leaves) }
    }
}

/// The `store` table: the store's identity.
enum StoreIdentity {
    /// The identifier made when the store was created.
    static func identifier(in db: Database) throws -> String {
        try String.fetchOne(db, sql: "SELECT identifier FROM store") ?? ""
    }
}

/// The `namedConflicts` column: the revisions a body names in `_conflicts`, as a JSON array.
enum ConflictNames {
    /// The revisions `body`'s `_conflicts` names (strings of the form `N-hash`), in order, once each.
    static func named(in body: JSONObject) -> [Revision] {
        guard case .array(let names)? = body["_conflicts"] else { return [] }
        var seen: Set<Revision> = []
        var revisions: [Revision] = []
        for case .string(let text) in names {
            if let revision = Revision(text), seen.insert(revision).inserted { revisions.append(revision) }
        }
        return revisions
    }

    /// The column's text for `revisions`.
    static func text(of revisions: [Revision]) -> String {
        JSONWriter.text(.array(revisions.map { .string($0.description) }))
    }

    /// The revisions of the column's text (`nil`: none).
    static func parse(_ text: String?) throws -> [Revision] {
        guard let text else { return [] }
        guard case .array(let names)? = try? JSONParser.parse(text) else {
            throw StoredValueError(column: "namedConflicts", text: text)
        }
        return try names.map { name in
            guard case .string(let text) = name, let revision = Revision(text) else {
                throw StoredValueError(column: "namedConflicts", text: text)
            }
            return revision
        }
    }
}

/// A value in the store that wikisite never writes: the file was changed by another program.
struct StoredValueError: Error, CustomStringConvertible {
    let reason: String

    /// A column holding text that wikisite never writes there.
    init(column: String, text: String) {
        reason = "the column \(column) holds \(JSONWriter.text(.string(text))), which wikisite never writes"
    }

    init(reason: String) {
        self.reason = reason
    }

    var description: String { reason }
}
