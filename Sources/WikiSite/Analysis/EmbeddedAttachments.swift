import WikiDocuments
import WikiModel

extension WikiAnalysis {
    /// The attachments written beside the page at `position` of `pages`: each one its own text
    /// embeds (`![[name.png]]`) that has its bytes, once, in order of first embed. Attachments
    /// no embed shows are not published. Their paths are those of `layout`.
    func attachmentFiles(ofPageAt position: Int, in layout: SiteLayout) -> [SiteFile] {
        let page = pages[position]
        var written: Set<ExactString> = []
        return graph.outline(at: position).attachments.compactMap { embed in
            guard written.insert(ExactString(embed.name)).inserted, let data = page.attachment(named: embed.name)?.data
            else { return nil }
            return SiteFile(
                path: layout.attachment(embed.name, ofPage: page.title, inWiki: wiki.id), bytes: data)
        }
    }
}
