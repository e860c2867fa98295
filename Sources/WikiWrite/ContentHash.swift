import WikiDocuments

/// A 64-bit FNV-1a hash of a file's bytes: what the manifest records of each file it lists.
///
/// FNV-1a is fast and deterministic on every platform, which is what a manifest needs; it is not
/// a cryptographic hash, and nothing relies on it resisting deliberate collisions (files are
/// compared byte for byte before a write is skipped).
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    /// The hash itself.
    public let value: UInt64

    /// The hash of `bytes`.
    public init(of bytes: [UInt8]) {
        var hasher = FNV1a64()
        bytes.withUnsafeBytes { hasher.add($0) }
        value = hasher.value
    }

    /// The hash of the UTF-8 encoding of `text`: the bytes `OutputFolder.write(_:to:)` writes
    /// for it.
    public init(of text: String) {
        var hasher = FNV1a64()
        if text.utf8.withContiguousStorageIfAvailable({ hasher.add(UnsafeRawBufferPointer($0)) }) == nil {
            Array(text.utf8).withUnsafeBytes { hasher.add($0) }
        }
        value = hasher.value
    }

    /// A hash with the given value.
    public init(value: UInt64) {
        self.value = value
    }

    /// Sixteen lowercase hexadecimal digits, as the manifest file of earlier versions stores it.
    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Reads the form `description` writes; `nil` for anything else.
    init?(hexadecimal text: some Collection<UInt8>) {
        guard text.count == 16 else { return nil }
        var value: UInt64 = 0
        for byte in text {
            guard let digit = LowercaseHexadecimal.value(ofDigit: byte) else { return nil }
            value = value << 4 | UInt64(digit)
        }
        self.value = value
    }
}

/// The FNV-1a 64-bit hash, fed in pieces.
struct FNV1a64 {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var hash = value
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        value = hash
    }
}
