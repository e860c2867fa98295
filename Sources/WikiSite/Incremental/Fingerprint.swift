import WikiWrite

/// A 64-bit digest of a list of fields, for telling whether what shapes a file changed. Fields are
/// length-prefixed, so no two different lists of fields give the same bytes.
struct Fingerprint {
    private var bytes: [UInt8] = []

    /// The digest of the fields added so far.
    var value: Int64 {
        Int64(bitPattern: ContentHash(of: bytes).value)
    }

    /// Adds `text` (or its absence) with its length in front.
    mutating func add(_ text: String?) {
        guard let text else {
            bytes.append(0)
            return
        }
        bytes.append(1)
        add(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    /// Adds `number`.
    mutating func add(_ number: Int) {
        var value = UInt64(bitPattern: Int64(number))
        for _ in 0..<8 {
            bytes.append(UInt8(truncatingIfNeeded: value))
            value >>= 8
        }
    }
}
