/// The dump forms `wikisite export` writes; ``DumpReader`` reads both back.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// `_all_docs?include_docs=true`: `{"total_rows":…,"offset":0,"rows":[{"id","key","value","doc"}]}`.
    case allDocs = "all_docs"
    /// A `_changes?include_docs=true` response: `{"results":[{"seq","id","changes","doc"}],"last_seq":…}`.
    case changes
}

/// What an export wrote.
public struct ExportSummary: Sendable, Equatable {
    /// Documents written, tombstones included.
    public let documentCount: Int
    /// Rows (or results) written: one per leaf.
    public let rowCount: Int
    /// The store's sequence when it was read.
    public let sequence: Int
}
