/// JSON text that can stand inside an HTML `<script>` element: `JSONWriter`'s string literal,
/// with `<`, `>`, `&` and the line separators U+2028 and U+2029 also written as `\u` escapes, so
/// no string (a page path, a build error) can close the element or start markup. Those
/// characters stand only inside strings in JSON, so they are replaced wherever they are. The
/// live preview's messages and the search index's shards are written with it.
public enum ScriptSafeJSON {
    /// `text` as a JSON string literal, quotes included.
    public static func string(_ text: String) -> String {
        var json: [UInt8] = []
        json.reserveCapacity(text.utf8.count + 2)
        JSONWriter.write(string: text, to: &json)
        // Most strings hold none of the characters to escape: their JSON is the literal.
        let holdsSpecial = json.withUnsafeBufferPointer { bytes in
            bytes.contains { byte in
                // 0xE2 leads the UTF-8 of U+2028 and U+2029.
                byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == 0xE2
            }
        }
        guard holdsSpecial else { return String(decoding: json, as: UTF8.self) }
        var literal = ""
        for scalar in String(decoding: json, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "<": literal += "\\u003c"
            case ">": literal += "\\u003e"
            case "&": literal += "\\u0026"
            case "\u{2028}": literal += "\\u2028"
            case "\u{2029}": literal += "\\u2029"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal
    }

    /// `texts` as a JSON array of strings.
    public static func array(_ texts: [String]) -> String {
        "[" + texts.map(string).joined(separator: ",") + "]"
    }
}
