/// Which side of the `|` in `[[a|b]]` names the page.
public enum LinkStyle: String, Sendable, CaseIterable {
    /// `[[target|label]]`, as MediaWiki and Obsidian write it.
    case obsidian
    /// `[[label|target]]`, as Gollum and Dendron write it.
    case gollum
}

/// How a wiki's Markdown is read and rendered.
public struct MarkdownOptions: Sendable {
    /// How `[[a|b]]` is read.
    public var linkStyle: LinkStyle
    /// Whether raw HTML in the Markdown is passed through (and `javascript:`-like URLs kept).
    /// Off by default: raw HTML is replaced by a comment and such URLs are dropped. Turn it on
    /// only for a wiki whose every author is trusted.
    public var allowRawHTML: Bool
    /// Whether a CamelCase word (`SyncClient`) links to the page of that title when it exists,
    /// as TouchWiki did (`CamelCaseLinks`). Off by default.
    public var camelCaseLinks: Bool
    /// Which Markdown the text is: GitHub-flavoured (the default) or strict CommonMark.
    public var dialect: MarkdownDialect
    /// How a wikilink's title names a page; nil: exactly, the title as written.
    public var titleMatching: (any TitleMatching)?

    /// Options; the defaults are Obsidian-style links, no raw HTML, no CamelCase links,
    /// GitHub-flavoured Markdown and titles matched exactly.
    public init(
        linkStyle: LinkStyle = .obsidian, allowRawHTML: Bool = false, camelCaseLinks: Bool = false,
        dialect: MarkdownDialect = .gfm, titleMatching: (any TitleMatching)? = nil
    ) {
        self.linkStyle = linkStyle
        self.allowRawHTML = allowRawHTML
        self.camelCaseLinks = camelCaseLinks
        self.dialect = dialect
        self.titleMatching = titleMatching
    }
}
