import WikiDocuments

/// A 64-bit hash of a file's bytes (`ContentHasher`): what the manifest records of each file it
/// lists.
///
/// It is fast (eight bytes a step) and deterministic on every platform, which is what a manifest
/// needs; it is not a cryptographic hash, and nothing relies on it resisting deliberate
/// collisions (files are compared byte for byte before a write is skipped).
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    /// The hash itself.
    public let value: UInt64

    /// The hash of `bytes`.
    public init(of bytes: [UInt8]) {
        var hasher = ContentHasher()
        bytes.withUnsafeBytes { hasher.add($0) }
        value = hasher.value
    }

    /// The hash of the UTF-8 encoding of `text`: the bytes `OutputFolder.write(_:to:)` writes
    /// for it.
    public init(of text: String) {
        var hasher = ContentHasher()
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

/// The hash of a file's bytes, fed in pieces of any length: eight bytes at a time
/// (`WordMixing`), the bytes left over from one piece waiting for the next, and the length last.
struct ContentHasher {
    private var state: UInt64 = 0x243F_6A88_85A3_08D3
    /// The bytes past the last whole word, in the low bytes of `tail`, and how many.
    private var tail: UInt64 = 0
    private var tailCount = 0
    private var length: UInt64 = 0

    /// The hash of the bytes added so far.
    var value: UInt64 {
        var state = self.state
        if tailCount > 0 { state = WordMixing.mix(tail, into: state) }
        return WordMixing.finish(WordMixing.mix(length, into: state))
    }

    /// Adds `bytes` after those added so far.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var offset = 0
        while tailCount > 0, tailCount < 8, offset < bytes.count {
            tail |= UInt64(bytes[offset]) << (8 * UInt64(tailCount))
            tailCount += 1
            offset += 1
        }
        if tailCount == 8 {
            state = WordMixing.mix(tail, into: state)
            tail = 0
            tailCount = 0
        }
        var hash = state
        while offset + 8 <= bytes.count {
            hash = WordMixing.mix(
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)), into: hash)
            offset += 8
        }
        state = hash
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << (8 * UInt64(tailCount))
            tailCount += 1
            offset += 1
        }
    }
}
