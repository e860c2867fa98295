#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads chosen notes of a folder by their paths inside it, as the walk would read them: every
/// folder on the way opened relative to its parent with `O_NOFOLLOW`, so that nothing outside the
/// folder is read even if a folder was swapped for a link since the walk listed the note.
struct FolderNoteReader {
    /// The folder as the user named it.
    let folderName: String
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    init(folderName: String) {
        self.folderName = folderName
    }

    /// The note at `relativePath` (`guide/Install.md`), read; or why it cannot be.
    mutating func read(_ relativePath: String) -> Result<MarkdownFile, MarkdownFileWalker.LoadProblem> {
        var folder = open(folderName, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            return .failure(.init(reason: "its folder cannot be opened (\(MarkdownFileWalker.lastSystemError()))"))
        }
        defer { close(folder) }
        let components = relativePath.utf8.split(separator: UInt8(ascii: "/")).map(Array.init)
        for name in components.dropLast() {
            let child = MarkdownFileWalker.withCString(name) {
                openat(folder, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            guard child >= 0 else {
                return .failure(
                    .init(reason: "its folder cannot be opened (\(MarkdownFileWalker.lastSystemError()))"))
            }
            close(folder)
            folder = child
        }
        return MarkdownFileWalker.load(
            components.last ?? [], in: folder, relativePath: relativePath, chunk: &chunk)
    }
}
