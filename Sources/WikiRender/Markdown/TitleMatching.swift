import WikiModel

/// How the title written in a wikilink becomes the title of the page it names, in a wiki whose
/// links are not matched exactly (`MarkdownOptions.titleMatching`): Obsidian's matching by a
/// note's name or the end of its path, for a folder of Markdown.
public protocol TitleMatching: Sendable {
    /// The title of the page that `written` names when page `page` (nil: the wiki's home) links to
    /// it on `line`; `written` itself when no page matches.
    func match(_ written: PageTitle, from page: PageTitle?, line: Int) -> PageTitle
}
