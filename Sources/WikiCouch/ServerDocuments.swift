import WikiDocuments
import WikiSources

/// Turns the JSON a server sent into ``Document``s by the rules the dump reader follows: a document
/// is an object with a non-empty string `_id`; `_rev` and `_deleted` are read from it (a change
/// marked `deleted` is a tombstone too); anything else is a rejected entry with its reason.
enum ServerDocuments {
    /// The document `value` holds, or why it is not one.
    static func document(
        _ value: JSONValue, origin: DocumentOrigin, rowID: String?, deletedByRow: Bool, hadInvalidText: Bool
    ) -> ServerEntry {
        guard case .object(let object) = value else {
            return .rejected(reject(origin, rowID, "the document is \(value.typeDescription), not an object"))
        }
        var idValue: JSONValue?
        var revision: String?
        var isDeleted = false
        for member in object.members where member.key.utf8.first == UInt8(ascii: "_") {
            switch member.key {
            case "_id": idValue = member.value
            case "_rev": revision = member.value.stringValue
            case "_deleted": isDeleted = member.value.boolValue == true
            default: break
            }
        }
        guard let idValue else { return .rejected(reject(origin, rowID, "the document has no _id")) }
        guard case .string(let id) = idValue else {
            return .rejected(reject(origin, rowID, "the document's _id is \(idValue.typeDescription), not a string"))
        }
        guard !id.isEmpty else { return .rejected(reject(origin, rowID, "the document's _id is empty")) }
        return .document(
            Document(
                id: id, revisionText: revision, isDeleted: deletedByRow || isDeleted, body: object, origin: origin,
                hadInvalidText: hadInvalidText))
    }

    /// The winning revision a change carries: its `doc`, or, for a deleted document whose change has
    /// no `doc`, a tombstone made from the change's `id` and first revision.
    static func winner(of row: ChangesPage.Row, origin: DocumentOrigin) -> ServerEntry {
        if let document = row.document, document != .null {
            return self.document(
                document, origin: origin, rowID: row.id, deletedByRow: row.isDeleted,
                hadInvalidText: row.hadInvalidText)
        }
        guard row.isDeleted else {
            return .rejected(
                reject(
                    origin, row.id, #"the change has no "doc": the server did not honour include_docs=true"#))
        }
        guard let id = row.id, !id.isEmpty else {
            return .rejected(reject(origin, nil, #"the change of a deleted document has no "id""#))
        }
        var members: [(key: String, value: JSONValue)] = [("_id", .string(id))]
        if let revision = row.revisions.first { members.append(("_rev", .string(revision))) }
        members.append(("_deleted", .bool(true)))
        return .document(
            Document(
                id: id, revisionText: row.revisions.first, isDeleted: true, body: JSONObject(members), origin: origin,
                hadInvalidText: row.hadInvalidText))
    }

    private static func reject(_ origin: DocumentOrigin, _ id: String?, _ reason: String) -> RejectedEntry {
        RejectedEntry(origin: origin, documentID: id, reason: reason)
    }
}

/// What an entry the server sent holds: a document, or the reason it holds none.
enum ServerEntry {
    case document(Document)
    case rejected(RejectedEntry)
}
