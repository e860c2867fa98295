import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import WikiDocuments

/// The HTTP side of one reading of a database: sends requests with AsyncHTTPClient, follows
/// redirects without leaking credentials, and retries transient faults with backoff.
///
/// The ``DocumentSource`` API is synchronous, and the build pipeline calls sources from a plain
/// thread, so each request blocks the calling thread until its response is complete
/// (`EventLoopFuture.wait()`), while the I/O runs on AsyncHTTPClient's shared event loop group.
/// It must never be called from an event loop thread (NIO checks it) nor from a Swift concurrency
/// task's executor.
///
/// Credentials go only into an `Authorization` header, and only to the database's own server (same
/// scheme, host and port): the URLs given to AsyncHTTPClient never carry them, so no error, log or
/// message can show them.
final class CouchConnection: Sendable {
    /// How many redirects in a row are followed.
    static let maximumRedirects = 5

    let database: CouchDatabaseURL
    let options: CouchOptions
    private let stop: StopSignal?
    private let client: HTTPClient

    /// A connection to `database`; ``close()`` it when done.
    init(database: CouchDatabaseURL, options: CouchOptions, stop: StopSignal?) {
        self.database = database
        self.options = options
        self.stop = stop
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: options.timeouts.connect.timeAmount, read: options.timeouts.read.timeAmount),
            connectionPool: HTTPClient.Configuration.ConnectionPool())
        configuration.httpVersion = .http1Only
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// Shuts the HTTP client down; waits for its connections to close.
    func close() {
        try? client.syncShutdown()
    }

    /// Sends `request` and hands its response to `interpret`, trying again after a transient fault
    /// (no connection, a connection reset or stalled before the response was complete, HTTP 408,
    /// 429 or 5xx, or `interpret` throwing ``TransientFault`` for a truncated body) as
    /// ``CouchOptions/retry`` allows. Any other status goes to `interpret` as it is.
    ///
    /// - Throws: ``CouchError/unavailable(database:attempts:lastFault:)`` when the retries run out,
    ///   ``StoppedReading`` when the stop signal is triggered, and what `interpret` throws.
    func send<Result>(_ request: CouchRequest, _ interpret: (CouchResponse) throws -> Result) throws -> Result {
        var failures = 0
        while true {
            if stop?.isStopped == true { throw StoppedReading() }
            let fault: TransientFault
            do {
                let response = try sendFollowingRedirects(request)
                if response.isTransientFailure {
                    fault = TransientFault("HTTP \(response.status): \(response.reason(scrubbing: database))")
                } else {
                    return try interpret(response)
                }
            } catch let transient as TransientFault {
                fault = transient
            }
            failures += 1
            guard options.retry.allowsRetry(afterFailure: failures) else {
                throw CouchError.unavailable(
                    database: database.description, attempts: failures, lastFault: fault.description)
            }
            let delay = options.retry.delay(afterFailure: failures)
            options.onRetry?(
                CouchRetry(database: database.description, fault: fault.description, failures: failures, delay: delay))
            if let stop {
                if stop.wait(delay) { throw StoppedReading() }
            } else {
                Thread.sleep(forTimeInterval: Double(delay.milliseconds) / 1000)
            }
        }
    }

    /// One attempt: the request, then the redirects it leads to.
    private func sendFollowingRedirects(_ request: CouchRequest) throws -> CouchResponse {
        var server = database
        var method = request.method
        var body = request.body
        var target = database.databasePath + request.path + CouchRequest.queryString(request.query)
        for _ in 0...Self.maximumRedirects {
            let response = try execute(method, server.url(ofPath: target), body: body, credentials: server.credentials)
            guard response.isRedirect, let location = response.headers.first(name: "location") else {
                return response
            }
            guard let next = server.resolving(location: location) else {
                throw CouchError.malformedResponse(
                    database: database.description, request: request.summary,
                    reason: "it redirects to a location that is not a URL")
            }
            if next.server.isSameOrigin(as: database) {
                server = database
            } else if database.hasCredentials {
                throw CouchError.redirectToAnotherServer(
                    database: database.description,
                    target: next.server.url(ofPath: CouchRequest.pathWithoutQuery(next.path)))
            } else {
                server = next.server
            }
            target = next.path
            if response.status != 307 && response.status != 308 {
                method = .GET
                body = nil
            }
        }
        throw CouchError.tooManyRedirects(database: database.description, request: request.summary)
    }

    /// Sends one HTTP request and waits for the whole response.
    private func execute(
        _ method: HTTPMethod, _ url: String, body: [UInt8]?, credentials: Credentials?
    ) throws -> CouchResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Accept", value: "application/json")
        if body != nil { headers.add(name: "Content-Type", value: "application/json") }
        if let credentials { headers.add(name: "Authorization", value: credentials.basicAuthorization) }
        let request: HTTPClient.Request
        do {
            request = try HTTPClient.Request(url: url, method: method, headers: headers, body: body.map { .bytes($0) })
        } catch {
            throw CouchError.invalidURL(database.description, reason: "it cannot be requested (\(error))")
        }
        let task = client.execute(
            request: request, delegate: ResponseAccumulator(request: request, maxBodySize: options.maximumResponseSize))
        do {
            let response: HTTPClient.Response
            if let stop {
                response = try stop.whileCancellable(by: { task.cancel() }, { try task.wait() })
            } else {
                response = try task.wait()
            }
            return CouchResponse(
                status: Int(response.status.code), headers: response.headers, body: response.body ?? ByteBuffer())
        } catch {
            if stop?.isStopped == true { throw StoppedReading() }
            if error is ResponseAccumulator.ResponseTooBigError {
                throw CouchError.malformedResponse(
                    database: database.description, request: "\(method) \(CouchRequest.pathWithoutQuery(url))",
                    reason: "the response is larger than \(options.maximumResponseSize) bytes")
            }
            throw TransientFault(describing: error, readTimeout: options.timeouts.read)
        }
    }
}

