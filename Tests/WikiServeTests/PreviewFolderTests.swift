import Foundation
import TemporaryFolders
import Testing

@testable import WikiServe

@Suite("The preview folder")
struct PreviewFolderTests {
    /// A preview folder with a page and a folder with an index, and a secret file beside it.
    let folder: TemporaryFolder
    let preview: PreviewFolder

    init() throws {
        folder = try TemporaryFolder()
        try folder.write("<p>page</p>", to: "site/wiki/Page.html")
        try folder.write("<p>home</p>", to: "site/wiki/index.html")
        try folder.write("secret", to: "secret.txt")
        preview = PreviewFolder(root: folder.path("site"))
    }

    @Test func aFileIsServedWithItsSitePath() throws {
        let lookup = preview.lookup(try RequestPath(target: "/wiki/Page.html"))
        #expect(lookup == .file(.init(sitePath: "wiki/Page.html", bytes: Array("<p>page</p>".utf8))))
    }

    @Test func aFolderURLServesItsIndex() throws {
        let lookup = preview.lookup(try RequestPath(target: "/wiki/"))
        #expect(lookup == .file(.init(sitePath: "wiki/index.html", bytes: Array("<p>home</p>".utf8))))
    }

    @Test func aFolderWithoutItsSlashRedirectsToIt() throws {
        #expect(preview.lookup(try RequestPath(target: "/wiki")) == .folder(location: "/wiki/"))
    }

    @Test func aMissingFileIsNotFound() throws {
        #expect(preview.lookup(try RequestPath(target: "/wiki/Nothing.html")) == .notFound)
    }

    @Test func aSymbolicLinkToAFileOutsideIsRefused() throws {
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("site/wiki/leak.html"), withDestinationPath: folder.path("secret.txt"))
        #expect(preview.lookup(try RequestPath(target: "/wiki/leak.html")) == .notFound)
    }

    @Test func aSymbolicLinkToAFolderOutsideIsRefused() throws {
        try FileManager.default.createSymbolicLink(atPath: folder.path("site/up"), withDestinationPath: folder.path(""))
        #expect(preview.lookup(try RequestPath(target: "/up/secret.txt")) == .notFound)
        #expect(preview.lookup(try RequestPath(target: "/up/")) == .notFound)
    }

    @Test func aSymbolicLinkAsAFoldersIndexIsRefused() throws {
        try FileManager.default.createDirectory(atPath: folder.path("site/other"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("site/other/index.html"), withDestinationPath: folder.path("secret.txt"))
        #expect(preview.lookup(try RequestPath(target: "/other/")) == .notFound)
    }
}
