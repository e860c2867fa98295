import Testing
import WikiWrite

@Suite struct RemovalTests {
    @Test func foldersLeftEmptyAreRemovedButNeverTheRoot() throws {
        let site = try TemporaryFolder()
        let folder = try OutputFolder(root: site.path)
        try folder.write([1], to: "a/b/c/one.html")
        try folder.write([2], to: "a/two.html")

        #expect(try folder.remove("a/b/c/one.html") == .removed)
        #expect(try tree(site.path) == ["a/", "a/two.html"])
        #expect(try folder.remove("a/two.html") == .removed)
        #expect(try tree(site.path) == [])
        #expect(status(site.path) != nil)
    }

    @Test func foldersWithSomethingElseInThemStay() throws {
        let site = try TemporaryFolder()
        let folder = try OutputFolder(root: site.path)
        try folder.write([1], to: "w/sub/page.html")
        try plant("user's notes", at: site.at("w/notes.txt"))
        #expect(try folder.remove("w/sub/page.html") == .removed)
        #expect(try tree(site.path) == ["w/", "w/notes.txt"])
    }

    @Test func missingFilesAreAlreadyGone() throws {
        let site = try TemporaryFolder()
        let folder = try OutputFolder(root: site.path)
        #expect(try folder.remove("never/written.html") == .alreadyGone)
        #expect(try folder.remove("written.html") == .alreadyGone)
    }

    @Test func aFileEditedSinceItWasWrittenIsKept() throws {
        let site = try TemporaryFolder()
        let folder = try OutputFolder(root: site.path)
        let original = Array("as written".utf8)
        try folder.write(original, to: "w/edited.html")
        try folder.write(original, to: "w/intact.html")
        try plant("edited by hand", at: site.at("w/edited.html"))

        #expect(
            try folder.remove("w/edited.html", expecting: ContentHash(of: original)) == .keptChanged)
        #expect(try folder.remove("w/intact.html", expecting: ContentHash(of: original)) == .removed)
        #expect(try tree(site.path) == ["w/", "w/edited.html"])
    }

    @Test func foldersAreNeverRemovedAsFiles() throws {
        let site = try TemporaryFolder()
        let folder = try OutputFolder(root: site.path)
        try folder.write([1], to: "w/page.html/inside.html")
        #expect(try folder.remove("w/page.html") == .keptChanged)
        #expect(try tree(site.path) == ["w/", "w/page.html/", "w/page.html/inside.html"])
    }
}
