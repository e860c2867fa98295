import Synchronization
import Testing
import WikiDocuments

@Suite struct ConcurrentlyTests {
    struct Failure: Error, Equatable {
        let index: Int
    }

    @Test func mapKeepsTheOrderOfTheIndices() {
        let count = 10_000
        let squares = Concurrently.map(count) { $0 * $0 }
        #expect(squares == (0..<count).map { $0 * $0 })
        #expect(Concurrently.map(0) { $0 }.isEmpty)
    }

    /// Whichever core fails first, the error is that of the smallest failing index, every time.
    @Test func mapThrowsTheErrorOfTheFirstFailingIndex() {
        for _ in 0..<20 {
            #expect(throws: Failure(index: 17)) {
                try Concurrently.map(2_000) { (index) throws(Failure) -> Int in
                    if index == 17 || index % 97 == 96 { throw Failure(index: index) }
                    return index
                }
            }
        }
    }

    /// The runs cover the indices once each, consecutive and in order, at every size: none, fewer
    /// indices than cores, and many runs with a shorter last one.
    @Test func mapRunsCoversEveryIndexOnceInOrder() {
        for count in [0, 1, 2, 63, 64, 65, 1_000, 10_007] {
            let runs = Concurrently.mapRuns(count) { $0 }
            #expect(runs.flatMap { Array($0) } == Array(0..<count), "\(count)")
            #expect(runs.allSatisfy { !$0.isEmpty })
            if count >= 1_000 { #expect(runs.count > 1) }
        }
    }

    @Test func forEachVisitsEveryIndexOnceAndRethrows() {
        let visits = Mutex([Int](repeating: 0, count: 1_000))
        try? Concurrently.forEach(1_000) { index in visits.withLock { $0[index] += 1 } }
        #expect(visits.withLock { $0 } == [Int](repeating: 1, count: 1_000))
        #expect(throws: Failure(index: 3)) {
            try Concurrently.forEach(1) { _ in throw Failure(index: 3) }
        }
    }
}
