import WikiDocuments
import WikiModel
import WikiRender
import WikiWrite

extension WikiAnalysis {
    /// The attachments written beside the page at `position` of `pages` (`Page.attachmentFiles`).
    package func attachmentFiles(ofPageAt position: Int, in layout: SiteLayout) -> [SiteFile] {
        pages[position].attachmentFiles(embedded: graph.outline(at: position).attachments, in: layout)
    }

    /// The files of a folder wiki's folder that its published pages, and its home (whose outline
    /// is `home`), embed or link: each once, whatever notes name it, in byte order of their
    /// paths (`SiteLayout.folderFile`). A file no published note names is not among them.
    package func folderFiles(home: PageOutline, in layout: SiteLayout) -> [SiteFile] {
        var files: [String: SiteFile] = [:]
        for file in Self.homeFolderFiles(of: wiki, home: home, in: layout) { files[file.path.description] = file }
        for named in folderFilesByPage(in: layout) {
            for file in named.files { files[file.path.description] = file }
        }
        return files.values.sorted { $0.path.description.precedesInByteOrder($1.path.description) }
    }

    /// The files of its folder each published page of a folder wiki shows
    /// (`folderFiles(of:outline:in:)`), in the order of the pages; pages that show none are left
    /// out. What the build state keeps of each page, so that the fast path knows which pages
    /// name a file.
    package func folderFilesByPage(in layout: SiteLayout) -> [(page: PageTitle, files: [SiteFile])] {
        pages.indices.compactMap { position in
            let files = Self.folderFiles(of: pages[position], outline: graph.outline(at: position), in: layout)
            return files.isEmpty ? nil : (pages[position].title, files)
        }
    }

    /// The files of its folder the page `page` of a folder wiki, whose outline is `outline`,
    /// shows: those its attachment embeds name that have their bytes, each once.
    package static func folderFiles(of page: Page, outline: PageOutline, in layout: SiteLayout) -> [SiteFile] {
        folderFiles(embedded(outline.attachments, among: page.attachment(named:)), ofWiki: page.wikiID, in: layout)
    }

    /// The files of its folder the home of the folder wiki `wiki` shows, whose outline is `home`.
    package static func homeFolderFiles(of wiki: Wiki, home: PageOutline, in layout: SiteLayout) -> [SiteFile] {
        folderFiles(embedded(home.attachments, among: wiki.attachment(named:)), ofWiki: wiki.id, in: layout)
    }

    /// The files of the folder of wiki `wikiID` among `attachments`, with their bytes.
    private static func folderFiles(_ attachments: [Attachment], ofWiki wikiID: String, in layout: SiteLayout)
        -> [SiteFile]
    {
        attachments.compactMap { attachment in
            guard let path = layout.folderFile(attachment, ofWiki: wikiID), let data = attachment.data else {
                return nil
            }
            return SiteFile(path: path, bytes: data)
        }
    }

    /// The attachments `embeds` show, found by `attachment`: each once, in order of first embed.
    static func embedded(_ embeds: [AttachmentEmbed], among attachment: (String) -> Attachment?) -> [Attachment] {
        var shown: Set<ExactString> = []
        return embeds.compactMap { embed in
            guard shown.insert(ExactString(embed.name)).inserted else { return nil }
            return attachment(embed.name)
        }
    }
}

extension Page {
    /// The attachments written beside the page, whose text's attachment embeds are `embeds`
    /// (`![[name.png]]`): each one embedded that has its bytes, once, in order of first embed.
    /// Attachments no embed shows are not published, nor are the files of a folder wiki's folder,
    /// which are the wiki's (`WikiAnalysis.folderFiles`). Their paths are those of `layout`.
    package func attachmentFiles(embedded embeds: [AttachmentEmbed], in layout: SiteLayout) -> [SiteFile] {
        WikiAnalysis.embedded(embeds, among: attachment(named:)).compactMap { attachment in
            guard let data = attachment.data, layout.folderFile(attachment, ofWiki: wikiID) == nil else { return nil }
            return SiteFile(path: layout.attachment(attachment, ofPage: title, inWiki: wikiID), bytes: data)
        }
    }
}
