/// The `src` of an `<img>` written in raw HTML, kept only when it loads an image over HTTP(S):
/// an `http:` or `https:` URL, or a relative one.
///
/// The value is read as a browser's URL parser reads it, so no spelling hides a scheme:
/// character references are already decoded (`HTMLTokenizer`), leading and trailing spaces
/// and control characters are dropped, tabs and line breaks are dropped anywhere, and the
/// scheme is case-insensitive. What is kept is the value so cleaned.
enum ImageSource {
    /// The schemes an image may be loaded with.
    static let schemes: Set<String> = ["http", "https"]

    /// `value` cleaned as the URL parser cleans it, when it has no scheme or one of `schemes`;
    /// nil otherwise, and for an empty value.
    static func allowed(_ value: String) -> String? {
        let trimmed = value.unicodeScalars.drop { $0.value <= 0x20 }.reversed().drop { $0.value <= 0x20 }.reversed()
        let cleaned = String(String.UnicodeScalarView(trimmed.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
        guard !cleaned.isEmpty else { return nil }
        guard let scheme = scheme(of: cleaned) else { return cleaned }
        return schemes.contains(scheme.lowercased()) ? cleaned : nil
    }

    /// The URL parser's scheme state: an ASCII letter, then letters, digits, `+`, `-` or `.`,
    /// up to a `:`; nil when the URL does not start that way (it is then relative).
    private static func scheme(of url: String) -> String? {
        var scheme = ""
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: ":"):
                return scheme.isEmpty ? nil : scheme
            case _ where HTMLTokenizer.isASCIIAlpha(byte),
                UInt8(ascii: "0")...UInt8(ascii: "9") where !scheme.isEmpty,
                UInt8(ascii: "+") where !scheme.isEmpty, UInt8(ascii: "-") where !scheme.isEmpty,
                UInt8(ascii: ".") where !scheme.isEmpty:
                scheme.append(Character(Unicode.Scalar(byte)))
            default:
                return nil
            }
        }
        return nil
    }
}
