import Foundation

/// The words of a text as the search index keeps them: Unicode letters and digits, case and
/// accents folded (`Café` is `cafe`), and Chinese and Japanese text, which has no spaces, as
/// pairs of characters (`搜索引擎` is `搜索`, `索引`, `引擎`). The search script splits a query
/// the same way, so a word is found whatever its case or accents.
public enum SearchTerms {
    /// Terms longer than this (in Unicode scalars) are left out: no one types them.
    public static let longestTerm = 40

    /// The terms of `text`, in order, repeats kept.
    public static func terms(of text: String) -> [String] {
        var terms: [String] = []
        forEachTermUTF8(of: text) { terms.append(String(decoding: $0, as: UTF8.self)) }
        return terms
    }

    /// Calls `body` with the UTF-8 of each term of `text`, in order, repeats kept: the terms
    /// without a string each, for the build, which counts the terms of every page. The bytes
    /// are valid only during the call.
    public static func forEachTermUTF8(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(body) { body in
            var splitter = TermSplitter(body: body)
            var text = text
            text.withUTF8 { splitter.add(utf8: $0) }
            splitter.end()
        }
    }

    /// `text` lowercased, its accents and other combining marks taken off.
    public static func folded(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            folded.append(scalar)
        }
        return String(folded)
    }

    /// The scalars below this one, Latin letters and the combining marks, fold one by one:
    /// none changes case or loses a mark with its neighbours (Greek's final sigma comes after).
    static let latinEnd: UInt32 = 0x370

    /// The UTF-8 of what `folded` makes of each scalar below `latinEnd`, one after the other,
    /// worked out once; `latinFoldingEnds[value]` is where the bytes of the scalar `value` end.
    private static let latinFolding: (bytes: [UInt8], ends: [Int]) = {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for value in 0..<latinEnd {
            if let scalar = Unicode.Scalar(value) { bytes += folded(String(scalar)).utf8 }
            ends.append(bytes.count)
        }
        return (bytes, ends)
    }()

    /// Appends `folded(word)` to `folded`, for a word (its UTF-8) of scalars below `latinEnd`
    /// alone, scalar by scalar from `latinFolding`: a tenth of the words of a Western text are
    /// such, and `folded` is dear. Such a scalar is one byte or two. Returns how many scalars it
    /// appended.
    static func appendLatinFolded(_ word: [UInt8], to folded: inout [UInt8]) -> Int {
        let (table, ends) = latinFolding
        var (index, scalars) = (0, 0)
        while index < word.count {
            let byte = word[index]
            let value = byte < 0x80 ? Int(byte) : Int(byte & 0x1F) << 6 | Int(word[index + 1] & 0x3F)
            for folding in table[(value == 0 ? 0 : ends[value - 1])..<ends[value]] {
                folded.append(folding)
                // A byte that is not a continuation byte (10xxxxxx) starts a scalar.
                if folding & 0xC0 != 0x80 { scalars += 1 }
            }
            index += byte < 0x80 ? 1 : 2
        }
        return scalars
    }

    /// The key of the prefix of `term` `length` scalars long (the whole term when it is
    /// shorter): the hexadecimal of its UTF-8, a safe part of a file name. The search index
    /// names its term shards by such keys; UTF-8 being a prefix code, a key is a prefix of a
    /// term's key exactly when its prefix is a prefix of the term.
    public static func shardKey(of term: String, length: Int) -> String {
        var key: [UInt8] = []
        key.reserveCapacity(2 * term.utf8.count)
        var scalars = 0
        for byte in term.utf8 {
            // A byte that is not a continuation byte (10xxxxxx) starts a scalar.
            if byte & 0xC0 != 0x80 {
                if scalars == length { break }
                scalars += 1
            }
            key.append(hexadecimalDigit(byte >> 4))
            key.append(hexadecimalDigit(byte & 0xF))
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// The lowercase hexadecimal digit of `value`, which is below 16.
    private static func hexadecimalDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// Whether `scalar` belongs to a word: a letter, a mark or a digit.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil
            || properties.generalCategory == .spacingMark || properties.generalCategory == .nonspacingMark
    }

    /// Whether `scalar` is Chinese or Japanese (kana, CJK ideographs), text written without
    /// spaces between words.
    public static func isIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: true
        default: false
        }
    }
}
