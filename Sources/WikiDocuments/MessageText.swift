/// Text from a document, made safe to put inside a message for a terminal or a log: a
/// document can hold anything, escape sequences that drive a terminal included.
public enum MessageText {
    /// `text` in double quotes, with quotes, backslashes, control characters and bidirectional
    /// controls escaped (`\u{1B}`), cut after `limit` characters with `…` so a 10,000-character
    /// title does not flood the summary.
    public static func quoted(_ text: String, limit: Int = 80) -> String {
        "\"" + escaped(text, limit: limit, escapingQuotes: true) + "\""
    }

    /// `text` with control characters and bidirectional controls escaped (`\u{1B}`), without
    /// quotes: for parts of a message that are not names, such as a revision's hash.
    public static func escaped(_ text: String, limit: Int = 80) -> String {
        escaped(text, limit: limit, escapingQuotes: false)
    }

    private static func escaped(_ text: String, limit: Int, escapingQuotes: Bool) -> String {
        // Most names are short printable ASCII: nothing to escape or cut.
        if text.utf8.count <= limit,
            text.utf8.allSatisfy({ byte in
                byte >= 0x20 && byte < 0x7F
                    && (!escapingQuotes || (byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")))
            })
        {
            return text
        }
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                result += "…"
                break
            }
            count += 1
            switch scalar {
            case "\"" where escapingQuotes: result += "\\\""
            case "\\" where escapingQuotes: result += "\\\\"
            default:
                if needsEscape(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Control characters (C0, DEL, C1) and the invisible controls that reorder or hide text.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF: true
        default: false
        }
    }
}
