/// A theme word cut once at its `{name}` placeholders, so that filling it in joins parts
/// instead of searching the word's `Character`s again at every date and count a build writes.
///
/// A placeholder is a `{`, then the text up to the next `}`: the word is cut as
/// `ThemeStrings` has always read it, `Character` by `Character`, but only when the strings are
/// loaded.
struct PhrasePattern: Sendable {
    /// The text before a placeholder, and the placeholder.
    private struct Segment: Sendable {
        let before: String
        /// What is between the braces.
        let name: String
        /// The placeholder as the word writes it, braces and all: kept when no value fills it.
        let written: String
    }

    private let segments: [Segment]
    /// The text after the last placeholder.
    private let tail: String

    /// `word` cut at its placeholders.
    init(_ word: String) {
        var segments: [Segment] = []
        var rest = word[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            segments.append(
                Segment(
                    before: String(rest[..<open]), name: String(rest[rest.index(after: open)..<close]),
                    written: String(rest[open...close])))
            rest = rest[rest.index(after: close)...]
        }
        self.segments = segments
        tail = String(rest)
    }

    /// The word with each placeholder `value` gives a value for replaced by it, and the text
    /// around the placeholders (and those left as they are) as `text` makes it.
    func filled(value: (String) -> String?, text: (String) -> String) -> String {
        var filled = ""
        for segment in segments {
            if let value = value(segment.name) {
                filled += text(segment.before) + value
            } else {
                filled += text(segment.before + segment.written)
            }
        }
        return filled + text(tail)
    }
}
