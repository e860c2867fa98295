import WikiDocuments

/// The keys that tie a note to the files of its folder its Markdown names, so that a compared
/// reading reads again only the notes whose page a file that came, went or changed may alter.
/// A key is what `FolderFiles.resolve(_:from:)` matches a reference by, letter case folded:
///
/// - a path key (`/img/a.png`): a Markdown link's path, or a wikilink's written from `./`, `../`
///   or `/`, joined to the note's folder; only a file at that path, in any letter case, matches.
/// - a name key (`a.png`): a wikilink's name, or the end of its path; any file of that name, in
///   any folder, may be the one it finds, and a new one may take its place.
///
/// A file's keys are its path key and its name key: a note and a file share a key whenever the
/// file could be the one the note's reference finds.
enum FileMatchKeys {
    /// The sorted keys of `references`, written in the note at `notePath`, without repeats; a
    /// reference that climbs out of the folder names no file, and has none.
    static func keys(of references: [NoteFileReferences.Reference], inNoteAt notePath: String) -> [String] {
        let folder = FolderFiles.folder(of: notePath)
        let keys = Set(references.compactMap { key(of: $0, from: folder) })
        return keys.sorted { $0.precedesInByteOrder($1) }
    }

    /// The key of `reference`, written in a note of the folder `folder`.
    static func key(of reference: NoteFileReferences.Reference, from folder: String) -> String? {
        switch reference {
        case .relative(let path):
            return RelativePath.join(folder, path).map(pathKey)
        case .wikilink(let written):
            let name = String(written.prefix { $0 != "#" })
            if name.hasPrefix("./") || name.hasPrefix("../") { return key(of: .relative(name), from: folder) }
            if name.hasPrefix("/") { return key(of: .relative(String(name.dropFirst())), from: "") }
            return nameKey(name)
        }
    }

    /// The keys of the files of `now` that are not in `earlier` with the same stamp, and of those
    /// of `earlier` not in `now`: the files that came, went or changed.
    static func changedFiles(from earlier: [ListedFile], to now: [ListedFile]) -> Set<String> {
        guard earlier != now else { return [] }
        var left = Dictionary(earlier.map { (ExactString($0.relativePath), $0.stamp) }) { first, _ in first }
        var changed: [String] = []
        for file in now where left.removeValue(forKey: ExactString(file.relativePath)) != file.stamp {
            changed.append(file.relativePath)
        }
        changed += left.keys.map(\.value)
        return Set(changed.flatMap { [pathKey($0), nameKey($0)] })
    }

    /// The path key of the file at `path` inside the folder.
    private static func pathKey(_ path: String) -> String {
        "/" + path.lowercased()
    }

    /// The name key of a file, from its path or the end of one: its name, letter case folded.
    private static func nameKey(_ path: String) -> String {
        String(path.lowercased().split(separator: "/", omittingEmptySubsequences: false).last ?? "")
    }
}
