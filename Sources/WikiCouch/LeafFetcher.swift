import WikiDocuments

/// Fetches the bodies of a document's other leaf revisions (its conflicts, and deleted leaves),
/// which `_changes` names (`style=all_docs`) but does not include.
///
/// It asks for all of a batch's at once with `POST /db/_bulk_get` (CouchDB 2.1+, PouchDB, Sync
/// Gateway); a server that does not know `_bulk_get` (it answers 400, 404, 405, 415 or 501) is
/// asked document by document with `GET /db/<id>?open_revs=[…]` from then on.
struct LeafFetcher {
    /// A revision body the server sent.
    struct Leaf {
        let value: JSONValue
        let hadInvalidText: Bool
    }

    /// A document and the revisions wanted.
    struct Wanted {
        let id: String
        let revisions: [String]
    }

    private var bulkGetSupported = true

    /// The bodies of the `wanted` revisions, by document ID; a revision the server no longer has
    /// (it was replaced since the change was listed) is left out: its new state comes later in the
    /// feed.
    mutating func leaves(_ wanted: [Wanted], over connection: CouchConnection) throws -> [ExactString: [Leaf]] {
        guard !wanted.isEmpty else { return [:] }
        if bulkGetSupported, let leaves = try bulkGet(wanted, over: connection) { return leaves }
        bulkGetSupported = false
        var leaves: [ExactString: [Leaf]] = [:]
        for document in wanted {
            leaves[ExactString(document.id), default: []] += try openRevisions(document, over: connection)
        }
        return leaves
    }

    /// `POST /db/_bulk_get`; `nil` when the server does not support it.
    private func bulkGet(_ wanted: [Wanted], over connection: CouchConnection) throws -> [ExactString: [Leaf]]? {
        let documents = wanted.flatMap { document in
            document.revisions.map {
                JSONValue.object(JSONObject([("id", .string(document.id)), ("rev", .string($0))]))
            }
        }
        let request = CouchRequest(
            method: .POST, path: "/_bulk_get",
            body: JSONWriter.bytes(.object(JSONObject([("docs", .array(documents))]))))
        return try connection.send(request) { response -> [ExactString: [Leaf]]? in
            if [400, 404, 405, 415, 501].contains(response.status) { return nil }
            guard response.isSuccess else { throw response.error(for: request, of: connection.database) }
            return try response.json(request, of: connection.database) { parser in
                try Self.parseBulkGet(&parser)
            }
        }
    }

    /// `{"results":[{"id","docs":[{"ok":{…}}|{"error":{…}}]}]}`.
    private static func parseBulkGet(_ parser: inout JSONParser) throws(JSONParseError) -> [ExactString: [Leaf]] {
        var leaves: [ExactString: [Leaf]] = [:]
        try parser.beginObject()
        while let key = try parser.nextKey() {
            guard key == "results" else {
                _ = try parser.parseValue()
                continue
            }
            try parser.beginArray()
            while try parser.nextElement() {
                try parser.beginObject()
                var id: String?
                var found: [Leaf] = []
                while let member = try parser.nextKey() {
                    switch member {
                    case "id": id = try parser.parseValue().stringValue
                    case "docs":
                        try parser.beginArray()
                        while try parser.nextElement() {
                            if let leaf = try parseFound(&parser) { found.append(leaf) }
                        }
                    default: _ = try parser.parseValue()
                    }
                }
                guard let id else { throw parser.error(#"a result of _bulk_get has no "id""#) }
                leaves[ExactString(id), default: []] += found
            }
        }
        return leaves
    }

    /// Every leaf of the document `id` (deleted leaves too): `GET /db/<id>?open_revs=all`. None when
    /// the server does not have it.
    static func allLeaves(ofDocument id: String, over connection: CouchConnection) throws -> [Leaf] {
        try openRevisions(of: id, "all", over: connection)
    }

    /// `GET /db/<id>?open_revs=["…"]`, as JSON: `[{"ok":{…}}|{"missing":"…"}]`. A document the
    /// server no longer has (404) has no leaves to add.
    private func openRevisions(_ wanted: Wanted, over connection: CouchConnection) throws -> [Leaf] {
        try Self.openRevisions(
            of: wanted.id, JSONWriter.text(.array(wanted.revisions.map(JSONValue.string))), over: connection)
    }

    /// `GET /db/<id>?open_revs=<revisions>` (a JSON array of revisions, or `all`), as JSON.
    private static func openRevisions(
        of id: String, _ revisions: String, over connection: CouchConnection
    ) throws -> [Leaf] {
        let request = CouchRequest(method: .GET, path: CouchRequest.documentPath(id), query: [("open_revs", revisions)])
        return try connection.send(request) { response in
            if response.status == 404 { return [] }
            guard response.isSuccess else { throw response.error(for: request, of: connection.database) }
            return try response.json(request, of: connection.database) { parser throws(JSONParseError) in
                var found: [Leaf] = []
                try parser.beginArray()
                while try parser.nextElement() {
                    if let leaf = try Self.parseFound(&parser) { found.append(leaf) }
                }
                return found
            }
        }
    }

    /// `{"ok":{…}}`, the body of a revision found; `nil` for `{"error":…}` or `{"missing":…}`.
    private static func parseFound(_ parser: inout JSONParser) throws(JSONParseError) -> Leaf? {
        var leaf: Leaf?
        try parser.beginObject()
        while let key = try parser.nextKey() {
            if key == "ok" {
                parser.replacedInvalidText = false
                let value = try parser.parseValue()
                leaf = Leaf(value: value, hadInvalidText: parser.replacedInvalidText)
            } else {
                _ = try parser.parseValue()
            }
        }
        return leaf
    }
}
