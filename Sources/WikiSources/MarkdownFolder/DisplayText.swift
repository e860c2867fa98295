/// Text from a folder (file names, titles from front matter) made safe to show in a message on a
/// terminal or in a log: a file name can hold anything a byte can, escape sequences included.
enum DisplayText {
    /// `bytes` as text: invalid UTF-8 shown as U+FFFD, control characters (C0, DEL, C1) and the
    /// invisible controls that reorder or hide text written `\u{1B}`.
    static func of(_ bytes: some Collection<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        // Most names are printable ASCII, which needs no escape.
        return bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? text : escaped(text)
    }

    /// `text` in double quotes, escaped as ``of(_:)`` does, with quotes and backslashes escaped.
    static func quoted(_ text: String) -> String {
        "\"" + escaped(text, escapingQuotes: true) + "\""
    }

    private static func escaped(_ text: String, escapingQuotes: Bool = false) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
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

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF: true
        default: false
        }
    }
}
