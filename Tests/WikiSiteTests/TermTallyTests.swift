import SplitMix64
import Testing

@testable import WikiPages
@testable import WikiSite

/// A tally of terms counts as a dictionary keyed by the terms would, through its table's
/// growth, and gives its terms in the byte order of their UTF-8.
@Suite struct TermTallyTests {
    @Test func countsAsADictionaryAndSortsByBytes() {
        var random = SplitMix64(seed: 11)
        let pieces = ["a", "b", "é", "日", "ab", "\u{0}", "zz"]
        var tally = TermTally<Int>(expectedTerms: 2)
        var expected: [[UInt8]: Int] = [:]
        for _ in 0..<5000 {
            let term = Array(
                (0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                    .joined().utf8)
            let number = term.withUnsafeBufferPointer { tally.update($0, initial: 0) { $0 += 1 } }
            #expect(tally.term(number) == String(decoding: term, as: UTF8.self))
            expected[term, default: 0] += 1
        }
        #expect(tally.count == expected.count)
        let order = tally.numbersInByteOrder()
        let terms = order.map { number in
            var bytes: [UInt8] = []
            tally.appendTerm(number, to: &bytes)
            #expect(tally.termLength(number) == bytes.count)
            return bytes
        }
        #expect(terms == expected.keys.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(order.map { tally.values[$0] } == terms.map { expected[$0]! })
    }
}
