import WikiDocuments
import WikiModel
import WikiPages
import WikiWrite

extension FastPath {
    /// What the changes of a folder wiki do to the files of its folder it publishes
    /// (`<wiki>/_files/<path>`, `WikiAnalysis.folderFiles`): the files to write, those to
    /// remove, and the namers (pages, the home) whose files the state records anew.
    struct FolderFileChanges {
        /// A file written: one a page or the home names now that the output folder lacks or holds
        /// other bytes of (its first namer came, or the file of the folder was replaced).
        var written: [SiteFile] = []
        /// A file removed: its last namer no longer names it (the note changed, went, or the file
        /// of the folder was removed or renamed).
        var removed: [SitePath] = []
        /// The namers whose files changed, as the state records them.
        var refilings: [BuildState.Refiling] = []
    }

    /// Adds to `files` the files of its folder the folder wiki of `edits` writes and removes
    /// (`folderFileChanges`), and to `update` the namers refiled. A wiki read from documents
    /// publishes no such files.
    static func addFolderFileChanges(
        of edits: WikiEdits, state: BuildState, layout: SiteLayout, to files: inout WikiFiles,
        into update: inout StateUpdate
    ) throws {
        let wiki = edits.wiki
        guard layout.publishesFolderFiles(ofWiki: wiki.id) else { return }
        let home = WikiAnalysis.homeFolderFiles(of: wiki, home: edits.homeOutline, in: layout)
        let changes = try folderFileChanges(of: edits, home: home, state: state, layout: layout)
        let named = ChangeCause.folderFile(named: true).description
        let unnamed = ChangeCause.folderFile(named: false).description
        files.attachments += changes.written.map { ($0, named) }
        files.removed += changes.removed.map { ($0, unnamed) }
        if !changes.refilings.isEmpty { update.refiledNamers.append((wiki.id, changes.refilings)) }
    }

    /// What the changed pages of the folder wiki of `edits`, and its home, which shows `home` now,
    /// do to the files of its folder it publishes. The home is rendered again on every change of
    /// the wiki, so it is always among the namers compared. A file is written when a namer names
    /// it now and the manifest records other bytes or none there; it is removed when the namers
    /// that named it before no longer do and the state knows no other namer that does. The pages
    /// whose files did not change are not read.
    static func folderFileChanges(
        of edits: WikiEdits, home: [SiteFile], state: BuildState, layout: SiteLayout
    ) throws -> FolderFileChanges {
        let wikiID = edits.wiki.id
        // A page whose outline embeds no attachment showed no file: only the others, and the home, are looked up.
        let before = try state.folderFilePaths(
            ofNamers: [.home]
                + edits.edits.filter { $0.stored != nil && !$0.oldOutline.attachments.isEmpty }.map { .page($0.title) },
            inWiki: wikiID)
        let namedNow: [(namer: BuildState.FolderFileNamer, files: [SiteFile])] =
            [(.home, home)]
            + edits.edits.map { edit in
                (
                    .page(edit.title),
                    edit.page.map { WikiAnalysis.folderFiles(of: $0, outline: edit.outline, in: layout) } ?? []
                )
            }
        var shownNow: [String: SiteFile] = [:]
        var changes = FolderFileChanges()
        for (namer, files) in namedNow {
            for file in files { shownNow[file.path.description] = file }
            let refiling = BuildState.Refiling(
                namer: namer, before: before[namer] ?? [], now: Set(files.map(\.path.description)))
            if refiling.before != refiling.now { changes.refilings.append(refiling) }
        }
        for path in shownNow.keys.sorted(by: { $0.precedesInByteOrder($1) }) {
            let file = shownNow[path]!
            if try state.recordedOutput(at: path)?.hash != ContentHash(of: file.bytes) { changes.written.append(file) }
        }
        let changed = Set(namedNow.map(\.namer))
        let left = Set(before.values.joined()).subtracting(shownNow.keys)
        for path in left.sorted(by: { $0.precedesInByteOrder($1) }) {
            let namers = try state.folderFileNamers(ofFile: path, inWiki: wikiID, limit: changed.count + 1)
            if namers.allSatisfy(changed.contains) {
                changes.removed.append(
                    SitePath(components: path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)))
            }
        }
        return changes
    }
}
