/// The member names the reader looks at, matched byte for byte.
enum DumpKey: String, CaseIterable {
    case rows, results, docs
    case lastSeq = "last_seq"
    case pending, error, reason, name
    case documentID = "_id"
    case documentRevision = "_rev"
    case documentDeleted = "_deleted"
    case id, key, value, doc, seq, changes, deleted

    /// Every name (none is longer than 8 bytes) packed into an integer with its length: matching
    /// a key is a few integer comparisons.
    static let packedNames: [(key: DumpKey, count: Int, bytes: UInt64)] = allCases.map {
        ($0, $0.rawValue.utf8.count, packed($0.rawValue))
    }

    init?(exactly key: String) {
        var key = key
        let match = key.withUTF8 { bytes -> DumpKey? in
            guard bytes.count <= 8 else { return nil }
            let packed = Self.pack(bytes)
            return Self.packedNames.first { $0.count == bytes.count && $0.bytes == packed }?.key
        }
        guard let match else { return nil }
        self = match
    }

    static func packed(_ name: String) -> UInt64 {
        var name = name
        return name.withUTF8(pack)
    }

    static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var packed: UInt64 = 0
        for index in bytes.indices { packed |= UInt64(bytes[index]) &<< (8 &* index) }
        return packed
    }

    /// The form whose list of entries this member holds.
    var containerFormat: DumpFormat? {
        switch self {
        case .rows: .allDocs
        case .results: .changes
        case .docs: .bulkDocs
        default: nil
        }
    }

    /// Whether this member belongs to a change (a result of a `_changes` feed).
    var isChangeMember: Bool {
        switch self {
        case .seq, .id, .changes, .deleted, .doc: true
        default: false
        }
    }
}

extension DumpFormat {
    /// The member holding a wrapper form's entries, for messages.
    var containerKey: String {
        switch self {
        case .allDocs: "\"rows\""
        case .changes: "\"results\""
        case .bulkDocs: "\"docs\""
        default: rawValue
        }
    }
}
