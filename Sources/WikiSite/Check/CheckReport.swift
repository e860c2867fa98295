import WikiConfiguration
import WikiModel

/// What `wikisite check` found: the wikis it checked and every finding, each with the level
/// the configuration gives its category.
public struct CheckReport: Sendable {
    /// A wiki that was checked.
    public struct CheckedWiki: Sendable {
        /// The wiki's document ID.
        public let id: String
        /// Its title.
        public let title: String
        /// How many pages it publishes.
        public let pageCount: Int
    }

    /// The wikis checked, by ID in byte order.
    public let wikis: [CheckedWiki]
    /// Every finding, at whatever level, in report order (by wiki, place, line, category).
    public let findings: [CheckFinding]
    /// The level of each category.
    public let levels: CheckLevels
    /// How many documents the sources delivered.
    public let documentsRead: Int

    /// A report of `findings` about `wikis`, judged at `levels`.
    public init(wikis: [CheckedWiki], findings: [CheckFinding], levels: CheckLevels, documentsRead: Int) {
        self.wikis = wikis
        self.findings = findings
        self.levels = levels
        self.documentsRead = documentsRead
    }

    /// The level of `finding`: that of its category.
    public func level(of finding: CheckFinding) -> CheckLevel {
        levels[finding.category]
    }

    /// The findings that are not ignored.
    public var reportedFindings: [CheckFinding] {
        findings.filter { level(of: $0) != .ignore }
    }

    /// How many findings are at error level.
    public var errorCount: Int {
        findings.count { level(of: $0) == .error }
    }

    /// How many findings are at warning level.
    public var warningCount: Int {
        findings.count { level(of: $0) == .warning }
    }

    /// The number of pages of every wiki checked.
    public var pageCount: Int {
        wikis.reduce(0) { $0 + $1.pageCount }
    }

    /// `3 errors, 1 warning`.
    static func counted(errors: Int, warnings: Int) -> String {
        "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
    }
}
