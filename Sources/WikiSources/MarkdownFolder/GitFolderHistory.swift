#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What git says about the files of a folder that lies in a git work tree, read with four git
/// commands whatever the number of files: `rev-parse` twice (where the folder is in the
/// repository, whether it has a commit yet), `status` (what changed since the last commit, what
/// is ignored) and `log` (when each file was committed). Paths are inside the folder,
/// `/`-separated, as exact bytes.
struct GitFolderHistory {
    /// When a file was committed first and last, in the history of `HEAD`.
    struct Commits: Equatable, Sendable {
        var first: FileTime
        var last: FileTime
    }

    /// The commit `HEAD` names, as git spells it; nil on a branch with no commit yet.
    let head: String?
    /// The commit times of every path that has any, in the history of `HEAD` (of the paths asked
    /// for, when only some were: ``read(folder:commitsOf:)``).
    let commits: [[UInt8]: Commits]
    /// Tracked files changed in the work tree or in the index since `HEAD`: their last change is
    /// not committed yet.
    let changed: Set<[UInt8]>
    /// Files and folders git ignores (`.gitignore`, `.git/info/exclude`, the global excludes).
    let ignored: Set<[UInt8]>

    /// The history of `folder`; `nil` when it is not in a git work tree. With `paths`, only those
    /// files' commits are read (`git log` of those paths alone), for a reading that knows the
    /// others' already (`FolderLedger`).
    ///
    /// - Throws: ``MarkdownFolderError`` when the folder is in a work tree but git cannot read it
    ///   (git missing, a repository git refuses to read).
    static func read(folder: String, commitsOf paths: [String]? = nil) throws(MarkdownFolderError) -> GitFolderHistory?
    {
        // Most folders are not in a repository: no git process is started for them.
        guard holdsGitEntry(folder) else { return nil }
        let location = try GitProcess.run(["rev-parse", "--show-prefix"], in: folder)
        if location.status == 128, location.errors.contains("not a git repository") { return nil }
        var prefix = try location.checkedOutput(folder: folder)
        while prefix.last == UInt8(ascii: "\n") { prefix.removeLast() }
        let status = try GitProcess.run(
            [
                "status", "--porcelain=v1", "-z", "--untracked-files=normal", "--ignored=matching", "--no-renames",
                "--", ".",
            ], in: folder
        ).checkedOutput(folder: folder)
        let (changed, ignored) = parseStatus(status, prefix: prefix)
        // `git log` fails on a branch with no commit yet: then nothing has a commit time.
        let headRun = try GitProcess.run(["rev-parse", "--verify", "--quiet", "HEAD"], in: folder)
        let head =
            headRun.status != 0
            ? nil : String(decoding: headRun.output.filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        let commits = head == nil ? [:] : try commits(of: paths, in: folder)
        return GitFolderHistory(head: head, commits: commits, changed: changed, ignored: ignored)
    }

    /// The commit times of the files of `paths` (inside `folder`; nil: every file), from
    /// `git log`. The branch must have a commit.
    ///
    /// - Throws: ``MarkdownFolderError`` when git cannot read the repository.
    static func commits(of paths: [String]?, in folder: String) throws(MarkdownFolderError) -> [[UInt8]: Commits] {
        let pathspecs = paths.map { $0.map { ":(literal)" + $0 } } ?? ["."]
        guard !pathspecs.isEmpty else { return [:] }
        let log = try GitProcess.run(
            ["log", "--format=/%ct", "--name-only", "-z", "--relative", "--no-renames", "--no-show-signature", "--"]
                + pathspecs, in: folder
        ).checkedOutput(folder: folder)
        return parseLog(log)
    }

    /// Whether `folder` or a folder above it holds a `.git` (a folder, or a file in a linked work
    /// tree or a submodule): whether git may find a repository there.
    private static func holdsGitEntry(_ folder: String) -> Bool {
        guard let resolved = realpath(folder, nil) else { return false }
        var path = String(cString: resolved)
        free(resolved)
        while true {
            var status = stat()
            if lstat(path + (path.hasSuffix("/") ? "" : "/") + ".git", &status) == 0 { return true }
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), path != "/" else { return false }
            path = slash == path.utf8.startIndex ? "/" : String(path[..<slash])
        }
    }

    /// Reads `git status --porcelain=v1 -z`: entries `XY path`, paths from the top of the
    /// repository; `??` untracked, `!!` ignored (a folder ends with `/`), anything else a tracked
    /// file with changes.
    static func parseStatus(_ output: [UInt8], prefix: [UInt8]) -> (changed: Set<[UInt8]>, ignored: Set<[UInt8]>) {
        var changed: Set<[UInt8]> = []
        var ignored: Set<[UInt8]> = []
        for entry in output.split(separator: 0, omittingEmptySubsequences: true) where entry.count > 3 {
            let code = entry.prefix(2)
            var path = entry.dropFirst(3)
            guard path.starts(with: prefix) else { continue }
            path = path.dropFirst(prefix.count)
            if path.last == UInt8(ascii: "/") { path = path.dropLast() }
            guard !path.isEmpty else { continue }
            if code.elementsEqual("!!".utf8) {
                ignored.insert(Array(path))
            } else if !code.elementsEqual("??".utf8) {
                changed.insert(Array(path))
            }
        }
        return (changed, ignored)
    }

    /// Reads `git log --format=/%ct --name-only -z`: per commit a field `/<seconds>`, then, after
    /// a newline, the paths it touched, each ended by a NUL. A path never starts with `/`, so a
    /// field that does is a commit; a commit without paths (a merge) is followed by the next one.
    static func parseLog(_ output: [UInt8]) -> [[UInt8]: Commits] {
        var commits: [[UInt8]: Commits] = [:]
        var time: FileTime?
        var firstPathOfCommit = false
        for field in output.split(separator: 0, omittingEmptySubsequences: false) {
            if field.first == UInt8(ascii: "/") {
                time = Int64(String(decoding: field.dropFirst(), as: UTF8.self)).map { FileTime(seconds: $0) }
                firstPathOfCommit = true
                continue
            }
            var path = field[...]
            if firstPathOfCommit, path.first == UInt8(ascii: "\n") { path = path.dropFirst() }
            firstPathOfCommit = false
            guard let time, !path.isEmpty else { continue }
            let key = Array(path)
            if var known = commits[key] {
                known.first = min(known.first, time)
                known.last = max(known.last, time)
                commits[key] = known
            } else {
                commits[key] = Commits(first: time, last: time)
            }
        }
        return commits
    }
}
