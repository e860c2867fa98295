import WikiDocuments
import WikiModel

/// What a page's Markdown says about the rest of the wiki, without its HTML: the headings, the
/// block ids and the wikilinks that `MarkdownRenderer.render(_:resolve:)` would find, the same ones in the
/// same order.
public struct MarkdownOutline: Sendable {
    /// The headings, in document order, with the ids the rendered page gives them.
    public let headings: [Heading]
    /// The wikilinks and embeds of pages, in document order.
    public let links: [WikilinkOccurrence]
    /// The embeds of attachments, in document order.
    public let attachments: [AttachmentEmbed]
    /// The Obsidian block ids (`^id`, given without the `^`), in document order: a block
    /// `[[Page#^id]]` lands on.
    public let blockIDs: [String]
    /// The inline tags (`#tag`), in document order, each time it is written.
    public let tags: [WikiTag]
    /// The CamelCase words where they would link, linked or not, in document order (none
    /// without `MarkdownOptions.camelCaseLinks`).
    public let camelCaseWords: [PageTitle]

    public init(
        headings: [Heading], links: [WikilinkOccurrence], attachments: [AttachmentEmbed] = [], blockIDs: [String] = [],
        tags: [WikiTag] = [], camelCaseWords: [PageTitle] = []
    ) {
        self.headings = headings
        self.links = links
        self.attachments = attachments
        self.blockIDs = blockIDs
        self.tags = tags
        self.camelCaseWords = camelCaseWords
    }
}

extension MarkdownRenderer {
    /// The headings, wikilinks and embeds of the text of page `page` (nil: the wiki's home)
    /// whose UTF-8 bytes (valid UTF-8) are `markdown`, exactly as `render(utf8:of:resolve:embeds:)`
    /// with the same arguments finds them, at the cost of the parse alone: no HTML is written and no embed is rendered. For
    /// passes that need to know what every page links to before any page is rendered.
    /// `resolve` only matters with `MarkdownOptions.camelCaseLinks`, where a CamelCase word is
    /// a link when its page exists; `embeds` only says which names are the page's attachments.
    public func outline(
        utf8 markdown: UnsafeBufferPointer<UInt8>, of page: PageTitle?, resolve: (WikilinkTarget) -> ResolvedLink,
        embeds: some EmbedSource
    ) -> MarkdownOutline {
        parse(utf8: markdown, as: ParsedPage(page: page, embeds: embeds, writesLinks: false), resolve: resolve) {
            _, parsed in
            MarkdownOutline(
                headings: parsed.headings.map(\.heading), links: parsed.links,
                attachments: parsed.attachments, blockIDs: parsed.blocks.map(\.id), tags: parsed.tags,
                camelCaseWords: parsed.camelCaseWords)
        }
    }
}
