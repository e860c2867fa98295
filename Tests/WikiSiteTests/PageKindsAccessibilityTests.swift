import BrowserTesting
import Foundation
import TemporaryFolders
import Testing
import WikiModel

/// The kinds of page that Markdown's extensions, tags, aliases and folder wikis (their folder
/// pages among them) brought pass axe-core in Chromium, light and dark; a reader gets from a
/// page's tag chip to the tag's page and back with the keyboard, and through an alias to the
/// heading a link names.
@Suite("Accessibility of the newer kinds of page")
struct PageKindsAccessibilityTests {
    /// A wiki of documents with a page of each construct: a wide table, footnotes, callouts of
    /// several families, task lists, tags (front matter, inline, nested) and an alias.
    static let documents = WikiFixture(pages: [
        .init(title: "Table", markdown: wideTable),
        .init(title: "Footnotes", markdown: "A claim[^1] and another[^why].\n\n[^1]: The source.\n[^why]: Because.\n"),
        .init(title: "Callouts", markdown: callouts),
        .init(title: "Tasks", markdown: "- [ ] Write the guide\n- [x] Read the issue\n  - [ ] A nested task\n"),
        .init(
            title: "Tagged",
            markdown:
                "---\ntags: [project/wiki, reading]\naliases: [Labelled]\n---\n"
                + String(repeating: "A paragraph above.\n\n", count: 60)
                + "## Inline tags\n\nInline #draft-notes and #project/wiki.\n"
        ),
        .init(title: "Also Tagged", markdown: "More #reading.\n"),
        .init(title: "Reader", markdown: "See [[Labelled#Inline tags|the inline tags]].\n"),
    ])

    static let wideTable =
        "| " + (1...14).map { "Column \($0)" }.joined(separator: " | ") + " |\n|"
        + String(repeating: " :--- |", count: 14) + "\n| "
        + (1...14).map { "A long cell of text number \($0)" }.joined(separator: " | ") + " |\n"

    static let callouts = """
        > [!note] A note
        > Text.

        > [!tip] A tip
        > Text with ==a highlight==.

        > [!warning] A warning

        > [!danger] Danger

        > [!faq]- A folded question
        > Its answer.

        > [!success] Done
        > > [!bug] A nested bug

        > [!quote] A quote
        > Words.

        > [!example]+ An example folded open
        > Its body.

        > [!info] Information

        > [!abstract] A summary

        > [!failure] A failure

        > [!todo] To do

        """

    /// A folder wiki: notes in folders, a folder note, and a note that embeds an image, a video
    /// and a sound and links a PDF.
    static func writeVault(in folder: TemporaryFolder) throws -> String {
        _ = try folder.write("# Home\n\nSee [[Media]] and [[Guide]].\n", to: "vault/index.md")
        _ = try folder.write("# Guide\n\nThe guide's folder note.\n", to: "vault/guide/guide.md")
        _ = try folder.write("# Install\n\nBack to [[Media]].\n", to: "vault/guide/Install.md")
        _ = try folder.write(
            "# Media\n\n![[picture.png]]\n\n![[clip.mp4]]\n\n![[sound.mp3]]\n\nThe [spec](files/spec.pdf).\n",
            to: "vault/media/Media.md")
        let vault = WikisiteCLI.repositoryRoot.appendingPathComponent("Tests/Vault")
        for (from, to) in [
            ("assets/diagram.png", "media/picture.png"), ("media/clip.mp4", "media/clip.mp4"),
            ("media/clip.mp4", "media/sound.mp3"), ("files/spec.pdf", "media/files/spec.pdf"),
        ] {
            let data = try Data(contentsOf: vault.appendingPathComponent(from))
            let target = folder.url.appendingPathComponent("vault/" + to)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: target)
        }
        return folder.path("vault")
    }

    /// Runs `wikisite build` with `arguments` into `output`; expects it to succeed.
    static func build(_ arguments: [String], into output: String) throws {
        let run = try WikisiteCLI.run(["build"] + arguments + ["--out", output])
        #expect(run.status == 0, "\(run.standardError)")
    }

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func everyNewerKindOfPageHasNoAxeViolationInLightAndDarkMode() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try TemporaryFolder()
        try Self.build(["--source", try Self.documents.write(to: folder)], into: folder.path("sites/wiki"))
        try Self.build(
            ["--source", try Self.writeVault(in: folder), "--wiki-id", "vault"], into: folder.path("sites/vault"))
        let site = SiteFiles(root: folder.url.appendingPathComponent("sites"))
        for file in [
            "wiki/1234/_special/tags.html", "wiki/1234/_special/tags/reading.html",
            "wiki/1234/" + SitePaths.pageFile(PageTitle("Labelled")!),
            "vault/vault/" + SitePaths.pageFile(PageTitle("media/Media")!),
            "vault/vault/_special/folders/" + SitePaths.folderFile("guide"),
        ] {
            #expect(site.exists(file), "\(file) was not written")
        }
        let axe = try BrowserTesting.run("accessibility.py", [folder.path("sites")])
        #expect(axe.status == 0, "\(axe.output)")
        #expect(axe.output.contains("checked"), "\(axe.output)")
    }

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func aTagChipLeadsToTheTagPageAndItsListBackToThePageByKeyboard() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try TemporaryFolder()
        try Self.build(["--source", try Self.documents.write(to: folder)], into: folder.path("site"))
        let page = folder.path("site/1234/" + SitePaths.pageFile(PageTitle("Also Tagged")!))
        let run = try BrowserTesting.run(
            "tags.py", [page, "reading", folder.path("site/1234/_special/tags/reading.html")])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("ok: dark: Back returns to the tag page"), "\(run.output)")
    }

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func aLinkToAHeadingThroughAnAliasLandsAtThatHeadingOfThePage() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try TemporaryFolder()
        try Self.build(["--source", try Self.documents.write(to: folder)], into: folder.path("site"))
        let page = folder.path("site/1234/" + SitePaths.pageFile(PageTitle("Reader")!))
        let target = folder.path("site/1234/" + SitePaths.pageFile(PageTitle("Tagged")!))
        let run = try BrowserTesting.run("alias_heading.py", [page, target, "inline-tags"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("ok: the heading #inline-tags is the page's target"), "\(run.output)")
        #expect(run.output.contains("ok: without scripts, the refresh lands on the page"), "\(run.output)")
    }
}
