import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A browser-like client of a running preview, over AsyncHTTPClient.
struct PreviewClient {
    /// The preview's base URL, `http://127.0.0.1:PORT/`.
    let baseURL: String

    /// A response's status, headers and body.
    struct Page {
        let status: UInt
        let headers: [String: String]
        let body: String
    }

    /// `method` of `path` (no leading `/`).
    func fetch(_ path: String, method: HTTPMethod = .GET) async throws -> Page {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        let body = try await response.body.collect(upTo: 64 << 20)
        var headers: [String: String] = [:]
        for header in response.headers { headers[header.name.lowercased()] = header.value }
        return Page(status: response.status.code, headers: headers, body: String(buffer: body))
    }

    /// Opens the event stream, through `httpClient`.
    func events(using httpClient: HTTPClient = .shared) async throws -> EventStream {
        let response = try await httpClient.execute(
            HTTPClientRequest(url: baseURL + "_wikisite/events"), timeout: .seconds(120))
        return EventStream(headers: response.headers, body: response.body.makeAsyncIterator())
    }
}

/// An open `/_wikisite/events` stream, read as it comes.
final class EventStream {
    let headers: HTTPHeaders
    private var body: HTTPClientResponse.Body.AsyncIterator
    private(set) var received = ""

    init(headers: HTTPHeaders, body: HTTPClientResponse.Body.AsyncIterator) {
        self.headers = headers
        self.body = body
    }

    /// The stream ended before the event waited for came.
    struct Ended: Error, CustomStringConvertible {
        let received: String
        var description: String { "the event stream ended; it had sent: \(received)" }
    }

    /// Reads until the text received holds an event whose text satisfies `matches`; that event.
    func next(where matches: (String) -> Bool) async throws -> String {
        while true {
            let events = received.components(separatedBy: "\n\n")
            if let index = events.dropLast().firstIndex(where: matches) {
                received = events[(index + 1)...].joined(separator: "\n\n")
                return events[index]
            }
            guard let chunk = try await body.next() else { throw Ended(received: received) }
            received += String(buffer: chunk)
        }
    }
}
