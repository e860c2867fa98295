import Foundation
import TemporaryFolders
import Testing
import WikiModel

/// End to end: the files beside the notes of `Tests/Vault/` (`assets/`, `files/`, `media/`), which
/// `media/Gallery.md`, other notes and the home embed and link, are published once for the wiki,
/// in `vault/_files/` at their paths in the vault, and shown as Obsidian shows them; the files
/// nothing names are not.
@Suite struct VaultFilesTests {
    static let gallery = VaultSiteTests.file(of: "media/Gallery")

    /// The site's path an href of the gallery leads to.
    static func target(of href: String?, in site: SiteFiles) throws -> String {
        try site.resolve(try #require(href), from: String(gallery.dropFirst("site/".count)))
    }

    @Test func embeddedImagesPointAtPublishedFilesWithTheirSizes() throws {
        let folder = try VaultSiteTests.build()
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        let images = HTMLElements.elements("img", in: try folder.read(Self.gallery))
        #expect(images.count == 4)
        for image in images {
            let path = try Self.target(of: image.attributes["src"], in: site)
            #expect(site.exists(path), "\(path) is not published")
        }
        let png = try Data(contentsOf: URL(fileURLWithPath: VaultSiteTests.vault + "/assets/diagram.png"))
        let published = try Self.target(of: images[0].attributes["src"], in: site)
        #expect(try Data(contentsOf: site.root.appendingPathComponent(published)) == png)
        #expect(images[0].attributes["alt"] == "diagram.png")
        #expect(images[1].attributes["width"] == "300" && images[1].attributes["height"] == nil)
        #expect(images[2].attributes["width"] == "300" && images[2].attributes["height"] == "200")
        #expect(images[3].attributes["alt"] == "a drawing")
    }

    @Test func aFileTwoNotesNameIsWrittenOnceAtItsPathAndBothPagesShowIt() throws {
        let folder = try VaultSiteTests.build()
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        // By a relative Markdown path with `../` and `%20` in media/, by a wikilink in reference/api/.
        let gallery = HTMLElements.elements("img", in: try folder.read(Self.gallery))
        let fromGallery = try Self.target(
            of: gallery.first { $0.attributes["alt"] == "a drawing" }?.attributes["src"], in: site)
        let deepNote = VaultSiteTests.file(of: "reference/api/Deep Note")
        let deep = try #require(HTMLElements.elements("img", in: try folder.read(deepNote)).first)
        let fromDeepNote = try site.resolve(
            try #require(deep.attributes["src"]), from: String(deepNote.dropFirst("site/".count)))
        let published =
            "vault/_files/"
            + SitePaths.folderFileComponents("assets/Drawing With Script.svg", isSVG: true)
            .joined(separator: "/")
        #expect(fromGallery == published)
        #expect(fromDeepNote == published)
        let files = FileManager.default.enumerator(atPath: folder.path("site"))?.compactMap { $0 as? String } ?? []
        #expect(files.filter { $0.hasSuffix(".svg") } == [published])
        #expect(!files.contains { $0.hasSuffix(".files") })
    }

    @Test func theHomeNotesImageIsPublishedAndItsLinkToNoFileStaysAsWritten() throws {
        let folder = try VaultSiteTests.build()
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        let home = try folder.read("site/vault/index.html")
        let image = try #require(HTMLElements.elements("img", in: home).first { $0.attributes["alt"] == "the diagram" })
        let path = try site.resolve(try #require(image.attributes["src"]), from: "vault/index.html")
        #expect(path == "vault/_files/assets/diagram.png")
        let png = try Data(contentsOf: URL(fileURLWithPath: VaultSiteTests.vault + "/assets/diagram.png"))
        #expect(try Data(contentsOf: site.root.appendingPathComponent(path)) == png)
        let missing = HTMLElements.elements("a", in: home).first { $0.text == "a missing file" }
        #expect(missing?.attributes["href"] == "files/none.pdf")
    }

    @Test func aPublishedSVGHasNoScriptNoEventAndNoForeignObject() throws {
        let folder = try VaultSiteTests.build()
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        let images = HTMLElements.elements("img", in: try folder.read(Self.gallery))
        let svg = try #require(images.first { ($0.attributes["src"] ?? "").hasSuffix(".svg") })
        let text = try site.html(try Self.target(of: svg.attributes["src"], in: site))
        #expect(text.contains("<rect"))
        for removed in ["script", "onload", "foreignObject", "alert"] {
            #expect(!text.contains(removed), "\(removed) is in the published SVG")
        }
    }

    @Test func aPDFIsALinkAVideoHasControlsAndALinkToNoFileStaysAsWritten() throws {
        let folder = try VaultSiteTests.build()
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        let html = try folder.read(Self.gallery)
        let anchors = HTMLElements.elements("a", in: html)
        let spec = anchors.filter { ($0.attributes["href"] ?? "").hasSuffix(".pdf") && $0.text != "gone" }
        #expect(spec.map(\.text).sorted() == ["spec.pdf", "the spec"])
        for link in spec {
            #expect(site.exists(try Self.target(of: link.attributes["href"], in: site)))
            #expect(link.attributes["download"] == nil)
        }
        #expect(anchors.first { $0.text == "gone" }?.attributes["href"] == "../files/gone.pdf")
        let video = try #require(HTMLElements.elements("video", in: html).first)
        #expect(video.attributes["controls"] != nil)
        #expect(site.exists(try Self.target(of: video.attributes["src"], in: site)))
    }

    @Test func filesNothingNamesAndPathsOutOfTheVaultAreNotPublished() throws {
        let folder = try VaultSiteTests.build()
        let files = FileManager.default.enumerator(atPath: folder.path("site"))?.compactMap { $0 as? String } ?? []
        #expect(!files.contains { $0.contains("unused") })
        #expect(!files.contains { $0.contains("secret") })
        let html = try folder.read(Self.gallery)
        let out = HTMLElements.elements("a", in: html).first { $0.text == "out of the vault" }
        #expect(out?.attributes["href"] == "../../secret.png")
        #expect(HTMLElements.elements("span", in: html).contains { $0.attributes["class"] == "embed missing" })
    }

    @Test func anImageReplacedIsWrittenAgainAsACleanBuildWritesIt() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: VaultSiteTests.vault, toPath: folder.path("vault"))
        let build = ["build", "--source", folder.path("vault"), "--out", folder.path("site"), "--wiki-id", "vault"]
        #expect(try WikisiteCLI.run(build).status == 0)
        let replacement = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
        try replacement.write(to: URL(fileURLWithPath: folder.path("vault/assets/diagram.png")))
        let run = try WikisiteCLI.run(build + ["--verify"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Verified: the site is byte for byte the same as a clean build."))
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        let images = HTMLElements.elements("img", in: try folder.read(Self.gallery))
        let published = try Self.target(of: images.first?.attributes["src"], in: site)
        #expect(try Data(contentsOf: site.root.appendingPathComponent(published)) == replacement)
    }
}
