/// A document revision, `N-hash`: a generation `N` and an opaque hash.
public struct Revision: Hashable, Sendable, CustomStringConvertible {
    /// The generation: how many edits led to this revision.
    public let generation: Int
    /// The opaque part after the dash.
    public let hash: String

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
        self.hash = String(decoding: rest, as: UTF8.self)
    }

    /// The revision as CouchDB writes it.
    public var description: String { "\(generation)-\(hash)" }

    public static func == (lhs: Revision, rhs: Revision) -> Bool {
        lhs.generation == rhs.generation && lhs.hash.isExactly(rhs.hash)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(generation)
        hasher.combine(ExactString(hash))
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
        return a.hash.precedesInByteOrder(b.hash)
    }
}
