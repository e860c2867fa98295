/// The kinds of problem `wikisite check` finds. The raw value is the name used in the `[check]`
/// table of `wikisite.toml` and in the JSON report.
public enum CheckCategory: String, CaseIterable, Sendable, Comparable {
    /// A wikilink or embed to a page that does not exist (neither published nor a draft).
    case missingPage = "missing_page"
    /// A wikilink or embed to a heading (`[[Page#Heading]]`, `![[Page#Heading]]`, `[[#Heading]]`)
    /// that its page does not have.
    case missingHeading = "missing_heading"
    /// A wikilink or embed to an Obsidian block id (`[[Page#^id]]`, `![[Page#^id]]`,
    /// `[[#^id]]`) that no block of its page has.
    case missingBlock = "missing_block"
    /// A wikilink whose name fits several notes of a folder wiki matched as Obsidian does
    /// (`[[Install]]` with `guide/Install.md` and `admin/Install.md`): it leads to the one
    /// Obsidian's rule picks, which may not be the one meant.
    case ambiguousLink = "ambiguous_link"
    /// An embed of an attachment (`![[name.png]]`) that the page does not have, or has without
    /// its bytes (a stub).
    case missingAttachment = "missing_attachment"
    /// A Markdown link or image of a folder wiki's note to a file of the folder, by its relative
    /// path (`[spec](files/spec.pdf)`), that does not exist.
    case missingFile = "missing_file"
    /// A wikilink from a published page (or the wiki's home) to a draft, which is not published.
    case draftLink = "draft_link"
    /// Published pages of one wiki whose titles differ only in letter case or Unicode form.
    case titleCollision = "title_collision"
    /// A page's alias that another page's title or alias takes already: the page, or the first
    /// page in byte order of the titles, keeps it.
    case aliasCollision = "alias_collision"
    /// A document that was not published because it is invalid.
    case skippedDocument = "skipped_document"
    /// An attachment left out of a published page because its entry is malformed.
    case skippedAttachment = "skipped_attachment"
    /// A page whose YAML front matter cannot be read (it is published shown as a code block).
    case invalidFrontMatter = "invalid_front_matter"
    /// A document with conflicting revisions (the winner is published).
    case conflict

    /// The level a category has unless the configuration says otherwise: everything a build
    /// has always warned about, and every broken link, is an error; titles that differ only in
    /// case are legitimate (`REST API` and `Rest API`), and so is a link that Obsidian's rule
    /// settles, and an alias another page holds (every link to it still reaches a page), so they
    /// are warnings.
    public var defaultLevel: CheckLevel {
        self == .titleCollision || self == .ambiguousLink || self == .aliasCollision ? .warning : .error
    }

    /// Categories in the order reports list them: the order of `allCases`.
    public static func < (lhs: CheckCategory, rhs: CheckCategory) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .missingPage: 0
        case .missingHeading: 1
        case .missingBlock: 2
        case .ambiguousLink: 3
        case .missingAttachment: 4
        case .missingFile: 5
        case .draftLink: 6
        case .titleCollision: 7
        case .aliasCollision: 8
        case .skippedDocument: 9
        case .skippedAttachment: 10
        case .invalidFrontMatter: 11
        case .conflict: 12
        }
    }
}

/// How much a category of finding matters.
public enum CheckLevel: String, CaseIterable, Sendable {
    /// Reported; `wikisite check` and `wikisite build --strict` exit 1.
    case error
    /// Reported; the exit status does not change.
    case warning
    /// Not reported at all.
    case ignore
}

/// The level of every category: the defaults, with the configuration's choices over them.
public struct CheckLevels: Sendable, Equatable {
    private var chosen: [CheckCategory: CheckLevel] = [:]

    /// Every category at its default level.
    public init() {}

    /// The level of `category`.
    public subscript(category: CheckCategory) -> CheckLevel {
        get { chosen[category] ?? category.defaultLevel }
        set { chosen[category] = newValue }
    }

    /// Equal when every category has the same level, chosen or by default.
    public static func == (lhs: CheckLevels, rhs: CheckLevels) -> Bool {
        CheckCategory.allCases.allSatisfy { lhs[$0] == rhs[$0] }
    }
}
