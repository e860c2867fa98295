import WikiConfiguration
import WikiDocuments
import WikiModel
import WikiRender

/// One problem `wikisite check` found: what kind, where, and what to do about it.
public struct CheckFinding: Sendable {
    /// The kind of problem.
    public let category: CheckCategory
    /// Where it is: the wiki, the document, the page and line of the link, where the document
    /// was read.
    public let location: CheckLocation
    /// Where the link points (links only).
    public let target: WikilinkTarget?
    /// Titles of published pages of the wiki that differ from a missing target only in letter
    /// case or Unicode form: the likely fix, in byte order.
    public let suggestions: [PageTitle]
    /// The titles that collide (title collisions only), in byte order.
    public let collidingTitles: [PageTitle]
    /// What is wrong and what to do, in one sentence; text from documents is quoted with
    /// control characters escaped (`MessageText`).
    public let message: String

    init(
        _ category: CheckCategory, at location: CheckLocation, target: WikilinkTarget? = nil,
        suggestions: [PageTitle] = [], collidingTitles: [PageTitle] = [], message: String
    ) {
        self.category = category
        self.location = location
        self.target = target
        self.suggestions = suggestions
        self.collidingTitles = collidingTitles
        self.message = message
    }

    /// Where in the wiki the finding is, for people: `page "Welcome", line 12`, `home page,
    /// line 3`, or the document's `_id`.
    public var place: String {
        let (page, line) = (location.page, location.line)
        if line == nil, page == nil { return "document \(MessageText.quoted(location.documentID))" }
        var place = page.map { "page \(MessageText.quoted($0.text))" } ?? "home page"
        if let line { place += ", line \(line)" }
        return place
    }

    /// `findings` in report order, a total order: by wiki (documents of no published wiki last),
    /// then by where the finding is (whole documents by `_id`, then the home page, then pages by
    /// title), then line, category, target and message, all in byte order.
    static func inReportOrder(_ findings: [CheckFinding]) -> [CheckFinding] {
        let keys = findings.map(SortKey.init)
        return findings.indices.sorted { keys[$0].precedes(keys[$1]) }.map { findings[$0] }
    }

    /// Whether both say the same thing about the same place (one line linking twice to one
    /// missing page gives one finding).
    func isSame(as other: CheckFinding) -> Bool {
        category == other.category && location.documentID.isExactly(other.location.documentID)
            && location.line == other.location.line
            && target == other.target && message.isExactly(other.message)
    }

    /// What report order compares, made once per finding.
    private struct SortKey {
        let wikiID: String?
        /// 0: a whole document, 1: the home page, 2: a page.
        let rank: Int
        let place: String
        let line: Int
        let category: CheckCategory
        let target: String
        let message: String

        init(_ finding: CheckFinding) {
            let location = finding.location
            wikiID = location.wikiID
            if location.line == nil, location.page == nil {
                (rank, place) = (0, location.documentID)
            } else if let page = location.page {
                (rank, place) = (2, page.text)
            } else {
                (rank, place) = (1, "")
            }
            line = location.line ?? 0
            category = finding.category
            target = finding.target.map { ($0.title?.text ?? "") + "#" + ($0.fragment ?? "") } ?? ""
            message = finding.message
        }

        func precedes(_ other: SortKey) -> Bool {
            switch (wikiID, other.wikiID) {
            case (let left?, let right?) where !left.isExactly(right): return left.precedesInByteOrder(right)
            case (nil, _?): return false
            case (_?, nil): return true
            default: break
            }
            if rank != other.rank { return rank < other.rank }
            if !place.isExactly(other.place) { return place.precedesInByteOrder(other.place) }
            if line != other.line { return line < other.line }
            if category != other.category { return category < other.category }
            if !target.isExactly(other.target) { return target.precedesInByteOrder(other.target) }
            return message.precedesInByteOrder(other.message)
        }
    }
}

/// Where a finding of `wikisite check` is: in which wiki and document, on which page and line
/// for a link, and where the document was read.
public struct CheckLocation: Sendable {
    /// The published wiki it is in; nil for a document that belongs to no published wiki (a
    /// page whose wiki has no wiki document, a wiki document that was skipped).
    public let wikiID: String?
    /// The document it is about: the page or wiki whose Markdown holds the link, the page of a
    /// title collision, the skipped or conflicted document.
    public let documentID: String
    /// The page whose Markdown holds the link; nil when the link is in the wiki's description
    /// (its home page), and for findings about whole documents.
    public let page: PageTitle?
    /// Where the document was read (the dump and the line it starts on), when known.
    public let origin: DocumentOrigin?
    /// The 1-based line of the Markdown where the link is written; nil for findings about
    /// whole documents.
    public let line: Int?

    /// The document `documentID` of the wiki `wikiID`, read at `origin`; for a link, on `page`
    /// (nil: the home) at `line`.
    init(wikiID: String?, documentID: String, page: PageTitle? = nil, origin: DocumentOrigin?, line: Int? = nil) {
        self.wikiID = wikiID
        self.documentID = documentID
        self.page = page
        self.origin = origin
        self.line = line
    }
}
