import Foundation
import TemporaryFolders
import Testing

/// End to end: raw HTML in a built site, through the real CLI. Without `raw_html`, a page keeps
/// each harmless tag a writer uses and nothing that runs; with it, everything as written.
@Suite("raw HTML in a site")
struct RawHTMLSiteTests {
    static let markdown = """
        # Shortcuts

        Press <kbd>Ctrl</kbd>+<kbd>C</kbd>. H<sub>2</sub>O and x<sup>2</sup>, <mark>hot</mark> and <small>fine</small>,
        <abbr title="Couch Replication Protocol" onclick="steal()">CRP</abbr>, <ins>added</ins> <del>gone</del>,
        <span class="badge" style="position:fixed">new</span>, one<br>two<br/>three</br>four.

        <details open>
        <summary>Why it waits</summary>

        A *Markdown* paragraph, folded.

        </details>

        <div class="note" id="takeover">
        <img src="https://example.com/logo.png" alt="Logo" width="64" height="32" onerror="steal()">
        <img src="java&#x09;script:steal()" alt="Hidden"> <IMG SRC=JaVaScRiPt:steal()>
        <script>steal()</script><style>body { display: none }</style><a href="https://evil.example">bait</a>
        </div>

        <details>
        <summary>Never closed</summary>

        The end of the page closes it.
        """

    static func build(rawHTML: Bool) throws -> String {
        let folder = try TemporaryFolder()
        var fixture = WikiFixture()
        fixture.pages = [WikiFixture.Page(title: "Shortcuts", markdown: markdown)]
        let dump = try fixture.write(to: folder)
        try folder.write("[wikis.\"1234\"]\nraw_html = \(rawHTML)\n", to: "wikisite.toml")
        let run = try WikisiteCLI.run(
            ["build", "--config", folder.path("wikisite.toml"), "--source", dump, "--out", folder.path("site")])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        return try site.html(try site.pageFile("Shortcuts", in: "1234"))
    }

    @Test func aPageKeepsEveryHarmlessTagAndNothingThatRuns() throws {
        let page = try Self.build(rawHTML: false)
        let elements = HTMLElements.parse(page)
        #expect(HTMLElements.elements("kbd", in: page).map(\.text) == ["Ctrl", "C"])
        for (name, text) in [("sub", "2"), ("mark", "hot"), ("small", "fine"), ("ins", "added"), ("del", "gone")] {
            #expect(HTMLElements.elements(name, in: page).map(\.text) == [text], "\(name)")
        }
        #expect(page.contains("x<sup>2</sup>"))
        #expect(page.contains("one<br />two<br />three<br />four."))
        let abbr = try #require(HTMLElements.elements("abbr", in: page).first)
        #expect(abbr.attributes == ["title": "Couch Replication Protocol"] && abbr.text == "CRP")
        #expect(elements.contains { $0.name == "span" && $0.attributes == ["class": "badge"] })
        #expect(
            page.contains(
                "<details open=\"\">\n<summary>Why it waits</summary>\n<p>A <em>Markdown</em> paragraph, folded.</p>\n</details>"
            ))
        #expect(
            page.contains(
                "<div class=\"note\">\n<img src=\"https://example.com/logo.png\" alt=\"Logo\" width=\"64\" height=\"32\" />"
            ))
        #expect(page.contains("<img alt=\"Hidden\" /> <img alt=\"\" />\nbait\n</div>"))
        #expect(page.contains("<p>The end of the page closes it.</p>\n</details>"))
        for written in ["steal()", "onerror", "onclick", "position:fixed", "takeover", "evil.example", "display: none"]
        {
            #expect(!page.contains(written), "\(written) reached the page")
        }
    }

    @Test func rawHTMLOnKeepsEverythingAsWritten() throws {
        let page = try Self.build(rawHTML: true)
        #expect(page.contains("<abbr title=\"Couch Replication Protocol\" onclick=\"steal()\">CRP</abbr>"))
        #expect(page.contains("<script>steal()</script>"))
    }
}
