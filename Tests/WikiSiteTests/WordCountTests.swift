import SplitMix64
import Testing

@testable import WikiPages
@testable import WikiSite

/// `WordCount` on random texts, against a reading of the text scalar by scalar.
@Suite("Word count")
struct WordCountTests {
    /// What random texts are made of: ASCII words, digits, apostrophes, punctuation and space,
    /// and letters, marks, symbols and apostrophes of two to four bytes.
    static let pieces: [String] = [
        "a", "Z", "word", "9", "42", "'", "’", " ", "\n", "\t", "#", "*", "[[", "]]", "|", "-", "_", "`", ".",
        "é", "ß", "×", "÷", "Ω", "ж", "日本", "\u{0301}", "\u{20DD}", "٣", "Ⅻ", "🙂", "𝟙", "—", "\u{00A0}",
    ]

    /// The count as the definition reads: a word is a run of word scalars, with one apostrophe
    /// allowed between two of them.
    static func reference(_ text: String) -> Int {
        var count = 0
        var inWord = false
        var pendingApostrophe = false
        for scalar in text.unicodeScalars {
            if WordCount.isWordScalar(scalar) {
                if !inWord { count += 1 }
                inWord = true
                pendingApostrophe = false
            } else if inWord, !pendingApostrophe, scalar == "'" || scalar == "\u{2019}" {
                pendingApostrophe = true
            } else {
                inWord = false
                pendingApostrophe = false
            }
        }
        return count
    }

    @Test func randomTextsAreCountedAsScalarByScalar() {
        var random = SplitMix64(seed: 28)
        for _ in 0..<2000 {
            let length = Int(random.next() % 40)
            let text = (0..<length).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
            #expect(WordCount.words(in: text) == Self.reference(text), "\(text.debugDescription)")
        }
    }
}
