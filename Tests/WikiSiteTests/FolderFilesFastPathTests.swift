import Foundation
import TemporaryFolders
import Testing

@testable import WikiSite

/// The fast path's plan for the files of a folder wiki's folder (`FastPath.folderFileChanges`):
/// a file is published when its first note names it and removed when its last note stops; a file
/// replaced is written again and removed when it goes, with the notes naming it rendered again.
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
        /// what the build did with the files of `_files/`, and the causes of the other files.
        mutating func build() throws -> (files: [String: ExplainedOutput], causes: [String]) {
            step += 1
            let summary = try SiteBuilder(options: options).build()
            #expect(
                summary.readChangesOnly && summary.fastPathDeclined == nil,
                "declined: \(summary.fastPathDeclined ?? "")")
            #expect(try RandomizedProof.differencesFromACleanBuild(of: options, in: folder, step: step).isEmpty)
            let files = summary.outputs.filter { $0.path.hasPrefix("vault/_files/") }
            return (
                Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0) }),
                summary.outputs.filter { !$0.path.hasPrefix("vault/_files/") }.map(\.cause)
            )
        }
    }

    @Test func aFileIsPublishedWhenItsFirstNoteNamesIt() throws {
        var vault = try Vault()
        _ = try vault.vault.write("# B\n\n[the spec](doc.pdf)\n", to: "B.md")
        let built = try vault.build()
        #expect(built.files.keys.sorted() == ["vault/_files/doc.pdf"])
        #expect(built.files["vault/_files/doc.pdf"]?.action == .written)
        #expect(built.files["vault/_files/doc.pdf"]?.cause == Self.named)
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

    @Test func aChangeOfTheFilesTheHomeShowsIsTheWikiWidePaths() throws {
        var vault = try Vault()
        _ = try vault.vault.write("Welcome. ![[doc.pdf]]\n", to: "index.md")
        let summary = try SiteBuilder(options: vault.options).build()
        #expect(summary.fastPathDeclined?.contains("home note") == true)
        vault.step += 1
        #expect(
            try RandomizedProof.differencesFromACleanBuild(of: vault.options, in: vault.folder, step: vault.step)
                .isEmpty)
        // A note dropping a file the home shows leaves it published.
        _ = try vault.vault.write("# B\n\n![[doc.pdf]]\n", to: "B.md")
        _ = try vault.build()
        _ = try vault.vault.write("# B\n\nNo file.\n", to: "B.md")
        #expect(try vault.build().files.isEmpty)
    }
}
