import WikiDocuments

/// A published wiki: a live, valid `type: "wiki"` document.
public struct Wiki: Sendable {
    /// The wiki's `_id` (never empty, never with a colon).
    public let id: String
    /// `title`, plain text; the `_id` when the document has no title or an empty one.
    public let title: String
    /// `owner_id`, the user who owns the wiki.
    public let ownerID: String?
    /// `members`, the other users who may read and write it, in the document's order.
    public let members: [String]
    /// `markdown`, the wiki's description (empty when absent).
    public let markdown: String
    /// `created_at`.
    public let createdAt: Timestamp?
    /// `updated_at`.
    public let updatedAt: Timestamp?
    /// The winning revision.
    public let revision: Revision
    /// Where the winning revision was read.
    public let origin: DocumentOrigin
    /// `_attachments`, in byte order of their names: the files its description (the home) shows.
    /// A folder of Markdown gives its home note's files; a wiki document read from a database
    /// has none that any build publishes.
    public let attachments: [Attachment]

    /// The wiki read from `version` of its document, whose `_id` is valid: its fields read
    /// from `fields`, and the attachments kept of it.
    ///
    /// - Throws: `SkipReason` when a field has the wrong type.
    init(_ version: DocumentHistory.Version, fields: DocumentFields, attachments: [Attachment]) throws(SkipReason) {
        let document = version.document
        let title = try fields.optionalString("title")
        self.id = document.id
        self.title = title.flatMap { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) ? nil : $0 } ?? document.id
        self.ownerID = try fields.optionalString("owner_id")
        self.members = try fields.optionalStringArray("members") ?? []
        self.markdown = try fields.optionalString("markdown") ?? ""
        self.createdAt = try fields.optionalTimestamp("created_at")
        self.updatedAt = try fields.optionalTimestamp("updated_at")
        self.revision = version.revision
        self.origin = document.origin
        self.attachments = attachments
    }

    /// The attachment called exactly `name` (compared by Unicode scalars), if the wiki has one.
    public func attachment(named name: String) -> Attachment? {
        attachments.first { $0.name.utf8.elementsEqual(name.utf8) }
    }
}

/// A page of a wiki: a live, valid `type: "page"` document whose wiki is published.
///
/// Immutable, and a class so that the lists, orders and indexes of a wiki share each page
/// instead of copying its eleven fields.
public final class Page: Sendable {
    /// The page's `_id`: the wiki's `_id`, a colon, and the title as written.
    public let documentID: String
    /// The wiki's `_id` (the part of `documentID` before the first colon).
    public let wikiID: String
    /// The title (the part of `documentID` after the first colon), normalized.
    public let title: PageTitle
    /// `markdown`, the body (empty when absent): in memory, or in the `MarkdownStash` of the
    /// build until it is read.
    public let markdownText: MarkdownText
    /// `created_at`.
    public let createdAt: Timestamp?
    /// `updated_at`.
    public let updatedAt: Timestamp?
    /// `updated_by`, the user who saved it last.
    public let updatedBy: String?
    /// `draft: true`: saved by its author but not published, except in a preview that
    /// includes drafts, whose page shows it is one.
    public let isDraft: Bool
    /// The front matter's `title`: shown as the page's heading, while `title` still names the
    /// page (its URL, the links that reach it); nil when the front matter gives none.
    public let displayedTitle: String?
    /// The front matter's `tags`, in the order written; a page's inline `#tags` are in its
    /// text, found when it is parsed.
    public let frontMatterTags: [WikiTag]
    /// The front matter's `aliases` (and `alias`): the page's other titles, as written, in the
    /// order given. A link to one reaches the page through a redirect (`WikiAliases`).
    public let aliases: [String]
    /// The winning revision.
    public let revision: Revision
    /// `_attachments`, in byte order of their names.
    public let attachments: [Attachment]
    /// Where the winning revision was read.
    public let origin: DocumentOrigin

    /// The page read from `version` of its document, in the wiki `wikiID`, titled `title`: its
    /// text split from its front matter (`text`), its document's own fields (`metadata`), and
    /// the attachments kept of it.
    init(
        _ version: DocumentHistory.Version, wikiID: String, title: PageTitle, text: PageFrontMatter,
        metadata: PageMetadata, attachments: [Attachment]
    ) {
        let frontMatter = text.frontMatter
        self.documentID = version.document.id
        self.wikiID = wikiID
        self.title = title
        self.markdownText = text.body
        self.createdAt = metadata.createdAt
        self.updatedAt = metadata.updatedAt
        self.updatedBy = metadata.updatedBy
        self.isDraft = metadata.isDraft || frontMatter.isDraft == true
        self.displayedTitle = frontMatter.title
        self.frontMatterTags = frontMatter.tags
        self.aliases = frontMatter.aliases
        self.revision = version.revision
        self.attachments = attachments
        self.origin = version.document.origin
    }
}

/// What a page's document says of it in fields of its own, beside its text: `created_at`,
/// `updated_at`, `updated_by` and `draft`.
struct PageMetadata {
    /// `created_at`.
    let createdAt: Timestamp?
    /// `updated_at`.
    let updatedAt: Timestamp?
    /// `updated_by`, the user who saved it last.
    let updatedBy: String?
    /// `draft: true`; the front matter can mark a page a draft too.
    let isDraft: Bool
}

extension Page {
    /// `markdown`, the body (empty when absent); read back from the stash when it is kept there.
    public var markdown: String { markdownText.text }

    /// Calls `body` with the UTF-8 bytes of `markdown`, without making a string of them.
    public func withMarkdownUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        markdownText.withUTF8(body)
    }

    /// The attachment called exactly `name` (compared by Unicode scalars), if the page has one.
    public func attachment(named name: String) -> Attachment? {
        attachments.first { $0.name.utf8.elementsEqual(name.utf8) }
    }
}
