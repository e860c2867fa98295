import Foundation
import TemporaryFolders
import Testing

/// End to end, through the real CLI: front matter `aliases` give a page other titles; a link to
/// one is an existing link to the alias's own file, where a redirect to the page is written; an
/// alias that collides is a `check` finding and the page wins; a draft's aliases are nowhere.
@Suite("aliases")
struct AliasSiteTests {
    static var fixture: WikiFixture {
        var fixture = WikiFixture()
        fixture.pages = [
            WikiFixture.Page(
                title: "Sync", markdown: "---\naliases: [synchronization, \"sync & <co>\"]\n---\n# Setup\nSYNC-BODY\n"),
            WikiFixture.Page(title: "Alpha", markdown: "ALPHA-BODY\n"),
            WikiFixture.Page(title: "Beta", markdown: "---\nalias: Alpha, shared\n---\nBETA-BODY\n"),
            WikiFixture.Page(title: "Gamma", markdown: "---\naliases: [shared]\n---\nGAMMA-BODY\n"),
            WikiFixture.Page(title: "Embedder", markdown: "![[synchronization]]\n"),
            WikiFixture.Page(title: "Plans", markdown: "---\ndraft: true\naliases: [secret-alias]\n---\nDRAFT\n"),
            WikiFixture.Page(
                title: "Home",
                markdown: "[[synchronization]], [[synchronization#Setup|set up]], [[shared]], [[secret-alias]]\n"),
        ]
        return fixture
    }

    static func build(_ fixture: WikiFixture, in folder: TemporaryFolder) throws -> (SiteFiles, String) {
        let dump = try fixture.write(to: folder)
        let run = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site")])
        #expect(run.status == 0, "\(run.standardError)")
        return (SiteFiles(root: folder.url.appendingPathComponent("site")), run.standardOutput)
    }

    @Test func aLinkToAnAliasIsAnExistingLinkToItsOwnFileWhichRedirectsToThePage() throws {
        let folder = try TemporaryFolder()
        let (site, output) = try Self.build(Self.fixture, in: folder)
        let homeFile = try site.pageFile("Home", in: "1234")
        let links = HTMLElements.elements("a", in: try site.html(homeFile))
        let alias = try #require(links.first { $0.text == "synchronization" })
        #expect(alias.attributes["class"] == "wikilink")
        #expect(alias.attributes["href"] == "synchronization.html")
        let heading = try #require(links.first { $0.text == "set up" })
        #expect(heading.attributes["href"] == "synchronization.html#setup")
        #expect(heading.attributes["class"] == "wikilink")

        let syncFile = try site.pageFile("Sync", in: "1234")
        let syncHref = try #require(syncFile.split(separator: "/").last.map(String.init))
        let redirect = try site.html("1234/synchronization.html")
        #expect(redirect.contains("<noscript><meta http-equiv=\"refresh\" content=\"0; url=\(syncHref)\"></noscript>"))
        #expect(redirect.contains("<link rel=\"canonical\" href=\"\(syncHref)\">"))
        let visible = try #require(HTMLElements.elements("a", in: redirect).first)
        #expect(visible.text == "Sync" && visible.attributes["href"] == syncHref)
        // One script, the same in every redirect, carries a link's heading on to the page.
        let scripts = redirect.components(separatedBy: "<script").count - 1
        #expect(scripts == 1 && redirect.contains("location.hash"))
        // A language, as axe-core asks of every page.
        #expect(redirect.contains("<html lang=\"en\">"))
        // Everything from the documents is escaped in the redirect.
        let files = FileManager.default.subpaths(atPath: site.root.appendingPathComponent("1234").path) ?? []
        let escaped = try files.filter { $0.hasPrefix("sync") }.map { try site.html("1234/" + $0) }
        #expect(escaped.contains { $0.contains("<title>sync &amp; &lt;co&gt;</title>") }, "\(files)")
        // Not a missing link anywhere: neither in the wanted pages nor in the build's warnings.
        let wanted = try site.html("1234/_special/wanted-pages.html")
        #expect(!wanted.contains("synchronization"))
        #expect(!output.contains("\"synchronization\""), "\(output)")
    }

