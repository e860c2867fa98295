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

    /// The wiki document and the pages, in byte order of their paths, and the files rejected.
    /// Each page has, as its attachments, the files of `otherFiles` its note names (`FolderFiles`).
    func assemble(_ files: [MarkdownFile], otherFiles: [String]) -> (
        documents: [Document], rejected: [RejectedEntry]
    ) {
        let homePath = Self.homeFileNames.first { name in files.contains { $0.relativePath.isExactly(name) } }
        var rejected: [RejectedEntry] = []
        var home: ReadFile?
        var pages: [ReadFile] = []
        for file in files {
            do throws(MarkdownTextError) {
                let read = try ReadFile(file, history: history)
                if let homePath, read.file.relativePath.isExactly(homePath) {
                    home = read
                } else {
                    pages.append(read)
                }
            } catch {
                rejected.append(
                    RejectedEntry(
                        origin: DocumentOrigin(source: path(of: file), line: error.line), documentID: nil,
                        reason: error.message))
            }
        }
        var owners: [ExactString: Int] = [:]
        var kept: [ReadFile] = []
        for page in pages.sorted(by: Self.claimsFirst) {
            let title = ExactString(page.title)
            if let owner = owners[title] {
                rejected.append(
                    RejectedEntry(
                        origin: DocumentOrigin(source: path(of: page.file), line: nil), documentID: pageID(page),
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
        var folderFiles = FolderFiles(folderName: folderName, paths: otherFiles)
        let documents = [wikiDocument(home: publishedHome, pages: kept)] + kept.map { pageDocument($0, &folderFiles) }
        return (documents, rejected + folderFiles.rejected)
    }

    /// Which of two files claims a title first: the one whose path gives its title, then the
    /// first in byte order of paths.
    private static func claimsFirst(_ lhs: ReadFile, _ rhs: ReadFile) -> Bool {
        let lhsFromPath = lhs.frontMatter.title == nil
        if lhsFromPath != (rhs.frontMatter.title == nil) { return lhsFromPath }
        return lhs.file.relativePath.precedesInByteOrder(rhs.file.relativePath)
    }

    private func wikiDocument(home: ReadFile?, pages: [ReadFile]) -> Document {
        var body = JSONObject([("_id", .string(wikiID)), ("type", .string("wiki"))])
        if let title = configuredTitle ?? home?.frontMatter.title { body.members.append(("title", .string(title))) }
        if let home { body.members.append(("markdown", .string(home.text.markdown))) }
        let published = pages.filter { $0.frontMatter.isDraft != true } + (home.map { [$0] } ?? [])
        if let created = published.map(\.created).min()?.json { body.members.append(("created_at", .string(created))) }
        if let updated = published.map(\.updated).max()?.json { body.members.append(("updated_at", .string(updated))) }
        let origin = home.map { path(of: $0.file) } ?? folderName
        return document(body, origin: origin)
    }

    private func pageDocument(_ page: ReadFile, _ folderFiles: inout FolderFiles) -> Document {
        var body = JSONObject([
            ("_id", .string(pageID(page))), ("type", .string("page")), ("wiki_id", .string(wikiID)),
            ("markdown", .string(page.text.text)),
        ])
        if let created = page.created.json { body.members.append(("created_at", .string(created))) }
        if let updated = page.updated.json { body.members.append(("updated_at", .string(updated))) }
        if let user = page.frontMatter.updatedBy { body.members.append(("updated_by", .string(user))) }
        body.members.append(("draft", .bool(page.frontMatter.isDraft ?? false)))
        if let attachments = folderFiles.attachments(ofNoteAt: page.file.relativePath, markdown: page.text.text) {
            body.members.append(("_attachments", attachments))
        }
        return document(body, origin: path(of: page.file))
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

    private func pageID(_ page: ReadFile) -> String {
        wikiID + ":" + page.title
    }

    private func path(of file: MarkdownFile) -> String {
        MarkdownFileWalker.displayPath(folder: folderName, relativePath: file.relativePath.utf8)
    }
}

/// A file read as a page: its text split, its title and dates known.
private struct ReadFile {
    let file: MarkdownFile
    let frontMatter: FrontMatter
    /// The file's text, front matter included.
    let text: MarkdownText
    let title: String
    let created: FileTime
    let updated: FileTime

    init(_ file: MarkdownFile, history: GitFolderHistory?) throws(MarkdownTextError) {
        let split = try MarkdownText(file.contents)
        self.file = file
        frontMatter = split.frontMatter
        text = split
        title = split.frontMatter.title ?? String(decoding: file.relativePath.utf8.dropLast(3), as: UTF8.self)
        let key = Array(file.relativePath.utf8)
        let commits = history?.commits[key]
        let changed = history?.changed.contains(key) ?? false
        created = commits?.first ?? file.modified
        updated = changed ? file.modified : commits?.last ?? file.modified
    }
}
