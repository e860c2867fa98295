import WikiDocuments
import WikiModel

/// A page's Markdown rendered: its HTML and what the rest of the site needs to know about it.
public struct RenderedMarkdown: Sendable {
    /// The page body's HTML.
    public let html: String
    /// The headings, in document order.
    public let headings: [Heading]
    /// The wikilinks and embeds of pages, in document order.
    public let links: [WikilinkOccurrence]
    /// The embeds of attachments (`![[name.png]]`), in document order.
    public let attachments: [AttachmentEmbed]
    /// The Obsidian block ids (`^id`, given without the `^`), in document order.
    public let blockIDs: [String]
    /// The inline tags (`#tag`), in document order, each time it is written.
    public let tags: [WikiTag]
    /// The CamelCase words where they would link, linked or not, in document order (none
    /// without `MarkdownOptions.camelCaseLinks`); set after the rest, as the renderer finds them.
    public var camelCaseWords: [PageTitle] = []

    public init(
        html: String, headings: [Heading], links: [WikilinkOccurrence], attachments: [AttachmentEmbed] = [],
        blockIDs: [String] = [], tags: [WikiTag] = []
    ) {
        self.html = html
        self.headings = headings
        self.links = links
        self.attachments = attachments
        self.blockIDs = blockIDs
        self.tags = tags
    }
}

/// A heading of a rendered page.
public struct Heading: Sendable {
    /// 1 for `<h1>` through 6 for `<h6>`.
    public let level: Int
    /// The heading's plain text (what it shows, without markup).
    public let text: String
    /// The `id` attribute it was given, unique in the page: `[[Page#text]]` lands on it.
    public let id: String

    public init(level: Int, text: String, id: String) {
        self.level = level
        self.text = text
        self.id = id
    }
}
