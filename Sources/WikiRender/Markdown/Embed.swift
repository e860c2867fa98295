import WikiModel

/// An embed (`![[…]]`) found in a text: the empty inline node that stands where it is
/// written, and what it shows.
struct Embed {
    /// What an embed shows.
    enum Kind {
        /// A page or a section of one: `![[Page]]`, `![[Page#Heading]]`, `![[#Heading]]`.
        case page(WikilinkTarget)
        /// An attachment of the page whose text holds the embed, by its name as written.
        case attachment(String)
    }

    /// The placeholder: an inline node holding the label as text, so that a heading's text
    /// (and id) is the same whether its embeds are shown or only outlined; `Transclusion`
    /// replaces it.
    let placeholder: CmarkDocument.Node
    let kind: Kind
    /// The label as written after (Obsidian) or before (Gollum) the `|`; the target when none:
    /// the link text of a page embed, the `alt` text of an image.
    let label: [UInt8]
    /// The 1-based line of the Markdown where it is written.
    private(set) var line: Int

    /// Inserts a placeholder for the embed of `content` before `node`. The name as written is
    /// an attachment's when the text's page has an attachment of that name (`isAttachment`) or
    /// when it ends with one of `AttachmentEmbed.fileExtensions`; otherwise it names a page. So
    /// what an embed is follows from the text's own document alone, never from other pages.
    init(
        _ content: WikilinkContent, line: Int, before node: CmarkDocument.Node, in document: inout CmarkDocument,
        _ isAttachment: (String) -> Bool
    ) {
        let name = String(decoding: content.written, as: UTF8.self)
        kind = Self.hasFileExtension(name) || isAttachment(name) ? .attachment(name) : .page(content.target)
        label = content.label
        self.line = line
        placeholder = document.insertCustomInline(onEnter: "", label: content.label, onExit: "", before: node)
    }

    /// The same embed, written `lines` lines further down (in a text that holds its own).
    func shifted(by lines: Int) -> Embed {
        var embed = self
        embed.line += lines
        return embed
    }

    /// The embed as a link, for the link graph: nil for an attachment.
    var occurrence: WikilinkOccurrence? {
        guard case .page(let target) = kind else { return nil }
        return WikilinkOccurrence(
            target: target, label: String(decoding: label, as: UTF8.self), line: line, isEmbed: true)
    }

    /// The embed of an attachment, for the list of them: nil for a page.
    var attachment: AttachmentEmbed? {
        guard case .attachment(let name) = kind else { return nil }
        return AttachmentEmbed(name: name, line: line)
    }

    private static func hasFileExtension(_ name: String) -> Bool {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
        return AttachmentEmbed.fileExtensions.contains(String(name[name.utf8.index(after: dot)...]).lowercased())
    }
}
