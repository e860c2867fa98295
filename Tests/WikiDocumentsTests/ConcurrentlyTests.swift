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

    @Test func forEachVisitsEveryIndexOnceAndRethrows() {
        let visits = Mutex([Int](repeating: 0, count: 1_000))
        try? Concurrently.forEach(1_000) { index in visits.withLock { $0[index] += 1 } }
        #expect(visits.withLock { $0 } == [Int](repeating: 1, count: 1_000))
        #expect(throws: Failure(index: 3)) {
            try Concurrently.forEach(1) { _ in throw Failure(index: 3) }
        }
    }
}
