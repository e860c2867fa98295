import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization
import WikiDocuments

/// Writing responses: whole, in halves, or as a reset connection.
extension CouchTestServer {
    /// An error body as CouchDB writes it: `{"error","reason"}`, with `status`.
    static func error(_ status: HTTPResponseStatus, _ error: String, _ reason: String) -> (
        HTTPResponseStatus, JSONValue
    ) {
        (status, .object(JSONObject([("error", .string(error)), ("reason", .string(reason))])))
    }

    /// Sends the error `error` (`reason`) with `status`.
    func send(_ status: Int, error: String, reason: String, on channel: any Channel) {
        let (status, body) = Self.error(HTTPResponseStatus(statusCode: status), error, reason)
        send(status, body, on: channel)
    }

    /// Sends `body` as JSON with `status`, whole.
    func send(_ status: HTTPResponseStatus, _ body: JSONValue, on channel: any Channel) {
        let bytes = JSONWriter.bytes(body)
        let headers = HTTPHeaders([("Content-Type", "application/json"), ("Content-Length", String(bytes.count))])
        channel.write(
            HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)),
            promise: nil)
        channel.write(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: bytes))), promise: nil)
        channel.writeAndFlush(HTTPServerResponsePart.end(nil), promise: nil)
    }

    /// The head (announcing the whole length) and the first half of the body.
    func sendHalf(_ status: HTTPResponseStatus, _ body: JSONValue, on channel: any Channel) -> EventLoopFuture<
        Void
    > {
        let bytes = JSONWriter.bytes(body)
        let headers = HTTPHeaders([("Content-Type", "application/json"), ("Content-Length", String(bytes.count))])
        channel.write(
            HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)),
            promise: nil)
        return channel.writeAndFlush(
            HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: bytes.prefix(bytes.count / 2)))))
    }

    /// Closes `channel` with a TCP reset.
    static func reset(_ channel: any Channel) {
        guard let socket = channel as? any SocketOptionProvider else {
            channel.close(promise: nil)
            return
        }
        socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
    }

    /// The path (decoded segments joined by `/`), its segments, and the decoded query.
    static func split(_ uri: String) -> (String, [String], [String: String]) {
        let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let segments = parts[0].split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        var query: [String: String] = [:]
        if parts.count > 1 {
            for pair in parts[1].split(separator: "&") {
                let nameAndValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(nameAndValue[0]).removingPercentEncoding ?? ""
                query[name] = nameAndValue.count > 1 ? String(nameAndValue[1]).removingPercentEncoding ?? "" : ""
            }
        }
        return ("/" + segments.joined(separator: "/"), segments, query)
    }
}
