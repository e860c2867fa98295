import WikiDocuments
import WikiModel
import WikiRender

/// The pages of a folder wiki's folders (`FolderTree`), one file each at
/// `_special/folders/<folder file>`: the folder note's text, then the subfolders and notes. They
/// are special files: each has a digest of what it shows, so a build renders only the folder
/// pages a change touches (a note created, deleted or moved; a folder note edited). The
/// wiki-wide path and the fast path make them with this one type.
package struct FolderPages: Sendable {
    /// The folders and their notes.
    let tree: FolderTree
    /// The chrome, theme and hrefs the files are made with.
    let context: SpecialPageContext
    /// The text of each folder's note, rendered in its folder page's file, by folder path.
    private let noteBodies: [String: String]

    /// The folder pages of the wiki of `context`, whose chrome holds its folders; the folder
    /// notes are the pages of `pages` (by title), rendered by `bodies`.
    package init?(context: SpecialPageContext, bodies: PageBodyRenderer, pages: (PageTitle) -> Page?) {
        guard let tree = context.chrome.folders else { return nil }
        self.tree = tree
        self.context = context
        var noteBodies: [String: String] = [:]
        let wikiID = context.chrome.wiki.id
        for folder in tree.pagedFolders {
            guard let note = folder.folderNote.flatMap(pages) else { continue }
            noteBodies[folder.path] =
                bodies.body(of: note, in: context.siteLayout.folderPage(folder.path, ofWiki: wikiID)).html
        }
        self.noteBodies = noteBodies
    }

    /// The folders that have pages: every folder but the root (the wiki's home).
    package var folders: ArraySlice<FolderTree.Folder> { tree.pagedFolders }

    /// The script holding the whole tree, which the sidebar of every page of the wiki shows.
    package var treeScript: FolderTreeScript { FolderTreeScript(tree, context: context) }

    /// Where the page of `folder` goes.
    package func path(of folder: FolderTree.Folder) -> SitePath {
        context.siteLayout.folderPage(folder.path, ofWiki: context.chrome.wiki.id)
    }

    /// The HTML of the page of `folder`.
    package func html(of folder: FolderTree.Folder) -> String {
        let path = path(of: folder)
        let chrome = context.chrome
        return context.theme.render(
            FolderPageView(
                layout: chrome.layout(at: path, title: folder.name, inFoldersOf: folder.path), name: folder.name,
                noteHTML: noteBodies[folder.path] ?? "",
                contents: chrome.contents(of: folder, from: path, hrefs: context.hrefs)))
    }

    /// A digest of what the page of `folder` shows besides the theme: its path (its breadcrumbs
    /// and name), its entries, and its folder note's text.
    package func digest(of folder: FolderTree.Folder) -> Int64 {
        var digest = context.digestStart
        digest.add("folder")
        digest.add(folder.path)
        digest.add(folder.subfolders.count)
        for position in folder.subfolders { digest.add(tree.folders[position].path) }
        digest.add(folder.notes.count)
        for note in folder.notes { digest.add(note.text) }
        digest.add(noteBodies[folder.path] ?? "")
        return digest.value
    }
}
