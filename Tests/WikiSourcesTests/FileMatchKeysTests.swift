import Testing

@testable import WikiSources

/// A note's references and a folder's files share a key whenever the file could be the one a
/// reference finds, so a file that comes, goes or changes reads again only the notes it concerns.
@Suite struct FileMatchKeysTests {
    @Test func aWikilinkIsKeyedByItsNameLetterCaseFolded() {
        let references: [NoteFileReferences.Reference] = [
            .wikilink("Pic.PNG"), .wikilink("img/Diagram.svg#top"), .wikilink("pic.png"),
        ]
        #expect(FileMatchKeys.keys(of: references, inNoteAt: "guide/Note.md") == ["diagram.svg", "pic.png"])
    }

    @Test func aPathIsKeyedByTheFileItReaches() {
        let references: [NoteFileReferences.Reference] = [
            .relative("../img/A.png"), .wikilink("./b.pdf"), .wikilink("/files/C.pdf"), .relative("../../out.png"),
        ]
        #expect(
            FileMatchKeys.keys(of: references, inNoteAt: "guide/Note.md") == [
                "/files/c.pdf", "/guide/b.pdf", "/img/a.png",
            ])
    }

    /// A file's stamp, as if changed at `seconds`.
    func stamp(_ seconds: Int64) -> FileStamp {
        FileStamp(
            device: 1, inode: 2, size: 3, modified: FileTime(seconds: seconds), changed: FileTime(seconds: seconds))
    }

    @Test func theFilesThatCameWentOrChangedGiveTheirPathAndName() {
        let (stamp, touched) = (stamp(4), stamp(5))
        let earlier = [
            ListedFile(relativePath: "img/Kept.png", stamp: stamp),
            ListedFile(relativePath: "img/Gone.png", stamp: stamp),
            ListedFile(relativePath: "img/touched.png", stamp: stamp),
        ]
        let now = [
            ListedFile(relativePath: "img/Kept.png", stamp: stamp),
            ListedFile(relativePath: "img/touched.png", stamp: touched),
            ListedFile(relativePath: "New.png", stamp: stamp),
        ]
        #expect(FileMatchKeys.changedFiles(from: earlier, to: earlier).isEmpty)
        #expect(
            FileMatchKeys.changedFiles(from: earlier, to: now) == [
                "/img/gone.png", "gone.png", "/img/touched.png", "touched.png", "/new.png", "new.png",
            ])
    }

    @Test func aNoteAndAFileShareAKeyWhenTheFileCouldBeTheOneItFinds() {
        let changed = FileMatchKeys.changedFiles(
            from: [], to: [ListedFile(relativePath: "deep/IMG/Pic.png", stamp: stamp(4))])
        func matches(_ reference: NoteFileReferences.Reference, in note: String) -> Bool {
            FileMatchKeys.keys(of: [reference], inNoteAt: note).contains(where: changed.contains)
        }
        #expect(matches(.wikilink("pic.png"), in: "Note.md"))
        #expect(matches(.wikilink("img/PIC.png"), in: "Note.md"))
        #expect(matches(.relative("IMG/pic.png"), in: "deep/Note.md"))
        #expect(!matches(.relative("img/pic.png"), in: "Note.md"))
        #expect(!matches(.wikilink("other.png"), in: "Note.md"))
    }
}
