import WikiDocuments

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension MarkdownFolderSource {
    /// Reads the folder comparing its notes with `ledger` (an earlier reading's,
    /// ``SourceReading/ledger``): the walk lists every file without reading it, and only the notes
    /// whose stamp is not the ledger's are read, with the home. It hands over what changed since:
    /// the page of each such note, the wiki's document when it changed, a tombstone without
    /// revision for each page no note gives any more; then the documents of `ids` (the wiki's, or
    /// pages'). The changes are ``SourceReading/documentCount`` of the reading's documents, and
    /// they are what a whole reading would deliver differently from the one `ledger` comes from.
    ///
    /// A note is read again when its stamp differs, when git's word on it changed (committed, or
    /// changed since the last commit), or when another file of the folder that its Markdown may
    /// name came, went or changed (`FileMatchKeys`).
    ///
    /// With `events` (the paths the file system's notifications named since an instant), a folder
    /// outside git is not walked: only the paths named are examined (`NamedFolderListing`), unless
    /// a walk could find more than they say.
    ///
    /// Returns nil when the folder is to be read whole: another wiki ID, git's `HEAD` moved (every
    /// date may have), a file or folder the walk rejects, a note that cannot be read or is rejected,
    /// two notes claiming one title, or more than `limit` notes to read.
    ///
    /// - Throws: as ``read(after:_:)``.
    public func read(
        comparedWith ledger: FolderLedger, events: FolderEvents? = nil, thenDocuments ids: [String], limit: Int,
        _ body: (Document) throws -> Void
    ) throws -> ComparedFolderReading? {
        let wikiID = try resolvedWikiID()
        guard wikiID == ledger.wikiID else { return nil }
        let history = try GitFolderHistory.read(folder: name, commitsOf: [])
        guard history.map({ $0.head ?? "" }) == ledger.head else { return nil }
        guard let listing = try list(comparedWith: ledger, events: history == nil ? events : nil, history: history)
        else { return nil }
        let comparison = FolderComparison(
            ledger: ledger, notes: listing.notes, otherFiles: listing.otherFiles, uncommitted: history?.changed ?? [])
        guard comparison.toRead.count <= limit else { return nil }
        let assembler = MarkdownWikiAssembler(
            folderName: name, wikiID: wikiID, configuredTitle: wikiTitle, history: history)
        let newCommits =
            history?.head == nil
            ? [:] : try GitFolderHistory.commits(of: comparison.newPaths(home: ledger.home), in: name)
        var context = ComparedFolderReading.Context(
            assembler: assembler, otherFiles: listing.otherFiles.map(\.relativePath), entries: [])
        guard
            let read = context.readChanges(
                comparison, ledger: ledger, commits: { path, entry in entry?.commits ?? newCommits[Array(path.utf8)] })
        else { return nil }
        guard let asked = context.documents(ids, wiki: read.wiki) else { return nil }
        for document in read.changes + asked { try body(document) }
        let newLedger = FolderLedger(
            wikiID: wikiID, head: ledger.head, wikiRevision: read.wiki.revisionText ?? "", readAt: listing.readAt,
            files: FolderLedger.OtherFiles(listed: listing.otherFiles, rejected: false),
            notes: FolderLedger.Notes(home: read.home, entries: context.entries))
        return ComparedFolderReading(
            reading: SourceReading(
                form: Self.form(inGit: history != nil), scope: .everything, documentCount: read.changes.count,
                checkpoint: nil, rejected: [], ledger: .folder(newLedger)),
            changedNoteCount: read.changes.count - read.goneCount - (read.wikiChanged ? 1 : 0),
            goneNoteCount: read.goneCount, wiki: read.wiki, context: context)
    }

    /// The folder's notes and other files, unread, with when the listing started: from the
    /// ledger and `events` when they tell it all, else from a walk; nil when the walk rejects a
    /// file or folder.
    private func list(
        comparedWith ledger: FolderLedger, events: FolderEvents?, history: GitFolderHistory?
    ) throws -> (notes: [ListedFile], otherFiles: [ListedFile], readAt: FileTime)? {
        let descriptor = open(name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable() }
        if let events {
            let readAt = FolderLedger.now()
            if let listing = NamedFolderListing(folder: descriptor, ledger: ledger, events: events) {
                close(descriptor)
                return (listing.notes, listing.otherFiles, readAt)
            }
        }
        let (walker, readAt) = walk(descriptor, readingNotes: false, history: history)
        guard walker.rejected.isEmpty else { return nil }
        return (walker.notes, walker.otherFiles, readAt)
    }
}

