import WikiDocuments

/// A reading of a folder compared with the ledger of an earlier one
/// (`MarkdownFolderSource.read(comparedWith:thenDocuments:limit:_:)`): what it delivered, and what
/// it needs to read pages again by `_id`.
public struct ComparedFolderReading: Sendable {
    /// What the reading delivered: the changes (``SourceReading/documentCount``), then the
    /// documents asked for. Its ledger is the folder's now, to keep for the next reading.
    public let reading: SourceReading
    /// How many notes' pages are new or changed, and how many pages no note gives now.
    public let changedNoteCount: Int
    public let goneNoteCount: Int
    /// The wiki's document.
    let wiki: Document
    let context: Context

    /// The documents of `ids` (the wiki's, pages') as the folder holds them, each note read
    /// again; nil when a note changed since this reading.
    public func documents(_ ids: [String]) throws -> [Document]? {
        context.documents(ids, wiki: wiki)
    }

    /// What reads the folder's notes as pages, and the ledger's entry of every note now.
    struct Context: Sendable {
        let assembler: MarkdownWikiAssembler
        /// The paths of the folder's other files, in byte order.
        let otherFiles: [String]
        /// The entry of every page's note, in byte order of paths.
        var entries: LedgerEntries

        /// What a compared reading delivers as changes, with the wiki's document and how many pages
        /// are gone.
        struct Changes {
            let changes: [Document]
            let wiki: Document
            /// The ledger's entry of the home file.
            let home: FolderLedger.Entry?
            let goneCount: Int
            /// Which notes' entries changed since the ledger compared with.
            let entryChanges: FolderLedger.Changes
            /// Whether `changes` holds the wiki's document.
            var wikiChanged: Bool { changes.first?.id == wiki.id && changes.first?.isDeleted == false }
        }

        /// Reads the notes `comparison` says to read, and the home; `commits` gives git's commit
        /// times of a note (by path, with its earlier entry). Nil when a note cannot be read or is
        /// rejected, or two notes claim one title: a whole reading says why.
        mutating func readChanges(
            _ comparison: FolderComparison, ledger: FolderLedger,
            commits: (String, FolderLedger.Entry?) -> GitFolderHistory.Commits?
        ) -> Changes? {
            var reader = FolderNoteReader(folderName: assembler.folderName)
            var fresh: [ReadFile] = []
            for note in comparison.toRead {
                guard let page = read(note.relativePath, &reader, commits: commits(note.relativePath, note.earlier))
                else { return nil }
                fresh.append(page)
            }
            var home: ReadFile?
            if let homePath = comparison.homePath {
                let earlier = ledger.home.flatMap { $0.relativePath.isExactly(homePath) ? $0 : nil }
                guard let read = read(homePath, &reader, commits: commits(homePath, earlier)) else { return nil }
                home = read
            }
            guard Self.titlesAreTheirOwn(fresh, among: comparison) else { return nil }
            var homeFiles = FolderFiles(folderName: assembler.folderName, paths: otherFiles)
            let wiki = assembler.wikiDocument(
                home: home.flatMap { $0.frontMatter.isDraft == true ? nil : $0 },
                pages: (comparison.standingDates.map { [$0] } ?? []) + fresh.map(\.entryDates), &homeFiles)
            guard homeFiles.rejected.isEmpty else { return nil }
            var changes: [Document] = wiki.revisionText == ledger.wikiRevision ? [] : [wiki]
            guard let freshEntries = pageChanges(of: fresh, among: comparison, into: &changes) else { return nil }
            entries = comparison.entries(fresh: freshEntries)
            let gone = Self.goneIDs(among: comparison, fresh: fresh, assembler: assembler)
            for id in gone {
                changes.append(
                    Document(
                        id: id, revisionText: nil, isDeleted: true,
                        body: JSONObject([("_id", .string(id)), ("_deleted", .bool(true))]),
                        origin: DocumentOrigin(source: assembler.folderName, line: nil)))
            }
            return Changes(
                changes: changes, wiki: wiki, home: home?.entry(fileKeys: [], revision: ""), goneCount: gone.count,
                entryChanges: comparison.changes(fresh: freshEntries))
        }

