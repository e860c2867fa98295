import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization
import WikiDocuments

@testable import WikiConfiguration

/// A loopback HTTP server (127.0.0.x only) that speaks the CouchDB API as documented, for one
/// database: `GET /db`; `GET /db/_changes` with `since`, `limit`, `style=all_docs`, `include_docs`,
/// `conflicts`, and `feed=normal`, `longpoll` or `continuous` (with `heartbeat` and `timeout`);
/// `GET /db/_all_docs` with `include_docs` and `conflicts`; `POST /db/_bulk_get`;
/// `GET /db/<id>?open_revs=[…]` or `open_revs=all`; and errors as `{"error","reason"}`. It injects faults on request,
/// records every request, answers at most ``Configuration/maximumRequests`` requests and closes
/// itself after ``Configuration/lifetime``.
///
/// The feeds that wait behave as CouchDB's: `longpoll` answers at once when there are changes after
/// `since`, else when the first one comes; `continuous` sends the changes there are, one JSON
/// object a line, then each as it comes, and ends with a `{"last_seq":…}` line (with `pending`
/// for CouchDB 2+ sequences) once it has sent `limit` changes. While nothing comes, either sends a
/// blank line every `heartbeat` milliseconds; a `heartbeat` keeps the feed open indefinitely, and
/// without one the feed ends after `timeout` milliseconds (at most 60 000) with no change.
final class CouchTestServer: Sendable {
    /// How the server behaves.
    struct Configuration: Sendable {
        /// The loopback address it listens on.
        var host = "127.0.0.1"
        /// The port; 0 picks a free one.
        var port = 0
        /// The user and password every request must carry (basic authentication), if any.
        var credentials: (user: String, password: String)?
        /// Whether every request is refused with 403.
        var forbidden = false
        /// `nil` when `_bulk_get` works; else the status it answers (CouchDB 1: 404 or 405).
        var bulkGetUnsupportedStatus: Int?
        /// The most requests answered; later ones get 503 and the connection is closed.
        var maximumRequests = 2000
        /// When the server closes itself.
        var lifetime: TimeAmount = .seconds(120)
    }

    /// A fault injected instead of the normal response.
    enum Fault: Sendable {
        /// An error status, with a CouchDB error body.
        case status(Int, error: String, reason: String)
        /// The connection is reset (RST) before anything is answered.
        case resetBeforeResponse
        /// The response head and half the body are sent, then the connection is reset.
        case resetMidBody
        /// The response head is sent, then nothing (no heartbeat either).
        case stall
        /// `302 Found` to `location`.
        case redirect(location: String)
    }

    /// A request as the server received it.
    struct RecordedRequest: Sendable {
        let method: String
        /// The path, percent-decoded segment by segment, joined with `/`.
        let path: String
        /// The query parameters, percent-decoded.
        let query: [String: String]
        /// The `Authorization` header, if any.
        let authorization: String?
    }

    struct Rule {
        let method: String
        let path: String
        let query: [String: String]
        var skip: Int
        var times: Int
        let fault: Fault
    }

    /// A `longpoll` or `continuous` response still open.
    struct Feed {
        enum Kind {
            case longpoll
            case continuous
        }

        let kind: Kind
        let channel: any Channel
        /// The sequence the changes to send follow: `since`, then (continuous) the last one sent.
        var since: Int
        /// How many more changes may be sent (`limit`).
        var remaining: Int
        let parameters: [String: String]
        var heartbeat: RepeatedTask?
        var timeout: Scheduled<Void>?

        func cancelTimers() {
            heartbeat?.cancel()
            timeout?.cancel()
        }
    }

    struct State {
        var database: FakeCouchDatabase
        var rules: [Rule] = []
        var requests: [RecordedRequest] = []
        var faultsInjected = 0
        var feeds: [Int: Feed] = [:]
        var nextFeed = 0
        var heartbeats = 0
    }

    let configuration: Configuration
    let port: Int
    private let channel: any Channel
    let state: Mutex<State>

