import WikiDocuments

/// Validates a wiki document's winning revision into a `Wiki`.
struct WikiReader {
    let version: DocumentHistory.Version

    /// The wiki, and the attachments left out of it.
    func read() throws(SkipReason) -> (wiki: Wiki, skippedAttachments: [SkippedAttachment]) {
        let document = version.document
        let id = document.id
        guard !id.isEmpty else { throw SkipReason("its _id is empty; a wiki needs an _id to be published") }
        guard !id.utf8.contains(UInt8(ascii: ":")) else {
            throw SkipReason(
                "its _id contains a colon, which a wiki's _id never does (a colon separates a page's wiki from its title)"
            )
        }
        guard !id.containsControlCharacter else { throw SkipReason("its _id contains control characters") }
        try checkInvalidText(document)
        let fields = DocumentFields(object: document.body)
        let attachments = AttachmentReader(document: document).read()
        let wiki = try Wiki(version, fields: fields, attachments: attachments.attachments)
        return (wiki, attachments.skipped)
    }
}

/// A page's `_id` split at its first colon: the wiki's `_id`, then the title as written.
struct PageID {
    let wikiID: String
    let rawTitle: String

    init(_ id: String) throws(SkipReason) {
        guard let colon = id.utf8.firstIndex(of: UInt8(ascii: ":")) else {
            throw SkipReason(
                "its _id has no colon; a page's _id is its wiki's _id, a colon, and its title (\"123:Sync Client\")")
        }
        wikiID = String(id[..<colon])
        rawTitle = String(id[id.utf8.index(after: colon)...])
        guard !wikiID.isEmpty else { throw SkipReason("its _id starts with a colon: the wiki part is empty") }
    }
}

/// Validates a page document's winning revision into a `Page`.
struct PageReader {
    let version: DocumentHistory.Version
    let pageID: PageID
    /// The published wiki the `_id` names: its pages share its `_id`'s storage rather than each
    /// holding a copy.
    let wiki: Wiki

    /// What reading a page gives: the page, the attachments left out of it, and its front
    /// matter's problem when it could not be read.
    struct Read {
        let page: Page
        let skippedAttachments: [SkippedAttachment]
        let invalidFrontMatter: [InvalidFrontMatter]
    }

    /// The page, with what was left out of it.
    func read() throws(SkipReason) -> Read {
        let document = version.document
        let rawTitle = pageID.rawTitle
        guard !rawTitle.isEmpty else { throw SkipReason("its title is empty: nothing follows the colon in its _id") }
        guard !rawTitle.containsControlCharacter else { throw SkipReason("its title contains control characters") }
        try checkInvalidText(document)
        guard let title = PageTitle(rawTitle) else {
            throw SkipReason("its title \(MessageText.quoted(rawTitle)) holds nothing but spaces and underscores")
        }
        try checkWikiID(document.body["wiki_id"])
        let fields = DocumentFields(object: document.body)
        let markdown: MarkdownText
        if let stashed = version.markdown {
            markdown = stashed
        } else {
            markdown = MarkdownText(try fields.optionalString("markdown") ?? "")
        }
        let split = PageFrontMatter(markdown)
        // Read in this order, so that of several bad fields the same one is named.
        let isDraft = try fields.optionalBool("draft") ?? false
        let metadata = PageMetadata(
            createdAt: try fields.optionalTimestamp("created_at"),
            updatedAt: try fields.optionalTimestamp("updated_at"),
            updatedBy: try fields.optionalString("updated_by"), isDraft: isDraft)
        let attachments = AttachmentReader(document: document).read()
        let page = Page(
            version, wikiID: wiki.id, title: title, text: split, metadata: metadata,
            attachments: attachments.attachments)
        let invalidFrontMatter =
            split.problem.map {
                [
                    InvalidFrontMatter(
                        documentID: document.id, origin: document.origin, line: $0.line, reason: $0.message)
                ]
            }
            ?? split.partProblems.map {
                InvalidFrontMatter(
                    documentID: document.id, origin: document.origin, line: $0.line, reason: $0.message,
                    isShownAsCode: false)
            }
        return Read(page: page, skippedAttachments: attachments.skipped, invalidFrontMatter: invalidFrontMatter)
    }

    /// `wiki_id` repeats the wiki part of the `_id`; the `_id` is authoritative.
    private func checkWikiID(_ value: JSONValue?) throws(SkipReason) {
        // Quoted only for a message: most pages name their wiki right.
        var expected: String { MessageText.quoted(pageID.wikiID) }
        switch value {
        case nil:
            throw SkipReason("field \"wiki_id\" is missing; it must repeat the wiki part of the _id, \(expected)")
        case .string(let wikiID)?:
            guard wikiID.isExactly(pageID.wikiID) else {
                throw SkipReason(
                    "field \"wiki_id\" is \(MessageText.quoted(wikiID)), but its _id puts it in wiki \(expected)")
            }
        case let value?:
            throw .wrongType("wiki_id", value, expected: "a string (the wiki part of the _id, \(expected))")
        }
    }
}

/// An `_id` whose invalid text (bad UTF-8, a lone surrogate) became U+FFFD no longer names
/// the document exactly: two different IDs could have become one.
private func checkInvalidText(_ document: Document) throws(SkipReason) {
    guard document.hadInvalidText, document.id.containsReplacementCharacter else { return }
    throw SkipReason(
        "its _id held invalid text (bad UTF-8 or a lone surrogate), read as U+FFFD; fix the _id in the database")
}
