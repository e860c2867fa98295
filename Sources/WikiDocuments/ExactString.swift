#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A string that is equal to another only when their Unicode scalars are the same.
///
/// Swift's `String` compares by canonical equivalence, so `"Café"` in NFC and in NFD are
/// equal `String`s. Document IDs and titles are exact (CouchDB compares IDs byte for byte),
/// so everything that identifies a document uses this type as its key instead.
public struct ExactString: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The string itself.
    public let value: String

    /// Wraps `value`.
    public init(_ value: String) {
        self.value = value
    }

    public static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.value.isExactly(rhs.value)
    }

    /// Byte order of the UTF-8 encodings: a total order that never depends on locale.
    public static func < (lhs: ExactString, rhs: ExactString) -> Bool {
        byteOrder(lhs.value, rhs.value) < 0
    }

    /// Negative, zero or positive as `lhs` comes before, is, or comes after `rhs` in the byte
    /// order of their UTF-8 encodings, compared where the strings hold them (a short string
    /// holds them in itself, and a copy of a string shares its buffer).
    @inlinable public static func byteOrder(_ lhs: String, _ rhs: String) -> Int {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                let common = min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order != 0 ? Int(order) : left.count - right.count
            }
        }
    }

    public func hash(into hasher: inout Hasher) {
        var value = value
        value.withUTF8 { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
    }

    public var description: String { value }
}

extension String {
    /// Byte order of the UTF-8 encodings, the total order used wherever output is sorted.
    @inlinable public func precedesInByteOrder(_ other: String) -> Bool {
        ExactString.byteOrder(self, other) < 0
    }

    /// Whether both strings have exactly the same Unicode scalars.
    public func isExactly(_ other: String) -> Bool {
        utf8.count == other.utf8.count && ExactString.byteOrder(self, other) == 0
    }
}
