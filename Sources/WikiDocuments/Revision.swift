/// A document revision, `N-hash`: a generation `N` and an opaque hash.
///
/// The hash CouchDB, PouchDB and Sync Gateway write, 32 lowercase hexadecimal digits (an MD5), is
/// held in two words rather than in a string of its own: a build holds a revision for each of
/// its 100,000 pages. Any other hash is held as written.
public struct Revision: Hashable, Sendable, CustomStringConvertible {
    /// The generation: how many edits led to this revision.
    public let generation: Int
    private let storedHash: StoredHash

    /// The hash, as held: up to 32 lowercase hexadecimal digits as their value (with their count,
    /// so leading zeros stay), anything else as text.
    private enum StoredHash: Sendable {
        case hexadecimal(high: UInt64, low: UInt64, digits: UInt8)
        case text(String)
    }

    /// Parses `N-hash`; `nil` when the text is not of that form (N a positive integer, hash not empty).
    public init?(_ text: String) {
        guard let dash = text.utf8.firstIndex(of: UInt8(ascii: "-")) else { return nil }
        let digits = text.utf8[text.utf8.startIndex..<dash]
        let rest = text.utf8[text.utf8.index(after: dash)...]
        guard !digits.isEmpty, digits.count <= 18, !rest.isEmpty,
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let generation = Int(String(decoding: digits, as: UTF8.self)), generation > 0
        else { return nil }
        self.generation = generation
        self.storedHash = Self.hexadecimal(rest) ?? .text(String(decoding: rest, as: UTF8.self))
    }

    /// The value of `bytes` when they are 1 to 32 lowercase hexadecimal digits.
    private static func hexadecimal(_ bytes: Substring.UTF8View) -> StoredHash? {
        guard bytes.count <= 32 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        for byte in bytes {
            guard let digit = LowercaseHexadecimal.value(ofDigit: byte) else { return nil }
            high = high << 4 | low >> 60
            low = low << 4 | UInt64(digit)
        }
        return .hexadecimal(high: high, low: low, digits: UInt8(bytes.count))
    }

    /// The opaque part after the dash.
    public var hash: String {
        switch storedHash {
        case .text(let text):
            return text
        case .hexadecimal(let high, let low, let digits):
            let count = Int(digits)
            return String(unsafeUninitializedCapacity: count) { buffer in
                for position in 0..<count {
                    let shift = (count - 1 - position) * 4
                    let nibble = shift >= 64 ? high >> (shift - 64) : low >> shift
                    buffer[position] = LowercaseHexadecimal.digit(UInt8(truncatingIfNeeded: nibble & 0xF))
                }
                return count
            }
        }
    }

    /// The revision as CouchDB writes it.
    public var description: String { "\(generation)-\(hash)" }

    public static func == (lhs: Revision, rhs: Revision) -> Bool {
        guard lhs.generation == rhs.generation else { return false }
        switch (lhs.storedHash, rhs.storedHash) {
        case (.hexadecimal(let a, let b, let c), .hexadecimal(let d, let e, let f)): return a == d && b == e && c == f
        case (.text(let left), .text(let right)): return left.isExactly(right)
        default: return false  // the same hash is always held the same way
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(generation)
        switch storedHash {
        case .hexadecimal(let high, let low, let digits):
            hasher.combine(high)
            hasher.combine(low)
            hasher.combine(digits)
        case .text(let text):
            hasher.combine(ExactString(text))
        }
    }

    /// Whether this revision's hash comes before `other`'s in byte order.
    func hashPrecedes(_ other: Revision) -> Bool {
        if case .hexadecimal(let high, let low, let digits) = storedHash,
            case .hexadecimal(let otherHigh, let otherLow, let otherDigits) = other.storedHash, digits == otherDigits
        {
            // Of as many digits, byte order is the order of the values: 0-9 come before a-f.
            return (high, low) < (otherHigh, otherLow)
        }
        return hash.precedesInByteOrder(other.hash)
    }
}

/// How every replica picks the same winner among a document's leaf revisions, without talking
/// to the others: a live leaf beats a deleted one; then the higher generation wins; at equal
/// generation, the greater hash in byte order wins.
public enum RevisionOrder {
    /// Whether the leaf (`a`, deleted `aDeleted`) loses to the leaf (`b`, deleted `bDeleted`).
    public static func loses(
        _ a: Revision, deleted aDeleted: Bool, to b: Revision, deleted bDeleted: Bool
    ) -> Bool {
        if aDeleted != bDeleted { return aDeleted }
        if a.generation != b.generation { return a.generation < b.generation }
        return a.hashPrecedes(b)
    }
}
