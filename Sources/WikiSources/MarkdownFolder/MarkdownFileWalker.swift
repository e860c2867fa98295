import WikiDocuments

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `*.md` file of the folder, read.
struct MarkdownFile {
    /// The path inside the folder, `/`-separated, valid UTF-8 (`guide/Install.md`).
    let relativePath: String
    /// The file's bytes.
    let contents: [UInt8]
    /// What the file system said of the file when it was opened.
    let stamp: FileStamp

    /// The file's modification time.
    var modified: FileTime { stamp.modified }
}

/// A file of the folder as the walk found it, unread: its path inside the folder and its stamp.
struct ListedFile: Equatable, Sendable {
    let relativePath: String
    let stamp: FileStamp
}

/// Finds and reads every `*.md` file under a folder, recursively, and lists its other files.
///
/// Left out quietly: hidden files and folders (a name starting with `.`: `.git`, `.obsidian`),
/// symbolic links (never followed, so nothing outside the folder is read, whatever a link points
/// to), files whose name does not end in `.md`, and whatever `isIgnored` says (what git ignores).
/// Rejected with a reason: a `*.md` entry that is not a regular file (a pipe, a device), a name
/// that is not valid UTF-8 (a title must be text), and files and folders that cannot be read.
///
/// Every folder is opened relative to its parent's descriptor with `O_NOFOLLOW`, so a folder
/// swapped for a link while the walk runs is not followed either.
struct MarkdownFileWalker {
    /// The folder as the user named it, for origins.
    let folderName: String
    /// Whether the entry at this path inside the folder (`/`-separated bytes, no trailing `/`) is
    /// to be left out.
    let isIgnored: ([UInt8]) -> Bool
    /// Whether the walk reads the `*.md` files (into ``files``) or only lists them (in
    /// ``notes``), for a reading that compares them with a ``FolderLedger`` first.
    let readsNotes: Bool

    private(set) var files: [MarkdownFile] = []
    /// The `*.md` files, unread, when the walk does not read them.
    private(set) var notes: [ListedFile] = []
    /// The folder's other regular files (`img/a.png`), in byte order, unread: a note may embed or
    /// link them (`FolderFiles`).
    private(set) var otherFiles: [ListedFile] = []
    private(set) var rejected: [RejectedEntry] = []
    /// Where files are read, reused from file to file.
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    init(folderName: String, readsNotes: Bool, isIgnored: @escaping ([UInt8]) -> Bool) {
        self.folderName = folderName
        self.readsNotes = readsNotes
        self.isIgnored = isIgnored
    }

    /// Walks the folder open at `descriptor` (the walker closes it), then sorts the files by path
    /// in byte order.
    mutating func walk(folder descriptor: Int32) {
        walk(directory: descriptor, relativePath: [])
        files.sort { $0.relativePath.precedesInByteOrder($1.relativePath) }
        notes.sort { $0.relativePath.precedesInByteOrder($1.relativePath) }
        otherFiles.sort { $0.relativePath.precedesInByteOrder($1.relativePath) }
    }

    /// The path of an entry as the user would type it: the folder's name, a slash, the path inside.
    static func displayPath(folder: String, relativePath: some Collection<UInt8>) -> String {
        let separator = folder.utf8.last == UInt8(ascii: "/") ? "" : "/"
        return folder + separator + DisplayText.of(relativePath)
    }

    private mutating func walk(directory descriptor: Int32, relativePath: [UInt8]) {
        guard let directory = fdopendir(descriptor) else {
            reject(relativePath, "this folder cannot be read (\(Self.lastSystemError())); its files are left out")
            close(descriptor)
            return
        }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 {
                    reject(
                        relativePath,
                        "this folder could not be read to the end (\(Self.lastSystemError())); its files are left out")
                    return
                }
                break
            }
            let name = Self.name(of: entry)
            if name.first != UInt8(ascii: ".") { names.append(name) }
        }
        names.sort { $0.lexicographicallyPrecedes($1) }
        for name in names {
            visit(name, in: dirfd(directory), parentPath: relativePath)
        }
    }

    private mutating func visit(_ name: [UInt8], in parent: Int32, parentPath: [UInt8]) {
        let path = parentPath.isEmpty ? name : parentPath + [UInt8(ascii: "/")] + name
        guard !isIgnored(path) else { return }
        var status = stat()
        let statResult = Self.withCString(name) { fstatat(parent, $0, &status, AT_SYMLINK_NOFOLLOW) }
        guard statResult == 0 else {
            reject(path, "it cannot be examined (\(Self.lastSystemError())); it is left out")
            return
        }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR {
            guard String(validating: path, as: UTF8.self) != nil else {
                reject(path, "this folder's name is not valid UTF-8, so its files have no title; rename it")
                return
            }
            let child = Self.withCString(name) { openat(parent, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            guard child >= 0 else {
                reject(path, "this folder cannot be opened (\(Self.lastSystemError())); its files are left out")
                return
            }
            walk(directory: child, relativePath: path)
            return
        }
        guard name.count > 3, name.reversed().starts(with: ".md".utf8.reversed()), kind != S_IFLNK else {
            if kind == S_IFREG, let other = String(validating: path, as: UTF8.self) {
                otherFiles.append(ListedFile(relativePath: other, stamp: FileStamp(status)))
            }
            return
        }
        guard let relativePath = String(validating: path, as: UTF8.self) else {
            reject(path, "its name is not valid UTF-8, so it has no title; rename it")
            return
        }
        guard kind == S_IFREG else {
            reject(path, "it is not a regular file (a pipe, a socket or a device); it is left out")
            return
        }
        guard readsNotes else {
            notes.append(ListedFile(relativePath: relativePath, stamp: FileStamp(status)))
            return
        }
        switch Self.load(name, in: parent, relativePath: relativePath, chunk: &chunk) {
        case .success(let file): files.append(file)
        case .failure(let problem): reject(Array(relativePath.utf8), problem.reason)
        }
    }

    /// Why a file could not be read.
    struct LoadProblem: Error {
        let reason: String
    }

    /// Reads the file `name` of the folder open at `parent` (`relativePath` inside the walked
    /// folder), never through a symbolic link; `chunk` is where it reads.
    static func load(
        _ name: [UInt8], in parent: Int32, relativePath: String, chunk: inout [UInt8]
    ) -> Result<MarkdownFile, LoadProblem> {
        let descriptor = withCString(name) { openat(parent, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else {
            return .failure(LoadProblem(reason: "it cannot be opened (\(lastSystemError())); it is left out"))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .failure(LoadProblem(reason: "it changed into something other than a regular file while being read"))
        }
        var contents: [UInt8] = []
        contents.reserveCapacity(Int(status.st_size))
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                contents.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                break
            } else if errno != EINTR {
                return .failure(LoadProblem(reason: "it cannot be read (\(lastSystemError())); it is left out"))
            }
        }
        return .success(MarkdownFile(relativePath: relativePath, contents: contents, stamp: FileStamp(status)))
    }

    private mutating func reject(_ relativePath: [UInt8], _ reason: String) {
        let path =
            relativePath.isEmpty ? folderName : Self.displayPath(folder: folderName, relativePath: relativePath)
        rejected.append(RejectedEntry(origin: DocumentOrigin(source: path, line: nil), documentID: nil, reason: reason))
    }

    private static func name(of entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
            Array(bytes.prefix { $0 != 0 })
        }
    }

    static func withCString<Result>(_ name: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (name + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    static func lastSystemError() -> String {
        String(cString: strerror(errno))
    }
}
