#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `OutputFolder.write(_:to:)` did.
public enum WriteOutcome: Sendable, Equatable {
    /// The file was created or replaced.
    case written
    /// The file already held exactly these bytes; it was not touched (its modification time stays).
    case unchanged
}

/// What `OutputFolder.remove(_:expecting:)` did.
public enum RemoveOutcome: Sendable, Equatable {
    /// The file was removed, and with it the folders it leaves empty.
    case removed
    /// There was nothing at that path.
    case alreadyGone
    /// Something other than the file wikisite wrote is there (its content changed, or it is now a
    /// folder or a link), so it was left alone.
    case keptChanged
}

/// A folder wikisite writes a site into, safely.
///
/// - Nothing is ever written outside it: every relative path is checked, and every write
///   walks the folders from a descriptor of the root with `openat`, refusing any folder that is a
///   symbolic link (planted links cannot lead a write elsewhere).
/// - Every file is replaced atomically: written to a temporary file beside it, then renamed over
///   it. A reader, or a build killed at any moment, sees the old file or the new one, never part
///   of one. A link at the file's own place is replaced by the file, its target untouched.
/// - A file that already holds the same bytes is not rewritten: its bytes are read and compared
///   (after a size check), which costs far less than a write on a real disk and cannot be fooled
///   by a stale record.
///
/// The folder's own path is followed as given (it is the user's choice, links included). Many
/// threads may write different files at once. Writes are not flushed to the disk with `fsync`:
/// atomicity holds against a killed process, not against a power cut.
public final class OutputFolder: Sendable {
    /// The path of the folder, as given.
    public let root: String
    private let rootDescriptor: Int32
    /// The root as shown at the start of every path in an error message.
    private let shownRoot: String

    /// Opens the folder at `root`, creating it and any missing parents.
    public init(root: String) throws {
        guard !root.isEmpty else {
            throw WriteError(.write, root, .invalidPath(reason: "the output folder is empty"))
        }
        try createFolders(atPath: root, for: .write)
        let descriptor = retryingOnInterrupt { open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            if errno == ENOTDIR { throw WriteError(.write, root, .notAFolder(entry: root)) }
            throw WriteError(.write, root, .system(call: "open", code: errno))
        }
        self.root = root
        self.rootDescriptor = descriptor
        var shown = Substring(root)
        while shown.count > 1 && shown.hasSuffix("/") { shown = shown.dropLast() }
        self.shownRoot = shown == "/" ? "" : String(shown)
    }

    deinit {
        close(rootDescriptor)
    }

    /// Puts `bytes` at `relativePath` (folders separated by `/`), creating the folders on the way.
    /// Returns `.unchanged`, touching nothing, when the file already holds exactly these bytes.
    /// Throws `WriteError` naming the path; on failure no temporary file is left behind.
    @discardableResult
    public func write(_ bytes: [UInt8], to relativePath: String) throws -> WriteOutcome {
        try bytes.withUnsafeBytes { try write($0, to: relativePath) }
    }

    /// Puts the UTF-8 encoding of `text` at `relativePath`, as `write(_:to:)` does with bytes,
    /// without copying the text into an array first.
    @discardableResult
    public func write(_ text: String, to relativePath: String) throws -> WriteOutcome {
        if let outcome = try text.utf8.withContiguousStorageIfAvailable({
            try write(UnsafeRawBufferPointer($0), to: relativePath)
        }) {
            return outcome
        }
        return try write(Array(text.utf8), to: relativePath)
    }

    /// Removes the file at `relativePath` that an earlier build wrote, then each folder on its way
    /// that this leaves empty (never the root, never a folder with anything in it).
    ///
    /// With `expected`, the file is removed only when its content still has that hash: a file
    /// someone edited since wikisite wrote it is kept (`.keptChanged`). Anything that is not a
    /// regular file is always kept. Links on the way are refused, as for writes.
    ///
    /// Remove files only once the build's writes are done: a folder emptied here disappears, and
    /// a write into it at the same moment would fail.
    @discardableResult
    public func remove(_ relativePath: String, expecting expected: ContentHash? = nil) throws
        -> RemoveOutcome
    {
        let path = try RelativePath(relativePath, for: .remove)
        var folders = [rootDescriptor]
        defer { for descriptor in folders.dropFirst() { close(descriptor) } }
        for index in path.folders.indices {
            guard
                let next = try openFolder(
                    path.components[...index], in: folders[index], creating: false, for: .remove, of: path
                )
            else { return .alreadyGone }
            folders.append(next)
        }
        let folder = folders[folders.count - 1]
        var status = stat()
        if fstatat(folder, path.name, &status, AT_SYMLINK_NOFOLLOW) != 0 {
            if errno == ENOENT { return .alreadyGone }
            throw WriteError(.remove, shown(path), .system(call: "fstatat", code: errno))
        }
        guard status.st_mode & S_IFMT == S_IFREG else { return .keptChanged }
        if let expected, hashOfFile(path.name, in: folder) != expected { return .keptChanged }
        if unlinkat(folder, path.name, 0) != 0 {
            if errno == ENOENT { return .alreadyGone }
            throw WriteError(.remove, shown(path), .system(call: "unlinkat", code: errno))
        }
        for index in path.folders.indices.reversed() {
            if unlinkat(folders[index], path.folders[index], AT_REMOVEDIR) != 0 { break }
        }
        return .removed
    }

