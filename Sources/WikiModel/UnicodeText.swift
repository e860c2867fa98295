import Foundation

/// The Unicode facts file names depend on: normalization and case.
enum UnicodeText {
    /// `text` in Normalization Form C. Text made only of scalars below U+0300 (all of ASCII
    /// and Latin-1, most Latin) is NFC already and is returned as it is.
    static func nfc(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.value < 0x300 }) { return text }
        return text.precomposedStringWithCanonicalMapping
    }

    /// Whether every way file systems and browsers compare names without case leaves the
    /// scalar alone: it is unchanged by case folding and by lowercasing, and uppercasing then
    /// lowercasing it gives it back. `a`, `é`, `ж`, `中` are stable; `A`, `ß` (folds to `ss`),
    /// `ς` (folds to `σ`), `ı` (uppercases to `I`, which lowercases to `i`) and `ﬁ` are not.
    static func isCaseStable(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.changesWhenCaseFolded || properties.changesWhenLowercased { return false }
        if !properties.changesWhenUppercased { return true }
        return properties.uppercaseMapping.lowercased().unicodeScalars.elementsEqual(CollectionOfOne(scalar))
    }
}