/// A request to the database, relative to its URL.
struct CouchRequest: Sendable {
    /// `GET` or `POST`.
    var method: HTTPMethod
    /// What follows the database's path, percent-encoded: `""`, `/_changes`, `/<document>`.
    var path: String
    /// Query parameters, not encoded.
    var query: [(name: String, value: String)] = []
    /// A JSON body.
    var body: [UInt8]?

    /// `GET /_changes`, for messages.
    var summary: String { "\(method) \(path.isEmpty ? "/" : path)" }

    /// `?a=1&b=2`, each name and value percent-encoded; empty without parameters.
    static func queryString(_ query: [(name: String, value: String)]) -> String {
        guard !query.isEmpty else { return "" }
        return "?" + query.map { percentEncoded($0.name) + "=" + percentEncoded($0.value) }.joined(separator: "&")
    }

    /// A URL or path without its query.
    static func pathWithoutQuery(_ text: String) -> String {
        text.firstIndex(of: "?").map { String(text[..<$0]) } ?? text
    }

    /// `text` with every byte but the unreserved ones (`A-Z a-z 0-9 - . _ ~`) percent-encoded.
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += byte < 0x10 ? "%0" + hex : "%" + hex
            }
        }
        return encoded
    }

    /// The path of a document: `/` and its percent-encoded ID, with the `/` of a `_design/`
    /// document's ID kept as CouchDB expects it.
    static func documentPath(_ id: String) -> String {
        if id.utf8.starts(with: "_design/".utf8) {
            return "/_design/" + percentEncoded(String(id.dropFirst("_design/".count)))
        }
        return "/" + percentEncoded(id)
    }
}

/// A whole response.
struct CouchResponse {
    let status: Int
    let headers: HTTPHeaders
    let body: ByteBuffer

