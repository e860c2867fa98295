import WikiDocuments

/// A page's title, normalized: surrounding whitespace trimmed and every run of whitespace and
/// underscores folded into one space, so `Sync_Client`, ` Sync  Client ` and `Sync Client`
/// are the same title.
///
/// Nothing else is folded: letter case, Unicode normalization (NFC and NFD `Café` are two
/// titles) and punctuation stay exactly as written, like the document IDs the titles come
/// from. Identity and order are those of the exact Unicode scalars (UTF-8 byte order), never
/// Swift's canonical-equivalence `String` comparison.
public struct PageTitle: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The normalized title.
    public let text: String

    /// Normalizes `raw`; `nil` when nothing but whitespace and underscores is left.
    ///
    /// Whitespace is every scalar with the Unicode `White_Space` property (space, tab, line
    /// breaks, no-break space, ideographic space…).
    public init?(_ raw: String) {
        let text = Self.isNormalized(raw) ? raw : Self.normalize(raw)
        guard !text.isEmpty else { return nil }
        self.text = text
    }

    public static func == (lhs: PageTitle, rhs: PageTitle) -> Bool {
        lhs.text.utf8.count == rhs.text.utf8.count && byteOrder(lhs, rhs) == 0
    }

    /// Byte order of the UTF-8 encodings.
    public static func < (lhs: PageTitle, rhs: PageTitle) -> Bool {
        byteOrder(lhs, rhs) < 0
    }

    public func hash(into hasher: inout Hasher) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if hashed == nil {
            for byte in text.utf8 { hasher.combine(byte) }
        }
        hasher.combine(text.utf8.count)
    }

    /// Negative, zero or positive as `lhs` comes before, is, or comes after `rhs` in byte order
    /// (titles are compared a lot: sorting, lookups).
    static func byteOrder(_ lhs: PageTitle, _ rhs: PageTitle) -> Int {
        ExactString.byteOrder(lhs.text, rhs.text)
    }

    public var description: String { text }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return scalar == " " || scalar == "_" || (scalar.value >= 0x09 && scalar.value <= 0x0D)
        }
        return scalar.properties.isWhitespace
    }

    /// Whether `raw` is already normalized: no separator but single inner spaces.
    private static func isNormalized(_ raw: String) -> Bool {
        var raw = raw
        return raw.withUTF8(isNormalized(utf8:)) ?? isNormalized(scalarsOf: raw)
    }

    /// Whether the title of UTF-8 `bytes` is normalized, worked out on the bytes; nil when it holds
    /// a character whose first byte some whitespace beyond ASCII shares (U+0085 and U+00A0 start
    /// with C2, U+1680 with E1, U+2000 to U+205F with E2, U+3000 with E3): those need its scalars.
    private static func isNormalized(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        var previousWasSpace = true  // a leading space is not normalized
        for byte in bytes {
            switch byte {
            case UInt8(ascii: " "):
                if previousWasSpace { return false }
                previousWasSpace = true
            case UInt8(ascii: "_"), 0x09...0x0D: return false
            case 0xC2, 0xE1, 0xE2, 0xE3: return nil
            default: previousWasSpace = false
            }
        }
        return !previousWasSpace || bytes.isEmpty
    }

    /// `isNormalized` on the Unicode scalars, for any title.
    private static func isNormalized(scalarsOf raw: String) -> Bool {
        var previousWasSpace = true  // a leading space is not normalized
        for scalar in raw.unicodeScalars {
            if isSeparator(scalar) {
                if scalar != " " || previousWasSpace { return false }
                previousWasSpace = true
            } else {
                previousWasSpace = false
            }
        }
        return !previousWasSpace || raw.isEmpty
    }

    private static func normalize(_ raw: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in raw.unicodeScalars {
            if isSeparator(scalar) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }
}
