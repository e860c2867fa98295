import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    ///
    /// The indices are handed out in runs (`mapRuns(_:_:)`), each run's results kept together:
    /// one lock a run rather than one an index, which would cost more than a cheap `transform`.
    @inlinable
    public static func map<Element: Sendable, Failure: Error>(
        _ count: Int, _ transform: @Sendable (Int) throws(Failure) -> Element
    ) throws(Failure) -> [Element] {
        let runs = mapRuns(count) { indices in
            var results: [Result<Element, Failure>] = []
            results.reserveCapacity(indices.count)
            for index in indices {
                let result = Result { () throws(Failure) in try transform(index) }
                results.append(result)
                if case .failure = result { break }
            }
            return results
        }
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for run in runs {
            for result in run { elements.append(try result.get()) }
        }
        return elements
    }

    /// `transform` of each run of consecutive indices of `0..<count` (`runLength(ofMap:)` long,
    /// the last one shorter), worked out on all cores at once, in the order of the runs: for work
    /// whose results are cheaper gathered a run at a time than an index at a time.
    @inlinable
    public static func mapRuns<Element: Sendable>(
        _ count: Int, _ transform: @Sendable (Range<Int>) -> Element
    ) -> [Element] {
        let runLength = runLength(ofMap: count)
        let runCount = (count + runLength - 1) / runLength
        let results = Mutex<[Element?]>(Array(repeating: nil, count: runCount))
        DispatchQueue.concurrentPerform(iterations: runCount) { run in
            let result = transform(run * runLength..<min(count, (run + 1) * runLength))
            results.withLock { $0[run] = result }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// How many consecutive indices of a `map` of `count` go to a core at a time: about 32 runs
    /// a core, so that an uneven `transform` still spreads evenly, and runs of one for short maps.
    @usableFromInline
    static func runLength(ofMap count: Int) -> Int {
        max(1, count / (32 * coreCount))
    }

    /// The number of cores the system has online.
    @usableFromInline
    static let coreCount = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}