    /// Starts a server holding `database`.
    init(_ database: FakeCouchDatabase, configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        state = Mutex(State(database: database))
        let box = ServerBox()
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(RequestHandler(box: box))
                }
            }
        channel = try bootstrap.bind(host: configuration.host, port: configuration.port).wait()
        port = channel.localAddress!.port!
        box.server.withLock { $0 = self }
        let serverChannel = channel
        _ = channel.eventLoop.scheduleTask(in: configuration.lifetime) { serverChannel.close(promise: nil) }
    }

    /// Stops listening and ends the feeds still open.
    func stop() {
        let feeds = state.withLock { state in
            defer { state.feeds = [:] }
            return state.feeds.values
        }
        for feed in feeds {
            feed.cancelTimers()
            feed.channel.close(promise: nil)
        }
        try? channel.close().wait()
    }

    /// The database's URL, with `user:password@` when given.
    func url(user: String? = nil, password: String? = nil) -> String {
        let name = state.withLock { $0.database.name }
        let credentials = user.map { "\($0):\(password ?? "")@" } ?? ""
        return "http://\(credentials)\(configuration.host):\(port)/\(name)"
    }

    /// Every request so far.
    var requests: [RecordedRequest] { state.withLock { $0.requests } }

    /// How many faults were injected so far.
    var faultsInjected: Int { state.withLock { $0.faultsInjected } }

    /// How many heartbeats (blank lines) the feeds have sent so far.
    var heartbeats: Int { state.withLock { $0.heartbeats } }

    /// The database as it is now.
    var database: FakeCouchDatabase { state.withLock { $0.database } }

    /// Answers the `method` requests of `path` that have the parameters `query` with `fault`,
    /// `times` times, after letting `skip` of them through.
    func inject(
        _ fault: Fault, method: String = "GET", path: String, query: [String: String] = [:], skip: Int = 0,
        times: Int = 1
    ) {
        state.withLock {
            $0.rules.append(Rule(method: method, path: path, query: query, skip: skip, times: times, fault: fault))
        }
    }

    /// Changes the database, then sends the new changes to the feeds open.
    func update(_ change: (inout FakeCouchDatabase) -> Void) {
        let feeds = state.withLock { state in
            change(&state.database)
            return state.feeds.map { (id: $0.key, channel: $0.value.channel) }
        }
        for feed in feeds {
            feed.channel.eventLoop.execute { [self] in advance(feed.id) }
        }
    }

    // MARK: Answering

    fileprivate func respond(to head: HTTPRequestHead, body: ByteBuffer, on channel: any Channel) {
        let (path, segments, query) = Self.split(head.uri)
        let request = RecordedRequest(
            method: head.method.rawValue, path: path, query: query,
            authorization: head.headers.first(name: "authorization"))
        let (count, fault) = state.withLock { state -> (Int, Fault?) in
            state.requests.append(request)
            guard
                let index = state.rules.firstIndex(where: { rule in
                    rule.method == request.method && rule.path == path
                        && rule.query.allSatisfy { query[$0.key] == $0.value }
                })
            else { return (state.requests.count, nil) }
            if state.rules[index].skip > 0 {
                state.rules[index].skip -= 1
                return (state.requests.count, nil)
            }
            let fault = state.rules[index].fault
            state.rules[index].times -= 1
            if state.rules[index].times == 0 { state.rules.remove(at: index) }
            state.faultsInjected += 1
            return (state.requests.count, fault)
        }
        if count > configuration.maximumRequests {
            send(503, error: "service_unavailable", reason: "the test server answered enough requests", on: channel)
            channel.close(promise: nil)
            return
        }
        switch fault {
        case .status(let status, let error, let reason)?:
            send(status, error: error, reason: reason, on: channel)
            return
        case .resetBeforeResponse?:
            Self.reset(channel)
            return
        case .stall?:
            channel.writeAndFlush(
                HTTPServerResponsePart.head(
                    HTTPResponseHead(version: .http1_1, status: .ok, headers: ["Content-Type": "application/json"])),
                promise: nil)
            return
        case .redirect(let location)?:
            var headers = HTTPHeaders([("Location", location), ("Content-Length", "0")])
            headers.add(name: "Content-Type", value: "application/json")
            channel.write(
                HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .found, headers: headers)),
                promise: nil)
            channel.writeAndFlush(HTTPServerResponsePart.end(nil), promise: nil)
            return
        default: break
        }
        guard
            let (status, answer) = route(
                head.method, segments, query, authorization: request.authorization, body: body, on: channel)
        else { return }
        if case .resetMidBody? = fault {
            sendHalf(status, answer, on: channel).whenComplete { _ in Self.reset(channel) }
        } else {
            send(status, answer, on: channel)
        }
    }

    /// The answer to a request, or `nil` when it stays open (a feed) and is answered as it goes.
    private func route(
        _ method: HTTPMethod, _ segments: [String], _ query: [String: String], authorization: String?,
        body: ByteBuffer, on channel: any Channel
    ) -> (HTTPResponseStatus, JSONValue)? {
        if let credentials = configuration.credentials {
            let expected = "Basic " + Data("\(credentials.user):\(credentials.password)".utf8).base64EncodedString()
            guard authorization == expected else {
                return Self.error(.unauthorized, "unauthorized", "Name or password is incorrect.")
            }
        }
        if configuration.forbidden {
            return Self.error(.forbidden, "forbidden", "You are not allowed to access this db.")
        }
        let database = state.withLock { $0.database }
        guard segments.first == database.name else {
            return Self.error(.notFound, "not_found", "Database does not exist.")
        }
        switch (method, Array(segments.dropFirst())) {
        case (.GET, []):
            return (
                .ok,
                .object(
                    JSONObject([
                        ("db_name", .string(database.name)), ("doc_count", .number(String(database.entries.count))),
                        ("update_seq", database.sequenceValue(database.updateSequence)),
                    ]))
            )
        case (.GET, ["_changes"]):
            return changes(query, on: channel)
        case (.GET, ["_all_docs"]):
            return Self.allDocuments(query, in: database)
        case (.POST, ["_bulk_get"]):
            if let status = configuration.bulkGetUnsupportedStatus {
                return Self.error(HTTPResponseStatus(statusCode: status), "not_found", "missing")
            }
            return bulkGet(body, in: database)
        case (.GET, let path) where !path.isEmpty && query["open_revs"] != nil:
            return openRevisions(path.joined(separator: "/"), query["open_revs"]!, in: database)
        default:
            return Self.error(.notFound, "not_found", "missing")
        }
    }

    private func changes(_ query: [String: String], on channel: any Channel) -> (HTTPResponseStatus, JSONValue)? {
        let database = state.withLock { $0.database }
        guard let since = database.sequenceNumber(query["since"] ?? "0") else {
            return Self.error(.badRequest, "bad_request", "Malformed sequence supplied in 'since' parameter.")
        }
        switch query["feed"] {
        case "longpoll" where database.changes(after: since).isEmpty:
            open(.longpoll, since: since, query, on: channel)
            return nil
        case "continuous":
            open(.continuous, since: since, query, on: channel)
            return nil
        default:
            return (.ok, Self.changesBody(database, since: since, query))
        }
    }

    /// `{"results":[…],"last_seq":…}` (with `pending` for CouchDB 2+ sequences): the changes after
    /// `since`, at most `limit`.
    static func changesBody(_ database: FakeCouchDatabase, since: Int, _ query: [String: String]) -> JSONValue {
        let all = database.changes(after: since)
        let rows = all.prefix(limit(query))
        let results = rows.map { changeRow($0.id, $0.entry, in: database, query) }
        let last = rows.last.map { $0.entry.sequence } ?? max(since, database.updateSequence)
        var members: [(key: String, value: JSONValue)] = [
            ("results", .array(results)), ("last_seq", database.sequenceValue(last)),
        ]
        if database.style == .opaque { members.append(("pending", .number(String(all.count - rows.count)))) }
        return .object(JSONObject(members))
    }

    /// One change: `{"seq","id","changes":[{"rev"}…],"deleted"?,"doc"?}`.
    static func changeRow(
        _ id: ExactString, _ entry: FakeCouchDatabase.Entry, in database: FakeCouchDatabase,
        _ query: [String: String]
    ) -> JSONValue {
        let winner = FakeCouchDatabase.winner(of: entry)!
        let revisions =
            query["style"] == "all_docs"
            ? entry.leaves.sorted {
                RevisionOrder.loses(
                    Revision($1.revision)!, deleted: $1.isDeleted, to: Revision($0.revision)!, deleted: $0.isDeleted)
            }.map(\.revision) : [winner.revision]
        var members: [(key: String, value: JSONValue)] = [
            ("seq", database.sequenceValue(entry.sequence)), ("id", .string(id.value)),
            ("changes", .array(revisions.map { .object(JSONObject([("rev", .string($0))])) })),
        ]
        if winner.isDeleted { members.append(("deleted", .bool(true))) }
        if query["include_docs"] == "true" {
            members.append(("doc", .object(database.winnerBody(of: entry, conflicts: query["conflicts"] == "true"))))
        }
        return .object(JSONObject(members))
    }

    /// The last line of a continuous feed: `{"last_seq":…}`, with `pending` for CouchDB 2+
    /// sequences.
    static func lastSequenceLine(_ database: FakeCouchDatabase, _ last: Int) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("last_seq", database.sequenceValue(last))]
        if database.style == .opaque {
            members.append(("pending", .number(String(database.changes(after: last).count))))
        }
        return .object(JSONObject(members))
    }

    /// `limit`; CouchDB takes 0 as 1.
    static func limit(_ query: [String: String]) -> Int {
        query["limit"].flatMap(Int.init).map { max($0, 1) } ?? Int.max
    }

    /// `GET /db/_all_docs`: every live document, by ID in byte order (CouchDB's raw collation), as
    /// `{"total_rows","offset","rows":[{"id","key","value":{"rev"},"doc"?}…]}`.
    private static func allDocuments(_ query: [String: String], in database: FakeCouchDatabase) -> (
        HTTPResponseStatus, JSONValue
    ) {
        let live = database.entries.compactMap { id, entry -> (id: String, entry: FakeCouchDatabase.Entry)? in
            FakeCouchDatabase.winner(of: entry)!.isDeleted ? nil : (id.value, entry)
        }.sorted { $0.id.precedesInByteOrder($1.id) }
        let rows = live.map { id, entry -> JSONValue in
            let winner = FakeCouchDatabase.winner(of: entry)!
            var members: [(key: String, value: JSONValue)] = [
                ("id", .string(id)), ("key", .string(id)),
                ("value", .object(JSONObject([("rev", .string(winner.revision))]))),
            ]
            if query["include_docs"] == "true" {
                members.append(
                    ("doc", .object(database.winnerBody(of: entry, conflicts: query["conflicts"] == "true"))))
            }
            return .object(JSONObject(members))
        }
        return (
            .ok,
            .object(
                JSONObject([
                    ("total_rows", .number(String(live.count))), ("offset", .number("0")), ("rows", .array(rows)),
                ]))
        )
    }

    private func bulkGet(_ body: ByteBuffer, in database: FakeCouchDatabase) -> (HTTPResponseStatus, JSONValue) {
        let request = body.withUnsafeReadableBytes { try? JSONParser.parse($0) }
        guard let wanted = request?.objectValue?["docs"]?.arrayValue else {
            return Self.error(.badRequest, "bad_request", "Missing JSON list of 'docs'.")
        }
        let results = wanted.map { item -> JSONValue in
            let id = item.objectValue?["id"]?.stringValue ?? ""
            let revision = item.objectValue?["rev"]?.stringValue ?? ""
            let found: JSONValue =
                database.leaf(id, revision).map { JSONValue.object(JSONObject([("ok", .object($0.body))])) }
                ?? JSONValue.object(
                    JSONObject([
                        (
                            "error",
                            .object(
                                JSONObject([
                                    ("id", .string(id)), ("rev", .string(revision)), ("error", .string("not_found")),
                                    ("reason", .string("missing")),
                                ]))
                        )
                    ]))
            return .object(JSONObject([("id", .string(id)), ("docs", .array([found]))]))
        }
        return (.ok, .object(JSONObject([("results", .array(results))])))
    }

    private func openRevisions(_ id: String, _ revisions: String, in database: FakeCouchDatabase) -> (
        HTTPResponseStatus, JSONValue
    ) {
        guard let entry = database.entries[ExactString(id)] else {
            return Self.error(.notFound, "not_found", "missing")
        }
        if revisions == "all" {
            return (.ok, .array(entry.leaves.map { JSONValue.object(JSONObject([("ok", .object($0.body))])) }))
        }
        guard let wanted = (try? JSONParser.parse(revisions))?.arrayValue else {
            return Self.error(.badRequest, "bad_request", "Invalid open_revs.")
        }
        return (
            .ok,
            .array(
                wanted.map { revision in
                    let text = revision.stringValue ?? ""
                    return database.leaf(id, text).map { JSONValue.object(JSONObject([("ok", .object($0.body))])) }
                        ?? JSONValue.object(JSONObject([("missing", .string(text))]))
                })
        )
    }
}

/// Lets the request handlers reach the server, which exists only once the socket is bound.
private final class ServerBox: Sendable {
    let server = Mutex<CouchTestServer?>(nil)
}

/// Collects one request, then hands it to the server.
private final class RequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart

    private let box: ServerBox
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()

    init(box: ServerBox) {
        self.box = box
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body.clear()
        case .body(var part):
            body.writeBuffer(&part)
        case .end:
            guard let head, let server = box.server.withLock({ $0 }) else { return }
            server.respond(to: head, body: body, on: context.channel)
        }
    }
}
