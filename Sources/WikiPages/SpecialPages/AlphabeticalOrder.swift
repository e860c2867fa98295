import Foundation
import WikiDocuments
import WikiModel

/// The alphabetical order of titles, as people expect it in a list of pages, and the letter
/// each title is filed under.
///
/// A title is filed under the base letter of its first character, in upper case: `Über Sync`
/// under `U`, `éclair` under `E`, `straße` under `S`, `жук` under `Ж`, `東京` under `東`. A
/// title that does not start with a letter (a digit, punctuation, a symbol) is filed under `#`.
/// The `#` group comes first, then the letters in byte order of their UTF-8 (so the Latin
/// letters A to Z, then the other scripts). Within a letter, titles are ordered ignoring case
/// and accents (Foundation's case- and diacritic-insensitive folding, which is the same on every
/// machine), and titles that fold alike by byte order: a total order, so the lists are the same
/// on every build.
package struct AlphabeticalKey: Comparable, Sendable {
    /// The letter the title is filed under, `#` for none.
    package let letter: String
    /// The title without case and accents, as UTF-8.
    let folded: [UInt8]
    /// The title itself, the last tie-breaker.
    private let title: PageTitle

    /// The group of titles that do not start with a letter.
    static let otherLetter = "#"

    /// The key that puts `title` in alphabetical order.
    package init(_ title: PageTitle) {
        self.title = title
        let utf8 = title.text.utf8
        if let first = utf8.first, utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII has no accents, and its folding is its lower case: the same as Foundation's,
            // without a round trip through it (`AlphabeticalOrderTests` checks every character).
            letter = Self.isASCIILetter(first) ? String(UnicodeScalar(first & ~0x20)) : Self.otherLetter
            folded = utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        } else {
            letter = Self.letter(of: title.text)
            folded = Array(Self.folding(title.text).utf8)
        }
    }

    /// The key as bytes whose byte order (`memcmp`, SQLite's order of BLOBs) is the key's order:
    /// the letter (`#` first), the folded title, the title. A byte 0 or 1 of the folded title is
    /// escaped (1, then the byte plus 1), so that the 0 ending it sorts before any of its bytes.
    package var orderBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 + folded.count + title.text.utf8.count)
        if letter.isExactly(Self.otherLetter) {
            bytes.append(0)
        } else {
            bytes.append(1)
            bytes += letter.utf8
            bytes.append(0)
        }
        for byte in folded {
            if byte <= 1 { bytes += [1, byte + 1] } else { bytes.append(byte) }
        }
        bytes.append(0)
        bytes += title.text.utf8
        return bytes
    }

    /// `text` without case and accents, by Foundation's folding.
    static func folding(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    package static func < (lhs: AlphabeticalKey, rhs: AlphabeticalKey) -> Bool {
        if !lhs.letter.isExactly(rhs.letter) {
            if lhs.letter.isExactly(otherLetter) { return true }
            if rhs.letter.isExactly(otherLetter) { return false }
            return lhs.letter.precedesInByteOrder(rhs.letter)
        }
        if lhs.folded != rhs.folded { return lhs.folded.lexicographicallyPrecedes(rhs.folded) }
        return lhs.title < rhs.title
    }

    package static func == (lhs: AlphabeticalKey, rhs: AlphabeticalKey) -> Bool {
        lhs.title == rhs.title
    }

    /// The letter `text` is filed under.
    static func letter(of text: String) -> String {
        guard let first = text.first,
            let base = String(first).decomposedStringWithCanonicalMapping.unicodeScalars.first,
            isLetter(base),
            let upper = base.properties.uppercaseMapping.unicodeScalars.first
        else { return otherLetter }
        return String(upper)
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }
}

/// Titles sorted alphabetically (`AlphabeticalKey`).
package enum AlphabeticalOrder {
    /// How many titles it takes for their keys to be made on every core.
    private static let concurrentSortMinimum = 512

    /// The positions of `titles`, in alphabetical order of the titles, each with its letter.
    static func sorted(_ titles: [PageTitle]) -> [(position: Int, letter: String)] {
        // Folding a title is most of the work: the keys of many titles are made on every core;
        // a few (the backlinks of a page) are not worth handing out.
        let keys =
            titles.count < concurrentSortMinimum
            ? titles.map(AlphabeticalKey.init) : Concurrently.map(titles.count) { AlphabeticalKey(titles[$0]) }
        return keys.indices.sorted { keys[$0] < keys[$1] }.map { ($0, keys[$0].letter) }
    }

    /// `titles` in alphabetical order.
    package static func sorted(titles: [PageTitle]) -> [PageTitle] {
        sorted(titles).map { titles[$0.position] }
    }

    /// `titles`, in alphabetical order, with `added` (none of them among `titles`) each put in
    /// its place: a binary search each, so the keys of a few titles are made, not of all.
    package static func inserting(_ added: some Sequence<PageTitle>, into titles: [PageTitle]) -> [PageTitle] {
        var merged = titles
        for title in added {
            let key = AlphabeticalKey(title)
            var (low, high) = (0, merged.count)
            while low < high {
                let middle = (low + high) / 2
                if AlphabeticalKey(merged[middle]) < key { low = middle + 1 } else { high = middle }
            }
            merged.insert(title, at: low)
        }
        return merged
    }
}
