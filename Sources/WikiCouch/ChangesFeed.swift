import WikiDocuments
import WikiSources

/// Reads a database's `_changes` feed one batch at a time, each batch complete with every leaf of
/// every document it lists, or not at all: a fault in the middle of a batch (a reset, a stall, a
/// truncated body) retries the same request, from the same sequence, so no change is skipped and
/// none is delivered twice.
struct ChangesFeed {
    let connection: CouchConnection
    private var leafFetcher = LeafFetcher()

    init(connection: CouchConnection) {
        self.connection = connection
    }

    private var database: CouchDatabaseURL { connection.database }

    /// `GET /db`: checks that the database exists and may be read.
    ///
    /// - Throws: ``CouchError/databaseNotFound(database:reason:)`` (404),
    ///   ``CouchError/accessDenied(database:status:reason:)`` (401, 403), or another ``CouchError``.
    func checkDatabase() throws {
        let request = CouchRequest(method: .GET, path: "")
        try connection.send(request) { response in
            guard response.isSuccess else { throw response.error(for: request, of: database) }
            let isObject = try response.json(request, of: database) { parser throws(JSONParseError) in
                parser.skipWhitespace()
                return parser.peek() == UInt8(ascii: "{") && (try? parser.parseValue()) != nil
            }
            guard isObject else {
                throw CouchError.malformedResponse(
                    database: database.description, request: request.summary,
                    reason: "expected the database's information as a JSON object")
            }
        }
    }

    /// The batch of changes after `since` (from the start when `nil`): at most
    /// ``CouchOptions/batchSize`` changes; when `waiting`, the server holds the request
    /// (`feed=longpoll`, with heartbeats) until there is a change or its timeout passes.
    ///
    /// Following uses `longpoll`, not `continuous`: each response is then a whole batch, imported
    /// in one transaction under one checkpoint like the batches before it, and a proxy that
    /// buffers responses (nginx by default) delays an answer instead of swallowing a feed that
    /// never ends.
    ///
    /// - Throws: ``CouchError``; ``CouchError/requestFailed(database:request:status:reason:)`` with
    ///   status 400 when the server does not accept `since`.
    mutating func batch(after since: JSONValue?, waiting: Bool) throws -> ChangesBatch {
        let options = connection.options
        var query: [(name: String, value: String)] = [
            ("style", "all_docs"), ("include_docs", "true"), ("conflicts", "true"),
            ("limit", String(options.batchSize)),
        ]
        if let since { query.append(("since", Self.queryText(since))) }
        if waiting {
            query += [
                ("feed", "longpoll"), ("heartbeat", String(options.timeouts.heartbeat.milliseconds)),
                ("timeout", String(options.timeouts.longpoll.milliseconds)),
            ]
        }
        let request = CouchRequest(method: .GET, path: "/_changes", query: query)
        let page = try connection.send(request) { response in
            guard response.isSuccess else { throw response.error(for: request, of: database) }
            return try response.json(request, of: database) { parser in try ChangesPage.parse(&parser) }
        }
        return try deliverable(page, after: since)
    }

    /// The documents of `page`, each winner followed by the other leaves `_changes` names.
    private mutating func deliverable(_ page: ChangesPage, after since: JSONValue?) throws -> ChangesBatch {
        let origin = DocumentOrigin(source: database.description, line: nil)
        var batch = ChangesBatch(
            changeCount: page.rows.count,
            checkpoint: page.lastSequence ?? page.rows.last?.sequence ?? since,
            isCaughtUp: page.rows.isEmpty || page.pending == 0)
        var winners: [ServerEntry] = []
        var wanted: [LeafFetcher.Wanted] = []
        for row in page.rows {
            let winner = ServerDocuments.winner(of: row, origin: origin)
            winners.append(winner)
            if case .document(let document) = winner, row.revisions.count > 1 {
                let others = row.revisions.filter { !$0.isExactly(document.revisionText ?? "") }
                if !others.isEmpty { wanted.append(LeafFetcher.Wanted(id: document.id, revisions: others)) }
            }
        }
        let leaves = try leafFetcher.leaves(wanted, over: connection)
        for winner in winners {
            switch winner {
            case .rejected(let rejected): batch.rejected.append(rejected)
            case .document(let document):
                batch.documents.append(document)
                for leaf in leaves[ExactString(document.id)] ?? [] {
                    let other = ServerDocuments.document(
                        leaf.value, origin: origin, rowID: document.id, deletedByRow: false,
                        hadInvalidText: leaf.hadInvalidText)
                    switch other {
                    case .document(let document): batch.documents.append(document)
                    case .rejected(let rejected): batch.rejected.append(rejected)
                    }
                }
            }
        }
        return batch
    }

    /// A sequence as the `since` parameter takes it: a string as it is, anything else (a number,
    /// BigCouch's arrays) as its JSON text.
    static func queryText(_ sequence: JSONValue) -> String {
        if case .string(let text) = sequence { return text }
        return JSONWriter.text(sequence)
    }
}

/// One batch of the feed, ready to deliver.
struct ChangesBatch {
    /// Every leaf of every document the batch lists, each document's winner first.
    var documents: [Document] = []
    /// Entries that hold no usable document.
    var rejected: [RejectedEntry] = []
    /// How many changes the batch listed.
    let changeCount: Int
    /// The sequence to read after next time: the batch's `last_seq`, as it came.
    let checkpoint: JSONValue?
    /// Whether the feed had nothing after this batch when it was read.
    let isCaughtUp: Bool
}
