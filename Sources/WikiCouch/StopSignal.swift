import Foundation

/// Tells a reading that follows a feed to stop: the request in flight is cancelled, a wait between
/// retries ends at once, and the reading returns after the last batch it fully applied. Safe to
/// trigger from any thread, a signal handler's queue included.
public final class StopSignal: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var stopped = false
    private var cancelInFlight: (@Sendable () -> Void)?

    /// A signal not yet triggered.
    public init() {}

    /// Asks the reading to stop; it may be called more than once.
    public func stop() {
        condition.lock()
        stopped = true
        let cancel = cancelInFlight
        cancelInFlight = nil
        condition.broadcast()
        condition.unlock()
        cancel?()
    }

    /// Whether ``stop()`` was called.
    public var isStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }

    /// Waits `duration`, or less when the signal is triggered meanwhile; returns whether it was.
    func wait(_ duration: Duration) -> Bool {
        let deadline = Date(timeIntervalSinceNow: Double(duration.milliseconds) / 1000)
        condition.lock()
        defer { condition.unlock() }
        while !stopped && condition.wait(until: deadline) {}
        return stopped
    }

    /// Runs `work` with `cancel` registered as the way to interrupt it; `cancel` is called at once
    /// when the signal was already triggered.
    func whileCancellable<Result>(
        by cancel: @escaping @Sendable () -> Void, _ work: () throws -> Result
    ) rethrows -> Result {
        condition.lock()
        let alreadyStopped = stopped
        if !alreadyStopped { cancelInFlight = cancel }
        condition.unlock()
        if alreadyStopped { cancel() }
        defer {
            condition.lock()
            cancelInFlight = nil
            condition.unlock()
        }
        return try work()
    }
}

/// Thrown inside a reading when its ``StopSignal`` was triggered; the reading turns it into a
/// normal end.
struct StoppedReading: Error {}
