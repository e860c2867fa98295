import Foundation
import TemporaryFolders
import Testing
import WikiModel

/// End to end: the files beside the notes of `Tests/Vault/` (`assets/`, `files/`, `media/`), which
/// `media/Gallery.md` embeds and links, are published beside its page and shown as Obsidian
/// shows them; the files nothing names are not.
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
