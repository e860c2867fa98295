import Synchronization
import WikiDocuments
import WikiModel
import WikiPages
import WikiRender

/// The names and folders of each wiki's notes as the fast path last made them in this process,
/// with the titles they were made from (`FastPath.settleNoteNames`). A build whose titles are
/// those (a text edit: no note came or went) takes them as they are, with the listings the tree
/// keeps (`FolderContentsMemo`), instead of making them again from every title: `wikisite serve`
/// builds edit after edit in one process, and at 10,000 notes the names and the home's list of
/// every note were a third of a text edit's build. Both follow from the titles alone, so a build
/// writes the same files either way.
package final class NoteNamesMemo: Sendable {
    /// The one memo of the process.
    static let shared = NoteNamesMemo()

    /// The names and the folders of the notes titled `titles`.
    struct Notes: Sendable {
        let titles: [PageTitle]
        let names: NoteNames
        /// Nil in a wiki without folders.
        let folders: FolderTree?
    }

    private let kept = Mutex<[ExactString: Notes]>([:])

    /// The names and, `withFolders`, the folders of wiki `wikiID`'s notes titled `titles` (in
    /// alphabetical order, as the list of all pages keeps them): those kept when they were made
    /// from the same titles, else made and kept in their place.
    func notes(ofWiki wikiID: String, titles: [PageTitle], withFolders: Bool) -> Notes {
        let key = ExactString(wikiID)
        if let notes = kept.withLock({ $0[key] }), (notes.folders != nil) == withFolders, notes.titles == titles {
            return notes
        }
        let notes = Notes(
            titles: titles, names: NoteNames(titles: titles),
            folders: withFolders ? FolderTree(alphabeticalTitles: titles) : nil)
        kept.withLock { $0[key] = notes }
        return notes
    }
}
