import WikiDocuments

/// The revision of a document made from a file: generation 1 and a hash of the document itself,
/// so reading an unchanged file (same text, same front matter, same dates) gives the same
/// revision every time, and any change to what the document says gives another.
enum ContentRevision {
    private static let hexDigits: [Unicode.Scalar] = Array("0123456789abcdef".unicodeScalars)

    /// `1-` and the 128-bit FNV-1a hash, in 32 lowercase hex digits, of `body` written as compact
    /// JSON (``JSONWriter``); `body` holds every field but `_rev`.
    static func of(_ body: JSONObject) -> String {
        var hash: UInt128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d
        let prime: UInt128 = 0x0000_0000_0100_0000_0000_0000_0000_013b
        for byte in JSONWriter.bytes(.object(body)) {
            hash = (hash ^ UInt128(byte)) &* prime
        }
        var text = "1-"
        for shift in stride(from: 124, through: 0, by: -4) {
            text.unicodeScalars.append(hexDigits[Int(truncatingIfNeeded: hash >> UInt128(shift)) & 0xF])
        }
        return text
    }
}
