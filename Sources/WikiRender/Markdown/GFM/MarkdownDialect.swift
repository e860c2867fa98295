/// Which Markdown a wiki is written in.
public enum MarkdownDialect: String, Sendable, CaseIterable {
    /// GitHub-flavoured Markdown: CommonMark with tables, task list items, strikethrough and
    /// extended autolinks, as GitHub renders them, and Obsidian's callouts, highlights and
    /// comments, which no CommonMark text means otherwise. The default: it is what most wikis
    /// expect.
    case gfm
    /// Strict CommonMark 0.30, exactly as the `cmark` command renders it.
    case commonmark
}
