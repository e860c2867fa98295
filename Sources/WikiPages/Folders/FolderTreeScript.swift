import WikiDocuments
import WikiModel

/// The whole folder tree of a folder wiki as one script, `_special/folders/tree.js`, which the
/// theme's sidebar script (`sidebar.js`) loads with a `<script>` element, so it works from
/// `file://` too. It calls `wikisiteFolderTree(value)`; the value is the root folder:
/// `{"folders": […], "notes": [[name, href], …]}`, each subfolder
/// `{"name", "href", "folders", "notes"}`, in the tree's order. Hrefs are relative to the wiki's
/// folder, so every page shares the file whatever its depth, and no page embeds the tree: a note
/// created rewrites this file and the pages of its folders, not every page.
///
/// It is a special file with a digest of its bytes, so a build writes it only when the tree
/// changes (a note created, deleted, renamed or moved), never for a text edit.
package struct FolderTreeScript: Sendable {
    /// Where the file goes.
    package let path: SitePath
    /// The file's text.
    package let text: String
    /// A digest of what the file holds.
    package let digest: Int64

    /// The tree script of `tree`, for the wiki of `context`.
    init(_ tree: FolderTree, context: SpecialPageContext) {
        let wikiID = context.chrome.wiki.id
        let layout = context.siteLayout
        let home = layout.home(ofWiki: wikiID)
        let folderJSON = FolderJSON(tree: tree) { folder in
            home.href(to: layout.folderPage(folder.path, ofWiki: wikiID))
        } noteHref: { note in
            context.href(of: note, from: home)
        }
        path = layout.folderTreeScript(ofWiki: wikiID)
        text = "wikisiteFolderTree(" + folderJSON.json(of: tree.root) + ");\n"
        var digest = context.digestStart
        digest.add("folder tree")
        digest.add(text)
        self.digest = digest.value
    }
}

/// A folder of a `FolderTree` as script-safe JSON (`ScriptSafeJSON`), with its subfolders and
/// notes, the hrefs given by the closures.
private struct FolderJSON {
    let tree: FolderTree
    let folderHref: (FolderTree.Folder) -> String
    let noteHref: (PageTitle) -> String

    /// `folder` as a JSON object: its name and href (but for the root), its subfolders, its notes.
    func json(of folder: FolderTree.Folder) -> String {
        var members: [String] = []
        if !folder.path.isEmpty {
            members.append("\"name\":" + ScriptSafeJSON.string(folder.name))
            members.append("\"href\":" + ScriptSafeJSON.string(folderHref(folder)))
        }
        let subfolders = folder.subfolders.map { json(of: tree.folders[$0]) }
        members.append("\"folders\":[" + subfolders.joined(separator: ",") + "]")
        let notes = folder.notes.map { note in
            ScriptSafeJSON.array([FolderTree.lastName(of: note.text), noteHref(note)])
        }
        members.append("\"notes\":[" + notes.joined(separator: ",") + "]")
        return "{" + members.joined(separator: ",") + "}"
    }
}