    var isSuccess: Bool { (200..<300).contains(status) }
    var isRedirect: Bool { [301, 302, 303, 307, 308].contains(status) }

    /// A status that retrying may mend: a timeout, too many requests, or a server error.
    var isTransientFailure: Bool { status == 408 || status == 429 || (500..<600).contains(status) }

    /// Parses the body as one JSON value, in place.
    ///
    /// - Throws: ``TransientFault`` when the body is cut short, ``CouchError/malformedResponse`` when it
    ///   is not JSON.
    func json<Value>(
        _ request: CouchRequest, of database: CouchDatabaseURL, _ read: (inout JSONParser) throws -> Value
    ) throws -> Value {
        try body.withUnsafeReadableBytes { bytes in
            var parser = JSONParser(bytes: bytes)
            do {
                return try read(&parser)
            } catch let error as JSONParseError {
                if error.isTruncation { throw TransientFault("the response to \(request.summary) was cut short") }
                throw CouchError.malformedResponse(
                    database: database.description, request: request.summary, reason: "\(error)")
            }
        }
    }

    /// The server's explanation of an error status: `error: reason` from its `{"error","reason"}`
    /// body, else the status's name; control characters and the URL's password never appear in it.
    func reason(scrubbing database: CouchDatabaseURL) -> String {
        var text = HTTPResponseStatus(statusCode: status).reasonPhrase
        let parsed = body.withUnsafeReadableBytes { bytes in try? JSONParser.parse(bytes) }
        if let object = parsed?.objectValue, let error = object["error"]?.stringValue {
            text = object["reason"]?.stringValue.map { "\(error): \($0)" } ?? error
        }
        return ServerText.scrubbed(text, hiding: database.credentials)
    }

    /// The error this status means for `request`: 401 and 403 deny access, 404 means the database
    /// is not there, any other is a failed request.
    func error(for request: CouchRequest, of database: CouchDatabaseURL) -> CouchError {
        let reason = reason(scrubbing: database)
        switch status {
        case 401, 403: return .accessDenied(database: database.description, status: status, reason: reason)
        case 404 where request.path.isEmpty || request.path == "/_changes":
            return .databaseNotFound(database: database.description, reason: reason)
        default:
            return .requestFailed(
                database: database.description, request: request.summary, status: status, reason: reason)
        }
    }
}

/// Text that came from the server, made safe to print.
enum ServerText {
    /// `text` cut at 300 characters, its control characters shown as `?`, and the password and
    /// `Authorization` value of `credentials` (should a server echo them) replaced by `***`.
    static func scrubbed(_ text: String, hiding credentials: Credentials?) -> String {
        var text = String(
            text.unicodeScalars.prefix(300).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        if let credentials {
            for secret in [credentials.basicAuthorization, credentials.password] where !secret.isEmpty {
                text = text.replacingOccurrences(of: secret, with: "***")
            }
        }
        return text
    }
}

/// A fault that retrying may mend, described for people.
struct TransientFault: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    /// The fault an error of the HTTP client stands for.
    init(describing error: any Error, readTimeout: Duration) {
        if let error = error as? HTTPClientError {
            switch error {
            case .readTimeout: self.init("the server sent nothing for \(CouchRetry.text(readTimeout))")
            case .remoteConnectionClosed: self.init("the server closed the connection before the response was complete")
            case .connectTimeout: self.init("connecting timed out")
            default: self.init("\(error)")
            }
            return
        }
        let ioError =
            (error as? IOError)
            ?? (error as? NIOConnectionError)?.connectionErrors.lazy.compactMap {
                $0.error as? IOError
            }.first
        switch ioError?.errnoCode {
        case ECONNREFUSED: self.init("connection refused")
        case ECONNRESET: self.init("the connection was reset")
        case EPIPE: self.init("the connection was closed")
        default: self.init("\(error)")
        }
    }
}

extension Duration {
    /// The same duration for NIO.
    var timeAmount: TimeAmount { .milliseconds(milliseconds) }
}
