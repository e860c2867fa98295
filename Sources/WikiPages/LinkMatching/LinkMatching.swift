/// How a wiki's wikilinks name its pages: the `link_matching` setting of a wiki in
/// `wikisite.toml`. A different setting from the link style, which says which side of `|` names
/// the page.
public enum LinkMatching: String, Sendable, CaseIterable {
    /// A link names the page of exactly its title (after folding runs of spaces and
    /// underscores): TouchWiki's rule, and the default for wikis read from documents. No lookup.
    case exact
    /// A link names a note by its name or the end of its path, letter case ignored, as Obsidian
    /// resolves links (`NoteNames`): the default for a folder of Markdown.
    case obsidian
}
