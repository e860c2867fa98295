/// A 64-bit digest of a list of fields, for telling whether what shapes a file changed.
///
/// The fields are folded in one after the other, eight bytes at a time (each word is mixed into
/// the state by a 64×64→128-bit multiplication whose halves are xor-ed, as wyhash does), texts
/// with a tag and their length first, so no two different lists of fields take the same steps.
/// Nothing is copied: a page's Markdown is read in place. It is not cryptographic, and need not
/// be: documents are not adversaries of the build, and the digest is only ever compared with the
/// digest of the same page or file by the same version of wikisite.
public struct Fingerprint: Sendable {
    private var state: UInt64 = 0x243F_6A88_85A3_08D3

    /// No field yet.
    public init() {}

    /// The digest of the fields added so far.
    public var value: Int64 {
        Int64(bitPattern: WordMixing.finish(state))
    }

    /// Adds `text` (or its absence) with its length in front.
    public mutating func add(_ text: String?) {
        guard let text else {
            mix(0)
            return
        }
        mix(1)
        var contiguous = text
        contiguous.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    /// Adds `number`.
    public mutating func add(_ number: Int) {
        mix(2)
        mix(UInt64(bitPattern: Int64(number)))
    }

    /// Adds `bytes` as they are, their length first.
    public mutating func add(bytes: UnsafeRawBufferPointer) {
        mix(3)
        add(bytes)
    }

    /// Adds the length of `bytes`, then its words, the last one padded with zeros.
    private mutating func add(_ bytes: UnsafeRawBufferPointer) {
        mix(UInt64(bytes.count))
        var offset = 0
        while offset + 8 <= bytes.count {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        guard offset < bytes.count else { return }
        var last: UInt64 = 0
        for (shift, byte) in bytes[offset...].enumerated() { last |= UInt64(byte) << (8 * UInt64(shift)) }
        mix(last)
    }

    private mutating func mix(_ word: UInt64) {
        state = WordMixing.mix(word, into: state)
    }
}

/// The step that `Fingerprint` and the hash of a file's bytes take for each word of eight bytes:
/// the word is xor-ed into the state, which a 64×64→128-bit multiplication by a constant mixes
/// (its halves xor-ed, as wyhash does). One multiplication per eight bytes, where a byte-wise
/// hash such as FNV-1a chains one per byte.
public enum WordMixing {
    /// `state` with `word` mixed in.
    @inline(__always)
    public static func mix(_ word: UInt64, into state: UInt64) -> UInt64 {
        fold(state ^ word ^ 0xA409_3822_299F_31D0, multiplier)
    }

    /// The digest of `state`, its last step.
    @inline(__always)
    public static func finish(_ state: UInt64) -> UInt64 {
        fold(state ^ 0x1319_8A2E_0370_7344, multiplier)
    }

    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The two halves of the 128-bit product of `a` and `b`, xor-ed.
    @inline(__always)
    private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }
}
