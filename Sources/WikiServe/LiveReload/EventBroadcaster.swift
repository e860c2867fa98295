import Synchronization

/// Sends each build's event to every open event stream without waiting for any of them.
///
/// Each stream has a buffer of `bufferLimit` events. A client that does not read fills it; the
/// next event ends its stream (and `onDrop` closes its connection), so a slow or stuck client
/// never holds up a build nor makes memory grow.
public final class EventBroadcaster: Sendable {
    /// How many events a stream holds for a client that has not read them.
    public let bufferLimit: Int
    private let streams = Mutex<[Int: Client]>([:])
    private let nextID = Atomic<Int>(0)

    private struct Client {
        let continuation: AsyncStream<String>.Continuation
        let onDrop: @Sendable () -> Void
    }

    /// A broadcaster whose streams buffer up to `bufferLimit` events each.
    public init(bufferLimit: Int = 32) {
        self.bufferLimit = bufferLimit
    }

    /// How many streams are open.
    public var streamCount: Int { streams.withLock { $0.count } }

    /// One client's stream of events, in the `text/event-stream` format.
    public struct Subscription: Sendable {
        /// The events, until the client is dropped, `end()` is called or the server stops.
        public let events: AsyncStream<String>
        fileprivate let continuation: AsyncStream<String>.Continuation

        /// Ends the stream (its client went away).
        public func end() { continuation.finish() }
    }

    /// A new stream of events; `onDrop` runs if the stream is ended because its client stopped reading.
    public func subscribe(onDrop: @escaping @Sendable () -> Void = {}) -> Subscription {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingOldest(bufferLimit))
        let id = nextID.add(1, ordering: .relaxed).newValue
        continuation.onTermination = { [weak self] _ in
            _ = self?.streams.withLock { $0.removeValue(forKey: id) }
        }
        streams.withLock { $0[id] = Client(continuation: continuation, onDrop: onDrop) }
        return Subscription(events: stream, continuation: continuation)
    }

    /// Sends `event` to every stream; ends the streams whose buffer is full.
    public func send(_ event: BuildEvent) {
        let text = event.serverSentEvent
        let clients = streams.withLock { Array($0) }
        for (id, client) in clients {
            if case .dropped = client.continuation.yield(text) {
                streams.withLock { _ = $0.removeValue(forKey: id) }
                client.continuation.finish()
                client.onDrop()
            }
        }
    }

    /// Ends every stream (the server is stopping).
    public func finishAll() {
        let clients = streams.withLock { streams in
            defer { streams.removeAll() }
            return Array(streams.values)
        }
        for client in clients { client.continuation.finish() }
    }
}
