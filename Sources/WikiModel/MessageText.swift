extension String {
    /// Whether the text holds a control character (U+0000–U+001F, U+007F–U+009F).
    var containsControlCharacter: Bool {
        unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value <= 0x9F) }
    }

    /// Whether the text holds U+FFFD, the replacement of invalid text.
    var containsReplacementCharacter: Bool {
        unicodeScalars.contains("\u{FFFD}")
    }
}
