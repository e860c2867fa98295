import WikiDocuments
import WikiModel
import WikiRender

extension WikiAnalysis {
    /// The attachments written beside the page at `position` of `pages` (`Page.attachmentFiles`).
    func attachmentFiles(ofPageAt position: Int, in layout: SiteLayout) -> [SiteFile] {
        pages[position].attachmentFiles(embedded: graph.outline(at: position).attachments, in: layout)
    }
}

extension Page {
    /// The attachments written beside the page, whose text's attachment embeds are `embeds`
    /// (`![[name.png]]`): each one embedded that has its bytes, once, in order of first embed.
    /// Attachments no embed shows are not published. Their paths are those of `layout`.
    func attachmentFiles(embedded embeds: [AttachmentEmbed], in layout: SiteLayout) -> [SiteFile] {
        var written: Set<ExactString> = []
        return embeds.compactMap { embed in
            guard written.insert(ExactString(embed.name)).inserted, let attachment = attachment(named: embed.name),
                let data = attachment.data
            else { return nil }
            return SiteFile(path: layout.attachment(attachment, ofPage: title, inWiki: wikiID), bytes: data)
        }
    }
}
