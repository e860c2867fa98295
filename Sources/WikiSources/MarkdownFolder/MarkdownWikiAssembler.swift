import WikiDocuments
import WikiFrontMatter

/// Turns the files of a folder into the documents of one wiki, in TouchWiki's schema: a wiki
/// document, then one page document per file, in byte order of the files' paths.
///
/// - The page's title is its path without `.md` (`guide/Install.md` → `guide/Install`), or the
///   front matter's `title`; its `_id` is `<wiki ID>:<title>`.
/// - `created_at` is the file's first commit time, `updated_at` its last, when git knows the file
///   and it has no uncommitted change; otherwise the modification time stands in for what git
///   does not know.
/// - `_rev` is `1-` and a hash of the document (``ContentRevision``).
/// - The home file, the folder's `index.md` (or `README.md` when there is no `index.md`), is not a
///   page: its Markdown is the wiki's description, its front matter's `title` the wiki's title
///   when none is configured. A home marked `draft: true` is left out.
/// - The wiki's `created_at` and `updated_at` are the earliest and latest of its published files.
///
/// Rejected, with a reason naming the file: text that is not UTF-8, front matter that cannot be
/// read, and a page whose title another file already has. Of files sharing a title, the one whose
/// path gives the title keeps it, else the first in byte order of paths.
struct MarkdownWikiAssembler {
    /// The folder as the user named it, for origins.
    let folderName: String
    /// The wiki's `_id`.
    let wikiID: String
    /// The wiki's title from the configuration, which takes precedence over the home's.
    let configuredTitle: String?
    /// What git says about the folder, when it is in a git work tree.
    let history: GitFolderHistory?

    /// The home file's candidates, in order of precedence.
    static let homeFileNames = ["index.md", "README.md"]

    /// What assembling the files of a folder gives: the wiki document and the pages, in byte order
    /// of their paths, the files rejected, and the ledger to compare the next reading with.
    struct Assembly {
        let documents: [Document]
        let rejected: [RejectedEntry]
        let ledger: FolderLedger
    }

    /// The wiki document and the pages of `files`, the home among them. Each page has, as its
    /// attachments, the files of `otherFiles` its note names (`FolderFiles`). The ledger says
    /// whether files were rejected, by the assembly or, when `walkRejected`, by the walk.
    func assemble(
        _ files: [MarkdownFile], otherFiles: [ListedFile], walkRejected: Bool, readAt: FileTime
    ) -> Assembly {
        let homePath = Self.homePath(among: files.map(\.relativePath))
        var rejected: [RejectedEntry] = []
        var home: ReadFile?
        var pages: [ReadFile] = []
        for file in files {
            switch read(file) {
            case .page(let read):
                if let homePath, read.file.relativePath.isExactly(homePath) {
                    home = read
                } else {
                    pages.append(read)
                }
            case .rejected(let entry): rejected.append(entry)
            }
        }
        var owners: [ExactString: Int] = [:]
        var kept: [ReadFile] = []
        for page in pages.sorted(by: Self.claimsFirst) {
            let title = ExactString(page.title)
            if let owner = owners[title] {
                rejected.append(
                    RejectedEntry(
                        origin: DocumentOrigin(source: path(of: page.file), line: nil), documentID: pageID(page.title),
                        reason: "its title \(DisplayText.quoted(page.title)) is already that of "
                            + "\(DisplayText.quoted(path(of: kept[owner].file))), which keeps it; give this file "
                            + "another `title:` in its front matter, or rename it"))
            } else {
                owners[title] = kept.count
                kept.append(page)
            }
        }
        kept.sort { $0.file.relativePath.precedesInByteOrder($1.file.relativePath) }
        let publishedHome = home.flatMap { $0.frontMatter.isDraft == true ? nil : $0 }
        var folderFiles = FolderFiles(folderName: folderName, paths: otherFiles.map(\.relativePath))
        let wiki = wikiDocument(home: publishedHome, pages: kept.map(\.entryDates), &folderFiles)
        var documents = [wiki]
        var entries: [FolderLedger.Entry] = []
        for page in kept {
            let (document, fileKeys) = pageDocument(page, &folderFiles)
            documents.append(document)
            entries.append(page.entry(fileKeys: fileKeys, revision: document.revisionText ?? ""))
        }
        let ledger = FolderLedger(
            wikiID: wikiID, head: history.map { $0.head ?? "" }, wikiRevision: wiki.revisionText ?? "", readAt: readAt,
            files: FolderLedger.OtherFiles(
                listed: otherFiles, rejected: walkRejected || !rejected.isEmpty || !folderFiles.rejected.isEmpty),
            notes: FolderLedger.Notes(
                home: home?.entry(fileKeys: [], revision: ""), entries: LedgerEntries(entries)))
        return Assembly(documents: documents, rejected: rejected + folderFiles.rejected, ledger: ledger)
    }

    /// The home file among the notes' paths: the first of ``homeFileNames`` there is.
    static func homePath(among paths: [String]) -> String? {
        homeFileNames.first { name in paths.contains { $0.isExactly(name) } }
    }

    /// `file` read as a page (or the home), or the entry that rejects it; git's word on it is
    /// `history`'s unless given.
    func read(
        _ file: MarkdownFile, commits: GitFolderHistory.Commits?? = nil, isUncommitted: Bool? = nil
    ) -> ReadOutcome {
        let key = Array(file.relativePath.utf8)
        do throws(MarkdownTextError) {
            return .page(
                try ReadFile(
                    file, commits: commits ?? history?.commits[key],
                    isUncommitted: isUncommitted ?? history?.changed.contains(key) ?? false))
        } catch {
            return .rejected(
                RejectedEntry(
                    origin: DocumentOrigin(source: path(of: file), line: error.line), documentID: nil,
                    reason: error.message))
        }
    }

