/// Decodes standard base64 (RFC 4648 §4), the form of CouchDB's inline attachment data.
enum Base64 {
    /// The bytes, or `nil` when `text` is not base64. Padding is optional; nothing else
    /// (spaces, line breaks, the URL-safe alphabet) is accepted.
    static func decode(_ text: String) -> [UInt8]? {
        var utf8 = Array(text.utf8)
        var padding = 0
        while padding < 2, utf8.last == UInt8(ascii: "=") {
            utf8.removeLast()
            padding += 1
        }
        if padding > 0, (utf8.count + padding) % 4 != 0 { return nil }
        guard utf8.count % 4 != 1 else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count / 4 * 3 + 2)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in utf8 {
            guard let value = sextet(byte) else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                result.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        guard accumulator & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return result
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
