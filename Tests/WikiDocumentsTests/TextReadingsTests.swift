import Synchronization
import Testing
import WikiDocuments

@Suite struct TextReadingsTests {
    struct Unreadable: Error, Equatable {
        let text: String
    }

    @Test func aTextIsReadOnceAndItsReadingKept() throws {
        let readings = TextReadings<Int, Unreadable>()
        let reads = Atomic<Int>(0)
        func read(_ text: String) throws(Unreadable) -> Int {
            try readings.reading(text) { () throws(Unreadable) in
                reads.add(1, ordering: .relaxed)
                return text.count
            }
        }
        #expect(try read("abc") == 3)
        #expect(try read("abc") == 3)
        #expect(try read("abcd") == 4)
        #expect(reads.load(ordering: .relaxed) == 2)
    }

    @Test func aTextThatDoesNotReadGivesTheSameErrorAgainWithoutReadingIt() {
        let readings = TextReadings<Int, Unreadable>()
        let reads = Atomic<Int>(0)
        for _ in 0..<3 {
            #expect(throws: Unreadable(text: "bad")) {
                try readings.reading("bad") { () throws(Unreadable) in
                    reads.add(1, ordering: .relaxed)
                    throw Unreadable(text: "bad")
                }
            }
        }
        #expect(reads.load(ordering: .relaxed) == 1)
    }
}
