/// How the statistics count words: in the page's Markdown source, a word is a run of letters,
/// digits and combining marks, with an apostrophe (`'` or `’`) allowed between two of them
/// (`don't` is one word). Markup characters (`#`, `*`, `[[`, `|`, `-`…) and other punctuation
/// are not words; the words of code, link targets and URLs are. One pass over the scalars.
enum WordCount {
    /// The number of words of `text`.
    static func words(in text: String) -> Int {
        var count = 0
        var inWord = false
        var pendingApostrophe = false
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
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

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            switch scalar.value {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
            default: return false
            }
        }
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
