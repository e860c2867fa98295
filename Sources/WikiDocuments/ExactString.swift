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
        guard lhs.value.utf8.count == rhs.value.utf8.count else { return false }
        var left = lhs.value
        var right = rhs.value
        return left.withUTF8 { leftBytes in right.withUTF8 { rightBytes in leftBytes.elementsEqual(rightBytes) } }
    }

    /// Byte order of the UTF-8 encodings: a total order that never depends on locale.
    public static func < (lhs: ExactString, rhs: ExactString) -> Bool {
        var left = lhs.value
        var right = rhs.value
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in leftBytes.lexicographicallyPrecedes(rightBytes) }
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
    public func precedesInByteOrder(_ other: String) -> Bool {
        utf8.lexicographicallyPrecedes(other.utf8)
    }

    /// Whether both strings have exactly the same Unicode scalars.
    public func isExactly(_ other: String) -> Bool {
        utf8.elementsEqual(other.utf8)
    }
}
