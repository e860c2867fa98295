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
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiTerms(of: text) }
        var terms: [String] = []
        var word: [UInt8] = []
        var isASCII = true
        var isLatin = true
        var ideographs: [Unicode.Scalar] = []
        func endWord() {
            if !word.isEmpty {
                let term =
                    isASCII
                    ? String(decoding: word, as: UTF8.self)
                    : isLatin ? latinFolded(word) : folded(String(decoding: word, as: UTF8.self))
                if !term.isEmpty, term.unicodeScalars.count <= longestTerm { terms.append(term) }
            }
            word.removeAll(keepingCapacity: true)
            isASCII = true
            isLatin = true
        }
        func endIdeographs() {
            if ideographs.count == 1 { terms.append(String(Character(ideographs[0]))) }
            for index in ideographs.indices.dropLast() {
                var pair = String.UnicodeScalarView()
                pair.append(ideographs[index])
                pair.append(ideographs[index + 1])
                terms.append(String(pair))
            }
            ideographs = []
        }
        // Words are found in the text as it is, and folded one by one: most are ASCII, whose
        // folding is lowercasing.
        for scalar in text.unicodeScalars {
            if isIdeograph(scalar) {
                endWord()
                ideographs.append(scalar)
            } else if isWordScalar(scalar) {
                endIdeographs()
                if scalar.isASCII {
                    // Lowercased as it comes: every folding lowercases, and an ASCII letter's
                    // case changes no neighbour's (Greek's final sigma sees a letter either way).
                    let byte = UInt8(scalar.value)
                    word.append((0x41...0x5A).contains(byte) ? byte + 32 : byte)
                } else {
                    word.append(contentsOf: UTF8.encode(scalar)!)
                }
                isASCII = isASCII && scalar.isASCII
                isLatin = isLatin && scalar.value < latinEnd
            } else {
                endWord()
                endIdeographs()
            }
        }
        endWord()
        endIdeographs()
        return terms
    }

    /// The terms of `text`, all of whose scalars are ASCII: its runs of letters and digits,
    /// lowercased, as `terms(of:)` makes them, from bytes. Most texts of a wiki are such.
    private static func asciiTerms(of text: String) -> [String] {
        var terms: [String] = []
        var word: [UInt8] = []
        func endWord() {
            if !word.isEmpty, word.count <= longestTerm { terms.append(String(decoding: word, as: UTF8.self)) }
            word.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte + 32)
            default: endWord()
            }
        }
        endWord()
        return terms
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

    /// What `folded` makes of each scalar below `latinEnd`, worked out once.
    private static let latinFolding: [String] = (0..<latinEnd).map { value in
        Unicode.Scalar(value).map { folded(String($0)) } ?? ""
    }

    /// `folded(word)` for a word (its UTF-8) of scalars below `latinEnd` alone, scalar by scalar
    /// from `latinFolding`: a tenth of the words of a Western text are such, and `folded` is dear.
    static func latinFolded(_ word: [UInt8]) -> String {
        var folded = ""
        for scalar in String(decoding: word, as: UTF8.self).unicodeScalars {
            folded += latinFolding[Int(scalar.value)]
        }
        return folded
    }

    /// The key of the prefix of `term` `length` scalars long (the whole term when it is
    /// shorter): the hexadecimal of its UTF-8, a safe part of a file name. The search index
    /// names its term shards by such keys; UTF-8 being a prefix code, a key is a prefix of a
    /// term's key exactly when its prefix is a prefix of the term.
    public static func shardKey(of term: String, length: Int) -> String {
        var key = ""
        for scalar in term.unicodeScalars.prefix(length) {
            for byte in String(scalar).utf8 {
                key += String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
            }
        }
        return key
    }

    /// Whether `scalar` belongs to a word: a letter, a mark or a digit.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
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
