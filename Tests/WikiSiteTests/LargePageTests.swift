import Foundation
import TemporaryFolders
import Testing

/// End to end with the real CLI: a page of 50 MB of Markdown is published whole, and the rest of
/// the wiki with it.
@Suite struct LargePageTests {
    /// One kilobyte or so of ordinary Markdown, number `index`: a heading every fiftieth block,
    /// then prose with emphasis, code and links (one wikilink), a list and a quote.
    static func block(_ index: Int) -> String {
        var block = index % 50 == 0 ? "## Section \(index / 50)\n\n" : ""
        block += "Paragraph \(index) of the long page, with **strong words**, *emphasis*, `code \(index)`, "
        block += "a link to [[Topic \(index % 100)]] and [an external one](https://example.com/\(index)). "
        block += String(repeating: "Plain prose follows with nothing special in it, word after word. ", count: 8)
        block += "\n\n- a list item \(index)\n- another, with `x < y` in code\n\n> A quoted line, café, naïve.\n\n"
        return block
    }

    /// Writes a wiki of three pages into `folder`: "Big page" (`START-OF-THE-BIG-PAGE`, blocks up
    /// to 50 MB, `END-OF-THE-BIG-PAGE`), "Small page" linking to it and to "Topic 7", and "Topic 7".
    static func writeDump(in folder: TemporaryFolder) throws -> String {
        var markdown = "START-OF-THE-BIG-PAGE\n\n"
        var index = 0
        while markdown.utf8.count < 50 << 20 {
            markdown += block(index)
            index += 1
        }
        markdown += "END-OF-THE-BIG-PAGE\n"
        var fixture = WikiFixture()
        fixture.pages = [
            WikiFixture.Page(title: "Big page", markdown: markdown),
            WikiFixture.Page(title: "Small page", markdown: "See [[Big page]] and [[Topic 7]]."),
            WikiFixture.Page(title: "Topic 7", markdown: "Linked from the big page."),
        ]
        return try fixture.write(to: folder)
    }

    @Test func aPageOf50MBIsPublishedWithTheRest() throws {
        let folder = try TemporaryFolder()
        let dump = try Self.writeDump(in: folder)
        let run = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site")])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Published 1 wiki, 3 pages"), "\(run.standardOutput)")
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        // Searched as bytes: a `String` search would go character by character through 50 MB.
        let big = try Data(contentsOf: site.root.appendingPathComponent(try site.pageFile("Big page", in: "1234")))
        func find(_ text: String, backwards: Bool = false) -> Int? {
            big.range(of: Data(text.utf8), options: backwards ? .backwards : [])?.lowerBound
        }
        #expect(big.count > 50 << 20)
        let start = try #require(find("<p>START-OF-THE-BIG-PAGE</p>"))
        let end = try #require(find("<p>END-OF-THE-BIG-PAGE</p>", backwards: true))
        #expect(start < end)
        #expect(find("<h2 id=\"section-1000\">Section 1000</h2>") != nil)
        #expect(find(">Topic 7</a>", backwards: true) != nil)
        // The rest of the build went on: the small pages, with their links, and the lists.
        let small = try site.html(try site.pageFile("Small page", in: "1234"))
        let links = HTMLElements.elements("a", in: small).filter {
            $0.attributes["class"]?.hasPrefix("wikilink") == true
        }
        #expect(links.map(\.text) == ["Big page", "Topic 7"])
        #expect(links.allSatisfy { $0.attributes["class"] == "wikilink" })
        #expect(site.exists(try site.pageFile("Topic 7", in: "1234")))
    }
}
