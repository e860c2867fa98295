import Foundation
import Testing
import WikiWrite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Links planted inside the output folder never lead a write or a removal outside it.
@Suite struct SymbolicLinkTests {
    @Test func aLinkedFolderPointingOutsideIsRefused() throws {
        let site = try TemporaryFolder()
        let outside = try TemporaryFolder()
        #expect(symlink(outside.path, site.at("wiki")) == 0)
        let folder = try OutputFolder(root: site.path)

        let error = try #require(throws: WriteError.self) {
            try folder.write([1], to: "wiki/page.html")
        }
        #expect(error.problem == .symbolicLink(link: site.at("wiki")))
        #expect(error.path == site.at("wiki/page.html"))
        #expect(
            error.description.contains(
                "\(site.at("wiki")) is a symbolic link; wikisite never writes through links"))
        #expect(throws: WriteError.self) { try folder.write([1], to: "wiki/deeper/page.html") }
        #expect(try tree(outside.path) == [])
        #expect(try tree(site.path) == ["wiki -> \(outside.path)"])
    }

    @Test func aLinkDeeperDownIsRefused() throws {
        let site = try TemporaryFolder()
        let outside = try TemporaryFolder()
        let folder = try OutputFolder(root: site.path)
        try folder.write([1], to: "a/b/keep.html")
        #expect(symlink(outside.path, site.at("a/b/c")) == 0)
        let error = try #require(throws: WriteError.self) {
            try folder.write([2], to: "a/b/c/d/e.html")
        }
        #expect(error.problem == .symbolicLink(link: site.at("a/b/c")))
        #expect(try tree(outside.path) == [])
    }

    @Test func aDanglingLinkIsNeitherFollowedNorReplaced() throws {
        let site = try TemporaryFolder()
        let outside = try TemporaryFolder()
        #expect(symlink(outside.at("not-yet"), site.at("wiki")) == 0)
        let folder = try OutputFolder(root: site.path)
        let error = try #require(throws: WriteError.self) {
            try folder.write([1], to: "wiki/page.html")
        }
        #expect(error.problem == .symbolicLink(link: site.at("wiki")))
        #expect(try tree(outside.path) == [])
        #expect(try tree(site.path) == ["wiki -> \(outside.at("not-yet"))"])
    }

    @Test func aLinkAtTheFilesPlaceIsReplacedAndItsTargetUntouched() throws {
        let site = try TemporaryFolder()
        let outside = try TemporaryFolder()
        try plant("precious", at: outside.at("target.txt"))
        let folder = try OutputFolder(root: site.path)
        try folder.write([1], to: "w/other.html")
        #expect(symlink(outside.at("target.txt"), site.at("w/page.html")) == 0)
        #expect(symlink(outside.at("absent.txt"), site.at("w/dangling.html")) == 0)

        #expect(try folder.write("new page", to: "w/page.html") == .written)
        #expect(try folder.write("new page", to: "w/dangling.html") == .written)
        let mode = try #require(status(site.at("w/page.html"))).st_mode
        #expect(mode & S_IFMT == S_IFREG)
        #expect(try contents(site.at("w/page.html")) == Array("new page".utf8))
        #expect(try contents(outside.at("target.txt")) == Array("precious".utf8))
        #expect(try tree(outside.path) == ["target.txt"])
        #expect(try tree(site.path) == ["w/", "w/dangling.html", "w/other.html", "w/page.html"])
    }

    @Test func aLinkWithTheSameContentAsTheFileIsStillReplaced() throws {
        let site = try TemporaryFolder()
        let outside = try TemporaryFolder()
        try plant("same", at: outside.at("target.txt"))
        #expect(symlink(outside.at("target.txt"), site.at("page.html")) == 0)
        let folder = try OutputFolder(root: site.path)
        #expect(try folder.write("same", to: "page.html") == .written)
        #expect(try tree(site.path) == ["page.html"])
    }

    @Test func removalsDoNotGoThroughLinks() throws {
        let site = try TemporaryFolder()
        let outside = try TemporaryFolder()
        try plant("precious", at: outside.at("page.html"))
        #expect(symlink(outside.path, site.at("wiki")) == 0)
        #expect(symlink(outside.at("page.html"), site.at("page.html")) == 0)
        let folder = try OutputFolder(root: site.path)

        let error = try #require(throws: WriteError.self) { try folder.remove("wiki/page.html") }
        #expect(error.problem == .symbolicLink(link: site.at("wiki")))
        #expect(try folder.remove("page.html") == .keptChanged)
        #expect(try tree(outside.path) == ["page.html"])
        #expect(
            try tree(site.path) == ["page.html -> \(outside.at("page.html"))", "wiki -> \(outside.path)"])
    }
}
