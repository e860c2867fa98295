import Foundation
import Testing

@testable import WikiServe

@Suite("The preview folder")
struct PreviewFolderTests {
    /// A preview folder with a page, a folder with an index, and a secret file beside it.
    func makeFolder() throws -> (TestFolder, PreviewFolder) {
        let folder = try TestFolder()
        try folder.write("<p>page</p>", to: "site/wiki/Page.html")
        try folder.write("<p>home</p>", to: "site/wiki/index.html")
        try folder.write("secret", to: "secret.txt")
        return (folder, PreviewFolder(root: folder.path("site")))
    }

    @Test func aFileIsServedWithItsSitePath() throws {
        let (_, preview) = try makeFolder()
        let lookup = preview.lookup(try RequestPath(target: "/wiki/Page.html"))
        #expect(lookup == .file(.init(sitePath: "wiki/Page.html", bytes: Array("<p>page</p>".utf8))))
    }

    @Test func aFolderURLServesItsIndex() throws {
        let (_, preview) = try makeFolder()
        let lookup = preview.lookup(try RequestPath(target: "/wiki/"))
        #expect(lookup == .file(.init(sitePath: "wiki/index.html", bytes: Array("<p>home</p>".utf8))))
    }

    @Test func aFolderWithoutItsSlashRedirectsToIt() throws {
        let (_, preview) = try makeFolder()
        #expect(preview.lookup(try RequestPath(target: "/wiki")) == .folder(location: "/wiki/"))
    }

    @Test func aMissingFileIsNotFound() throws {
        let (_, preview) = try makeFolder()
        #expect(preview.lookup(try RequestPath(target: "/wiki/Nothing.html")) == .notFound)
    }

    @Test func aSymbolicLinkToAFileOutsideIsRefused() throws {
        let (folder, preview) = try makeFolder()
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("site/wiki/leak.html"), withDestinationPath: folder.path("secret.txt"))
        #expect(preview.lookup(try RequestPath(target: "/wiki/leak.html")) == .notFound)
    }

    @Test func aSymbolicLinkToAFolderOutsideIsRefused() throws {
        let (folder, preview) = try makeFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.path("site/up"), withDestinationPath: folder.path(""))
        #expect(preview.lookup(try RequestPath(target: "/up/secret.txt")) == .notFound)
        #expect(preview.lookup(try RequestPath(target: "/up/")) == .notFound)
    }

    @Test func aSymbolicLinkAsAFoldersIndexIsRefused() throws {
        let (folder, preview) = try makeFolder()
        try FileManager.default.createDirectory(atPath: folder.path("site/other"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("site/other/index.html"), withDestinationPath: folder.path("secret.txt"))
        #expect(preview.lookup(try RequestPath(target: "/other/")) == .notFound)
    }
}
