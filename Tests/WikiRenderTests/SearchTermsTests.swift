import SplitMix64
import Testing
import WikiRender

/// The search index's words, split from a text's UTF-8 byte by byte, are those of the rule read
/// scalar by scalar: runs of letters, marks and digits, each folded whole; runs of Chinese and
/// Japanese characters as pairs of neighbours.
@Suite struct SearchTermsTests {
    /// Scalars of every kind the splitter tells apart: ASCII letters of both cases, digits and
    /// punctuation, Latin letters with accents, combining marks, Greek (its final sigma),
    /// German's sharp s, Hangul, CJK ideographs, kana, an emoji, spaces and separators.
    static let alphabet: [Unicode.Scalar] = Array(
        "aZz09 .,-'\t\nÉéçÅøß\u{301}\u{308}ΣσςΟΔ한글日本語中文カタかなİı😀\u{2028}\u{A0}½²".unicodeScalars)

    /// The rule, scalar by scalar, each word folded whole.
    static func expectedTerms(of text: String) -> [String] {
        var terms: [String] = []
        var word = String.UnicodeScalarView()
        var ideographs: [Unicode.Scalar] = []
        func endWord() {
            let term = SearchTerms.folded(String(word))
            if !term.isEmpty, term.unicodeScalars.count <= SearchTerms.longestTerm { terms.append(term) }
            word = String.UnicodeScalarView()
        }
        func endIdeographs() {
            if ideographs.count == 1 { terms.append(String(ideographs[0])) }
            for index in ideographs.indices.dropLast() {
                terms.append(String(ideographs[index]) + String(ideographs[index + 1]))
            }
            ideographs = []
        }
        for scalar in text.unicodeScalars {
            if SearchTerms.isIdeograph(scalar) {
                endWord()
                ideographs.append(scalar)
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || [.spacingMark, .nonspacingMark].contains(scalar.properties.generalCategory)
            {
                endIdeographs()
                word.append(scalar)
            } else {
                endWord()
                endIdeographs()
            }
        }
        endWord()
        endIdeographs()
        return terms
    }

    @Test func randomTextsSplitAsTheRuleSays() {
        var random = SplitMix64(seed: 27)
        for _ in 0..<3000 {
            let length = Int.random(in: 0..<60, using: &random)
            var text = String.UnicodeScalarView()
            for _ in 0..<length { text.append(Self.alphabet.randomElement(using: &random)!) }
            let string = String(text)
            #expect(SearchTerms.terms(of: string) == Self.expectedTerms(of: string), "\(string.debugDescription)")
        }
    }

    @Test func mostlyASCIITextsSplitAsTheRuleSays() {
        // Long runs of ASCII letters, the words the splitter hands over without a copy, beside
        // capitals, marks and other scripts that go on with a word or end it.
        let alphabet =
            Array("abcdefghxyz0189abcdefgh  ..,-\nABZ".unicodeScalars) + Array("é\u{301}日本ß—😀".unicodeScalars)
        var random = SplitMix64(seed: 28)
        for _ in 0..<3000 {
            let length = Int.random(in: 0..<80, using: &random)
            var text = String.UnicodeScalarView()
            for _ in 0..<length { text.append(alphabet.randomElement(using: &random)!) }
            let string = String(text)
            #expect(SearchTerms.terms(of: string) == Self.expectedTerms(of: string), "\(string.debugDescription)")
        }
    }

    @Test func wordsLongerThanTheLongestTermAreLeftOut() {
        let longest = String(repeating: "a", count: SearchTerms.longestTerm)
        #expect(SearchTerms.terms(of: longest + " " + longest + "a") == [longest])
        #expect(SearchTerms.terms(of: String(repeating: "é", count: SearchTerms.longestTerm + 1)) == [])
    }

    @Test func eachTermIsHandedOverInOrder() {
        var terms: [String] = []
        SearchTerms.forEachTermUTF8(of: "Naïve café 東京タワー") { terms.append(String(decoding: $0, as: UTF8.self)) }
        #expect(terms == ["naive", "cafe", "東京", "京タ", "タワ", "ワー"])
    }

    @Test func aShardKeyIsTheHexadecimalOfThePrefixsUTF8() {
        #expect(SearchTerms.shardKey(of: "cafe", length: 2) == "6361")
        #expect(SearchTerms.shardKey(of: "café", length: .max) == "636166c3a9")
        #expect(SearchTerms.shardKey(of: "日本語", length: 2) == "e697a5e69cac")
        #expect(SearchTerms.shardKey(of: "😀a", length: 1) == "f09f9880")
        #expect(SearchTerms.shardKey(of: "ab", length: 0) == "")
    }
}
