import Dispatch
import Synchronization

/// Runs work on every core.
enum Concurrently {
    /// Calls `body` for every index of `0..<count`, on all cores at once, and rethrows the
    /// first error thrown; once one is thrown, the indices not started yet are skipped.
    static func forEach(_ count: Int, _ body: @Sendable (Int) throws -> Void) throws {
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            if failure.withLock({ $0 != nil }) { return }
            do {
                try body(index)
            } catch {
                failure.withLock { if $0 == nil { $0 = error } }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
