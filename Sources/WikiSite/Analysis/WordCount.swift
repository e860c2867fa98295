/// How the statistics count words: in the page's Markdown source, a word is a run of letters,
/// digits and combining marks, with an apostrophe (`'` or `’`) allowed between two of them
/// (`don't` is one word). Markup characters (`#`, `*`, `[[`, `|`, `-`…) and other punctuation
/// are not words; the words of code, link targets and URLs are. One pass over the UTF-8 bytes,
/// ASCII read byte by byte, so that a page of 50 MB is counted quickly in a debug build too.
enum WordCount {
    /// The number of words of `text`.
    static func words(in text: String) -> Int {
        var text = text
        return text.withUTF8(words)
    }

    /// The number of words of the text whose UTF-8 bytes (valid UTF-8) are `utf8`.
    static func words(in utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let bytes = utf8.baseAddress else { return 0 }
        let end = utf8.count
        var count = 0
        var inWord = false
        var pendingApostrophe = false
        var index = 0
        while index < end {
            let lead = bytes[index]
            let isWord: Bool
            let isApostrophe: Bool
            if lead < 0x80 {
                index += 1
                // 0-9, A-Z, a-z (`| 0x20` lowers a letter); `'`. Arithmetic, not `switch` on
                // ranges, `UInt8(ascii:)` or a function, which are calls in a debug build.
                isWord = lead &- 0x30 < 10 || (lead | 0x20) &- 0x61 < 26
                isApostrophe = lead == 0x27
                // The rest of a run of ASCII word bytes changes nothing but where the next byte is.
                while isWord, index < end, bytes[index] &- 0x30 < 10 || (bytes[index] | 0x20) &- 0x61 < 26 {
                    index += 1
                }
            } else {
                // Valid UTF-8 (a Swift string is): the lead byte says how many bytes follow.
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for offset in 1..<length where index + offset < end {
                    value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
                }
                index += length
                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                isWord = isWordScalar(scalar)
                isApostrophe = scalar == "\u{2019}"
            }
            if isWord {
                if !inWord { count += 1 }
                inWord = true
                pendingApostrophe = false
            } else if inWord, !pendingApostrophe, isApostrophe {
                pendingApostrophe = true
            } else {
                inWord = false
                pendingApostrophe = false
            }
        }
        return count
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
