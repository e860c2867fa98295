/// Character references (`&amp;`, `&#106;`, `&#x6A;`) as the HTML standard's tokenizer reads
/// them in an attribute value.
///
/// A numeric reference needs no `;`, as in browsers: `&#106avascript:` is `javascript:`. A named
/// one is decoded only with its `;`, from cmark's table of HTML's names; without it (`&copy`),
/// it stays as written.
enum CharacterReference {
    /// What the reference at `index` (an `&`) of `bytes` stands for, as UTF-8, and where it ends;
    /// nil when the `&` starts none and stands for itself.
    static func decode(_ bytes: [UInt8], at index: Int) -> (decoded: [UInt8], end: Int)? {
        var end = index + 1
        guard end < bytes.count else { return nil }
        if bytes[end] == UInt8(ascii: "#") { return decodeNumeric(bytes, at: index) }
        while end < bytes.count, isAlphanumeric(bytes[end]) { end += 1 }
        guard end > index + 1, end - index <= longestName, end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            return nil
        }
        let reference = Array(bytes[index...end])
        let decoded = CmarkDocument.decodeEntity(reference)
        return decoded == reference ? nil : (decoded, end + 1)
    }

    /// More bytes than the longest of HTML's names, `&CounterClockwiseContourIntegral;`, has.
    private static let longestName = 40

    /// Whether a reference of the form `&name;`, `&#digits;` or `&#xhex;` starts at `index`:
    /// text between tags keeps these as written, and a browser reads them as text.
    static func isWritten(_ bytes: [UInt8], at index: Int) -> Bool {
        var end = index + 1
        var isDigit = isAlphanumeric
        if end < bytes.count, bytes[end] == UInt8(ascii: "#") {
            end += 1
            isDigit = isDecimal
            if end < bytes.count, bytes[end] | 0x20 == UInt8(ascii: "x") {
                end += 1
                isDigit = isHexadecimal
            }
        }
        let start = end
        while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        return end > start && end < bytes.count && bytes[end] == UInt8(ascii: ";")
    }

    /// The numeric reference at `index` (`&#`): at least one digit, then an optional `;`.
    private static func decodeNumeric(_ bytes: [UInt8], at index: Int) -> (decoded: [UInt8], end: Int)? {
        var end = index + 2
        var radix: UInt32 = 10
        if end < bytes.count, bytes[end] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            end += 1
        }
        let digitsStart = end
        var value: UInt32 = 0
        while end < bytes.count, let digit = digitValue(bytes[end], radix: radix) {
            value = min(value * radix + digit, 0x11_0000)
            end += 1
        }
        guard end > digitsStart else { return nil }
        if end < bytes.count, bytes[end] == UInt8(ascii: ";") { end += 1 }
        return (Array(String(Character(scalar(for: value))).utf8), end)
    }

    /// The character the number `value` stands for: U+FFFD for 0, a surrogate or beyond
    /// U+10FFFF, and Windows-1252's character for 0x80–0x9F, as the standard says.
    private static func scalar(for value: UInt32) -> Unicode.Scalar {
        if let replacement = windows1252[value].flatMap(Unicode.Scalar.init) { return replacement }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    /// The standard's table of numeric references in 0x80–0x9F.
    private static let windows1252: [UInt32: UInt32] = [
        0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021,
        0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152, 0x8E: 0x017D, 0x91: 0x2018,
        0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC,
        0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A, 0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
    ]

    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        if isDecimal(byte) { return UInt32(byte - UInt8(ascii: "0")) }
        let lowered = byte | 0x20
        guard radix == 16, (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(lowered) else { return nil }
        return UInt32(lowered - UInt8(ascii: "a")) + 10
    }

    private static func isDecimal(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexadecimal(_ byte: UInt8) -> Bool {
        isDecimal(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDecimal(byte) || HTMLTokenizer.isASCIIAlpha(byte)
    }
}
