import Foundation
import TemporaryFolders
import Testing

/// End to end: footnotes in a built site, through the real CLI: a page's own notes, and the
/// notes of a page it embeds, shown inside the embed with ids of their own.
@Suite("footnotes")
struct FootnoteSiteTests {
    @Test func embeddedNotesStayInTheEmbedAndRepeatNoIdOfThePage() throws {
        let folder = try TemporaryFolder()
        var fixture = WikiFixture()
        fixture.pages = [
            WikiFixture.Page(
                title: "Host",
                markdown: "HOST-TEXT[^1]\n\n![[Cited]]\n\n![[Cited#Part]]\n\n[^1]: HOST-NOTE\n"),
            WikiFixture.Page(
                title: "Cited",
                markdown: "# Cited\n\nCITED-TEXT[^1]\n\n## Part\n\nPART-TEXT[^p]\n\n[^1]: CITED-NOTE\n[^p]: PART-NOTE\n"
            ),
        ]
        let dump = try fixture.write(to: folder)
        let run = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site")])
        #expect(run.status == 0, "\(run.standardError)")
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        let host = try site.html(try site.pageFile("Host", in: "1234"))

        let sections = HTMLElements.parse(host).filter { $0.name == "section" && $0.attributes["class"] == "footnotes" }
        #expect(sections.count == 3, "the page's notes, and one section in each embed")
        let ids = HTMLElements.parse(host).compactMap { $0.attributes["id"] }
        #expect(Set(ids).count == ids.count, "\(ids)")
        for id in ["fn-1", "fnref-1", "embed1-fn-1", "embed1-fnref-1", "embed2-fn-p"] {
            #expect(ids.contains(id), "\(id)")
        }
        // Every footnote link lands on an id of the same file.
        let hrefs = HTMLElements.elements("a", in: host).compactMap { $0.attributes["href"] }.filter {
            $0.hasPrefix("#")
        }
        #expect(!hrefs.isEmpty)
        for href in hrefs { #expect(ids.contains(String(href.dropFirst())), "\(href)") }
        // The host's note is last, after the embeds.
        let hostNote = try #require(host.range(of: "HOST-NOTE"))
        for text in ["CITED-NOTE", "PART-NOTE"] {
            #expect(try #require(host.range(of: text)).lowerBound < hostNote.lowerBound, "\(text)")
        }

        let cited = try site.html(try site.pageFile("Cited", in: "1234"))
        #expect(cited.contains("<li id=\"fn-1\">") && cited.contains("<li id=\"fn-p\">"))
    }
}
