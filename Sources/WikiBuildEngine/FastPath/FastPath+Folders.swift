import WikiDocuments
import WikiModel
import WikiPages

/// The folder pages of the fast path. The folders are the notes' once the changes are saved
/// (`FastPathNoteNames`, from the state's titles). The folder notes the changes leave alone are
/// read by `_id` with the other pages the build shows (`WikiEdits.folderNotes`), and so are the
/// pages they embed (`WikiEdits.embeddedPages`). Every folder
/// page's digest is worked out (`FolderPages`); those that are not the state's are written.
extension FastPath {
    /// The folder notes of `wiki`, once its changes are saved, that are not among `pages` (the
    /// pages created and edited), as the state keeps them. The pages they embed are read with
    /// the other embedded pages (`addEmbeddedPages`).
    ///
    /// - Throws: `FastPathDeclined` when the state lacks one.
    func unchangedFolderNotes(
        of wiki: Wiki, besides pages: [Page], state: BuildState
    ) throws -> [(title: PageTitle, stored: BuildState.StoredPage)] {
        let changed = Set(pages.map(\.title))
        let notes = (noteNames.folders(ofWiki: wiki.id)?.pagedFolders ?? []).compactMap(\.folderNote)
        return try notes.filter { !changed.contains($0) }.map { title in
            guard let stored = try state.storedPage(title, inWiki: wiki.id), stored.outline != nil else {
                throw FastPathDeclined("the build state lacks the folder note \(MessageText.quoted(title.text))")
            }
            return (title, stored)
        }
    }

    /// Whether a note of wiki `wikiID` came or went with the changes (`FastPathNoteNames`). When
    /// none did, the tree is the last build's, and so are the bytes of its script: the script,
    /// whose hrefs name every note, is not made again for a text edit.
    private func treeMoved(inWiki wikiID: String) -> Bool {
        guard let changes = noteNames.changes(ofWiki: wikiID) else { return true }
        return !changes.created.isEmpty || !changes.removed.isEmpty
    }

    /// Adds to `files` the folder pages and the tree script of the wiki of `context` whose
    /// digests changed, and removes the pages of folders no note is in any more. Their digests go
    /// to `digests`, the files removed to `update`.
    ///
    /// - Throws: `FastPathDeclined` when a folder note's document was not read.
    func addFolderFiles(
        _ context: WikiFileContext, to files: inout WikiFiles, digests: inout [String: Int64],
        into update: inout StateUpdate
    ) throws {
        let wikiID = context.edits.wiki.id
        let database = context.database
        guard let tree = context.lists.chrome.folders else { return }
        for note in tree.pagedFolders.compactMap(\.folderNote) where database.page(inWiki: wikiID, titled: note) == nil
        {
            throw FastPathDeclined("the folder note \(MessageText.quoted(note.text)) was not read")
        }
        guard
            let folders = FolderPages(
                context: context.lists, bodies: context.renderer.bodies,
                pages: { database.page(inWiki: wikiID, titled: $0) })
        else { return }
        let prefix =
            context.layout.folderPrefix(ofWiki: wikiID) + SiteLayout.specialFolder + "/" + SitePaths.foldersFolder + "/"
        let stored = try context.state.specialFileDigests(inWiki: wikiID).filter { $0.key.hasPrefix(prefix) }
        var current: Set<String> = []
        for folder in folders.folders {
            let path = folders.path(of: folder)
            current.insert(path.description)
            let digest = folders.digest(of: folder)
            guard stored[path.description] != digest else { continue }
            digests[path.description] = digest
            files.written.append((path, folders.html(of: folder), context.cause))
        }
        let scriptPath = context.layout.folderTreeScript(ofWiki: wikiID)
        current.insert(scriptPath.description)
        if stored[scriptPath.description] == nil || treeMoved(inWiki: wikiID) {
            let script = folders.treeScript
            if stored[script.path.description] != script.digest {
                digests[script.path.description] = script.digest
                files.written.append((script.path, script.text, context.cause))
            }
        }
        for path in stored.keys.sorted() where !current.contains(path) {
            files.removed.append((SitePath(components: path.split(separator: "/").map(String.init)), context.cause))
            update.removedSpecialFiles.append((wikiID, path))
        }
    }
}
