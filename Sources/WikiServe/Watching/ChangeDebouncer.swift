import Synchronization

/// Gathers changes into bursts: a burst ends when `quiet` passes without a change, so a save that
/// touches several files, or a `git checkout` of hundreds, is one rebuild.
public final class ChangeDebouncer: Sendable {
    /// How long without a change ends a burst.
    public let quiet: Duration
    private let pending = Mutex(Pending())
    private let signals: AsyncStream<Void>
    private let signal: AsyncStream<Void>.Continuation

    private struct Pending {
        var changes: [String] = []
        var last = ContinuousClock.now
    }

    /// A debouncer that ends a burst after `quiet` without a change.
    public init(quiet: Duration = .milliseconds(50)) {
        self.quiet = quiet
        (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Records a change (`what` says what changed, for the log); callable from any thread.
    public func note(_ what: String) {
        pending.withLock { pending in
            pending.changes.append(what)
            pending.last = .now
        }
        signal.yield()
    }

    /// Stops `forEachBurst` once the burst under way, if any, is handled.
    public func finish() { signal.finish() }

    /// Calls `handle` with the changes of each burst, one burst at a time, until `finish()` or
    /// the task is cancelled. Changes noted while `handle` runs make the next burst.
    public func forEachBurst(_ handle: ([String]) async -> Void) async {
        for await _ in signals {
            while true {
                let remaining = pending.withLock { $0.last + quiet } - ContinuousClock.now
                guard remaining > .zero else { break }
                do { try await Task.sleep(for: remaining) } catch { return }
            }
            let changes = pending.withLock { pending in
                defer { pending.changes.removeAll() }
                return pending.changes
            }
            if !changes.isEmpty { await handle(changes) }
        }
    }
}