/// Which notes of a folder a reading compared with a ``FolderLedger`` reads: those whose stamp or
/// git's word differ, those changed too close to the ledger's reading to trust their stamp, the
/// new ones, and those that may name another file of the folder that came, went or changed
/// (`FileMatchKeys`). The notes and the ledger are
/// both in byte order of paths, so they are compared in one pass.
struct FolderComparison {
    /// A note of the folder, the home left out.
    struct Note {
        let relativePath: String
        /// The ledger's entry of the note; nil for a new one.
        let earlier: FolderLedger.Entry?
        /// Whether `earlier` stands, and the note is not read.
        let isUnchanged: Bool
    }

    /// The home file's path, read every time.
    let homePath: String?
    /// The notes, the home left out, in byte order of paths.
    let notes: [Note]
    /// The paths of the notes to read, in byte order.
    let toRead: [String]
    /// The ledger's entries of the notes that are not there any more (or are the home now).
    let gone: [FolderLedger.Entry]

    /// The notes to read that the ledger does not hold, the home among them unless it was the
    /// ledger's `home`.
    func newPaths(home: FolderLedger.Entry?) -> [String] {
        let newHome = homePath.flatMap { path in home?.relativePath.isExactly(path) == true ? nil : path }
        return notes.filter { $0.earlier == nil }.map(\.relativePath) + (newHome.map { [$0] } ?? [])
    }

    /// The note at `path`, if the folder has one.
    func note(at path: String) -> Note? {
        var (low, high) = (0, notes.count)
        while low < high {
            let middle = (low + high) / 2
            let order = ExactString.byteOrder(notes[middle].relativePath, path)
            if order == 0 { return notes[middle] }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    init(ledger: FolderLedger, notes listed: [ListedFile], otherFiles: [ListedFile], uncommitted: Set<[UInt8]>) {
        let homePath = MarkdownWikiAssembler.homePath(among: listed.map(\.relativePath))
        let changedFiles = FileMatchKeys.changedFiles(from: ledger.otherFiles, to: otherFiles)
        var notes: [Note] = []
        notes.reserveCapacity(listed.count)
        var toRead: [String] = []
        var gone: [FolderLedger.Entry] = []
        var index = ledger.entries.startIndex
        for note in listed where !(homePath.map(note.relativePath.isExactly) ?? false) {
            while index < ledger.entries.endIndex,
                ExactString.byteOrder(ledger.entries[index].relativePath, note.relativePath) < 0
            {
                gone.append(ledger.entries[index])
                index += 1
            }
            var earlier: FolderLedger.Entry?
            if index < ledger.entries.endIndex, ledger.entries[index].relativePath.isExactly(note.relativePath) {
                earlier = ledger.entries[index]
                index += 1
            }
            let isUnchanged =
                earlier.map { entry in
                    entry.stamp == note.stamp && !ledger.isRacy(entry)
                        && !entry.fileKeys.contains(where: changedFiles.contains)
                        && entry.isUncommitted
                            == (!uncommitted.isEmpty && uncommitted.contains(Array(note.relativePath.utf8)))
                } ?? false
            if !isUnchanged { toRead.append(note.relativePath) }
            notes.append(Note(relativePath: note.relativePath, earlier: earlier, isUnchanged: isUnchanged))
        }
        gone += ledger.entries[index...]
        self.homePath = homePath
        self.notes = notes
        self.toRead = toRead
        self.gone = gone
    }
}
