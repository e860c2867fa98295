/// GitHub-flavoured Markdown on cmark's tree: tables, task list items, strikethrough and
/// extended autolinks, each a pass of its own over the nodes cmark made and their source
/// positions. No pass reads the text of code, raw HTML or a link's destination: a construct
/// written there stays as it is.
enum GitHubExtensions {
    /// Rewrites `document` (whose Markdown is `source`) as GitHub renders it, and returns the
    /// source of each block of inlines the passes made (table cells, and the paragraphs around
    /// a table), for the wikilink pass.
    static func apply(to document: inout CmarkDocument, source: inout SourceText) -> [CmarkDocument.Node: Range<Int>] {
        let cells = Tables.rewrite(in: &document, source: source)
        TaskListItems.rewrite(in: &document, source: source, paragraphs: cells)
        // Before strikethrough, as in cmark-gfm: a link runs to the next space, tildes and all.
        let autolinks = ExtendedAutolinks.rewrite(in: &document, source: &source, cells: cells)
        Strikethrough.rewrite(in: &document, source: &source, cells: cells, autolinks: autolinks)
        return cells
    }
}
