/// Text made safe inside a double-quoted HTML attribute value.
enum HTMLAttribute {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references, and NUL as
    /// U+FFFD (cmark takes the markup of a custom node as a C string, which a NUL would cut).
    static func escape(_ text: String) -> String {
        var text = text
        // A loop over the bytes, not `utf8.contains(where:)`: a page may have 100,000 links,
        // and a debug build calls the generic one byte by byte.
        let isPlain = text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count, !needsEscaping(bytes[index]) { index += 1 }
            return index == bytes.count
        }
        guard !isPlain else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): escaped.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): escaped.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): escaped.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): escaped.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): escaped.append(contentsOf: "&#39;".utf8)
            case 0: escaped.append(contentsOf: [0xEF, 0xBF, 0xBD])
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
            UInt8(ascii: "'"), 0:
            true
        default:
            false
        }
    }
}
