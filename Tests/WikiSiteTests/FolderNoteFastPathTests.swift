import Foundation
import TemporaryFolders
import Testing

@testable import WikiConfiguration
@testable import WikiSite

/// A folder note's text is its folder's page, embeds included. A change that leaves the folder
/// note alone still renders that page again when a note comes or goes in the folder, so the fast
/// path reads the folder note and the pages it embeds by their documents, and its site is a
/// clean build's.
@Suite("the fast path renders folder notes with the pages they embed")
struct FolderNoteFastPathTests {
    @Test func aNoteCreatedBesideAFolderNoteThatEmbedsAPageTakesTheFastPath() throws {
        let folder = try TemporaryFolder()
        let vault = try TemporaryFolder()
        _ = try vault.write("# Intro\n\nThe introduction's words.\n", to: "Intro.md")
        _ = try vault.write("# Guide\n\n![[Intro]]\n", to: "guide/guide.md")
        _ = try vault.write("# Setup\n\nSteps.\n", to: "guide/Setup.md")
        var options = BuildOptions(sources: [vault.url.path], outputFolder: folder.path("site"))
        options.stateFolder = folder.path("state")
        options.markdownFolder = MarkdownFolderSettings(wikiID: "vault", wikiTitle: nil)
        _ = try SiteBuilder(options: options).build()

        for (step, change) in [("guide/Usage.md", "# Usage\n\nMore.\n"), ("Intro.md", "# Intro\n\nNew words.\n")]
            .enumerated()
        {
            _ = try vault.write(change.1, to: change.0)
            let summary = try SiteBuilder(options: options).build()
            #expect(
                summary.readChangesOnly && summary.fastPathDeclined == nil,
                "\(change.0): declined: \(summary.fastPathDeclined ?? "")")
            #expect(
                try RandomizedProof.differencesFromACleanBuild(of: options, in: folder, step: step + 1).isEmpty,
                "\(change.0)")
        }
        // The folder's page shows the folder note's text with the page it embeds as it is now.
        let guide = try String(
            contentsOfFile: folder.path("site/" + FolderSiteTests.folderFile("guide")), encoding: .utf8)
        #expect(guide.contains("New words."))
        #expect(guide.contains("Usage"))
    }
}
