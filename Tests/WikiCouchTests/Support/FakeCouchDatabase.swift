import Foundation
import WikiDocuments

/// What the test server holds: one database, as CouchDB keeps it for `_changes`: each document's
/// leaf revisions, and the sequence of its latest change (each change takes the next sequence, and
/// a document appears in the feed once, at its latest change).
struct FakeCouchDatabase: Sendable {
    /// How sequences look on the wire.
    enum SequenceStyle: Sendable {
        /// `42` (CouchDB 1, PouchDB Server, Sync Gateway); no `pending` in `_changes`.
        case integer
        /// `"42-g1AAAA…"` (CouchDB 2+): opaque strings the server alone can read; with `pending`.
        case opaque
    }

    /// A leaf revision.
    struct Leaf: Sendable {
        let revision: String
        let body: JSONObject
        var isDeleted: Bool { body["_deleted"]?.boolValue == true }
    }

    struct Entry: Sendable {
        var leaves: [Leaf]
        var sequence: Int
    }

    let name: String
    let style: SequenceStyle
    private(set) var entries: [ExactString: Entry] = [:]
    private(set) var updateSequence = 0

    init(name: String = "db", style: SequenceStyle) {
        self.name = name
        self.style = style
    }

    // MARK: Writing

    /// Adds `body` as a leaf of its document, beside the leaves it has (a conflict when it has some).
    mutating func addLeaf(_ body: JSONObject) {
        let id = ExactString(body["_id"]!.stringValue!)
        let leaf = Leaf(revision: body["_rev"]!.stringValue!, body: body)
        updateSequence += 1
        var entry = entries[id] ?? Entry(leaves: [], sequence: 0)
        entry.leaves.removeAll { $0.revision.isExactly(leaf.revision) }
        entry.leaves.append(leaf)
        entry.sequence = updateSequence
        entries[id] = entry
    }

    /// Replaces the winning leaf of its document with `body` (an edit of the winner), or creates it.
    mutating func edit(_ body: JSONObject) {
        let id = ExactString(body["_id"]!.stringValue!)
        if let winner = entries[id].flatMap(Self.winner) {
            entries[id]!.leaves.removeAll { $0.revision.isExactly(winner.revision) }
        }
        addLeaf(body)
    }

    /// Loads every row of an `_all_docs` dump (a row whose `doc` is null and `value` deleted is a
    /// tombstone); rows of the same `_id` become leaves of one document.
    mutating func load(allDocsDump text: String) throws {
        let dump = try JSONParser.parse(text)
        for row in dump.objectValue!["rows"]!.arrayValue! {
            let row = row.objectValue!
            if case .object(let document)? = row["doc"] {
                addLeaf(document)
            } else {
                let id = row["id"]!
                let revision = row["value"]!.objectValue!["rev"]!
                addLeaf(JSONObject([("_id", id), ("_rev", revision), ("_deleted", .bool(true))]))
            }
        }
    }

    // MARK: Reading

    static func winner(of entry: Entry) -> Leaf? {
        entry.leaves.max { a, b in
            RevisionOrder.loses(
                Revision(a.revision)!, deleted: a.isDeleted, to: Revision(b.revision)!, deleted: b.isDeleted)
        }
    }

    /// The documents changed after `sequence`, in sequence order.
    func changes(after sequence: Int) -> [(id: ExactString, entry: Entry)] {
        entries.filter { $0.value.sequence > sequence }.sorted { $0.value.sequence < $1.value.sequence }
            .map { ($0.key, $0.value) }
    }

    /// The leaf `revision` of document `id`.
    func leaf(_ id: String, _ revision: String) -> Leaf? {
        entries[ExactString(id)]?.leaves.first { $0.revision.isExactly(revision) }
    }

    /// The winner's body, with `_conflicts` (the other live leaves, greatest first) when asked.
    func winnerBody(of entry: Entry, conflicts: Bool) -> JSONObject {
        let winner = Self.winner(of: entry)!
        var body = winner.body
        body.members.removeAll { $0.key == "_conflicts" }
        let others = entry.leaves.filter { !$0.isDeleted && !$0.revision.isExactly(winner.revision) }
            .map { Revision($0.revision)! }
            .sorted { RevisionOrder.loses($1, deleted: false, to: $0, deleted: false) }
        if conflicts && !others.isEmpty {
            body.members.append(("_conflicts", .array(others.map { .string($0.description) })))
        }
        return body
    }

    // MARK: Sequences

    /// Sequence `number` as the server writes it.
    func sequenceValue(_ number: Int) -> JSONValue {
        switch style {
        case .integer: .number(String(number))
        case .opaque: .string(Self.opaqueSequence(number))
        }
    }

    /// The sequence `text` (a `since` parameter) stands for; `nil` when the server never issued it.
    func sequenceNumber(_ text: String) -> Int? {
        if text == "0" || text == "now" { return text == "0" ? 0 : updateSequence }
        switch style {
        case .integer: return Int(text).flatMap { $0 >= 0 ? $0 : nil }
        case .opaque: return (0...updateSequence).first { Self.opaqueSequence($0) == text }
        }
    }

    /// CouchDB 2-style: the number, then a token that looks like base64 of the shards' positions.
    static func opaqueSequence(_ number: Int) -> String {
        var state = UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15 ^ 0xD1B5_4A32_D192_ED03
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var token = ""
        for _ in 0..<40 {
            state ^= state >> 33
            state = state &* 0xFF51_AFD7_ED55_8CCD
            token.append(alphabet[Int(state >> 58)])
        }
        return "\(number)-g1AAAA\(token)"
    }
}
