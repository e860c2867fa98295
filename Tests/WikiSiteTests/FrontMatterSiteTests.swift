import Foundation
import TemporaryFolders
import Testing

/// End to end: YAML front matter at the top of a page document's `markdown`, through the real
/// CLI: read, never shown as text; its title shown as the heading while the `_id` names the page;
/// its draft a draft; YAML that cannot be read shown as code with a warning and a finding.
@Suite("front matter")
struct FrontMatterSiteTests {
    static func dump(in folder: TemporaryFolder) throws -> String {
        var fixture = WikiFixture()
        fixture.pages = [
            WikiFixture.Page(
                title: "Sync", markdown: "---\ntitle: Syncing <explained>\ntags: [sync]\n---\nSYNC-BODY [[Plans]]\n"),
            WikiFixture.Page(title: "Plans", markdown: "---\ndraft: true\n---\nDRAFT-SECRET\n"),
            WikiFixture.Page(title: "Broken", markdown: "---\ntitle: [unclosed\n---\nBROKEN-BODY\n"),
            WikiFixture.Page(title: "Home", markdown: "See [[Sync]] and [[Broken]].\n\n---\ntitle: x\n---\n"),
        ]
        return try fixture.write(to: folder)
    }

    @Test func frontMatterIsReadAndNeverShown() throws {
        let folder = try TemporaryFolder()
        let dump = try Self.dump(in: folder)
        let run = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site")])
        #expect(run.status == 0, "\(run.standardError)")
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))

        let sync = try site.html(try site.pageFile("Sync", in: "1234"))
        #expect(sync.contains("SYNC-BODY"))
        #expect(!sync.contains("tags:") && !sync.contains("[sync]"))
        let heading = try #require(HTMLElements.elements("h1", in: sync).first)
        #expect(heading.text == "Syncing <explained>")
        #expect(sync.contains("Syncing &lt;explained&gt;"))
        // The _id still names the page: the lists show its title, and links reach it by it.
        let home = try site.html(try site.pageFile("Home", in: "1234"))
        let link = try #require(HTMLElements.elements("a", in: home).first { $0.text == "Sync" })
        #expect(link.attributes["class"] == "wikilink")
        // Only the top of a text is front matter: later, `---` is a rule and a setext heading.
        #expect(home.contains("<hr"))

        // A draft by its front matter is not published, and a link to it is a missing one.
        let plans = try #require(HTMLElements.elements("a", in: sync).first { $0.text == "Plans" })
        #expect(plans.attributes["class"] == "wikilink missing")
        for file in FileManager.default.subpaths(atPath: site.root.path) ?? [] where !file.hasPrefix(".") {
            let text = (try? String(contentsOf: site.root.appendingPathComponent(file), encoding: .utf8)) ?? ""
            #expect(!text.contains("DRAFT-SECRET"), "\(file) leaks the draft")
        }

        // YAML that cannot be read: a warning naming the page and the line, and the page shows it as code.
        #expect(run.standardOutput.contains("\"1234:Broken\": markdown line"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("(shown as a code block)"))
        let broken = try site.html(try site.pageFile("Broken", in: "1234"))
        #expect(broken.contains("<code class=\"language-yaml\">---\ntitle: [unclosed\n---\n</code>"))
        #expect(broken.contains("BROKEN-BODY"))
    }

    @Test func checkReportsFrontMatterThatCannotBeRead() throws {
        let folder = try TemporaryFolder()
        let dump = try Self.dump(in: folder)
        let run = try WikisiteCLI.run(["check", "--source", dump, "--format", "json"])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("\"category\": \"invalid_front_matter\""), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("\"document\": \"1234:Broken\""))
    }
}
