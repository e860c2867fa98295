/// JSON text that can stand inside an HTML `<script>` element: besides JSON's own escapes, `<`,
/// `>`, `&` and the line separators U+2028 and U+2029 are written as `\u` escapes, so no string
/// (a page path, a build error) can close the element or start markup.
enum ScriptSafeJSON {
    /// `text` as a JSON string literal, quotes included.
    static func string(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}", "\u{0}"..."\u{1F}", "\u{7F}":
                literal += "\\u" + hex4(scalar.value)
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// `texts` as a JSON array of strings.
    static func array(_ texts: [String]) -> String {
        "[" + texts.map(string).joined(separator: ",") + "]"
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
