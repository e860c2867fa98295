import Foundation
import TemporaryFolders
import Testing

/// End to end: Obsidian block ids through `wikisite build` and `wikisite check`. A link to a
/// block lands on its id, an embed shows the block alone, and `check` tells a missing block
/// (`missing_block`) from a missing heading.
@Suite("Obsidian block ids, end to end")
struct BlockIDCommandTests {
    /// A wiki whose page `Notes` has blocks with ids, and whose page `Links` links to and
    /// embeds them, and to a block and a heading that do not exist.
    static let dump = """
        {"docs":[
        {"_id":"w","_rev":"1-a","type":"wiki","title":"Blocks","markdown":"Start at [[Links]]."},
        {"_id":"w:Notes","_rev":"1-a","type":"page","wiki_id":"w","markdown":"# Notes\\n\\nA quotable line ^quote-1\\n\\n- first\\n- second ^item-2\\n\\n`code ^not-an-id`\\n"},
        {"_id":"w:Links","_rev":"1-a","type":"page","wiki_id":"w","markdown":"See [[Notes#^quote-1]] and [[#^here]].\\n\\nHere ^here\\n\\n![[Notes#^item-2]]\\n\\n[[Notes#^gone]] [[Notes#Gone]] ![[Notes#^lost]]\\n"}
        ]}
        """

    @Test func aBuildGivesBlocksTheirIDsAndLinksLandOnThem() throws {
        let folder = try TemporaryFolder()
        let source = try folder.write(Self.dump, to: "wiki.json")
        let run = try WikisiteCLI.run(["build", "--source", source, "--out", folder.path("site")])
        #expect(run.status == 0, "\(run.standardError)")
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        let notes = try site.html(try site.pageFile("Notes", in: "w"))
        #expect(notes.contains("<p id=\"^quote-1\">A quotable line</p>"))
        #expect(notes.contains("<li id=\"^item-2\">second</li>"))
        #expect(notes.contains("<code>code ^not-an-id</code>"))
        let links = try site.html(try site.pageFile("Links", in: "w"))
        let hrefs = HTMLElements.elements("a", in: links).compactMap { $0.attributes["href"] }
        #expect(hrefs.contains { $0.hasSuffix("#^quote-1") && !$0.hasPrefix("#") })
        #expect(hrefs.contains("#^here"))
        #expect(links.contains("<p id=\"^here\">Here</p>"))
        #expect(links.contains("<ul>\n<li>second</li>\n</ul>\n</div>"))
        #expect(!links.contains("<li>first</li>"))
    }

    @Test func checkReportsMissingBlocksApartFromMissingHeadings() throws {
        let folder = try TemporaryFolder()
        let source = try folder.write(Self.dump, to: "wiki.json")
        let run = try WikisiteCLI.run(["check", "--source", source])
        #expect(run.status == 1)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        let blocks = lines.filter { $0.contains("missing_block") }
        #expect(blocks.count == 2, "\(run.standardOutput)")
        #expect(blocks.contains { $0.contains("^gone") && $0.contains("has no block") })
        #expect(blocks.contains { $0.contains("^lost") })
        #expect(lines.filter { $0.contains("missing_heading") }.count == 1, "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("quote-1"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("item-2"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("^here"), "\(run.standardOutput)")
    }
}
