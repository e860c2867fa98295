/// An Obsidian tag: `#tag` in a page's text or `tags:` in its front matter.
///
/// A tag is letters, digits, `_`, `-` and `/`, with at least one character that is not a digit
/// (`#1984` is no tag). A `/` nests a tag under its parent (`#project/wiki` is under `#project`);
/// no part between slashes is empty. Tags are the same tag whatever their case: `key` is what
/// they are told apart by, `text` how this one was written.
public struct WikiTag: Sendable, Hashable, CustomStringConvertible {
    /// The tag as written, without the `#`.
    public let text: String
    /// The tag's identity: `text` lowercased, so `#Wiki` and `#wiki` are one tag.
    public let key: String

    /// The tag `written`, with or without a leading `#`; nil when it is not a tag.
    public init?(_ written: String) {
        var scalars = Substring(written).unicodeScalars
        if scalars.first == "#" { scalars.removeFirst() }
        guard Self.isTag(scalars) else { return nil }
        text = String(scalars)
        key = text.lowercased()
    }

    /// `#` and the tag as written.
    public var description: String { "#" + text }

    /// Whether `scalar` may be part of a tag: a letter, a digit, `_`, `-` or `/`.
    public static func isTagScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "_", "-", "/": return true
        default:
            let properties = scalar.properties
            return properties.isAlphabetic || properties.numericType != nil
        }
    }

    /// Whether `scalars` spell a tag: tag characters only, a non-digit among them, and no part
    /// between slashes empty.
    static func isTag(_ scalars: Substring.UnicodeScalarView) -> Bool {
        guard let first = scalars.first, let last = scalars.last, first != "/", last != "/" else { return false }
        var previous: Unicode.Scalar = first
        var hasNonDigit = false
        for scalar in scalars {
            guard isTagScalar(scalar), !(scalar == "/" && previous == "/") else { return false }
            if !("0"..."9").contains(scalar) { hasNonDigit = true }
            previous = scalar
        }
        return hasNonDigit
    }

    /// How many tags one tag is nested under at most: a page's tags make at most this many
    /// more entries in the tags index, however many slashes a tag has.
    public static let maximumNesting = 8

    /// The tags this one is nested under, outermost first: `a/b/c` gives `a`, `a/b`. Only
    /// the first `maximumNesting` slashes nest; a part of digits alone is no tag (`2024` in
    /// `2024/q1`), so it gives none.
    public var ancestors: [WikiTag] {
        var result: [WikiTag] = []
        var prefix = ""
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        for part in parts.dropLast().prefix(Self.maximumNesting) {
            prefix += (prefix.isEmpty ? "" : "/") + part
            if let tag = WikiTag(prefix) { result.append(tag) }
        }
        return result
    }
}
