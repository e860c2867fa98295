import Foundation
import GRDB
import SplitMix64
import TemporaryFolders
import Testing
import WikiModel
import WikiSources

@testable import WikiBuildEngine
@testable import WikiConfiguration
@testable import WikiSite

/// The proof of incremental builds of a vault matched as Obsidian does: random notes, linked by
/// wikilinks and Markdown links of every form, created, edited, deleted, renamed and moved
/// between folders, with few names so that notes of the same name come and go and short links
/// change the note they lead to, and the files they embed added, replaced, renamed and removed:
/// several notes and the home name one file, by wikilink or relative path, and stop naming it;
/// the home note is written and deleted too, so that the files it shows come and go and are
/// replaced, renamed and removed under it. Folders come and go with their notes, and folder
/// notes with them, so folder pages and the home's folders change. After each step, the
/// incremental build's site is a clean build's, and the fast path built every change.
@Suite("vault builds equal clean builds")
struct VaultIncrementalRandomTests {
    static let folders = ["", "a", "b", "a/c"]
    static let names = ["Note", "Plan", "Idea"]
    /// Where the vault's images may be.
    static let images = ["pic.png", "a/pic.png", "b/spec.pdf"]

    /// A random wikilink, written in one of the forms Obsidian reads.
    static func link(using random: inout SplitMix64) -> String {
        let name = names.randomElement(using: &random)!
        switch Int.random(in: 0..<15, using: &random) {
        case 0: return "[[\(folders.randomElement(using: &random)!)/\(name)]]"
        case 1: return "[[\(name.lowercased())#Part]]"
        case 2: return "[[../\(name)|up]]"
        case 3: return "[[Ghost]]"
        case 4: return "![[\(name)]]"
        case 5: return "[up](../\(name).md)"
        case 6: return "[here](./\(name.lowercased()).md#part)"
        case 7: return "![[pic.png|30]]"
        case 8: return "![pic](pic.png)"
        case 9: return "![[a/pic.png]]"
        case 10: return "![pic](../a/pic.png)"
        case 11: return "![[spec.pdf]]"
        case 12: return "[spec](b/spec.pdf)"
        default: return "[[\(name)]]"
        }
    }

    /// The text of a note with random links.
    static func note(using random: inout SplitMix64) -> String {
        let links = (0..<Int.random(in: 1...3, using: &random)).map { _ in link(using: &random) }
        return "# Part\n\n" + links.map { "See \($0)." }.joined(separator: "\n") + "\n"
    }

    /// A random path of a note: now and then `Ghost`, which links name before any note has it,
    /// or in a folder, its folder note (`a/a.md`, `a/index.md`), its folder page's text; at the
    /// top, the home note (`index.md`), whose files are published too.
    static func path(using random: inout SplitMix64) -> String {
        let folder = folders.randomElement(using: &random)!
        guard !folder.isEmpty else { return (names + ["Ghost", "index"]).randomElement(using: &random)! + ".md" }
        let folderNotes = [String(folder.split(separator: "/").last!), "index"]
        return folder + "/" + (names + ["Ghost"] + folderNotes).randomElement(using: &random)! + ".md"
    }

    /// What a change did, as the preview server's file notifications would say it: the paths of
    /// the files it wrote, deleted or renamed, and whether it created a folder (which the server
    /// cannot vouch for: the folder is then walked).
    struct Touched {
        var paths: Set<String> = []
        var createdFolder = false
    }