    @Test func anAliasThatAPageOrAnEarlierPageHoldsIsACollisionAndThePageWins() throws {
        let folder = try TemporaryFolder()
        let (site, _) = try Self.build(Self.fixture, in: folder)
        #expect(try site.html(try site.pageFile("Alpha", in: "1234")).contains("ALPHA-BODY"))
        let shared = try site.html("1234/shared.html")
        let target = try #require(HTMLElements.elements("a", in: shared).first)
        #expect(target.text == "Beta")

        let dump = try Self.fixture.write(to: folder)
        let run = try WikisiteCLI.run(["check", "--source", dump, "--format", "json"])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let findings = (report["findings"] as? [[String: Any]] ?? []).filter {
            $0["category"] as? String == "alias_collision"
        }
        #expect(findings.map { $0["document"] as? String } == ["1234:Beta", "1234:Gamma"])
        #expect(findings.map { $0["titles"] as? [String] ?? [] } == [["Beta", "Alpha"], ["Gamma", "Beta"]])
        #expect(findings.allSatisfy { $0["level"] as? String == "warning" })
        let missing = (report["findings"] as? [[String: Any]] ?? []).filter {
            $0["category"] as? String == "missing_page"
        }
        // The draft's alias is missing, and an embed does not go through an alias.
        #expect(
            Set(missing.map { ($0["target"] as? [String: Any])?["page"] as? String }) == [
                "secret-alias", "synchronization",
            ])
        #expect(missing.contains { ($0["message"] as? String)?.contains("an embed does not go through") == true })
    }

    @Test func aPageLinkingToAnAliasIsABacklinkOfThePageItLeadsToSoThatPageIsNoOrphan() throws {
        let folder = try TemporaryFolder()
        let (site, _) = try Self.build(Self.fixture, in: folder)
        let sync = try site.html(try site.pageFile("Sync", in: "1234"))
        #expect(HTMLElements.links(inListsOfClass: "backlink-list", sync) == ["Embedder", "Home"])
        // "shared" leads to Beta, which wins it over Gamma: Gamma has no backlink through it.
        let beta = try site.html(try site.pageFile("Beta", in: "1234"))
        #expect(HTMLElements.links(inListsOfClass: "backlink-list", beta) == ["Home"])
        let orphans = HTMLElements.links(
            inListsOfClass: "page-list", try site.html("1234/_special/orphaned-pages.html"))
        #expect(!orphans.contains("Sync") && !orphans.contains("Beta"), "\(orphans)")
        #expect(orphans.contains("Gamma"), "\(orphans)")
    }

    @Test func checkFindsAMissingHeadingThroughAnAliasAsThroughTheTitle() throws {
        var fixture = WikiFixture()
        fixture.pages = [
            WikiFixture.Page(title: "Sync", markdown: "---\naliases: [synchronization]\n---\n# Setup\n"),
            WikiFixture.Page(title: "Home", markdown: "[[synchronization#Setup]] [[synchronization#Teardown]]\n"),
        ]
        let folder = try TemporaryFolder()
        let run = try WikisiteCLI.run(["check", "--source", try fixture.write(to: folder), "--format", "json"])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let findings = (report["findings"] as? [[String: Any]] ?? []).filter {
            $0["category"] as? String == "missing_heading"
        }
        #expect(findings.count == 1, "\(run.standardOutput)")
        #expect((findings.first?["message"] as? String)?.contains("page \"Sync\" has no heading \"Teardown\"") == true)
    }

    @Test func aDraftsAliasesAreNotPublished() throws {
        let folder = try TemporaryFolder()
        let (site, _) = try Self.build(Self.fixture, in: folder)
        #expect(!site.exists("1234/secret-alias.html"))
        let home = try site.html(try site.pageFile("Home", in: "1234"))
        let link = try #require(HTMLElements.elements("a", in: home).first { $0.text == "secret-alias" })
        #expect(link.attributes["class"] == "wikilink missing")
        for file in FileManager.default.subpaths(atPath: site.root.path) ?? [] where !file.hasPrefix(".") {
            let text = (try? String(contentsOf: site.root.appendingPathComponent(file), encoding: .utf8)) ?? ""
            #expect(!text.contains("DRAFT") && !text.contains("Plans"), "\(file) leaks the draft")
        }
    }

    @Test func hostileAliasesMakeSafeFilesInsideTheWikisFolder() throws {
        let folder = try TemporaryFolder()
        var fixture = WikiFixture()
        let long = String(repeating: "x", count: 10_000)
        let hostile = [
            "../../escape", "\"><script>alert(1)</script>", "javascript:alert(1)", long, "..", "/etc/passwd",
        ]
        let list = hostile.map { "  - '" + $0.replacingOccurrences(of: "'", with: "''") + "'" }.joined(separator: "\n")
        fixture.pages = [
            WikiFixture.Page(title: "Target", markdown: "---\naliases:\n\(list)\n---\nBody\n"),
            WikiFixture.Page(title: "Home", markdown: hostile.map { "[[\($0)]]" }.joined(separator: " ")),
        ]
        let (site, _) = try Self.build(fixture, in: folder)
        let files = (FileManager.default.subpaths(atPath: site.root.path) ?? []).filter { $0.hasPrefix("1234/") }
        #expect(!FileManager.default.fileExists(atPath: folder.path("escape")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("escape.html")))
        let home = try site.html(try site.pageFile("Home", in: "1234"))
        for link in HTMLElements.elements("a", in: home) where link.attributes["class"]?.hasPrefix("wikilink") == true {
            #expect(link.attributes["class"] == "wikilink")
            let href = try #require(link.attributes["href"])
            #expect(!href.contains("/") && !href.contains(":") && href.utf8.count < 255)
            let file = "1234/" + (href.removingPercentEncoding ?? href)
            #expect(files.contains(file), "\(href)")
            let redirect = try site.html(file)
            // The redirect's own script alone: nothing of the alias runs.
            #expect(redirect.components(separatedBy: "<script").count == 2 && !redirect.contains("alert(1)</script>"))
            #expect(!redirect.contains("javascript:alert(1)\""))
            #expect(redirect.contains("url=Target.html") || redirect.contains("url=Target~"))
        }
    }

    @Test func addingAndRemovingAnAliasRewritesItsLinkersAndRedirectAsACleanBuildWould() throws {
        let folder = try TemporaryFolder()
        var fixture = WikiFixture()
        fixture.pages = [
            WikiFixture.Page(title: "Target", markdown: "---\naliases: [old]\n---\nBody\n"),
            WikiFixture.Page(title: "Linker", markdown: "[[new]] and [[old]]\n"),
            WikiFixture.Page(title: "Bystander", markdown: "[[Target]]\n"),
        ]
        let output = try IncrementalCommandTests.rebuild(fixture, in: folder) { fixture in
            fixture.pages[0].markdown = "---\naliases: [new]\n---\nBody\n"
        }
        #expect(output.contains("written   1234/new.html: an alias of \"Target\""), "\(output)")
        #expect(output.contains("removed   1234/old.html: no longer an alias with a redirect"), "\(output)")
        #expect(IncrementalCommandTests.explanation(ofPage: "Linker", in: output)?.contains("which now exists") == true)
        #expect(IncrementalCommandTests.explanation(ofPage: "Bystander", in: output) == nil)
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        #expect(!site.exists("1234/old.html") && site.exists("1234/new.html"))

        let taken = try IncrementalCommandTests.rebuild(fixture, in: try TemporaryFolder()) { fixture in
            fixture.pages.append(WikiFixture.Page(title: "old", markdown: "A page where the alias was\n"))
        }
        #expect(taken.contains("written   1234/old.html: page created"), "\(taken)")
    }
}
