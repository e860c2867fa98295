/// How a CouchDB-compatible database is read: batch size, timeouts, retries, and who hears about
/// retries. The defaults suit a real server; tests make everything short.
public struct CouchOptions: Sendable {
    /// How many changes one `_changes` request asks for (`limit`): the most a reading holds in
    /// memory at once.
    public var batchSize: Int
    /// How long connecting, a silent server and a wait for changes may take.
    public var timeouts: CouchTimeouts
    /// The largest response accepted, in bytes.
    public var maximumResponseSize: Int
    /// When and how often failed requests are tried again.
    public var retry: RetryPolicy
    /// Called (on the reading thread) before each retry, to tell the user why.
    public var onRetry: (@Sendable (CouchRetry) -> Void)?

    /// Options with the given values; the defaults suit a real server.
    public init(
        batchSize: Int = 500, timeouts: CouchTimeouts = CouchTimeouts(), maximumResponseSize: Int = 256 << 20,
        retry: RetryPolicy = RetryPolicy(), onRetry: (@Sendable (CouchRetry) -> Void)? = nil
    ) {
        self.batchSize = batchSize
        self.timeouts = timeouts
        self.maximumResponseSize = maximumResponseSize
        self.retry = retry
        self.onRetry = onRetry
    }
}

/// How long a reading of a CouchDB-compatible database waits: to connect, for a stalled
/// response, and, following the feed, for a change and between heartbeats.
public struct CouchTimeouts: Sendable, Equatable {
    /// How long connecting may take.
    public var connect: Duration
    /// The longest silence tolerated in the middle of a response: a server that sends nothing (not
    /// even a heartbeat) for that long is taken as stalled, and the request is retried.
    public var read: Duration
    /// How often a server following the feed (`feed=longpoll`) is asked to send a heartbeat while
    /// it waits for a change; shorter than ``read``.
    public var heartbeat: Duration
    /// How long one `feed=longpoll` request waits for a change before the server answers with none.
    public var longpoll: Duration

    /// Waits of the given lengths; the defaults suit a real server.
    public init(
        connect: Duration = .seconds(10), read: Duration = .seconds(60), heartbeat: Duration = .seconds(10),
        longpoll: Duration = .seconds(60)
    ) {
        self.connect = connect
        self.read = read
        self.heartbeat = heartbeat
        self.longpoll = longpoll
    }
}

/// Capped exponential backoff: the first retry waits ``initialDelay``, each next one twice as long,
/// never more than ``maximumDelay``; after ``maximumAttempts`` failures in a row the reading gives
/// up. A request that succeeds starts the count again.
public struct RetryPolicy: Sendable, Equatable {
    /// How many failed attempts in a row end the reading; `nil` retries for as long as it takes (a
    /// pull that follows the feed).
    public var maximumAttempts: Int?
    /// The wait before the first retry.
    public var initialDelay: Duration
    /// The longest wait between two attempts.
    public var maximumDelay: Duration

    /// A policy with the given values: by default 8 attempts, waiting 0.5 s, 1 s, 2 s… up to 30 s.
    public init(
        maximumAttempts: Int? = 8, initialDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(30)
    ) {
        self.maximumAttempts = maximumAttempts
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    /// The wait after the `failures`-th failure in a row (1 for the first).
    public func delay(afterFailure failures: Int) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(failures, 1) {
            delay *= 2
            if delay >= maximumDelay { return maximumDelay }
        }
        return min(delay, maximumDelay)
    }

    /// Whether a request that failed `failures` times in a row may be tried again.
    func allowsRetry(afterFailure failures: Int) -> Bool {
        maximumAttempts.map { failures < $0 } ?? true
    }
}

/// A request that failed and is about to be tried again.
public struct CouchRetry: Sendable, CustomStringConvertible {
    /// The database, without credentials.
    public let database: String
    /// What went wrong: "connection refused", "HTTP 503: …", "the server sent nothing for 60 s".
    public let fault: String
    /// How many attempts failed in a row, this one included.
    public let failures: Int
    /// How long the reading waits before trying again.
    public let delay: Duration

    public var description: String {
        "\(database): \(fault); retrying in \(CouchRetry.text(delay)) (attempt \(failures + 1))"
    }

    /// A duration for people: `250 ms`, `2 s`, `1.5 s`.
    static func text(_ duration: Duration) -> String {
        let milliseconds = duration.milliseconds
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(milliseconds / 1000).\(milliseconds % 1000 / 100) s"
    }
}

extension Duration {
    /// The duration in whole milliseconds.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
