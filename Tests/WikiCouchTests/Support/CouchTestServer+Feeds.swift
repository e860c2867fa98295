import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization
import WikiDocuments

/// The feeds that wait: `longpoll` and `continuous` responses, kept open and advanced as the
/// database changes.
extension CouchTestServer {
    /// Starts a `longpoll` or `continuous` response, on `channel`'s event loop (where every step
    /// of a feed runs, in order).
    func open(_ kind: Feed.Kind, since: Int, _ query: [String: String], on channel: any Channel) {
        channel.writeAndFlush(
            HTTPServerResponsePart.head(
                HTTPResponseHead(version: .http1_1, status: .ok, headers: ["Content-Type": "application/json"])),
            promise: nil)
        let id = state.withLock { state in
            defer { state.nextFeed += 1 }
            state.feeds[state.nextFeed] = Feed(
                kind: kind, channel: channel, since: since, remaining: Self.limit(query), parameters: query)
            return state.nextFeed
        }
        channel.closeFuture.whenComplete { [self] _ in
            state.withLock { $0.feeds.removeValue(forKey: id) }?.cancelTimers()
        }
        if let interval = Self.heartbeat(query) {
            let heartbeat = channel.eventLoop.scheduleRepeatedTask(
                initialDelay: .milliseconds(interval), delay: .milliseconds(interval)
            ) { [self] task in
                let isOpen = state.withLock { state in
                    guard state.feeds[id] != nil else { return false }
                    state.heartbeats += 1
                    return true
                }
                guard isOpen else { return task.cancel() }
                channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: "\n"))), promise: nil)
            }
            state.withLock { $0.feeds[id]?.heartbeat = heartbeat }
        } else {
            restartTimeout(of: id, on: channel)
        }
        advance(id)
    }

    /// Sends what feed `id` has to send now: a longpoll its answer once there are changes (or its
    /// time is up), a continuous feed the changes it has not sent yet, and its last line once it
    /// sent `limit` changes (or its time is up). On the feed's event loop.
    func advance(_ id: Int, timedOut: Bool = false) {
        let step = state.withLock { state -> (feed: Feed, bytes: [UInt8], ends: Bool)? in
            guard var feed = state.feeds[id] else { return nil }
            let database = state.database
            switch feed.kind {
            case .longpoll:
                guard timedOut || !database.changes(after: feed.since).isEmpty else { return nil }
                state.feeds[id] = nil
                return (feed, JSONWriter.bytes(Self.changesBody(database, since: feed.since, feed.parameters)), true)
            case .continuous:
                let rows = database.changes(after: feed.since).prefix(feed.remaining)
                var bytes: [UInt8] = []
                for row in rows {
                    bytes += JSONWriter.bytes(Self.changeRow(row.id, row.entry, in: database, feed.parameters))
                    bytes.append(UInt8(ascii: "\n"))
                }
                feed.since = rows.last?.entry.sequence ?? feed.since
                feed.remaining -= rows.count
                let ends = feed.remaining == 0 || timedOut
                if ends {
                    state.feeds[id] = nil
                    bytes += JSONWriter.bytes(Self.lastSequenceLine(database, feed.since))
                    bytes.append(UInt8(ascii: "\n"))
                } else {
                    state.feeds[id] = feed
                }
                return bytes.isEmpty ? nil : (feed, bytes, ends)
            }
        }
        guard let step else { return }
        let channel = step.feed.channel
        channel.write(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: step.bytes))), promise: nil)
        if step.ends {
            step.feed.cancelTimers()
            channel.writeAndFlush(HTTPServerResponsePart.end(nil), promise: nil)
        } else {
            channel.flush()
            // Without a heartbeat, the timeout counts from the last change sent.
            if Self.heartbeat(step.feed.parameters) == nil { restartTimeout(of: id, on: channel) }
        }
    }

    /// Ends feed `id` after its `timeout` (at most 60 s) from now, unless it sends a change first.
    func restartTimeout(of id: Int, on channel: any Channel) {
        let parameters = state.withLock { $0.feeds[id]?.parameters }
        guard let parameters else { return }
        let milliseconds = min(parameters["timeout"].flatMap(Int64.init) ?? 60_000, 60_000)
        let timeout = channel.eventLoop.scheduleTask(in: .milliseconds(milliseconds)) { [self] in
            advance(id, timedOut: true)
        }
        let previous = state.withLock { state -> Scheduled<Void>? in
            defer { state.feeds[id]?.timeout = timeout }
            return state.feeds[id]?.timeout
        }
        previous?.cancel()
    }

    /// The `heartbeat` period in milliseconds (`true`: the default, 60 s; at most 60 s), if any.
    static func heartbeat(_ query: [String: String]) -> Int64? {
        guard let text = query["heartbeat"] else { return nil }
        guard let interval = text == "true" ? 60_000 : Int64(text), interval > 0 else { return nil }
        return min(interval, 60_000)
    }
}
