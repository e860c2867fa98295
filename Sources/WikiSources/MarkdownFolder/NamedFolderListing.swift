import WikiDocuments

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder's notes and other files as a walk would list them, made from a ``FolderLedger`` and
/// the ``FolderEvents`` since it: the notes examined again (the paths the events name, the home
/// files, and the notes too recently changed to trust their stamps), the others being the
/// ledger's as they were, and the other files. Nothing else of the folder is examined or copied,
/// so the listing costs what the events name, not what the folder holds.
///
/// It is nil, and the folder is to be walked, whenever a walk could find more: the ledger's reading
/// rejected a file (the ledger does not hold it), it is older than the events, or a path named is a
/// folder now, is a note that is not a regular file, or lies under a hidden or symbolic-linked folder.
struct NamedFolderListing {
    /// A note examined: its path, and its stamp now; nil when it is not there any more.
    struct Examined {
        let relativePath: String
        let stamp: FileStamp?
    }

    /// The notes examined, in byte order of paths; every note the ledger holds that is not among
    /// them is as the ledger says.
    let notes: [Examined]
    /// The other files, in byte order of paths.
    let otherFiles: [ListedFile]

    init?(folder descriptor: Int32, ledger: FolderLedger, events: FolderEvents) {
        guard !ledger.rejectedFiles, ledger.readAt >= events.since.time else { return nil }
        var examined = events.paths.union(MarkdownWikiAssembler.homeFileNames)
        if let home = ledger.home { examined.insert(home.relativePath) }
        ledger.entries.forEach(in: ledger.entries.indices) { _, entry in
            if ledger.isRacy(entry.stamp) { examined.insert(entry.relativePath) }
        }
        var notes: [Examined] = []
        var otherFiles = ledger.otherFiles
        for path in examined {
            guard let found = Self.examine(path, in: descriptor) else { return nil }
            if Self.isNote(path) {
                notes.append(Examined(relativePath: path, stamp: found))
            } else {
                Self.place(path, found, in: &otherFiles)
            }
        }
        self.notes = notes.sorted { $0.relativePath.precedesInByteOrder($1.relativePath) }
        self.otherFiles = otherFiles
    }

    /// What is at `path` now: `.some(stamp)` for a regular file, `.some(nil)` for nothing a walk
    /// lists (no file, a symbolic link, a pipe that is not a note); nil when a walk must decide.
    private static func examine(_ path: String, in folder: Int32) -> FileStamp?? {
        let names = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(Array.init)
        guard let last = names.last,
            names.allSatisfy({ !$0.isEmpty && $0.first != UInt8(ascii: ".") }),
            !path.unicodeScalars.contains("\u{FFFD}")
        else { return nil }
        var parent = folder
        defer { if parent != folder { close(parent) } }
        for name in names.dropLast() {
            let child = MarkdownFileWalker.withCString(name) {
                openat(parent, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            guard child >= 0 else { return errno == ENOENT ? .some(nil) : nil }
            if parent != folder { close(parent) }
            parent = child
        }
        var status = stat()
        guard MarkdownFileWalker.withCString(last, { fstatat(parent, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else {
            return errno == ENOENT ? .some(nil) : nil
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .some(FileStamp(status))
        case S_IFLNK: return .some(nil)
        case S_IFDIR: return nil
        default: return isNote(path) ? nil : .some(nil)
        }
    }

    /// Whether the walk takes the file at `path`, if regular, for a note: its name ends in `.md`.
    private static func isNote(_ path: String) -> Bool {
        path.utf8.reversed().starts(with: ".md".utf8.reversed())
    }

    /// Puts the file at `path` with `stamp` in `files` (in byte order of paths), or takes it out
    /// when `stamp` is nil.
    private static func place(_ path: String, _ stamp: FileStamp?, in files: inout [ListedFile]) {
        var (low, high) = (0, files.count)
        while low < high {
            let middle = (low + high) / 2
            if files[middle].relativePath.precedesInByteOrder(path) { low = middle + 1 } else { high = middle }
        }
        let isThere = low < files.count && files[low].relativePath.isExactly(path)
        switch (stamp, isThere) {
        case (let stamp?, true): files[low] = ListedFile(relativePath: path, stamp: stamp)
        case (let stamp?, false): files.insert(ListedFile(relativePath: path, stamp: stamp), at: low)
        case (nil, true): files.remove(at: low)
        case (nil, false): break
        }
    }
}