        /// Appends to `changes` the page documents of `fresh` that differ from the ledger's, and
        /// returns the ledger's entries of `fresh` by path; nil when a file a note names cannot be
        /// read.
        private func pageChanges(
            of fresh: [ReadFile], among comparison: FolderComparison, into changes: inout [Document]
        ) -> [String: FolderLedger.Entry]? {
            var folderFiles = FolderFiles(folderName: assembler.folderName, paths: otherFiles)
            var entries: [String: FolderLedger.Entry] = [:]
            for page in fresh {
                let (document, fileKeys) = assembler.pageDocument(page, &folderFiles)
                let earlier = comparison.earlier(ofRead: page.file.relativePath)
                // A note read again as it was (touched by git, or changed too recently to trust
                // its stamp) is no change.
                if earlier?.revision != document.revisionText || earlier?.title != page.title {
                    changes.append(document)
                }
                entries[page.file.relativePath] = page.entry(
                    fileKeys: fileKeys, revision: document.revisionText ?? "")
            }
            return folderFiles.rejected.isEmpty ? entries : nil
        }

        /// Whether each note of `fresh` has a title no other note has. The notes not read had no
        /// title in common in the ledger, so only the fresh ones' titles are looked for.
        private static func titlesAreTheirOwn(_ fresh: [ReadFile], among comparison: FolderComparison) -> Bool {
            var titles = Set<ExactString>()
            for page in fresh {
                guard titles.insert(ExactString(page.title)).inserted else { return false }
                // A note not read whose path gives it this title.
                if let entry = comparison.standingEntry(at: page.title + ".md"), entry.frontMatterTitle == nil {
                    return false
                }
            }
            // A note not read whose front matter gives it one of these titles.
            return !comparison.standingTitlesHold(anyOf: titles)
        }

        /// The `_id`s of the pages of the ledger that no note gives now, in byte order: those of the
        /// notes gone or read again whose title no fresh note has.
        private static func goneIDs(
            among comparison: FolderComparison, fresh: [ReadFile], assembler: MarkdownWikiAssembler
        ) -> [String] {
            let freshTitles = Set(fresh.map { ExactString($0.title) })
            let left = comparison.gone + comparison.toRead.compactMap(\.earlier)
            let gone = Set(left.map { ExactString($0.title) }).subtracting(freshTitles)
            return gone.sorted().map { assembler.pageID($0.value) }
        }

        /// The documents of `ids`, `wiki` for the wiki's, each page's note read again; nil when a
        /// note changed since it was listed.
        func documents(_ ids: [String], wiki: Document) -> [Document]? {
            var reader = FolderNoteReader(folderName: assembler.folderName)
            var folderFiles = FolderFiles(folderName: assembler.folderName, paths: otherFiles)
            var documents: [Document] = []
            let prefix = assembler.wikiID + ":"
            for id in Set(ids.map(ExactString.init)).sorted() {
                if id.value == assembler.wikiID {
                    documents.append(wiki)
                    continue
                }
                guard id.value.hasPrefix(prefix), let entry = entry(titled: String(id.value.dropFirst(prefix.count)))
                else { continue }
                guard let page = read(entry.relativePath, &reader, commits: entry.commits),
                    page.file.stamp == entry.stamp
                else { return nil }
                documents.append(assembler.pageDocument(page, &folderFiles).0)
            }
            return documents
        }

        /// The entry of the note whose page is titled `title`.
        private func entry(titled title: String) -> FolderLedger.Entry? {
            var (low, high) = (0, entries.count)
            let path = title + ".md"
            while low < high {
                let middle = (low + high) / 2
                let order = ExactString.byteOrder(entries[middle].relativePath, path)
                if order == 0, entries[middle].frontMatterTitle == nil { return entries[middle] }
                if order < 0 { low = middle + 1 } else { high = middle }
                if order == 0 { break }
            }
            return entries.first { $0.frontMatterTitle.map(title.isExactly) ?? false }
        }

        /// The note at `path` read as a page with the commit times `commits`; nil when it cannot be
        /// read or is rejected.
        private func read(
            _ path: String, _ reader: inout FolderNoteReader, commits: GitFolderHistory.Commits?
        ) -> ReadFile? {
            guard case .success(let file) = reader.read(path),
                case .page(let page) = assembler.read(file, commits: GitFolderHistory.Commits??.some(commits))
            else { return nil }
            return page
        }
    }
}
