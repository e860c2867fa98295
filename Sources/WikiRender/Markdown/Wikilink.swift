import WikiModel

/// Where a wikilink points: a page, a heading of a page, or a heading of the same page.
public struct WikilinkTarget: Hashable, Sendable {
    /// The page, or nil for a heading of the page the link is on (`[[#Heading]]`).
    public let title: PageTitle?
    /// The heading's text as written after `#` (trimmed), or nil for the page itself.
    public let fragment: String?

    /// A target; `fragment` is compared exactly, like titles.
    public init(title: PageTitle?, fragment: String?) {
        self.title = title
        self.fragment = fragment
    }

    public static func == (lhs: WikilinkTarget, rhs: WikilinkTarget) -> Bool {
        guard lhs.title == rhs.title else { return false }
        switch (lhs.fragment, rhs.fragment) {
        case (nil, nil): return true
        case (let left?, let right?): return left.utf8.elementsEqual(right.utf8)
        default: return false
        }
    }

    /// The Obsidian block id the fragment names (`[[Page#^id]]`), without the `^`; nil when
    /// the fragment is a heading's text or there is none.
    public var blockID: String? {
        fragment.flatMap(BlockIDs.id(inFragment:))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(title)
        if let fragment {
            hasher.combine(fragment.utf8.count)
            for byte in fragment.utf8 { hasher.combine(byte) }
        }
    }
}

/// What a wikilink's target resolves to.
public struct ResolvedLink: Sendable {
    /// The page's URL relative to the page being rendered, without a fragment (empty for the
    /// page itself). The renderer HTML-escapes it and adds `#` and the heading's id.
    public let href: String
    /// Whether the page exists; a link to a missing page gets the `missing` class.
    public let exists: Bool

    public init(href: String, exists: Bool) {
        self.href = href
        self.exists = exists
    }
}

/// One wikilink of a page, for backlinks and link checks: a link, or an embed of a page
/// (`![[Page]]`, `![[Page#Heading]]`), which links to the page it shows.
public struct WikilinkOccurrence: Sendable {
    /// What the link points to.
    public let target: WikilinkTarget
    /// The text shown for the link.
    public let label: String
    /// The 1-based line of the Markdown where the link is written.
    public let line: Int
    /// Whether it is an embed (`![[Page]]`): the page shows the target's body, so it changes
    /// when the target does.
    public let isEmbed: Bool

    public init(target: WikilinkTarget, label: String, line: Int, isEmbed: Bool = false) {
        self.target = target
        self.label = label
        self.line = line
        self.isEmbed = isEmbed
    }
}