    /// Removes the temporary files that writes of killed processes left anywhere in the folder
    /// (`.wikisite-<pid>-<n>.tmp`, a form no site file can have), without following links;
    /// returns how many it removed.
    ///
    /// Call it only while holding the `BuildLock` and before this process writes into the folder
    /// (it cannot tell another write's temporary file in progress from a stale one): typically
    /// when `BuildLock.previousBuildWasInterrupted` says the last build did not end normally.
    @discardableResult
    public func removeStaleTemporaryFiles() throws -> Int {
        let descriptor = retryingOnInterrupt {
            openat(rootDescriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard descriptor >= 0 else {
            throw WriteError(.clean, root, .system(call: "openat", code: errno))
        }
        return try removeTemporaryFiles(
            inFolder: descriptor, shownAs: shownRoot.isEmpty ? "/" : shownRoot)
    }

    // MARK: - Writing

    private func write(_ bytes: UnsafeRawBufferPointer, to relativePath: String) throws
        -> WriteOutcome
    {
        let path = try RelativePath(relativePath, for: .write)
        var folder = rootDescriptor
        defer { if folder != rootDescriptor { close(folder) } }
        for index in path.folders.indices {
            let next = try openFolder(
                path.components[...index], in: folder, creating: true, for: .write, of: path)
            if folder != rootDescriptor { close(folder) }
            folder = next!
        }
        if fileHolds(bytes, name: path.name, in: folder) { return .unchanged }
        try put(bytes, at: path, in: folder)
        return .written
    }

    /// Whether `name` in `folder` is a regular file holding exactly `bytes`.
    private func fileHolds(_ bytes: UnsafeRawBufferPointer, name: String, in folder: Int32) -> Bool {
        let descriptor = retryingOnInterrupt {
            openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return fileContent(of: descriptor, equals: bytes)
    }

    /// Writes `bytes` to a new temporary file in `folder`, then renames it to `path`'s name.
    private func put(_ bytes: UnsafeRawBufferPointer, at path: RelativePath, in folder: Int32) throws {
        var temporary = TemporaryName.next()
        var descriptor: Int32 = -1
        for _ in 0..<100 {
            descriptor = retryingOnInterrupt {
                openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            }
            // A stale temporary file of an earlier process with the same pid: take another name.
            if descriptor >= 0 || errno != EEXIST { break }
            temporary = TemporaryName.next()
        }
        guard descriptor >= 0 else {
            throw WriteError(.write, shown(path), .system(call: "openat", code: errno))
        }

        var failure: (call: String, code: Int32)?
        if let code = writeAll(bytes, to: descriptor) { failure = ("write", code) }
        // A failed close can report a delayed write error (NFS, quotas); it is never retried.
        if close(descriptor) != 0 && failure == nil { failure = ("close", errno) }
        if failure == nil && renameat(folder, temporary, folder, path.name) != 0 {
            failure = ("renameat", errno)
        }
        guard let failure else { return }
        unlinkat(folder, temporary, 0)
        if failure.call == "renameat" && failure.code == EISDIR {
            throw WriteError(.write, shown(path), .folderInTheWay)
        }
        throw WriteError(.write, shown(path), .system(call: failure.call, code: failure.code))
    }

    // MARK: - Walking folders

    /// Opens the last of `components` (a folder) inside `parent`, which holds the ones before it,
    /// without following a link; creates it when missing if `creating`, else returns `nil`.
    /// `path` is the path being written or removed, for messages.
    private func openFolder(
        _ components: ArraySlice<String>, in parent: Int32, creating: Bool,
        for action: WriteError.Action,
        of path: RelativePath
    ) throws -> Int32? {
        let name = components[components.endIndex - 1]
        for _ in 0..<8 {
            let descriptor = retryingOnInterrupt {
                openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            if descriptor >= 0 { return descriptor }
            switch errno {
            case ENOENT:
                guard creating else { return nil }
                // EEXIST: another thread created it first, which is just as good.
                if mkdirat(parent, name, 0o755) != 0 && errno != EEXIST {
                    throw WriteError(action, shown(path), .system(call: "mkdirat", code: errno))
                }
            case ELOOP, ENOTDIR:
                if entryType(of: name, in: parent) == S_IFLNK {
                    throw WriteError(action, shown(path), .symbolicLink(link: shown(components)))
                }
                throw WriteError(action, shown(path), .notAFolder(entry: shown(components)))
            case let code:
                throw WriteError(action, shown(path), .system(call: "openat", code: code))
            }
        }
        // The folder vanished each time it was created: something else keeps removing it.
        throw WriteError(action, shown(path), .system(call: "openat", code: ENOENT))
    }

    /// The full path of `path`, for messages.
    private func shown(_ path: RelativePath) -> String {
        shown(path.components[...])
    }

    /// The path of `components` inside the root, for messages.
    private func shown(_ components: ArraySlice<String>) -> String {
        shownRoot + "/" + components.joined(separator: "/")
    }

    /// The hash of the regular file `name` in `folder`, or `nil` when it cannot be read.
    private func hashOfFile(_ name: String, in folder: Int32) -> ContentHash? {
        let descriptor = retryingOnInterrupt {
            openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var hasher = ContentHasher()
        let complete = withUnsafeTemporaryAllocation(byteCount: 64 * 1024, alignment: 16) { buffer in
            while true {
                let count = retryingOnInterrupt { read(descriptor, buffer.baseAddress!, buffer.count) }
                if count < 0 { return false }
                if count == 0 { return true }
                hasher.add(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
        }
        return complete ? ContentHash(value: hasher.value) : nil
    }

    // MARK: - Cleaning

    /// Removes temporary files in the folder open at `descriptor` and below; takes ownership of
    /// the descriptor.
    private func removeTemporaryFiles(inFolder descriptor: Int32, shownAs shownFolder: String) throws
        -> Int
    {
        guard let stream = fdopendir(descriptor) else {
            let code = errno
            close(descriptor)
            throw WriteError(.clean, shownFolder, .system(call: "fdopendir", code: code))
        }
        defer { closedir(stream) }
        let folder = dirfd(stream)
        var temporaries: [[CChar]] = []
        var subfolders: [[CChar]] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 {
                    throw WriteError(.clean, shownFolder, .system(call: "readdir", code: errno))
                }
                break
            }
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                Array(raw.bindMemory(to: CChar.self).prefix { $0 != 0 }) + [0]
            }
            let bytes = name.dropLast().map { UInt8(bitPattern: $0) }
            if bytes == Array(".".utf8) || bytes == Array("..".utf8) { continue }
            var type = mode_t(0)
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): type = S_IFDIR
            case Int32(DT_REG): type = S_IFREG
            case Int32(DT_UNKNOWN):
                var status = stat()
                if fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 {
                    type = status.st_mode & S_IFMT
                }
            default: break
            }
            if type == S_IFDIR {
                subfolders.append(name)
            } else if type == S_IFREG && TemporaryName.matches(bytes) {
                temporaries.append(name)
            }
        }
        for name in temporaries where unlinkat(folder, name, 0) != 0 && errno != ENOENT {
            throw WriteError(
                .clean, shownFolder + "/" + displayed(name), .system(call: "unlinkat", code: errno))
        }
        var removed = temporaries.count
        for name in subfolders {
            let shownSubfolder = shownFolder + "/" + displayed(name)
            let subfolder = retryingOnInterrupt {
                openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            if subfolder < 0 {
                // Replaced by a link or removed since it was listed: nothing of ours to clean there.
                if [ELOOP, ENOTDIR, ENOENT].contains(errno) { continue }
                throw WriteError(.clean, shownSubfolder, .system(call: "openat", code: errno))
            }
            removed += try removeTemporaryFiles(inFolder: subfolder, shownAs: shownSubfolder)
        }
        return removed
    }

    /// A NUL-terminated name read from a folder, for messages.
    private func displayed(_ name: [CChar]) -> String {
        String(decoding: name.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