    /// One random change of the vault: a note created, edited, deleted, or renamed or moved; a
    /// file added, replaced, renamed or removed; the home note written or deleted.
    @discardableResult
    static func change(
        _ vault: TemporaryFolder, notes: inout Set<String>, using random: inout SplitMix64
    ) throws -> Touched {
        var touched = Touched()
        let existing = notes.sorted()
        let action = existing.isEmpty ? 0 : Int.random(in: 0..<6, using: &random)
        switch action {
        case 5:
            let home = "index.md"
            if notes.contains(home), Bool.random(using: &random) {
                try FileManager.default.removeItem(atPath: vault.path(home))
                notes.remove(home)
            } else {
                _ = try vault.write(note(using: &random), to: home)
                notes.insert(home)
            }
            touched.paths.insert(home)
        case 4:
            let name = images.randomElement(using: &random)!
            let image = vault.path(name)
            touched.paths.insert(name)
            let other = images.randomElement(using: &random)!
            let exists = FileManager.default.fileExists(atPath: image)
            if exists, other != name, !FileManager.default.fileExists(atPath: vault.path(other)),
                Bool.random(using: &random)
            {
                touched.paths.insert(other)
                touched.createdFolder = try makeFolder(of: vault.path(other))
                try FileManager.default.moveItem(atPath: image, toPath: vault.path(other))
            } else if exists, Bool.random(using: &random) {
                try FileManager.default.removeItem(atPath: image)
            } else {
                touched.createdFolder = try makeFolder(of: image)
                let bytes = (0..<Int.random(in: 1...16, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
                try Data(bytes).write(to: URL(fileURLWithPath: image))
            }
        case 0, 1:
            let path = action == 0 ? Self.path(using: &random) : existing.randomElement(using: &random)!
            touched.createdFolder = try makeFolder(of: vault.path(path))
            _ = try vault.write(note(using: &random), to: path)
            notes.insert(path)
            touched.paths.insert(path)
        case 2:
            let path = existing.randomElement(using: &random)!
            try FileManager.default.removeItem(atPath: vault.path(path))
            notes.remove(path)
            touched.paths.insert(path)
        default:
            let from = existing.randomElement(using: &random)!
            let to = Self.path(using: &random)
            guard !notes.contains(to) else { return touched }
            touched.createdFolder = try makeFolder(of: vault.path(to))
            try FileManager.default.moveItem(atPath: vault.path(from), toPath: vault.path(to))
            notes.remove(from)
            notes.insert(to)
            touched.paths.formUnion([from, to])
        }
        return touched
    }

    /// Makes the folder of the file at `path`; whether it was not there.
    private static func makeFolder(of path: String) throws -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        guard !FileManager.default.fileExists(atPath: folder) else { return false }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return true
    }

    /// The events the preview server would give the next build: the paths touched since the last
    /// build that recorded its reading, from when that build began; none (a walk) before the first
    /// such build, or when a folder was created since.
    struct ServerEvents {
        var touched = Touched()
        var since: FolderEvents.Instant?

        var events: FolderEvents? {
            guard let since, !touched.createdFolder else { return nil }
            return FolderEvents(paths: touched.paths, since: since)
        }

        mutating func add(_ change: Touched) {
            touched.paths.formUnion(change.paths)
            touched.createdFolder = touched.createdFolder || change.createdFolder
        }

        /// After a build that began at `started` and gave `summary`.
        mutating func built(_ summary: BuildSummary, startedAt started: FolderEvents.Instant) {
            guard !summary.unchangedSinceLastBuild else { return }
            touched = Touched()
            since = started
        }
    }

    /// The files each page shows as the state in `stateFolder` records them, one line a row.
    static func folderFileRows(inStateAt stateFolder: String) throws -> [String] {
        try BuildState(stateFolder: stateFolder).database.read { db in
            try String.fetchAll(db, sql: "SELECT wiki || ' ' || path || ' ' || page FROM folderFile ORDER BY 1")
        }
    }

    /// With `events`, each build is given the paths each change touched, as the preview server
    /// gives them, and examines those alone instead of walking the vault.
    @Test(arguments: RandomizedProof.seeds(4), [false, true])
    func randomNoteMovesBuildWhatACleanBuildBuilds(seed: UInt64, events: Bool) throws {
        var random = SplitMix64(seed: seed)
        let folder = try TemporaryFolder()
        let vault = try TemporaryFolder()
        var notes: Set<String> = []
        for _ in 0..<4 { try Self.change(vault, notes: &notes, using: &random) }
        var options = BuildOptions(sources: [vault.url.path], outputFolder: folder.path("site"))
        options.stateFolder = folder.path("state")
        options.markdownFolder = MarkdownFolderSettings(wikiID: "vault", wikiTitle: nil)
        var server = ServerEvents()
        var started = FolderEvents.Instant.now()
        server.built(try SiteBuilder(options: options).build(), startedAt: started)
        for step in 1...10 {
            server.add(try Self.change(vault, notes: &notes, using: &random))
            started = .now()
            options.folderEvents = events ? [vault.url.path: server.events].compactMapValues { $0 } : [:]
            let summary = try SiteBuilder(options: options).build()
            server.built(summary, startedAt: started)
            #expect(summary.fullBuildReason == nil, "seed \(seed), step \(step): a full build")
            // Every change of notes, their names and the files they and the home name is the fast
            // path's, which reads only the notes that changed (the folder's ledger), and the notes
            // their files show: folder notes and the pages they embed among them.
            #expect(
                summary.readChangesOnly || summary.unchangedSinceLastBuild,
                "seed \(seed), step \(step): the fast path declined: \(summary.fastPathDeclined ?? "")")
            let differences = try RandomizedProof.differencesFromACleanBuild(of: options, in: folder, step: step)
            guard differences.isEmpty else {
                Issue.record(
                    """
                    seed \(seed), step \(step), notes \(notes.sorted()): the incremental build differs from a \
                    clean one in \(differences.map(\.description).joined(separator: "; "))
                    """)
                return
            }
            // What the fast path records of the files, on which the next step relies, is a clean build's.
            #expect(
                try Self.folderFileRows(inStateAt: options.resolvedStateFolder)
                    == Self.folderFileRows(inStateAt: folder.path("clean-state-\(step)")),
                "seed \(seed), step \(step): the state's files differ from a clean build's")
        }
    }
}
