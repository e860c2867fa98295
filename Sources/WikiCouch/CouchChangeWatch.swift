import WikiDocuments

/// Waits for a database's next change with `_changes?feed=longpoll`: what a live preview follows to
/// rebuild when the database changes. It asks for no documents (the build reads them); it only
/// learns that there are changes, and the sequence they end at.
///
/// Requests go through the same connection as a reading (credentials only in a header, redirects
/// followed, faults retried with backoff, without limit by default). Use it from one thread: each
/// wait blocks it.
public final class CouchChangeWatch {
    private let connection: CouchConnection
    private var since: JSONValue?

    /// A watch of the database at `url`, for the changes after `checkpoint` (the JSON text of a
    /// build's checkpoint of it, `CheckpointAdvance.to`); after every change when nil. `stop` ends
    /// a wait at once.
    public init(
        url: String, after checkpoint: String?, stop: StopSignal,
        options: CouchOptions = CouchOptions(retry: RetryPolicy(maximumAttempts: nil))
    ) throws {
        connection = CouchConnection(database: try CouchDatabaseURL(url), options: options, stop: stop)
        since = try checkpoint.map { text throws in try JSONParser.parse(text) }
    }

    deinit { connection.close() }

    /// Waits until the database has changes after the last ones seen; false once stopped.
    ///
    /// - Throws: ``CouchError`` for an answer that retrying cannot mend (credentials refused, no
    ///   such database).
    public func waitForChanges() throws -> Bool {
        let options = connection.options
        while true {
            var query: [(name: String, value: String)] = [
                ("feed", "longpoll"), ("heartbeat", String(options.timeouts.heartbeat.milliseconds)),
                ("timeout", String(options.timeouts.longpoll.milliseconds)),
            ]
            if let since { query.append(("since", ChangesFeed.queryText(since))) }
            let request = CouchRequest(method: .GET, path: "/_changes", query: query)
            let page: ChangesPage
            do {
                page = try connection.send(request) { response in
                    guard response.isSuccess else { throw response.error(for: request, of: connection.database) }
                    return try response.json(request, of: connection.database) { parser in
                        try ChangesPage.parse(&parser)
                    }
                }
            } catch is StoppedReading {
                return false
            }
            since = page.lastSequence ?? page.rows.last?.sequence ?? since
            if !page.rows.isEmpty { return true }
        }
    }
}
