import Foundation
import GRDB
import TemporaryFolders
import Testing

@testable import WikiBuildEngine
@testable import WikiConfiguration
@testable import WikiSite

/// The fast path's plan for the files of a folder wiki's folder (`FastPath.folderFileChanges`):
/// a file is published when its first namer (a note, or the home note) names it and removed when
/// its last namer stops; a file replaced is written again and removed when it goes, with the
/// notes naming it, and the home, rendered again.
/// Each build is the fast path's, its files and causes are those `--explain` lists, and its site
/// is a clean build's.
@Suite("the fast path publishes the files notes name")
struct FolderFilesFastPathTests {
    static let named = ChangeCause.folderFile(named: true).description
    static let unnamed = ChangeCause.folderFile(named: false).description

    /// A vault where `A` embeds `pic.png` and `B` names no file, and `doc.pdf` lies unnamed,
    /// built once; and the options that build it, listing their files.
    struct Vault {
        let folder: TemporaryFolder
        let vault: TemporaryFolder
        var options: BuildOptions
        var step = 0

        init() throws {
            folder = try TemporaryFolder()
            vault = try TemporaryFolder()
            _ = try vault.write("# A\n\n![[pic.png]]\n", to: "A.md")
            _ = try vault.write("# B\n\nNo file.\n", to: "B.md")
            try Data([1, 2, 3]).write(to: vault.url.appendingPathComponent("pic.png"))
            try Data([4, 5, 6]).write(to: vault.url.appendingPathComponent("doc.pdf"))
            options = BuildOptions(sources: [vault.url.path], outputFolder: folder.path("site"))
            options.stateFolder = folder.path("state")
            options.markdownFolder = MarkdownFolderSettings(wikiID: "vault", wikiTitle: nil)
            options.listsOutputs = true
            _ = try SiteBuilder(options: options).build()
        }

