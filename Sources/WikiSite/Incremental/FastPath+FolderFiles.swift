import WikiDocuments
import WikiModel

extension FastPath {
    /// Leaves to the wiki-wide path the changes of a folder wiki that may change which files of
    /// its folder are published, or their bytes: a note that names a file before or now (its
    /// outline embeds or links one), or a home that shows other files than the state recorded
    /// (`stored`). The wiki-wide path makes the wiki's files from every page
    /// (`WikiAnalysis.folderFiles`); a replaced, renamed or deleted file changes the documents of
    /// the notes naming it, so it is one of these changes too. Returns the digest of the home's
    /// files (`WikiAnalysis.homeFolderFiles`).
    ///
    /// - Throws: `FastPathDeclined` for such a change.
    static func leaveFolderFiles(
        of edits: WikiEdits, stored: BuildState.StoredWiki, layout: SiteLayout
    ) throws -> Int64 {
        let wiki = edits.wiki
        if let edit = edits.edits.first(where: { !$0.oldOutline.attachments.isEmpty || !$0.outline.attachments.isEmpty }
        ) {
            throw FastPathDeclined(
                "note \(MessageText.quoted(edit.title.text)) of wiki \(MessageText.quoted(wiki.id)) names files "
                    + "of its folder, before or now")
        }
        let homeFiles = WikiAnalysis.digest(
            of: WikiAnalysis.homeFolderFiles(of: wiki, home: edits.homeOutline, in: layout))
        guard homeFiles == stored.homeFiles else {
            throw FastPathDeclined(
                "the home note of wiki \(MessageText.quoted(wiki.id)) shows other files of its folder")
        }
        return homeFiles
    }
}
