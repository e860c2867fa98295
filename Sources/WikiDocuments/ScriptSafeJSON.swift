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
        var literal: [UInt8] = []
        literal.reserveCapacity(json.count)
        json.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "<"): literal += "\\u003c".utf8
                case UInt8(ascii: ">"): literal += "\\u003e".utf8
                case UInt8(ascii: "&"): literal += "\\u0026".utf8
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] & 0xFE == 0xA8:
                    literal += (bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8
                    index += 2
                default: literal.append(byte)
                }
                index += 1
            }
        }
        return String(decoding: literal, as: UTF8.self)
    }

    /// `texts` as a JSON array of strings.
    public static func array(_ texts: [String]) -> String {
        "[" + texts.map(string).joined(separator: ",") + "]"
    }
}
