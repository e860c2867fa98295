import WikiDocuments
import WikiModel
import WikiWrite

extension FastPath {
    /// What the changes of a folder wiki do to the files of its folder it publishes
    /// (`<wiki>/_files/<path>`, `WikiAnalysis.folderFiles`): the files to write, those to
    /// remove, and the pages whose files the state records anew.
    struct FolderFileChanges {
        /// A file written: one a page names now that the output folder lacks or holds other bytes
        /// of (its first page came, or the file of the folder was replaced).
        var written: [SiteFile] = []
        /// A file removed: its last page no longer names it (the note changed, went, or the file
        /// of the folder was removed or renamed).
        var removed: [SitePath] = []
        /// The pages whose files changed, as the state records them.
        var refilings: [BuildState.Refiling] = []
    }

    /// Adds to `files` the files of its folder the folder wiki of `edits` writes and removes
    /// (`folderFileChanges`), and to `update` the pages refiled. Returns the digest of the home's
    /// files (`WikiAnalysis.homeFolderFiles`); for a wiki read from documents, `stored`'s.
    ///
    /// - Throws: `FastPathDeclined` when the home shows other files than the state recorded
    ///   (`stored`): a change of the home note's files, rare, is the wiki-wide path's.
    static func addFolderFileChanges(
        of edits: WikiEdits, stored: BuildState.StoredWiki, state: BuildState, layout: SiteLayout,
        to files: inout WikiFiles, into update: inout StateUpdate
    ) throws -> Int64? {
        let wiki = edits.wiki
        guard layout.publishesFolderFiles(ofWiki: wiki.id) else { return stored.homeFiles }
        let home = WikiAnalysis.homeFolderFiles(of: wiki, home: edits.homeOutline, in: layout)
        let homeFiles = WikiAnalysis.digest(of: home)
        guard homeFiles == stored.homeFiles else {
            throw FastPathDeclined(
                "the home note of wiki \(MessageText.quoted(wiki.id)) shows other files of its folder")
        }
        let changes = try folderFileChanges(
            of: edits, besides: Set(home.map(\.path.description)), state: state, layout: layout)
        let named = ChangeCause.folderFile(named: true).description
        let unnamed = ChangeCause.folderFile(named: false).description
        files.attachments += changes.written.map { ($0, named) }
        files.removed += changes.removed.map { ($0, unnamed) }
        if !changes.refilings.isEmpty { update.refiledPages.append((wiki.id, changes.refilings)) }
        return homeFiles
    }

    /// What the changed pages of the folder wiki of `edits` do to the files of its folder it
    /// publishes, the files its home shows (`homePaths`, in the output folder) staying. A file
    /// is written when a page names it now and the manifest records other bytes or none there;
    /// it is removed when the pages that named it before no longer do and the state knows no
    /// other page that does. The pages whose files did not change are not read.
    static func folderFileChanges(
        of edits: WikiEdits, besides homePaths: Set<String>, state: BuildState, layout: SiteLayout
    ) throws -> FolderFileChanges {
        let wikiID = edits.wiki.id
        // A page whose outline embeds no attachment showed no file: only the others are looked up.
        let before = try state.folderFilePaths(
            ofPages: edits.edits.filter { $0.stored != nil && !$0.oldOutline.attachments.isEmpty }.map(\.title),
            inWiki: wikiID)
        var shownNow: [String: SiteFile] = [:]
        var changes = FolderFileChanges()
        for edit in edits.edits {
            let now = edit.page.map { WikiAnalysis.folderFiles(of: $0, outline: edit.outline, in: layout) } ?? []
            for file in now { shownNow[file.path.description] = file }
            let refiling = BuildState.Refiling(
                page: edit.title, before: before[edit.title] ?? [], now: Set(now.map(\.path.description)))
            if refiling.before != refiling.now { changes.refilings.append(refiling) }
        }
        for path in shownNow.keys.sorted(by: { $0.precedesInByteOrder($1) }) {
            let file = shownNow[path]!
            if try state.recordedOutput(at: path)?.hash != ContentHash(of: file.bytes) { changes.written.append(file) }
        }
        let changed = Set(edits.edits.map(\.title))
        let left = Set(before.values.joined()).subtracting(shownNow.keys).subtracting(homePaths)
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
