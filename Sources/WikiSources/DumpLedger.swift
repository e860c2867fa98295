/// The entries of a dump as one reading found them, in order: each by the digest of its bytes and
/// the `_id` of its document. Kept by the build state, it lets the next reading of the dump parse
/// only the entries whose bytes differ (`DumpSource.read(comparedWith:thenDocuments:limit:_:)`):
/// a dump holds no sequences, so its entries are what it is compared by.
///
/// Entries that held no usable document (`SourceReading.rejected`) are not in it, so a later
/// reading parses them again and rejects them again.
public struct DumpLedger: Sendable, Equatable {
    /// One entry: the digest of its bytes and its document's `_id`.
    public struct Entry: Sendable, Equatable {
        public let digest: Int64
        public let documentID: String
    }

    /// The entries, in the order of the dump.
    public let entries: [Entry]

    /// A ledger of `entries`.
    init(entries: [Entry]) {
        self.entries = entries
    }

    /// The first bytes of an encoded ledger, with its version.
    private static let magic: [UInt8] = Array("wikisite dump ledger 1\n".utf8)

    /// The ledger as bytes: a header, then each entry's digest (8 bytes, little-endian), the length
    /// of its `_id` (4 bytes) and the `_id` in UTF-8.
    public var encoded: [UInt8] {
        var bytes = Self.magic
        bytes.reserveCapacity(Self.magic.count + entries.reduce(0) { $0 + 12 + $1.documentID.utf8.count })
        for entry in entries {
            withUnsafeBytes(of: UInt64(bitPattern: entry.digest).littleEndian) { bytes += $0 }
            withUnsafeBytes(of: UInt32(entry.documentID.utf8.count).littleEndian) { bytes += $0 }
            bytes += entry.documentID.utf8
        }
        return bytes
    }

    /// The ledger `encoded` holds; nil when it is not one this version wrote whole.
    public init?(encoded: [UInt8]) {
        guard encoded.starts(with: Self.magic) else { return nil }
        var entries: [Entry] = []
        let parsed: Bool = encoded.withUnsafeBytes { bytes in
            var offset = Self.magic.count
            while offset < bytes.count {
                guard offset + 12 <= bytes.count else { return false }
                let digest = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)))
                offset += 12
                guard length <= bytes.count - offset else { return false }
                let id = String(
                    decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
                entries.append(Entry(digest: Int64(bitPattern: digest), documentID: id))
                offset += length
            }
            return true
        }
        guard parsed else { return nil }
        self.entries = entries
    }
}
