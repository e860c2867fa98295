import Synchronization
import WikiDocuments
import WikiRender

/// The contents of the folders of one `FolderTree` as the files of a wiki list them
/// (`WikiChrome.contents(of:from:hrefs:noteLimit:)`), each made once for the tree. A folder wiki's
/// home lists up to 200 top-level notes, each with the href of its file: a tree kept from one build to the
/// next (`NoteNamesMemo`) gives the next build's home the list made for the last one. A listing
/// follows from the folder, the file linking to it, the wiki's folder and how many notes it lists,
/// which key it, compared byte for byte.
package final class FolderContentsMemo: Sendable {
    /// What a folder's listing follows from, besides the tree.
    struct Key: Hashable, Sendable {
        /// The folder's path in the tree (`FolderTree.Folder.path`).
        let folder: ExactString
        /// The wiki's folder in the output folder (`SiteLayout.folder(ofWiki:)`).
        let wikiFolder: ExactString
        /// The file that lists the folder (`SitePath.description`).
        let linkingFile: ExactString
        /// How many of its notes the file lists at most; nil for all of them.
        let noteLimit: Int?
    }

    private let listings = Mutex<[Key: FolderContents]>([:])

    /// The listing of `key`: the one made before, else `make`'s, then kept.
    func contents(for key: Key, making make: () -> FolderContents) -> FolderContents {
        if let made = listings.withLock({ $0[key] }) { return made }
        let contents = make()
        listings.withLock { $0[key] = contents }
        return contents
    }
}
