import Foundation
import Glibc
import Synchronization
import TemporaryFolders
import Testing
import WikiSources

@testable import WikiServe

/// The file notifications, through a debouncer whose bursts the tests collect.
@Suite("Following files with inotify", .timeLimit(.minutes(5)))
final class SourceWatcherTests {
    let folder: TemporaryFolder
    let debouncer = ChangeDebouncer(quiet: .milliseconds(5))
    let watcher: SourceWatcher
    let ignoringWatcher: SourceWatcher
    let noted = NotedPaths()
    var consumer: Task<Void, Never>?

    init() throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("notes/guide"), withIntermediateDirectories: true)
        watcher = try SourceWatcher(debouncer: debouncer)
        ignoringWatcher = try SourceWatcher(debouncer: debouncer, ignoring: [folder.path("notes/preview")])
        consumer = Task { [debouncer, noted] in
            await debouncer.forEachBurst { changes in noted.add(changes) }
        }
    }

    deinit {
        watcher.stop()
        ignoringWatcher.stop()
        debouncer.finish()
    }

    /// Waits until a change of `path` (relative to the folder) was noted; false if a generous
    /// limit passes first. It yields while it waits: the debouncer's task needs a thread.
    func waitForChange(of path: String) async -> Bool {
        await waitForNote { $0 == folder.path(path) }
    }

    /// Waits until a change that `matches` was noted; false if a generous limit passes first.
    func waitForNote(matching matches: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if noted.paths.contains(where: matches) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    @Test func aFileWrittenInASubfolderIsNoted() async throws {
        try watcher.watchTree(folder.path("notes"))
        watcher.start()
        try folder.write("# A", to: "notes/guide/A.md")
        #expect(await waitForChange(of: "notes/guide/A.md"))
    }

    @Test func aFolderCreatedAfterTheStartIsWatchedToo() async throws {
        try watcher.watchTree(folder.path("notes"))
        watcher.start()
        try FileManager.default.createDirectory(atPath: folder.path("notes/new"), withIntermediateDirectories: true)
        #expect(await waitForChange(of: "notes/new"))
        try folder.write("# B", to: "notes/new/B.md")
        #expect(await waitForChange(of: "notes/new/B.md"))
    }

    @Test func editorsTemporaryAndHiddenFilesAreNotNoted() async throws {
        try watcher.watchTree(folder.path("notes"))
        watcher.start()
        for name in ["A.md.swp", "A.md~", ".#A.md", "4913", "A.md.tmp", ".hidden.md"] {
            _ = FileManager.default.createFile(atPath: folder.path("notes/" + name), contents: Data("x".utf8))
        }
        _ = FileManager.default.createFile(atPath: folder.path("notes/A.md"), contents: Data("# A".utf8))
        #expect(await waitForChange(of: "notes/A.md"))
        #expect(Set(noted.paths) == [folder.path("notes/A.md")])
    }

    @Test func aFileFollowedByNameIsNotedWhenReplacedByARename() async throws {
        try folder.write("{}", to: "dump.json")
        try watcher.watchNames(["dump.json"], in: folder.path(""))
        watcher.start()
        try folder.write("{}", to: "other.json")
        try folder.write("[]", to: "dump.json")
        #expect(await waitForChange(of: "dump.json"))
        #expect(!noted.paths.contains(folder.path("other.json")))
    }

    @Test func aChangeTheConfirmationDeniesIsNotNoted() async throws {
        try watcher.watchNames(["store.sqlite"], in: folder.path(""), confirm: { false })
        try watcher.watchNames(["wikisite.toml"], in: folder.path(""))
        watcher.start()
        try folder.write("x", to: "store.sqlite")
        try folder.write("x", to: "wikisite.toml")
        #expect(await waitForChange(of: "wikisite.toml"))
        #expect(!noted.paths.contains(folder.path("store.sqlite")))
    }

    @Test func aTreeAndANameInTheSameFolderAreBothFollowed() async throws {
        try watcher.watchTree(folder.path("notes"))
        try watcher.watchNames(["wikisite.toml"], in: folder.path("notes"))
        watcher.start()
        try folder.write("x", to: "notes/wikisite.toml")
        try folder.write("# C", to: "notes/C.md")
        #expect(await waitForChange(of: "notes/wikisite.toml"))
        #expect(await waitForChange(of: "notes/C.md"))
    }

    @Test func theIgnoredOutputFolderInsideATreeIsNotNoted() async throws {
        try FileManager.default.createDirectory(atPath: folder.path("notes/preview"), withIntermediateDirectories: true)
        try ignoringWatcher.watchTree(folder.path("notes"))
        ignoringWatcher.start()
        try folder.write("<p>", to: "notes/preview/index.html")
        try folder.write("# D", to: "notes/D.md")
        #expect(await waitForChange(of: "notes/D.md"))
        #expect(!noted.paths.contains { $0.hasPrefix(folder.path("notes/preview")) })
    }

    @Test func theWatcherNamesFilesAndDoubtsFoldersInTheLog() async throws {
        let log = try watcher.watchFolder(folder.path("notes"), source: "notes")
        _ = log.beginBuild()
        log.committed()
        watcher.start()
        try folder.write("# A", to: "notes/guide/A.md")
        try folder.write("backup", to: "notes/A.md~")
        #expect(await waitForChange(of: "notes/guide/A.md"))
        let events = try #require(log.beginBuild())
        #expect(events.paths.isSuperset(of: ["guide/A.md", "A.md~"]), "an editor's file may be a file of the folder")
        #expect(!noted.paths.contains(folder.path("notes/A.md~")), "but does not start a build")
        log.committed()
        try FileManager.default.createDirectory(atPath: folder.path("notes/new"), withIntermediateDirectories: true)
        #expect(await waitForChange(of: "notes/new"))
        #expect(log.beginBuild() == nil, "a folder created is walked")
    }

    @Test func eventsTheKernelDroppedMakeTheNextBuildWalk() async throws {
        let log = try watcher.watchFolder(folder.path("notes"), source: "notes")
        _ = log.beginBuild()
        log.committed()
        // Unread, the kernel's queue (16,384 events by default) overflows.
        let limit =
            (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 16_384
        for _ in 0...(limit / 2 + 1) {
            for name in ["notes/A.md", "notes/B.md"] {
                let descriptor = open(folder.path(name), O_WRONLY | O_CREAT, 0o644)
                try #require(descriptor >= 0)
                close(descriptor)
            }
        }
        watcher.start()
        #expect(await waitForNote { $0 == "events the system dropped" })
        #expect(log.beginBuild() == nil)
    }

    @Test func anIgnoredFolderInsideTheTreeMakesEveryBuildWalk() throws {
        try FileManager.default.createDirectory(atPath: folder.path("notes/preview"), withIntermediateDirectories: true)
        let log = try ignoringWatcher.watchFolder(folder.path("notes"), source: "notes")
        _ = log.beginBuild()
        log.committed()
        #expect(log.beginBuild() == nil)
    }
}

/// The paths a debouncer's bursts held, gathered from its task.
final class NotedPaths: Sendable {
    private let noted = Mutex<[String]>([])

    /// Adds the paths of a burst.
    func add(_ paths: [String]) { noted.withLock { $0 += paths } }

    /// Every path noted so far.
    var paths: [String] { noted.withLock { $0 } }
}
