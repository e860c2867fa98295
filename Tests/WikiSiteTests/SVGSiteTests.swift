import BrowserTesting
import Foundation
import TemporaryFolders
import Testing

/// End to end: SVG attachments of a page, through the real CLI, published cleaned and shown as
/// images; one that is not XML left out with a warning naming its page; and the cleaned image
/// drawn by Chromium without running anything.
@Suite("SVG attachments")
struct SVGSiteTests {
    static let hostile = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20" \
        onload="alert('onload')">
        <script>alert('script')</script>
        <foreignObject width="40" height="20"><div xmlns="http://www.w3.org/1999/xhtml">FOREIGN</div></foreignObject>
        <rect width="40" height="20" fill="#3a6"/>
        <image xlink:href="https://tracker.example/pixel.png" width="1" height="1"/>
        </svg>
        """

    /// Page `Drawings` of wiki `1234` embeds a hostile SVG and one that is not XML.
    static func build(in folder: TemporaryFolder) throws -> (run: WikisiteCLI.Result, page: String) {
        let base64 = { (text: String) in Data(text.utf8).base64EncodedString() }
        let fixture = WikiFixture(pages: [
            .init(
                title: "Drawings", markdown: "![[plan.svg|The plan]] and ![[broken.svg]]",
                attachments: [
                    "plan.svg": ("image/svg+xml", base64(hostile)),
                    "broken.svg": ("image/svg+xml", base64("<svg><rect")),
                ])
        ])
        let run = try WikisiteCLI.run([
            "build", "--source", try fixture.write(to: folder), "--out", folder.path("site"),
        ])
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        return (run, try site.pageFile("Drawings", in: "1234"))
    }

    @Test func aHostileSVGIsPublishedCleanedAndShownAsAnImage() throws {
        let folder = try TemporaryFolder()
        let (run, page) = try Self.build(in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let html = try folder.read("site/" + page)
        let image = try #require(HTMLElements.elements("img", in: html).first { $0.attributes["class"] == "embed" })
        let source = try #require(image.attributes["src"])
        #expect(source.hasSuffix(".files/plan.svg") && image.attributes["alt"] == "The plan", "\(source)")
        let svg = try folder.read("site/1234/" + source)
        for removed in ["script", "alert", "onload", "foreignObject", "FOREIGN", "tracker.example"] {
            #expect(!svg.contains(removed), "\(removed) in \(svg)")
        }
        #expect(svg.contains("<rect fill=\"#3a6\" height=\"20\" width=\"40\"></rect>"), "\(svg)")
    }

    @Test func anSVGThatIsNotXMLIsLeftOutWithAWarning() throws {
        let folder = try TemporaryFolder()
        let (run, page) = try Self.build(in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Skipped 1 attachment:"), "\(run.standardOutput)")
        #expect(
            run.standardOutput.contains(
                "\"1234:Drawings\": attachment \"broken.svg\" skipped: it is an SVG image that cannot be published: "
                    + "it is not well-formed XML"), "\(run.standardOutput)")
        let html = try folder.read("site/" + page)
        #expect(html.contains("<span class=\"embed missing\" title=\"Attachment “broken.svg” does not exist\">"))
        #expect(!folder.files(under: "site").contains { $0.hasSuffix("broken.svg") })
    }

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func theCleanedImageIsDrawnInChromiumAndRunsNothing() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try TemporaryFolder()
        let (run, page) = try Self.build(in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let shown = try BrowserTesting.run("svg_images.py", [folder.path("site/" + page)])
        #expect(shown.status == 0, "\(shown.output)")
        #expect(shown.output.contains("ok: the image plan.svg is drawn"), "\(shown.output)")
    }
}
