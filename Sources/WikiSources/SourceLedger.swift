/// What a reading of a source without sequences found, kept so that the next reading of it reads
/// only what differs: the entries of a dump (``DumpLedger``) or the notes of a folder of Markdown
/// (``FolderLedger``).
public enum SourceLedger: Sendable, Equatable {
    case dump(DumpLedger)
    case folder(FolderLedger)

    /// The ledger as bytes: a dump's whole, a folder's header (its notes are ``FolderLedger/noteRows``). Each
    /// kind starts with its own header, which ``init(encoded:noteRows:)`` reads.
    public var encoded: [UInt8] {
        switch self {
        case .dump(let ledger): ledger.encoded
        case .folder(let ledger): ledger.encodedHeader
        }
    }

    /// The ledger `encoded` and `noteRows` hold; nil when it is none this version wrote whole.
    public init?(encoded: [UInt8], noteRows: [FolderLedger.NoteRow]) {
        if let ledger = DumpLedger(encoded: encoded) {
            self = .dump(ledger)
        } else if let ledger = FolderLedger(encodedHeader: encoded, noteRows: noteRows) {
            self = .folder(ledger)
        } else {
            return nil
        }
    }

    /// The ledger of a dump's entries; nil for another kind.
    public var dump: DumpLedger? {
        if case .dump(let ledger) = self { ledger } else { nil }
    }

    /// The ledger of a folder's notes; nil for another kind.
    public var folder: FolderLedger? {
        if case .folder(let ledger) = self { ledger } else { nil }
    }
}
