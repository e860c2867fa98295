/// The forms of CouchDB dump that ``DumpReader`` recognises from their content.
public enum DumpFormat: String, Sendable, CaseIterable {
    /// `_all_docs?include_docs=true`: `{"total_rows":…,"offset":…,"rows":[{"id","key","value","doc"}]}`.
    case allDocs
    /// A normal `_changes?include_docs=true` response: `{"results":[{"seq","id","changes","doc"}],"last_seq":…}`.
    case changes
    /// A continuous `_changes` feed: one result object a line, blank heartbeat lines, then `{"last_seq":…}`.
    case continuousChanges
    /// A couchbackup file: one JSON array of documents a line, with optional metadata lines.
    case couchbackup
    /// `{"docs":[…]}`, the body of a `_bulk_docs` request.
    case bulkDocs
    /// A plain JSON array of documents.
    case documentArray

    /// What the form looks like, for messages.
    public var shape: String {
        switch self {
        case .allDocs: #"{"rows":[…]} (_all_docs?include_docs=true)"#
        case .changes: #"{"results":[…],"last_seq":…} (_changes?include_docs=true)"#
        case .continuousChanges: "one change object a line (a continuous _changes feed)"
        case .couchbackup: "one JSON array of documents a line (couchbackup)"
        case .bulkDocs: #"{"docs":[…]} (_bulk_docs)"#
        case .documentArray: "a JSON array of documents"
        }
    }

    /// Every accepted form, for the message of a file that is none of them.
    static var acceptedForms: String {
        "wikisite reads " + allCases.map(\.shape).joined(separator: ", ")
    }
}
