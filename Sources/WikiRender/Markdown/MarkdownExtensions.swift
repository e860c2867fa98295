/// The extensions of the default dialect on cmark's tree: GitHub's (tables, task list items,
/// strikethrough, extended autolinks) and Obsidian's (callouts, comments, highlights). Each is
/// a pass of its own over the nodes cmark made and their source positions. No pass reads the
/// text of code, raw HTML or a link's destination: a construct written there stays as it is.
/// A pass whose marks are nowhere in the page is skipped (`ExtensionTriggers`).
enum MarkdownExtensions {
    /// Rewrites `document` (whose Markdown is `source`) with every extension, and returns the
    /// source of each block of inlines the passes made (table cells, the paragraphs around a
    /// table, callout titles and bodies), for the wikilink pass.
    static func apply(to document: inout CmarkDocument, source: inout SourceText) -> [CmarkDocument.Node: Range<Int>] {
        let triggers = ExtensionTriggers(source)
        var cells = triggers.tables ? Tables.rewrite(in: &document, source: source) : [:]
        if triggers.callouts { Callouts.rewrite(in: &document, source: source, blocks: &cells) }
        // Before the other inline passes: nothing in a comment pairs with a mark outside it.
        if triggers.comments { Comments.remove(in: &document, source: &source, cells: cells) }
        if triggers.taskListItems { TaskListItems.rewrite(in: &document, source: source, paragraphs: cells) }
        // Before strikethrough, as in cmark-gfm: a link runs to the next space, tildes and all.
        let autolinks =
            triggers.autolinks ? ExtendedAutolinks.rewrite(in: &document, source: &source, cells: cells) : []
        if triggers.strikethrough {
            DelimitedSpans.strikethrough.rewrite(in: &document, source: &source, cells: cells, autolinks: autolinks)
        }
        if triggers.highlights {
            DelimitedSpans.highlight.rewrite(in: &document, source: &source, cells: cells, autolinks: autolinks)
        }
        return cells
    }
}
