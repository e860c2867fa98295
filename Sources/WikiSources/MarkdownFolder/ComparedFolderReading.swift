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
        /// The entry of every page's note, by path.
        var entries: [String: FolderLedger.Entry]

        /// What a compared reading delivers as changes, with the wiki's document and how many pages
        /// are gone.
        struct Changes {
            let changes: [Document]
            let wiki: Document
            /// The ledger's entry of the home file.
            let home: FolderLedger.Entry?
            let goneCount: Int
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
            for path in comparison.toRead {
                guard let page = read(path, &reader, commits: commits(path, comparison.earlier[path])) else {
                    return nil
                }
                fresh.append(page)
            }
            var home: ReadFile?
            if let homePath = comparison.homePath {
                let earlier = ledger.home.flatMap { $0.relativePath.isExactly(homePath) ? $0 : nil }
                guard let read = read(homePath, &reader, commits: commits(homePath, earlier)) else { return nil }
                home = read
            }
            var titles = Set<ExactString>()
            for title in comparison.unchanged.map(\.title) + fresh.map(\.title) {
                guard titles.insert(ExactString(title)).inserted else { return nil }
            }
            let wiki = assembler.wikiDocument(
                home: home.flatMap { $0.frontMatter.isDraft == true ? nil : $0 },
                pages: comparison.unchanged.map { ($0.dates.created, $0.dates.updated, $0.isDraft) }
                    + fresh.map(\.entryDates))
            entries = Dictionary(
                comparison.unchanged.map { ($0.relativePath, $0) }, uniquingKeysWith: { first, _ in first })
            var folderFiles = FolderFiles(folderName: assembler.folderName, paths: otherFiles)
            var changes: [Document] = wiki.revisionText == ledger.wikiRevision ? [] : [wiki]
            for page in fresh {
                let (document, namesFiles) = assembler.pageDocument(page, &folderFiles)
                let earlier = comparison.earlier[page.file.relativePath]
                // A note read again as it was (touched by git, or changed too recently to trust
                // its stamp) is no change.
                if earlier?.revision != document.revisionText || earlier?.title != page.title {
                    changes.append(document)
                }
                entries[page.file.relativePath] = page.entry(
                    namesFiles: namesFiles, revision: document.revisionText ?? "")
            }
            guard folderFiles.rejected.isEmpty else { return nil }
            let ids = Set(entries.values.map { ExactString(assembler.pageID($0.title)) })
            let gone = Set(ledger.entries.map { ExactString(assembler.pageID($0.title)) }).subtracting(ids)
            for id in gone.sorted() {
                changes.append(
                    Document(
                        id: id.value, revisionText: nil, isDeleted: true,
                        body: JSONObject([("_id", .string(id.value)), ("_deleted", .bool(true))]),
                        origin: DocumentOrigin(source: assembler.folderName, line: nil)))
            }
            return Changes(
                changes: changes, wiki: wiki, home: home?.entry(namesFiles: false, revision: ""), goneCount: gone.count)
        }

        /// The documents of `ids`, `wiki` for the wiki's, each page's note read again; nil when a
        /// note changed since it was listed.
        func documents(_ ids: [String], wiki: Document) -> [Document]? {
            let byID = Dictionary(
                entries.values.map { (ExactString(assembler.pageID($0.title)), $0) },
                uniquingKeysWith: { first, _ in first })
            var reader = FolderNoteReader(folderName: assembler.folderName)
            var folderFiles = FolderFiles(folderName: assembler.folderName, paths: otherFiles)
            var documents: [Document] = []
            for id in Set(ids.map(ExactString.init)).sorted() {
                if id.value == assembler.wikiID {
                    documents.append(wiki)
                    continue
                }
                guard let entry = byID[id] else { continue }
                guard let page = read(entry.relativePath, &reader, commits: entry.commits),
                    page.file.stamp == entry.stamp
                else { return nil }
                documents.append(assembler.pageDocument(page, &folderFiles).0)
            }
            return documents
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
