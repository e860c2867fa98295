import Synchronization
import WikiSources

/// The paths inotify named in one folder of Markdown, kept for the builds: a build of the folder
/// is given them (`FolderEvents`) and examines those paths alone instead of walking the folder.
///
/// The paths given must be every change since the last build that recorded its reading of the
/// folder. So paths stay until a build that was given them commits (`committed()`); a build
/// that fails or finds nothing changed leaves them for the next. Anything the paths may not tell
/// (the first build, which ran before the watch began; the kernel's queue overflowing; a watch
/// lost; a folder created, deleted or moved; a folder the watch leaves out inside the tree)
/// makes the next builds walk, until one that walked commits.
public final class FolderEventLog: Sendable {
    /// The folder, as the build's sources name it.
    public let source: String
    /// The folder's absolute, standardized path, the one the watcher reports paths under.
    let root: String
    private let state = Mutex(State())

    private struct State {
        /// Nothing named yet.
        init() {}

        /// Paths named since the last build began, inside the folder.
        var named: Set<String> = []
        /// Paths given to builds since the last commit.
        var given: Set<String> = []
        /// Whether something since the last build began may be missing from `named`.
        var isDoubtful = false
        /// Whether something given since the last commit may be missing from `given`.
        var givenIsDoubtful = false
        /// Whether the folder holds a folder the watch leaves out: its changes are never named.
        var isNeverComplete = false
        /// Since when `given` and `named` hold every change; nil before the first commit after the
        /// watch began.
        var since: FolderEvents.Instant?
        /// When the build under way began.
        var buildStarted: FolderEvents.Instant?
    }

    /// A log of the folder `source` (as the build names it), whose absolute path is `root`.
    init(source: String, root: String) {
        self.source = source
        self.root = root
    }

    /// Notes that the file at `path` (absolute, under `root`) may have changed.
    func name(_ path: String) {
        guard path.hasPrefix(root + "/") else { return }
        let relative = String(path.dropFirst(root.count + 1))
        state.withLock { _ = $0.named.insert(relative) }
    }

    /// Notes that a change may have gone unnamed: the next builds walk the folder.
    func doubt() {
        state.withLock { $0.isDoubtful = true }
    }

    /// Notes that the folder holds a folder the watch leaves out: every build walks.
    func neverComplete() {
        state.withLock { $0.isNeverComplete = true }
    }

    /// What a build beginning now is given: every path named since the last commit; nil when the
    /// folder is to be walked.
    func beginBuild() -> FolderEvents? {
        state.withLock { state in
            state.given.formUnion(state.named)
            state.named.removeAll()
            state.givenIsDoubtful = state.givenIsDoubtful || state.isDoubtful
            state.isDoubtful = false
            state.buildStarted = .now()
            guard let since = state.since, !state.givenIsDoubtful, !state.isNeverComplete else { return nil }
            return FolderEvents(paths: state.given, since: since)
        }
    }

    /// Notes that the build begun last recorded its reading of the folder: what it was given is
    /// done with, and the changes named since it began are every change since its reading.
    func committed() {
        state.withLock { state in
            state.given.removeAll()
            state.givenIsDoubtful = false
            state.since = state.buildStarted
        }
    }
}
