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
        guard
            let (comparison, otherFiles, readAt) = try compare(
                with: ledger, events: history == nil ? events : nil, history: history)
        else { return nil }
        guard comparison.toRead.count <= limit else { return nil }
        let assembler = MarkdownWikiAssembler(
            folderName: name, wikiID: wikiID, configuredTitle: wikiTitle, history: history)
        let newCommits =
            history?.head == nil
            ? [:] : try GitFolderHistory.commits(of: comparison.newPaths(home: ledger.home), in: name)
        var context = ComparedFolderReading.Context(
            assembler: assembler, otherFiles: otherFiles.map(\.relativePath), entries: LedgerEntries())
        guard
            let read = context.readChanges(
                comparison, ledger: ledger, commits: { path, entry in entry?.commits ?? newCommits[Array(path.utf8)] })
        else { return nil }
        guard let asked = context.documents(ids, wiki: read.wiki) else { return nil }
        for document in read.changes + asked { try body(document) }
        let newLedger = FolderLedger(
            wikiID: wikiID, head: ledger.head, wikiRevision: read.wiki.revisionText ?? "", readAt: readAt,
            files: FolderLedger.OtherFiles(listed: otherFiles, rejected: false),
            notes: FolderLedger.Notes(home: read.home, entries: context.entries, changes: read.entryChanges))
        return ComparedFolderReading(
            reading: SourceReading(
                form: Self.form(inGit: history != nil), scope: .everything, documentCount: read.changes.count,
                checkpoint: nil, rejected: [], ledger: .folder(newLedger)),
            changedNoteCount: read.changes.count - read.goneCount - (read.wikiChanged ? 1 : 0),
            goneNoteCount: read.goneCount, wiki: read.wiki, context: context)
    }

    /// The folder's notes compared with `ledger`, with its other files and when the listing
    /// started: from the ledger and `events` when they tell it all, else from a walk; nil when
    /// the walk rejects a file or folder.
    private func compare(
        with ledger: FolderLedger, events: FolderEvents?, history: GitFolderHistory?
    ) throws -> (FolderComparison, otherFiles: [ListedFile], readAt: FileTime)? {
        let descriptor = open(name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable() }
        if let events {
            let readAt = FolderLedger.now()
            if let listing = NamedFolderListing(folder: descriptor, ledger: ledger, events: events) {
                close(descriptor)
                let comparison = FolderComparison(
                    ledger: ledger, examined: listing.notes, otherFiles: listing.otherFiles)
                return (comparison, listing.otherFiles, readAt)
            }
        }
        let (walker, readAt) = walk(descriptor, readingNotes: false, history: history)
        guard walker.rejected.isEmpty else { return nil }
        let comparison = FolderComparison(
            ledger: ledger, notes: walker.notes, otherFiles: walker.otherFiles, uncommitted: history?.changed ?? [])
        return (comparison, walker.otherFiles, readAt)
    }
}
