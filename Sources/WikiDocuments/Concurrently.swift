import Dispatch
import Synchronization

/// Runs work on every core.
public enum Concurrently {
    /// Calls `body` for every index of `0..<count`, on all cores at once, and rethrows the
    /// first error thrown; once one is thrown, the indices not started yet are skipped.
    public static func forEach(_ count: Int, _ body: @Sendable (Int) throws -> Void) throws {
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

    /// `transform` of every index of `0..<count`, worked out on all cores at once, in the order of
    /// the indices; when some throw, the error of the first of them, so the outcome never depends
    /// on which core finished first.
    @inlinable
    public static func map<Element: Sendable, Failure: Error>(
        _ count: Int, _ transform: @Sendable (Int) throws(Failure) -> Element
    ) throws(Failure) -> [Element] {
        let results = Mutex<[Result<Element, Failure>?]>(Array(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = Result { () throws(Failure) in try transform(index) }
            results.withLock { $0[index] = result }
        }
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for result in results.withLock({ $0 }) { elements.append(try result!.get()) }
        return elements
    }
}
