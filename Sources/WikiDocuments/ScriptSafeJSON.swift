/// JSON text that can stand inside an HTML `<script>` element: `JSONWriter`'s string literal,
/// with `<`, `>`, `&` and the line separators U+2028 and U+2029 also written as `\u` escapes, so
/// no string (a page path, a build error) can close the element or start markup. Those
/// characters stand only inside strings in JSON, so they are replaced wherever they are. The
/// live preview's messages and the search index's shards are written with it.
public enum ScriptSafeJSON {
    /// `text` as a JSON string literal, quotes included.
    public static func string(_ text: String) -> String {
        var literal: [UInt8] = []
        literal.reserveCapacity(text.utf8.count + 2)
        append(text, to: &literal)
        return String(decoding: literal, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal, quotes included, to `bytes`: the literal is
    /// written in place, and copied out to be escaped only when it holds a byte to escape.
    public static func append(_ text: String, to bytes: inout [UInt8]) {
        let start = bytes.count
        JSONWriter.write(string: text, to: &bytes)
        let needsEscaping = bytes.withUnsafeBufferPointer { written in
            written[start...].contains { byte in
                byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == 0xE2
            }
        }
        guard needsEscaping else { return }
        let json = Array(bytes[start...])
        bytes.removeSubrange(start...)
        json.withUnsafeBufferPointer { json in
            var index = 0
            while index < json.count {
                let byte = json[index]
                switch byte {
                case UInt8(ascii: "<"): bytes += "\\u003c".utf8
                case UInt8(ascii: ">"): bytes += "\\u003e".utf8
                case UInt8(ascii: "&"): bytes += "\\u0026".utf8
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                case 0xE2 where index + 2 < json.count && json[index + 1] == 0x80 && json[index + 2] & 0xFE == 0xA8:
                    bytes += (json[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8
                    index += 2
                default: bytes.append(byte)
                }
                index += 1
            }
        }
    }

    /// `texts` as a JSON array of strings.
    public static func array(_ texts: [String]) -> String {
        "[" + texts.map(string).joined(separator: ",") + "]"
    }
}
