import WikiDocuments

/// One entry of a dump that holds a document (a row of `_all_docs`, a change, an element of a
/// document array), as a reading hands it over: its document, the digest of its bytes, and where
/// it is, to read it again.
struct DumpEntry {
    /// The document; nil when the reading knew the entry's digest and did not parse it.
    let document: Document?
    /// The index the reading's known entries gave the entry, when it was one of them.
    let knownIndex: Int?
    /// The digest of the entry's bytes (`digest(of:at:)`): the same bytes, the same document.
    let digest: Int64
    /// Where the entry is in the dump.
    let location: DumpEntryLocation

    /// The digest of the bytes of the entry at `location` in `bytes`.
    static func digest(of bytes: UnsafeRawBufferPointer, at location: DumpEntryLocation) -> Int64 {
        var fingerprint = Fingerprint()
        fingerprint.add(bytes: UnsafeRawBufferPointer(rebasing: bytes[location.start.offset..<location.end]))
        return fingerprint.value
    }
}

/// Where an entry of a dump starts (with the line, for messages) and ends.
struct DumpEntryLocation: Sendable, Equatable {
    /// The parser's position at the entry's first byte (or the whitespace before it).
    let start: JSONParser.Position
    /// The offset just past the entry's last byte.
    let end: Int
}
