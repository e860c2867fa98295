import WikiDocuments
import WikiModel

/// The folders of a wiki read from a folder of Markdown, as its notes' titles name them: the note
/// `guide/setup/Install` is in the folder `guide/setup`, itself in `guide`. A title's `/` are its
/// folders, so a front matter `title` places its note where it says. Worked out from the titles
/// alone, so a clean build and an incremental one make the same tree.
///
/// Each folder lists its subfolders and its notes in the order of the wiki's lists
/// (`AlphabeticalKey`). A folder's *folder note* (`guide/guide`, else `guide/index`, the Folder
/// Notes convention) is the text of its page, and not one of its entries.
package struct FolderTree: Sendable {
    /// One folder: where it is, what it holds.
    package struct Folder: Sendable {
        /// Its path in the vault: its names joined by `/` (`guide/setup`); empty for the root.
        let path: String
        /// Its subfolders, as positions in `folders`, in alphabetical order.
        var subfolders: [Int] = []
        /// Its notes, the folder note aside, in alphabetical order.
        var notes: [PageTitle] = []
        /// The note whose text is the folder page's.
        package var folderNote: PageTitle?

        /// The folder's own name: the last of its path's names.
        var name: String { FolderTree.lastName(of: path) }
    }

    /// Every folder, the root first, then by path in byte order.
    let folders: [Folder]
    /// The position in `folders` of each folder, by path.
    private let positions: [String: Int]
    /// The listings of the folders made for this tree, shared by its copies.
    let listings = FolderContentsMemo()

    /// The tree of the notes titled `titles`.
    package init(titles: [PageTitle]) {
        self.init(placing: titles, notesInOrder: false)
    }

    /// The tree of the notes titled `titles`, given in alphabetical order (`AlphabeticalKey`), as
    /// the list of all pages keeps them: each folder's notes keep that order, and are not sorted.
    package init(alphabeticalTitles titles: [PageTitle]) {
        self.init(placing: titles, notesInOrder: true)
    }

    /// The tree of the notes titled `titles`, which are in alphabetical order if `notesInOrder`.
    private init(placing titles: [PageTitle], notesInOrder: Bool) {
        let placed = titles.map { (title: $0, folders: Self.folderPaths(of: $0.text)) }
        var paths: Set<String> = [""]
        for note in placed { paths.formUnion(note.folders) }
        let sorted = paths.sorted { $0.precedesInByteOrder($1) }
        var positions: [String: Int] = [:]
        for (position, path) in sorted.enumerated() { positions[path] = position }
        var folders = sorted.map { Folder(path: $0) }
        for (position, folder) in folders.enumerated().dropFirst() {
            folders[positions[Self.parentPath(of: folder.path)]!].subfolders.append(position)
        }
        for note in placed { folders[positions[note.folders.last ?? ""]!].notes.append(note.title) }
        for position in folders.indices {
            folders[position].finish(sortedBy: sorted, notesInOrder: notesInOrder)
        }
        self.folders = folders
        self.positions = positions
    }

    /// The root: the top-level folders and notes, which the wiki's home lists.
    var root: Folder { folders[0] }

    /// The folders below the root, which have pages.
    package var pagedFolders: ArraySlice<Folder> { folders.dropFirst() }

    /// The folder at `path`, if any note is in it or below it.
    func folder(at path: String) -> Folder? {
        positions[path].map { folders[$0] }
    }

    /// The paths of the folders the note titled `path` (or the folder at `path`) is in, outermost
    /// first: `guide`, `guide/setup` for `guide/setup/Install`. Empty names (`a//b`, a leading
    /// `/`) are skipped.
    static func folderPaths(of path: String) -> [String] {
        guard path.utf8.contains(UInt8(ascii: "/")) else { return [] }
        let names = path.split(separator: "/", omittingEmptySubsequences: true).dropLast()
        var paths: [String] = []
        var path = ""
        for name in names {
            path = path.isEmpty ? String(name) : path + "/" + name
            paths.append(path)
        }
        return paths
    }

    /// The last name of `path` (`Install` for `guide/Install`): its last name that is not empty,
    /// or all of it when it has none.
    static func lastName(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    /// The path of the folder holding the folder at `path`: empty for a top-level folder.
    private static func parentPath(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}

extension FolderTree.Folder {
    /// Picks the folder note among the notes (not for the root, whose text is the wiki's home),
    /// and puts the entries in alphabetical order; `paths` are the tree's folders' paths, and the
    /// notes are in that order already if `notesInOrder`.
    fileprivate mutating func finish(sortedBy paths: [String], notesInOrder: Bool) {
        if !path.isEmpty {
            let all = notes
            let candidates = [path + "/" + name, path + "/index"]
            if let note = candidates.compactMap({ name in all.first { $0.text.isExactly(name) } }).first {
                folderNote = note
                notes.removeAll { $0 == note }
            }
        }
        if !notesInOrder { notes = AlphabeticalOrder.sorted(titles: notes) }
        let keys = subfolders.map { AlphabeticalKey(PageTitle(paths[$0]) ?? PageTitle("-")!) }
        // Folders whose names differ only by spaces at their ends share a key: byte order decides.
        subfolders = subfolders.indices.sorted { left, right in
            keys[left] != keys[right]
                ? keys[left] < keys[right] : paths[subfolders[left]].precedesInByteOrder(paths[subfolders[right]])
        }.map { subfolders[$0] }
    }
}
