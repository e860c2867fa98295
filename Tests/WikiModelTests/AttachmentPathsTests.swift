import Foundation
import Testing
import WikiDocuments

@testable import WikiModel

/// The files of attachments: one safe component whatever the name, the extension kept only
/// when it is passive, distinct names in distinct files.
@Suite struct AttachmentPathsTests {
    /// Hard-coded names: they are part of published URLs. Hashes as for page names.
    @Test(arguments: [
        ("diagram.png", "diagram.png"),
        ("archive.tar.gz", "archive.tar.gz"),
        ("scan 1.jpeg", "scan_1~hvo6krx5pv.jpeg"),
        ("Photo.JPG", "Photo~4ptt4b254x.jpg"),
        ("page.html", "page.html~wf36karvzk.bin"),
        ("../../x.png", "--..-x~i7xc5rwto7.png"),
    ])
    func stableNames(_ name: String, _ expected: String) {
        #expect(SitePaths.attachmentFile(name) == expected)
    }

    @Test func unfaithfulNamesKeepTheirExtensionAfterTheHash() {
        let name = SitePaths.attachmentFile("Photo.JPG")
        #expect(name.hasPrefix("Photo~"))
        #expect(name.hasSuffix(".jpg"))
        #expect(name != SitePaths.attachmentFile("Photo.jpg"))
        #expect(SitePaths.attachmentFile("photo.jpg") == "photo.jpg")
    }

    @Test(arguments: ["page.html", "script.js", "drawing.svg", "notes", "x.HTM", "a.png.html", ".png"])
    func activeOrUnknownTypesAreServedAsBytes(_ name: String) throws {
        let file = SitePaths.attachmentFile(name)
        #expect(file.hasSuffix(".bin"), "\(file)")
        #expect(file.contains("~"))
        try SitePathsProperties.expectSafeComponent(file)
    }

    @Test func aCleanedSVGKeepsOrGetsTheSVGExtension() throws {
        #expect(SitePaths.attachmentFile("drawing.svg", isSVG: true) == "drawing.svg")
        for name in ["drawing", "Plan.SVG", "photo.png", "../x.svg"] {
            let file = SitePaths.attachmentFile(name, isSVG: true)
            #expect(file.hasSuffix(".svg") && file.contains("~"), "\(file)")
            try SitePathsProperties.expectSafeComponent(file)
        }
    }

    @Test(arguments: [
        "../../../escape.png", "/etc/passwd", "a/b/c.png", #"..\..\win.png"#, "..", ".", ".hidden.png", "index.png",
        "CON.png", "nul", "%2e%2e%2f.png", "bell\u{7}.png", "nul\u{0}byte.png",
        String(repeating: "é", count: 5_000) + ".png",
        "x." + String(repeating: "p", count: 300),
    ])
    func hostileNamesAreOneSafeComponent(_ name: String) throws {
        try SitePathsProperties.expectSafeComponent(SitePaths.attachmentFile(name))
    }

    @Test func foldersAreBesideThePageAndNeverAPageOrSiteName() throws {
        #expect(SitePaths.attachmentFolder(try #require(PageTitle("sync client"))) == "sync_client.files")
        for title in SitePathsProperties.titles(count: 2_000, seed: 7) {
            let folder = SitePaths.attachmentFolder(title)
            #expect(folder == String(SitePaths.pageFile(title).dropLast(".html".count)) + ".files")
            #expect(!folder.hasPrefix("_") && !folder.hasPrefix("."))
            #expect(folder.utf8.count <= 255)
        }
    }

    /// Distinct names give files that stay distinct once a file system folds case.
    @Test func namesAreInjectiveUnderCaseFolding() {
        let extensions = ["png", "PNG", "Png", "jpg", "html", "", "svg", "tar.gz"]
        var owners: [ExactString: String] = [:]
        for (index, title) in SitePathsProperties.titles(count: 3_000, seed: 8).enumerated() {
            let suffix = extensions[index % extensions.count]
            let name = suffix.isEmpty ? title.text : title.text + "." + suffix
            let key = ExactString(SitePaths.attachmentFile(name).precomposedStringWithCanonicalMapping.lowercased())
            if let owner = owners.updateValue(name, forKey: key), !owner.isExactly(name) {
                Issue.record("\(name.debugDescription) and \(owner.debugDescription) share \(key)")
            }
        }
    }

    @Test func aVaultFilesPathKeepsItsFoldersAsSafeComponents() throws {
        #expect(SitePaths.folderFileComponents("assets/diagram.png", isSVG: false) == ["assets", "diagram.png"])
        #expect(SitePaths.folderFileComponents("top.pdf", isSVG: false) == ["top.pdf"])
        let hostile = SitePaths.folderFileComponents("../My Images/%2e%2e/run.sh", isSVG: false)
        #expect(hostile.count == 4 && hostile.last?.hasSuffix(".bin") == true)
        for component in hostile { try SitePathsProperties.expectSafeComponent(component) }
        #expect(
            SitePaths.folderFileComponents("a/Drawing.svg", isSVG: true).last
                == SitePaths.attachmentFile("Drawing.svg", isSVG: true))
        #expect(
            SitePaths.folderFileComponents("a b/x.png", isSVG: false)
                != SitePaths.folderFileComponents("a_b/x.png", isSVG: false))
    }
}