        /// Builds the vault again, expecting the fast path and a clean build's site; returns
        /// what the build did with the files of `_files/`, the causes of the other files, and
        /// the home's cause when it was rendered again (written, or found unchanged).
        mutating func build() throws -> (files: [String: ExplainedOutput], causes: [String], home: String?) {
            step += 1
            let summary = try SiteBuilder(options: options).build()
            #expect(
                summary.readChangesOnly && summary.fastPathDeclined == nil,
                "declined: \(summary.fastPathDeclined ?? "")")
            #expect(try RandomizedProof.differencesFromACleanBuild(of: options, in: folder, step: step).isEmpty)
            let files = summary.outputs.filter { $0.path.hasPrefix("vault/_files/") }
            return (
                Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0) }),
                summary.outputs.filter { !$0.path.hasPrefix("vault/_files/") }.map(\.cause),
                summary.outputs.first { $0.path == "vault/index.html" }?.cause
            )
        }

        /// The files the state records the home as showing: the `folderFile` rows of the home's
        /// key, in byte order.
        func homeFileRows() throws -> [String] {
            try BuildState(stateFolder: options.resolvedStateFolder).database.read { db in
                try String.fetchAll(
                    db, sql: "SELECT path FROM folderFile WHERE page = ? ORDER BY path",
                    arguments: [BuildState.FolderFileNamer.home.key])
            }
        }
    }

    /// Whether `files`, what a build did with the files of `_files/`, is the file at `path`
    /// alone, with `action` done to it because of `cause`.
    static func only(
        _ path: String, _ action: ExplainedOutput.Action, because cause: String, in files: [String: ExplainedOutput]
    ) -> Bool {
        files.count == 1 && files[path]?.action == action && files[path]?.cause == cause
    }

    @Test func aFileIsPublishedWhenItsFirstNoteNamesIt() throws {
        var vault = try Vault()
        _ = try vault.vault.write("# B\n\n[the spec](doc.pdf)\n", to: "B.md")
        let built = try vault.build()
        #expect(Self.only("vault/_files/doc.pdf", .written, because: Self.named, in: built.files), "\(built.files)")
    }

    @Test func aFileStaysWhileANoteNamesItAndGoesWithItsLastNote() throws {
        var vault = try Vault()
        _ = try vault.vault.write("# B\n\n![pic](pic.png)\n", to: "B.md")
        // Already published: B naming it too writes nothing of it.
        #expect(try vault.build().files.isEmpty)
        _ = try vault.vault.write("# A\n\nNo file now.\n", to: "A.md")
        #expect(try vault.build().files.isEmpty)
        try FileManager.default.removeItem(atPath: vault.vault.path("B.md"))
        let built = try vault.build()
        #expect(built.files["vault/_files/pic.png"]?.action == .removed)
        #expect(built.files["vault/_files/pic.png"]?.cause == Self.unnamed)
    }

    @Test func aFileReplacedIsWrittenAgainWithTheNotesNamingIt() throws {
        var vault = try Vault()
        try Data([9, 9, 9, 9]).write(to: vault.vault.url.appendingPathComponent("pic.png"))
        let built = try vault.build()
        #expect(built.files["vault/_files/pic.png"]?.action == .written)
        #expect(built.files["vault/_files/pic.png"]?.cause == Self.named)
        #expect(built.causes.contains(ChangeCause.edited.description))
    }

    @Test func aFileRemovedOrRenamedGoesAndItsNotesShowItMissing() throws {
        var vault = try Vault()
        try FileManager.default.moveItem(atPath: vault.vault.path("pic.png"), toPath: vault.vault.path("old.png"))
        let built = try vault.build()
        #expect(built.files.keys.sorted() == ["vault/_files/pic.png"])
        #expect(built.files["vault/_files/pic.png"]?.action == .removed)
        #expect(built.causes.contains(ChangeCause.edited.description))
        // Named again under its new name, it comes back at that path.
        _ = try vault.vault.write("# A\n\n![[old.png]]\n", to: "A.md")
        #expect(try vault.build().files["vault/_files/old.png"]?.action == .written)
    }

    @Test func theHomeNamingAFilePublishesItAndItGoesWithItsLastNamer() throws {
        var vault = try Vault()
        _ = try vault.vault.write("Welcome. ![[doc.pdf]]\n", to: "index.md")
        var built = try vault.build()
        #expect(Self.only("vault/_files/doc.pdf", .written, because: Self.named, in: built.files), "\(built.files)")
        #expect(built.home == ChangeCause.wikiDocumentChanged.description)
        #expect(try vault.homeFileRows() == ["vault/_files/doc.pdf"])
        // A note naming it too keeps it while the home stops naming it, and the other way round.
        _ = try vault.vault.write("# B\n\n![[doc.pdf]]\n", to: "B.md")
        #expect(try vault.build().files.isEmpty)
        _ = try vault.vault.write("Welcome.\n", to: "index.md")
        #expect(try vault.build().files.isEmpty)
        #expect(try vault.homeFileRows().isEmpty)
        _ = try vault.vault.write("Welcome. [the spec](doc.pdf)\n", to: "index.md")
        #expect(try vault.build().files.isEmpty)
        _ = try vault.vault.write("# B\n\nNo file.\n", to: "B.md")
        #expect(try vault.build().files.isEmpty)
        // The home note gone, its last namer, the file goes.
        try FileManager.default.removeItem(atPath: vault.vault.path("index.md"))
        built = try vault.build()
        #expect(Self.only("vault/_files/doc.pdf", .removed, because: Self.unnamed, in: built.files), "\(built.files)")
    }

    @Test func aFileTheHomeShowsReplacedRenamedOrDeletedRendersTheHomeAgain() throws {
        var vault = try Vault()
        _ = try vault.vault.write("Welcome. ![[doc.pdf]] ![[pic.png]]\n", to: "index.md")
        _ = try vault.build()
        try Data([7, 7]).write(to: vault.vault.url.appendingPathComponent("doc.pdf"))
        var built = try vault.build()
        #expect(Self.only("vault/_files/doc.pdf", .written, because: Self.named, in: built.files), "\(built.files)")
        #expect(built.home == ChangeCause.wikiDocumentChanged.description)
        try FileManager.default.moveItem(atPath: vault.vault.path("doc.pdf"), toPath: vault.vault.path("spec.pdf"))
        built = try vault.build()
        #expect(built.files.keys.sorted() == ["vault/_files/doc.pdf"])
        #expect(built.files["vault/_files/doc.pdf"]?.action == .removed)
        #expect(built.home == ChangeCause.wikiDocumentChanged.description)
        // A file the home and a note show, deleted: it goes, and both show it missing.
        try FileManager.default.removeItem(atPath: vault.vault.path("pic.png"))
        built = try vault.build()
        #expect(built.files.keys.sorted() == ["vault/_files/pic.png"])
        #expect(built.files["vault/_files/pic.png"]?.action == .removed)
        #expect(built.causes.contains(ChangeCause.edited.description))
        #expect(built.home != nil)
        #expect(try vault.homeFileRows().isEmpty)
    }

    /// The real CLI, run with `--explain --verify`: the file the home note names now is written
    /// for the reason `--explain` gives, with the home, on the fast path, and the site is a clean
    /// build's.
    @Test func explainListsTheFileTheHomeNamesOnTheFastPath() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("# A\n\nText.\n", to: "vault/A.md")
        try Data([4, 5, 6]).write(to: folder.url.appendingPathComponent("vault/doc.pdf"))
        let build = ["build", "--source", folder.path("vault"), "--out", folder.path("site"), "--wiki-id", "vault"]
        #expect(try WikisiteCLI.run(build).status == 0)
        _ = try folder.write("Welcome. ![[doc.pdf]]\n", to: "vault/index.md")
        let run = try WikisiteCLI.run(build + ["--explain", "--verify"])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.contains("written   vault/_files/doc.pdf: \(Self.named)"))
        #expect(lines.contains("written   vault/index.html: \(ChangeCause.wikiDocumentChanged.description)"))
        #expect(run.standardOutput.contains("edits of pages read alone with the build state"))
        #expect(run.standardOutput.contains("Verified: the site is byte for byte the same as a clean build."))
    }
}
