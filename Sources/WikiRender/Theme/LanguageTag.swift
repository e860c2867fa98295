/// A language as BCP 47 (RFC 5646) writes it: `en`, `zh-Hans`, `fr-CA`, `de-CH-1996`.
///
/// A wiki's language goes into `<html lang>` of its files and picks the theme's words
/// (`ThemeWords`). Only the form is checked, not that the subtags are registered: a tag that is
/// well formed is one a browser reads.
public struct LanguageTag: Sendable, Equatable {
    /// The tag as written.
    public let text: String

    /// The language every wiki has unless it says otherwise.
    public static let english = LanguageTag(checked: "en")

    /// The tag `text`; nil when it is not well formed (`problem(with:)` says why).
    public init?(_ text: String) {
        guard Self.problem(with: text) == nil else { return nil }
        self.text = text
    }

    private init(checked text: String) {
        self.text = text
    }

    /// The tags to look the theme's words up under, most specific first, in lowercase: the tag,
    /// then the tag with its last subtag dropped, down to the primary language (`zh-hans-cn`,
    /// `zh-hans`, `zh`), as RFC 4647's lookup truncates a tag.
    public var lookupChain: [String] {
        var subtags = text.lowercased().split(separator: "-").map(String.init)
        var chain: [String] = []
        while !subtags.isEmpty {
            chain.append(subtags.joined(separator: "-"))
            subtags.removeLast()
            // A single-letter subtag (`x`, an extension's singleton) never ends a lookup tag.
            while subtags.last?.count == 1 { subtags.removeLast() }
        }
        return chain
    }

    /// Why `text` is not a well-formed language tag, or nil when it is.
    public static func problem(with text: String) -> String? {
        guard !text.isEmpty else { return "it is empty" }
        guard text.utf8.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: "-") }) else {
            return "it may hold only ASCII letters, digits and \"-\""
        }
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false).map { $0.lowercased() }
        guard subtags.allSatisfy({ (1...8).contains($0.count) }) else {
            return "each subtag between \"-\" has 1 to 8 letters or digits"
        }
        var reader = SubtagReader(subtags: subtags)
        return reader.problem()
    }

    fileprivate static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    fileprivate static func isLetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }
}

/// Reads the subtags of a tag in RFC 5646's order: language, extended languages, script,
/// region, variants, extensions, private use.
private struct SubtagReader {
    let subtags: [String]
    var position = 0

    mutating func problem() -> String? {
        if subtags[0] == "x" { return privateUse() }
        let language = subtags[0]
        guard (2...8).contains(language.count), Self.letters(language) else {
            return "it must start with a language of 2 to 8 letters, such as \"en\" or \"zh\""
        }
        position = 1
        if language.count <= 3 { skip(upTo: 3) { $0.count == 3 && Self.letters($0) } }
        skip(upTo: 1) { $0.count == 4 && Self.letters($0) }
        skip(upTo: 1) { ($0.count == 2 && Self.letters($0)) || ($0.count == 3 && Self.digits($0)) }
        skip(upTo: Int.max) { Self.isVariant($0) }
        while position < subtags.count, subtags[position].count == 1, subtags[position] != "x" {
            position += 1
            let start = position
            skip(upTo: Int.max) { $0.count >= 2 }
            guard position > start else {
                return "the extension \"\(subtags[start - 1])\" needs a subtag of 2 to 8 characters after it"
            }
        }
        if position < subtags.count, subtags[position] == "x" { return privateUse() }
        guard position == subtags.count else {
            return "the subtag \"\(subtags[position])\" is not a script, region, variant or extension in its place"
        }
        return nil
    }

    /// `x` and at least one subtag after it, which may be anything of 1 to 8 characters.
    private func privateUse() -> String? {
        position + 1 < subtags.count ? nil : "\"x\" needs a private-use subtag after it"
    }

    /// Moves past at most `limit` subtags that satisfy `accepts`.
    private mutating func skip(upTo limit: Int, where accepts: (String) -> Bool) {
        var count = 0
        while count < limit, position < subtags.count, accepts(subtags[position]) {
            position += 1
            count += 1
        }
    }

    private static func isVariant(_ subtag: String) -> Bool {
        (5...8).contains(subtag.count) || (subtag.count == 4 && subtag.utf8.first.map(isDigit) == true)
    }

    private static func letters(_ subtag: String) -> Bool {
        subtag.utf8.allSatisfy(LanguageTag.isLetter)
    }

    private static func digits(_ subtag: String) -> Bool {
        subtag.utf8.allSatisfy(isDigit)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
