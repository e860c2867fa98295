import Foundation
import Glibc
import Synchronization

/// Watches folders and files through inotify and tells a `ChangeDebouncer` what changed.
///
/// | Watch | Events that count |
/// |---|---|
/// | `watchTree` (a folder of Markdown, templates) | any file or folder below, except editors' temporary files and names starting with `.` |
/// | `watchNames` (a dump, a store, `wikisite.toml`) | the given names in one folder: a file replaced by a rename is still followed |
///
/// Folders created or moved into a tree are watched as they appear; nothing is walked again. A
/// folder of Markdown watched with `watchFolder` also has its changes kept in a `FolderEventLog`,
/// so that its builds examine the paths named instead of walking it.
public final class SourceWatcher: Sendable {
    private let inotify: Inotify
    private let debouncer: ChangeDebouncer
    private let watches = Mutex<[Int32: Watch]>([:])
    private let ignored: [String]

    private struct Watch {
        let folder: String
        /// Whether the folder is part of a tree, where every name counts.
        var isTree = false
        /// Where the tree's changes are kept for its builds, when it is a folder of Markdown.
        var log: FolderEventLog?
        /// The names followed in the folder, each with its rule.
        var names: [String: NameRule] = [:]
    }

    /// Which events of a file followed by name count, and what is asked before one is noted.
    private struct NameRule {
        let events: UInt32
        let confirm: @Sendable () -> Bool
    }

    /// Which changes of a file followed by name count.
    public enum Changes: Sendable {
        /// Created, written, deleted, renamed.
        case any
        /// Written only: what a database's files go through on every change, while opening and
        /// closing them (as every reader does) creates, closes and deletes them.
        case writes
    }

    private static let treeMask = UInt32(IN_CREATE | IN_DELETE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO)
    private static let namesMask = treeMask | UInt32(IN_MODIFY)

    /// A watcher that notes every change in `debouncer`, except those inside the folders
    /// `ignoring` (the preview's own output, which may lie inside a watched tree).
    public init(debouncer: ChangeDebouncer, ignoring: [String] = []) throws(WatchError) {
        inotify = try Inotify()
        self.debouncer = debouncer
        ignored = ignoring.map(Self.absolute)
    }

    /// Watches the folder of Markdown at `root` (named `source` by the build) as a tree, and keeps
    /// the paths its changes name for its builds in the log returned.
    public func watchFolder(_ root: String, source: String) throws(WatchError) -> FolderEventLog {
        let log = FolderEventLog(source: source, root: Self.absolute(root))
        try watchTree(root, log: log)
        return log
    }

    /// Watches the folder at `root` and every folder below it, except those whose name starts with
    /// `.`; their changes are kept in `log` too.
    public func watchTree(_ root: String, log: FolderEventLog? = nil) throws(WatchError) {
        let root = Self.absolute(root)
        guard !isIgnored(root) else {
            log?.neverComplete()
            return
        }
        let watch = try inotify.addWatch(root, mask: Self.namesMask | UInt32(IN_ONLYDIR))
        watches.withLock { watches in
            var entry = watches[watch] ?? Watch(folder: root)
            entry.isTree = true
            entry.log = entry.log ?? log
            watches[watch] = entry
        }
        let children = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        for child in children where !child.hasPrefix(".") {
            let path = root + "/" + child
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                try? watchTree(path, log: log)
            }
        }
    }

    /// Watches the files called `names` in `folder`, by name: a file replaced by a rename is
    /// followed. A change of the kind `changes` counts, and is noted when `confirm` says it is one.
    public func watchNames(
        _ names: Set<String>, in folder: String, counting changes: Changes = .any,
        confirm: @escaping @Sendable () -> Bool = { true }
    ) throws(WatchError) {
        let folder = Self.absolute(folder)
        let watch = try inotify.addWatch(folder, mask: Self.namesMask | UInt32(IN_ONLYDIR))
        let rule = NameRule(events: changes == .any ? Self.namesMask : UInt32(IN_MODIFY), confirm: confirm)
        watches.withLock { watches in
            var entry = watches[watch] ?? Watch(folder: folder)
            for name in names { entry.names[name] = rule }
            watches[watch] = entry
        }
    }

    /// Reads events on a thread of its own until `stop()`.
    public func start() {
        let thread = Thread { [self] in
            while let events = inotify.nextEvents() {
                for event in events { handle(event) }
            }
        }
        thread.name = "wikisite serve: file notifications"
        thread.start()
    }

    /// Stops reading events.
    public func stop() { inotify.stop() }

    private func handle(_ event: Inotify.Event) {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { return overflowed() }
        guard let watch = watches.withLock({ $0[event.watch] }) else { return }
        if event.mask & UInt32(IN_IGNORED) != 0 {
            watches.withLock { _ = $0.removeValue(forKey: event.watch) }
            watch.log?.doubt()
            return
        }
        let path = watch.folder + "/" + event.name
        let counts = event.mask & Self.treeMask != 0 && !event.name.hasPrefix(".") && !isIgnored(path)
        if watch.isTree, counts, let log = watch.log {
            if event.isFolder { log.doubt() } else { log.name(path) }
        }
        if let rule = watch.names[event.name] {
            if event.mask & rule.events != 0, rule.confirm() { debouncer.note(path) }
            return
        }
        guard watch.isTree, counts, !EditorTemporaryFiles.contains(event.name) else { return }
        if event.isFolder, event.mask & UInt32(IN_MOVED_FROM | IN_DELETE) != 0 { forgetTree(path) }
        if event.isFolder, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { try? watchTree(path, log: watch.log) }
        debouncer.note(path)
    }

    /// The kernel dropped events: any tree may have changed unseen, so each folder of Markdown is
    /// walked, and everything is built again.
    private func overflowed() {
        for log in watches.withLock({ $0.values.compactMap(\.log) }) { log.doubt() }
        debouncer.note("events the system dropped")
    }

    /// Whether `path` (absolute) is in one of the ignored folders.
    private func isIgnored(_ path: String) -> Bool {
        ignored.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// `path` made absolute and standardized, so that paths given in any form compare.
    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Stops watching the folder at `path` and the folders below it (it moved away or was deleted).
    private func forgetTree(_ path: String) {
        let gone = watches.withLock { watches in
            let gone = watches.filter { $0.value.folder == path || $0.value.folder.hasPrefix(path + "/") }.map(\.key)
            for watch in gone { watches.removeValue(forKey: watch) }
            return gone
        }
        for watch in gone { inotify.removeWatch(watch) }
    }
}
