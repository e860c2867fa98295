import Foundation
import Testing
import WikiDocuments

@testable import WikiModel

/// SVG attachments: read cleaned, as `image/svg+xml`, or skipped with a warning when they are not
/// XML.
@Suite struct SVGAttachmentTests {
    typealias T = TestDocuments

    private static func entry(_ svg: String, type: String) -> JSONValue {
        .object(JSONObject([("content_type", .string(type)), ("data", .string(Data(svg.utf8).base64EncodedString()))]))
    }

    @Test func anSVGAttachmentIsReadCleaned() throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"><script>alert(2)</script></svg>"
        let attachments = JSONValue.object(
            JSONObject([
                ("a.svg", Self.entry(svg, type: "application/octet-stream")),
                ("b", Self.entry(svg, type: "Image/SVG+XML; charset=utf-8")),
            ]))
        let database = T.database([T.wiki("w"), T.page("w", "A", [("_attachments", attachments)])])
        let page = try #require(database.page(inWiki: "w", titled: T.title("A")))
        let clean = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"></svg>"
        #expect(page.attachments.map(\.name) == ["a.svg", "b"])
        #expect(page.attachments.allSatisfy { $0.isSVG && $0.contentType == "image/svg+xml" })
        #expect(page.attachments.map { $0.data.map { String(decoding: $0, as: UTF8.self) } } == [clean, clean])
        #expect(database.skippedAttachments.isEmpty)
    }

    @Test func anSVGThatIsNotXMLIsSkippedWithAWarningNamingIt() throws {
        let attachments = JSONValue.object(
            JSONObject([("broken.svg", Self.entry("<svg><rect", type: "image/svg+xml"))]))
        let database = T.database([T.wiki("w"), T.page("w", "A", [("_attachments", attachments)])])
        #expect(database.page(inWiki: "w", titled: T.title("A"))?.attachments.isEmpty == true)
        let warning = try #require(database.skippedAttachments.first).description
        #expect(
            warning.hasPrefix(
                "test.json:1: \"w:A\": attachment \"broken.svg\" skipped: it is an SVG image that cannot be published: "
                    + "it is not well-formed XML"), "\(warning)")
    }

    @Test func otherAttachmentsKeepTheirBytesAndType() throws {
        let attachments = JSONValue.object(
            JSONObject([("notes.txt", Self.entry("<svg onload=x>", type: "text/plain"))]))
        let database = T.database([T.wiki("w"), T.page("w", "A", [("_attachments", attachments)])])
        let attachment = try #require(database.page(inWiki: "w", titled: T.title("A"))?.attachments.first)
        #expect(!attachment.isSVG && attachment.contentType == "text/plain")
        #expect(attachment.data == Array("<svg onload=x>".utf8))
    }
}
