import Foundation
import Testing
import WikiDocuments
import WikiModel
import WikiRender

@testable import WikiPages
@testable import WikiSite

/// The blob in which the build state keeps a page's outline.
@Suite struct StoredOutlineTests {
    static let outline = {
        var outline = PageOutline(
            links: [
                PageLink(target: PageTitle("Café Ünïcode"), fragment: "Sëction two", line: 3),
                PageLink(target: nil, fragment: "Local", line: 300),
                PageLink(target: PageTitle("Embedded"), fragment: nil, line: 1_000_000, isEmbed: true),
                PageLink(target: PageTitle(String(repeating: "Long ", count: 40)), fragment: "", line: 1),
            ],
            headings: [Heading(level: 1, text: "Title 🎉", id: "title"), Heading(level: 6, text: "", id: "section-1")],
            wordCount: 123_456,
            attachments: [AttachmentEmbed(name: "diagram.png", line: 7)], blockIDs: ["quote-1", "Ünï"],
            tags: [WikiTag("Wiki")!, WikiTag("project/ünï")!])
        outline.camelCaseWords = [PageTitle("CouchDB")!, PageTitle("SyncClient")!]
        return outline
    }()

    func decoded(_ bytes: [UInt8]) -> PageOutline? {
        bytes.withUnsafeBytes(StoredOutline.decode)
    }

    @Test func anOutlineComesBackExactly() throws {
        let back = try #require(decoded(StoredOutline.encode(Self.outline)))
        #expect(back.links == Self.outline.links)
        #expect(back.headings.map { "\($0.level) \($0.text) \($0.id)" } == ["1 Title 🎉 title", "6  section-1"])
        #expect(back.wordCount == 123_456)
        #expect(back.attachments == Self.outline.attachments)
        #expect(back.blockIDs == ["quote-1", "Ünï"])
        #expect(back.tags.map(\.text) == ["Wiki", "project/ünï"])
        #expect(back.camelCaseWords == Self.outline.camelCaseWords)
    }

    @Test func anEmptyOutlineIsSevenBytes() throws {
        let bytes = StoredOutline.encode(PageOutline(links: [], headings: [], wordCount: 0))
        #expect(bytes == [0, 0, 0, 0, 0, 0, 0])
        #expect(try #require(decoded(bytes)).links.isEmpty)
    }

    @Test func aDamagedBlobIsNoOutline() {
        let bytes = StoredOutline.encode(Self.outline)
        for length in 0..<bytes.count {
            #expect(decoded(Array(bytes.prefix(length))) == nil, "cut at \(length)")
        }
        #expect(decoded(bytes + [0]) == nil, "a byte too many")
        var invalid = bytes
        let accent = try! #require(invalid.firstIndex(of: 0xC3))
        invalid[accent] = 0xFF
        #expect(decoded(invalid) == nil, "invalid UTF-8")
        #expect(decoded([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]) == nil, "an integer too large")
    }

    /// A list of titles (the pages linking to a title, a list file's titles) takes the same list
    /// mechanism: back exactly, and a blob cut short or with a byte too many is none.
    @Test func aListOfTitlesComesBackExactlyOrNotAtAll() throws {
        let titles = ["Café Ünïcode", "Embedded", "日本語"].compactMap { PageTitle($0) }
        let bytes = StoredTitles.encode(titles)
        #expect(try #require(bytes.withUnsafeBytes(StoredTitles.decode)) == titles)
        #expect(StoredTitles.encode([]).withUnsafeBytes(StoredTitles.decode) == [])
        for length in 0..<bytes.count {
            #expect(Array(bytes.prefix(length)).withUnsafeBytes(StoredTitles.decode) == nil, "cut at \(length)")
        }
        #expect((bytes + [0]).withUnsafeBytes(StoredTitles.decode) == nil, "a byte too many")
    }
}
