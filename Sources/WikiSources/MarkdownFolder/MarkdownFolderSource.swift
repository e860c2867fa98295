import WikiDocuments

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder of Markdown files as a ``DocumentSource``: every `*.md` file under it, at any depth, is
/// a page of one wiki, as a team keeps its documentation in git.
///
/// A reading delivers the wiki document, then one page document per file, in byte order of the
/// files' paths, in TouchWiki's schema:
/// - **Which files**: every regular file whose name ends in `.md`, in every folder below. Left out
///   quietly: hidden files and folders (`.git`, `.obsidian`, `.draft.md`), symbolic links (never
///   followed, so nothing outside the folder is read), and, in a git work tree, what git ignores.
/// - **Title**: the path without `.md` (`guide/Install.md` → `guide/Install`), or the front
///   matter's `title`; the page's `_id` is `<wiki ID>:<title>`.
/// - **Front matter**: a YAML block between `---` lines at the very top may set `title`, `draft`
///   and `updated_by`; it is not part of the page's Markdown. Other keys are ignored.
/// - **Dates**: `created_at` and `updated_at` are the file's first and last commit times when the
///   folder is in a git work tree (git must be installed then; a shallow clone knows only the
///   commits it fetched), else the file's modification time, which also dates a change not
///   committed yet.
/// - **Home**: the folder's own `index.md` (or, without one, `README.md`) is not a page: its
///   Markdown is the wiki's description, its front matter's `title` the wiki's title when none is
///   configured. The wiki's dates span its published files.
/// - **Revisions**: `_rev` is `1-` and a hash of the document, so reading an unchanged file gives
///   the same revision every time.
///
/// A file that is not UTF-8, whose front matter cannot be read, or whose title another file
/// already has (the file whose path gives the title keeps it, else the first in byte order of
/// paths) is a ``RejectedEntry`` naming the file and the problem, and the rest is read.
///
/// A reading always delivers everything (``SourceReading/Scope/everything``) and ends at no
/// checkpoint: a folder has no sequence of changes. A consumer that keeps documents between
/// readings sees which ones changed by their revisions.
public struct MarkdownFolderSource: DocumentSource {
    /// What a source name starts with to name a folder of Markdown explicitly: `markdown:docs`.
    public static let namePrefix = "markdown:"

    /// The folder, as given (without ``namePrefix``).
    public let name: String
    /// The wiki's `_id` as configured; `nil` for the default, the folder's own name.
    public let wikiID: String?
    /// The wiki's title as configured; `nil` to take the home file's front matter `title`, and
    /// without one, the wiki ID.
    public let wikiTitle: String?

    /// The folder at `folder`, read as the wiki `wikiID` titled `wikiTitle`; nothing is read until
    /// ``read(after:_:)``.
    public init(folder: String, wikiID: String? = nil, wikiTitle: String? = nil) {
        name = folder
        self.wikiID = wikiID
        self.wikiTitle = wikiTitle.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The folder a source name names, when it names a folder of Markdown: the path after
    /// `markdown:`, or the name itself when it is the path of a folder (a dump or a store is a
    /// file); `nil` otherwise.
    public static func folder(named sourceName: String) -> String? {
        if sourceName.utf8.starts(with: namePrefix.utf8) {
            return String(decoding: sourceName.utf8.dropFirst(namePrefix.utf8.count), as: UTF8.self)
        }
        var status = stat()
        guard stat(sourceName, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return sourceName
    }

    /// The wiki's `_id`: the configured one, else the name of the folder (of its real path, so
    /// `.` names the current folder).
    ///
    /// - Throws: ``MarkdownFolderError`` when the ID is empty or holds a colon or a control
    ///   character, which a wiki's `_id` never does.
    public func resolvedWikiID() throws(MarkdownFolderError) -> String {
        let id: String
        let origin: String
        if let wikiID {
            id = wikiID
            origin = "the wiki ID \(DisplayText.quoted(wikiID))"
        } else {
            guard let resolved = realpath(name, nil) else { throw unreadable() }
            let path = String(cString: resolved)
            free(resolved)
            id = path.split(separator: "/").last.map(String.init) ?? ""
            origin = "the folder's name \(DisplayText.quoted(id)), the wiki's ID when none is configured,"
        }
        let problem: String? =
            if id.isEmpty {
                "is empty"
            } else if id.utf8.contains(UInt8(ascii: ":")) {
                "holds a colon, which separates a page's wiki from its title"
            } else if id.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                "holds control characters"
            } else {
                nil
            }
        guard let problem else { return id }
        throw MarkdownFolderError(
            path: name, message: "\(origin) \(problem): configure an ID for the wiki (letters, digits, dashes)")
    }

    /// Reads every Markdown file of the folder, whatever `checkpoint` says.
    ///
    /// - Throws: ``MarkdownFolderError`` when the folder cannot be read, has no usable wiki ID, or
    ///   is in a git repository git cannot read; and whatever `body` throws.
    public func read(after checkpoint: SourceCheckpoint?, _ body: (Document) throws -> Void) throws -> SourceReading {
        let id = try resolvedWikiID()
        let descriptor = open(name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable() }
        let history: GitFolderHistory?
        do {
            history = try GitFolderHistory.read(folder: name)
        } catch {
            close(descriptor)
            throw error
        }
        let (walker, readAt) = walk(descriptor, readingNotes: true, history: history)
        let assembler = MarkdownWikiAssembler(
            folderName: name, wikiID: id, configuredTitle: wikiTitle, history: history)
        let assembly = assembler.assemble(
            walker.files, otherFiles: walker.otherFiles, walkRejected: !walker.rejected.isEmpty, readAt: readAt)
        for document in assembly.documents { try body(document) }
        return SourceReading(
            form: Self.form(inGit: history != nil), scope: .everything, documentCount: assembly.documents.count,
            checkpoint: nil,
            rejected: (walker.rejected + assembly.rejected).sorted {
                $0.origin.source.precedesInByteOrder($1.origin.source)
            }, ledger: .folder(assembly.ledger))
    }

    /// Walks the folder open at `descriptor` (closed by the walk), leaving out what git ignores:
    /// its notes read, or only listed; and when the walk started, for the ledger.
    func walk(
        _ descriptor: Int32, readingNotes: Bool, history: GitFolderHistory?
    ) -> (MarkdownFileWalker, readAt: FileTime) {
        let ignored = history?.ignored ?? []
        let readAt = FolderLedger.now()
        var walker = MarkdownFileWalker(folderName: name, readsNotes: readingNotes) { ignored.contains($0) }
        walker.walk(folder: descriptor)
        return (walker, readAt)
    }

    /// What kind of source a folder is, for messages.
    static func form(inGit: Bool) -> String {
        inGit ? "a folder of Markdown in git" : "a folder of Markdown"
    }

    func unreadable() -> MarkdownFolderError {
        let reason =
            errno == ENOTDIR
            ? "it is not a folder" : String(cString: strerror(errno))
        return MarkdownFolderError(path: name, message: "cannot read the folder of Markdown files: \(reason)")
    }
}
