import WikiDocuments
import WikiModel
import WikiWrite

/// A 64-bit digest of everything in a published wiki or page that shapes a file: two documents
/// with the same fingerprint render the same. The losing revisions of a conflict are included,
/// since the statistics list them.
package enum DocumentFingerprint {
    /// The fingerprint of `page`, conflicted as `conflict` says (nil: no conflict).
    static func of(_ page: Page, conflict: ConflictedDocument?) -> Int64 {
        var fingerprint = Fingerprint()
        fingerprint.add(page.documentID)
        fingerprint.add(page.title.text)
        fingerprint.add(Int(page.markdownText.digest))
        fingerprint.add(page.createdAt?.text)
        fingerprint.add(page.updatedAt?.text)
        fingerprint.add(page.updatedBy)
        fingerprint.add(page.revision.description)
        fingerprint.add(page.attachments.count)
        for attachment in page.attachments {
            fingerprint.add(attachment.name)
            fingerprint.add(attachment.contentType)
            fingerprint.add(attachment.data.map { ContentHash(of: $0).description })
            fingerprint.add(attachment.length.map(String.init))
            fingerprint.add(attachment.digest)
            if let path = attachment.folderPath { fingerprint.add("path " + path) }
        }
        fingerprint.add(conflict?.losers.map(\.description).joined(separator: ","))
        // A draft's page shows a banner, a front matter title is its heading, front matter tags
        // are shown and listed, and aliases are redirects; each is added only when there is one,
        // so the fingerprint of a page that has none keeps its value.
        if page.isDraft { fingerprint.add("draft") }
        if let displayedTitle = page.displayedTitle { fingerprint.add("title " + displayedTitle) }
        if !page.frontMatterTags.isEmpty {
            fingerprint.add("tags")
            fingerprint.add(page.frontMatterTags.count)
            for tag in page.frontMatterTags { fingerprint.add(tag.text) }
        }
        for alias in page.aliases { fingerprint.add("alias " + alias) }
        return fingerprint.value
    }

    /// The fingerprint of `wiki`'s document, conflicted as `conflict` says (nil: no conflict).
    static func of(_ wiki: Wiki, conflict: ConflictedDocument?) -> Int64 {
        var fingerprint = Fingerprint()
        fingerprint.add(wiki.id)
        fingerprint.add(wiki.title)
        fingerprint.add(wiki.ownerID)
        fingerprint.add(wiki.members.count)
        for member in wiki.members { fingerprint.add(member) }
        fingerprint.add(wiki.markdown)
        fingerprint.add(wiki.createdAt?.text)
        fingerprint.add(wiki.updatedAt?.text)
        fingerprint.add(wiki.revision.description)
        fingerprint.add(conflict?.losers.map(\.description).joined(separator: ","))
        return fingerprint.value
    }
}

extension WikiDatabase {
    /// The fingerprint of `page`, a page of this database, with its conflict here.
    func fingerprint(of page: Page) -> Int64 {
        DocumentFingerprint.of(page, conflict: conflict(ofDocument: page.documentID))
    }

    /// The fingerprint of the document of `wiki`, a wiki of this database, with its conflict here.
    func fingerprint(of wiki: Wiki) -> Int64 {
        DocumentFingerprint.of(wiki, conflict: conflict(ofDocument: wiki.id))
    }
}