    /// Which of two files claims a title first: the one whose path gives its title, then the
    /// first in byte order of paths.
    private static func claimsFirst(_ lhs: ReadFile, _ rhs: ReadFile) -> Bool {
        let lhsFromPath = lhs.frontMatter.title == nil
        if lhsFromPath != (rhs.frontMatter.title == nil) { return lhsFromPath }
        return lhs.file.relativePath.precedesInByteOrder(rhs.file.relativePath)
    }

    /// The dates of a page for the wiki's: when it was created and last changed, and whether it
    /// is a draft (whose dates do not count).
    typealias PageDates = (created: FileTime, updated: FileTime, isDraft: Bool)

    /// The wiki's document, with the Markdown of `home`, the files of `folderFiles` it names as
    /// its attachments, and the dates of the published ones among `pages` and `home`.
    func wikiDocument(home: ReadFile?, pages: [PageDates], _ folderFiles: inout FolderFiles) -> Document {
        var body = JSONObject([("_id", .string(wikiID)), ("type", .string("wiki"))])
        if let title = configuredTitle ?? home?.frontMatter.title { body.members.append(("title", .string(title))) }
        if let home {
            body.members.append(("markdown", .string(home.text.markdown)))
            let named = folderFiles.attachments(ofNoteAt: home.file.relativePath, markdown: home.text.markdown)
            if let attachments = named.attachments { body.members.append(("_attachments", attachments)) }
        }
        let published = pages.filter { !$0.isDraft } + (home.map { [$0.entryDates] } ?? [])
        if let created = published.map(\.created).min()?.json { body.members.append(("created_at", .string(created))) }
        if let updated = published.map(\.updated).max()?.json { body.members.append(("updated_at", .string(updated))) }
        let origin = home.map { path(of: $0.file) } ?? folderName
        return document(body, origin: origin)
    }

    /// The page document of `page`, and the keys of the files its Markdown names
    /// (`FileMatchKeys`).
    func pageDocument(_ page: ReadFile, _ folderFiles: inout FolderFiles) -> (Document, fileKeys: [String]) {
        var body = JSONObject([
            ("_id", .string(pageID(page.title))), ("type", .string("page")), ("wiki_id", .string(wikiID)),
            ("markdown", .string(page.text.text)),
        ])
        if let created = page.created.json { body.members.append(("created_at", .string(created))) }
        if let updated = page.updated.json { body.members.append(("updated_at", .string(updated))) }
        if let user = page.frontMatter.updatedBy { body.members.append(("updated_by", .string(user))) }
        body.members.append(("draft", .bool(page.frontMatter.isDraft ?? false)))
        let named = folderFiles.attachments(ofNoteAt: page.file.relativePath, markdown: page.text.text)
        if let attachments = named.attachments { body.members.append(("_attachments", attachments)) }
        return (document(body, origin: path(of: page.file)), named.fileKeys)
    }

    /// The document of `body`, with its `_rev` inserted after its `_id`.
    private func document(_ body: JSONObject, origin: String) -> Document {
        let revision = ContentRevision.of(body)
        var members = body.members
        members.insert(("_rev", .string(revision)), at: 1)
        return Document(
            id: members[0].value.stringValue ?? "", revisionText: revision, isDeleted: false, body: JSONObject(members),
            origin: DocumentOrigin(source: origin, line: nil))
    }

    /// The `_id` of the page titled `title`.
    func pageID(_ title: String) -> String {
        wikiID + ":" + title
    }

    /// The path of `file` as the user would type it.
    func path(of file: MarkdownFile) -> String {
        MarkdownFileWalker.displayPath(folder: folderName, relativePath: file.relativePath.utf8)
    }
}

/// A file read as a page, or the entry that rejects it.
enum ReadOutcome {
    case page(ReadFile)
    case rejected(RejectedEntry)
}

/// A file read as a page: its text split, its title and dates known.
struct ReadFile {
    let file: MarkdownFile
    let frontMatter: FrontMatter
    /// The file's text, front matter included.
    let text: MarkdownText
    let title: String
    let created: FileTime
    let updated: FileTime
    /// When git says the file was committed first and last; nil when it has no commit.
    let commits: GitFolderHistory.Commits?
    /// Whether git says the file has changes not committed yet.
    let isUncommitted: Bool

    /// The dates of the page, for the wiki's.
    var entryDates: MarkdownWikiAssembler.PageDates {
        (created, updated, frontMatter.isDraft == true)
    }

    /// `file` read, with what git says of it.
    init(_ file: MarkdownFile, commits: GitFolderHistory.Commits?, isUncommitted: Bool) throws(MarkdownTextError) {
        let split = try MarkdownText(file.contents)
        self.file = file
        frontMatter = split.frontMatter
        text = split
        title = split.frontMatter.title ?? String(decoding: file.relativePath.utf8.dropLast(3), as: UTF8.self)
        self.commits = commits
        self.isUncommitted = isUncommitted
        created = commits?.first ?? file.modified
        updated = isUncommitted ? file.modified : commits?.last ?? file.modified
    }

    /// The ledger's entry of the file, whose Markdown names the files of the keys `fileKeys`
    /// (`FileMatchKeys`; none for the home, read every time), and whose document has the revision
    /// `revision` (empty for the home).
    func entry(fileKeys: [String], revision: String) -> FolderLedger.Entry {
        var entry = FolderLedger.Entry(
            relativePath: file.relativePath, stamp: file.stamp, frontMatterTitle: frontMatter.title,
            isDraft: frontMatter.isDraft == true, commits: commits, isUncommitted: isUncommitted)
        entry.fileKeys = fileKeys
        entry.revision = revision
        return entry
    }
}
