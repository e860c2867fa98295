import Foundation
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
struct AlphabeticalKey: Comparable, Sendable {
    /// The letter the title is filed under, `#` for none.
    let letter: String
    /// The title without case and accents, as UTF-8.
    private let folded: [UInt8]
    /// The title itself, the last tie-breaker.
    private let title: PageTitle

    /// The group of titles that do not start with a letter.
    static let otherLetter = "#"

    init(_ title: PageTitle) {
        self.title = title
        letter = Self.letter(of: title.text)
        folded = Array(title.text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).utf8)
    }

    static func < (lhs: AlphabeticalKey, rhs: AlphabeticalKey) -> Bool {
        if !lhs.letter.isExactly(rhs.letter) {
            if lhs.letter.isExactly(otherLetter) { return true }
            if rhs.letter.isExactly(otherLetter) { return false }
            return lhs.letter.precedesInByteOrder(rhs.letter)
        }
        if lhs.folded != rhs.folded { return lhs.folded.lexicographicallyPrecedes(rhs.folded) }
        return lhs.title < rhs.title
    }

    static func == (lhs: AlphabeticalKey, rhs: AlphabeticalKey) -> Bool {
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
enum AlphabeticalOrder {
    /// The positions of `titles`, in alphabetical order of the titles, each with its letter.
    static func sorted(_ titles: [PageTitle]) -> [(position: Int, letter: String)] {
        let keys = titles.map(AlphabeticalKey.init)
        return keys.indices.sorted { keys[$0] < keys[$1] }.map { ($0, keys[$0].letter) }
    }

    /// `titles` in alphabetical order.
    static func sorted(titles: [PageTitle]) -> [PageTitle] {
        sorted(titles).map { titles[$0.position] }
    }
}
