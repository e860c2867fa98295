import Testing
import WikiDocuments

/// Exact strings compare as their UTF-8 bytes do, whatever the strings' sizes (small strings are
/// stored inline, larger ones in a buffer) and whatever Unicode normalisation would say.
@Suite struct ExactStringTests {
    /// Strings built from pieces that share prefixes, differ in normalisation, hold NUL and
    /// multi-byte characters, and cross the 15-byte size of an inline string.
    static let strings: [String] = {
        let pieces = ["", "a", "b", "\u{0}", "é", "e\u{301}", "ß", "日", "😀", "abcdefghijklmnop"]
        var strings: [String] = []
        for first in pieces {
            for second in pieces { strings.append(first + second) }
        }
        return strings
    }()

    @Test func comparisonsAreThoseOfTheBytes() {
        for left in Self.strings {
            for right in Self.strings {
                let bytes = (Array(left.utf8), Array(right.utf8))
                let equal = bytes.0 == bytes.1
                let precedes = bytes.0.lexicographicallyPrecedes(bytes.1)
                #expect(left.isExactly(right) == equal, "\(left.debugDescription) \(right.debugDescription)")
                #expect((ExactString(left) == ExactString(right)) == equal)
                #expect((ExactString(left) < ExactString(right)) == precedes)
                #expect(left.precedesInByteOrder(right) == precedes)
                if equal { #expect(ExactString(left).hashValue == ExactString(right).hashValue) }
            }
        }
    }
}
