import Testing

@testable import WikiSources

@Suite struct FolderFilesTests {
    let files = FolderFiles(
        folderName: "vault", paths: ["a/pic.png", "assets/deep/pic.png", "b/Pic.png", "b/spec.pdf", "top.png"])

    @Test func aWikilinkPrefersTheNotesFolderThenTheShortestPathIgnoringCase() {
        #expect(files.resolve(.wikilink("pic.png"), from: "b") == "b/Pic.png")
        #expect(files.resolve(.wikilink("PIC.png"), from: "c") == "a/pic.png")
        #expect(files.resolve(.wikilink("deep/pic.png"), from: "") == "assets/deep/pic.png")
        #expect(files.resolve(.wikilink("/top.png"), from: "a") == "top.png")
        #expect(files.resolve(.wikilink("../top.png"), from: "a") == "top.png")
        #expect(files.resolve(.wikilink("spec.pdf#page=2"), from: "a") == "b/spec.pdf")
        #expect(files.resolve(.wikilink("nowhere.png"), from: "a") == nil)
    }

    @Test func aMarkdownPathIsRelativeToTheNoteAndNeverLeavesTheFolder() {
        #expect(files.resolve(.relative("../b/spec.pdf"), from: "a") == "b/spec.pdf")
        #expect(files.resolve(.relative("spec.pdf"), from: "b") == "b/spec.pdf")
        #expect(files.resolve(.relative("pic.png"), from: "b") == "b/Pic.png")
        #expect(files.resolve(.relative("../../top.png"), from: "a") == nil)
        #expect(files.resolve(.relative("spec.pdf"), from: "a") == nil)
    }

    @Test func referencesAreFoundInWikilinksAndMarkdownLinksButNotNotes() {
        let found = NoteFileReferences.find(
            in: "![[a.png|300]] [[Note]] [[b.pdf#page]] ![x](img/c%20d.png \"t\") [n](n.md) [u](https://x/y.png)")
        #expect(found == [.wikilink("a.png"), .wikilink("b.pdf#page"), .relative("img/c d.png")])
    }

    @Test func theHomeAndTheNotesNameFilesWithTheirPathsInTheFolder() throws {
        let folder = try MarkdownFolderFixture()
        try folder.write("# Home\n\n![[pic.png]]\n", to: "index.md")
        try folder.write("![p](../img/pic.png) and ![[pic.png|30]]\n", to: "notes/Note.md")
        try folder.write(bytes: [1, 2, 3], to: "img/pic.png")
        let reading = try folder.read()
        for id in ["w", "w:notes/Note"] {
            guard case .object(let attachments)? = reading.document(id)?.body["_attachments"] else {
                Issue.record("\(id) has no attachments")
                continue
            }
            for (_, entry) in attachments.members { #expect(entry.objectValue?["path"]?.stringValue == "img/pic.png") }
            #expect(!attachments.members.isEmpty)
        }
    }
}
