import Synchronization

/// Gathers changes into bursts, so that a save that touches several files, or a `git checkout` of
/// hundreds, is one rebuild, while a single save is built at once.
///
/// | the burst so far | it ends after, without a change |
/// | --- | --- |
/// | changes to one thing (a file saved, the store written) | `settle` |
/// | changes to two things or more, or changes made while a build ran | `quiet` |
///
/// An editor's save is a few events on one file within microseconds: `settle` waits them out.
/// A writer at work on many files gets the longer `quiet`.
public final class ChangeDebouncer: Sendable {
    /// How long without a change ends a burst of changes to several things.
    public let quiet: Duration
    /// How long without a change ends a burst of changes to one thing.
    public let settle: Duration
    private let pending = Mutex(Pending())
    private let signals: AsyncStream<Void>
    private let signal: AsyncStream<Void>.Continuation

    private struct Pending {
        var changes: [String] = []
        var last = ContinuousClock.now
        /// Whether the burst under way waits `quiet`, not `settle`.
        var isLong = false

        mutating func note(_ what: String) {
            if let first = changes.first, first != what { isLong = true }
            changes.append(what)
            last = .now
        }

        /// The changes of the burst, which ends.
        mutating func take() -> [String] {
            defer {
                changes.removeAll()
                isLong = false
            }
            return changes
        }
    }

    /// A debouncer that ends a burst after `settle` or `quiet` without a change.
    public init(quiet: Duration = .milliseconds(50), settle: Duration = .milliseconds(5)) {
        self.quiet = quiet
        self.settle = min(settle, quiet)
        (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Records a change (`what` says what changed: a path, a database; for the log and to tell
    /// one thing from several); callable from any thread.
    public func note(_ what: String) {
        pending.withLock { $0.note(what) }
        signal.yield()
    }

    /// Stops `forEachBurst` once the burst under way, if any, is handled.
    public func finish() { signal.finish() }

    /// Calls `handle` with the changes of each burst, one burst at a time, until `finish()` or
    /// the task is cancelled. Changes noted while `handle` runs make the next burst, a long one.
    public func forEachBurst(_ handle: ([String]) async -> Void) async {
        for await _ in signals {
            while true {
                let remaining = pending.withLock { $0.last + ($0.isLong ? quiet : settle) } - ContinuousClock.now
                guard remaining > .zero else { break }
                do { try await Task.sleep(for: remaining) } catch { return }
            }
            let changes = pending.withLock { $0.take() }
            guard !changes.isEmpty else { continue }
            await handle(changes)
            pending.withLock { pending in
                if !pending.changes.isEmpty { pending.isLong = true }
            }
        }
    }
}
