/// How the statistics count words: in the page's Markdown source, a word is a run of letters,
/// digits and combining marks, with an apostrophe (`'` or `’`) allowed between two of them
/// (`don't` is one word). Markup characters (`#`, `*`, `[[`, `|`, `-`…) and other punctuation
/// are not words; the words of code, link targets and URLs are. One pass over the UTF-8 bytes,
/// each ASCII byte classed by a table and runs of a class skipped at once, so that a page of
/// 50 MB is counted quickly in a debug build too.
package enum WordCount {
    /// The number of words of `text`.
    static func words(in text: String) -> Int {
        var text = text
        return text.withUTF8(words)
    }

    /// What each byte value is to the count: an ASCII byte of a word (0-9, A-Z, a-z: 0), an
    /// ASCII apostrophe (1), any other ASCII byte (2), or a byte of a longer UTF-8 sequence,
    /// whose scalar decides (3).
    private static let byteClasses: [UInt8] = (0...255).map { (byte: Int) -> UInt8 in
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: 0
        case 0x27: 1
        case 0x80...: 3
        default: 2
        }
    }

    /// The number of words of the text whose UTF-8 bytes (valid UTF-8) are `utf8`.
    static func words(in utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let bytes = utf8.baseAddress else { return 0 }
        return byteClasses.withUnsafeBufferPointer { table in
            // Literals and pointers, not an enum or buffer subscripts, which are calls in a debug build.
            let classes = table.baseAddress!
            let (word, apostrophe, other, longer): (UInt8, UInt8, UInt8, UInt8) = (0, 1, 2, 3)
            let end = utf8.count
            var count = 0
            var inWord = false
            var pendingApostrophe = false
            var index = 0
            while index < end {
                var byteClass = classes[Int(bytes[index])]
                if byteClass == longer {
                    let scalar = scalar(at: &index, in: utf8)
                    byteClass = isWordScalar(scalar) ? word : scalar == "\u{2019}" ? apostrophe : other
                } else {
                    index += 1
                }
                if byteClass == word {
                    if !inWord { count += 1 }
                    inWord = true
                    pendingApostrophe = false
                    // The rest of the run changes nothing but where the next byte is.
                    while index < end, classes[Int(bytes[index])] == word { index += 1 }
                } else if byteClass == apostrophe, inWord, !pendingApostrophe {
                    pendingApostrophe = true
                } else {
                    inWord = false
                    pendingApostrophe = false
                    while index < end, classes[Int(bytes[index])] == other { index += 1 }
                }
            }
            return count
        }
    }

    /// The scalar whose UTF-8 sequence starts at `index` of `utf8` (valid UTF-8: the lead byte
    /// says how many bytes follow), and `index` moved past it.
    private static func scalar(at index: inout Int, in utf8: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
        let lead = utf8[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length where index + offset < utf8.count {
            value = value << 6 | UInt32(utf8[index + offset] & 0x3F)
        }
        index += length
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// Whether `scalar` is part of a word. The letters of Latin-1 and Latin Extended-A
    /// (U+00C0–U+017F but `×` and `÷`), most of the non-ASCII text of European wikis, are
    /// answered without looking their properties up.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value >= 0xC0, value <= 0x17F { return value != 0xD7 && value != 0xF7 }
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
