import Foundation
import TemporaryFolders
import Testing
import WikiModel

/// End to end: the Obsidian vault of `Tests/Vault/`, built as a folder of Markdown. Each of its
/// wikilinks carries a comment naming the note Obsidian opens for it; every link of the built
/// site is checked against its comment.
@Suite struct VaultSiteTests {
    static let vault = WikisiteCLI.repositoryRoot.appendingPathComponent("Tests/Vault").path

    /// A link of the vault and the note its comment names (nil: `missing`; `outside` for a link
    /// out of the vault): a wikilink, or a Markdown link with its label.
    struct AnnotatedLink: CustomStringConvertible {
        let note: String
        let line: Int
        let written: String
        /// The label of a Markdown link; nil for a wikilink.
        let label: String?
        let target: String?

        var description: String { "\(note):\(line) \(written)" }
    }

    /// The annotated links of every note, by note title (its path without `.md`; "" for the home).
    static func annotatedLinks() throws -> [String: [AnnotatedLink]] {
        var links: [String: [AnnotatedLink]] = [:]
        let files = FileManager.default.enumerator(atPath: vault)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".md") {
            let note = file == "index.md" ? "" : String(file.dropLast(3))
            let text = try String(contentsOfFile: vault + "/" + file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let comment = line.firstMatch(of: /%% → (.+?) %%/) else { continue }
                let target = String(comment.1)
                let wikilink = line.firstMatch(of: /\[\[([^\]]+)\]\]/)
                let markdownLink = line.firstMatch(of: /\[([^\]]+)\]\(([^)]+)\)/)
                guard let written = wikilink?.0 ?? markdownLink?.0 else { continue }
                links[note, default: []].append(
                    AnnotatedLink(
                        note: note, line: number + 1, written: String(written),
                        label: wikilink == nil ? markdownLink.map { String($0.1) } : nil,
                        target: target == "missing" ? nil : target))
            }
        }
        return links
    }

    /// Builds the vault as wiki `vault` into `site` of a new temporary folder.
    static func build() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let run = try WikisiteCLI.run(["build", "--source", vault, "--out", folder.path("site"), "--wiki-id", "vault"])
        #expect(run.status == 0, "\(run.standardError)")
        return folder
    }

    /// The file of note `note` in the site.
    static func file(of note: String) -> String {
        "site/vault/" + (note.isEmpty ? "index.html" : SitePaths.pageFile(PageTitle(note)!))
    }

    @Test func everyLinkLeadsToTheNoteObsidianOpens() throws {
        let folder = try Self.build()
        let annotated = try Self.annotatedLinks()
        #expect(annotated.values.map(\.count).reduce(0, +) >= 20)
        for (note, expected) in annotated {
            let html = try folder.read(Self.file(of: note))
            let anchors = HTMLElements.parse(html).filter { $0.name == "a" }
            let wikilinks = anchors.filter { ($0.attributes["class"] ?? "").hasPrefix("wikilink") }
            let expectedWikilinks = expected.filter { $0.label == nil }
            #expect(wikilinks.count >= expectedWikilinks.count, "\(note)")
            for expectation in expected where expectation.label != nil {
                let link = try #require(anchors.first { $0.text == expectation.label }, "\(expectation)")
                let href = link.attributes["href"] ?? ""
                if expectation.target == "outside" {
                    #expect(expectation.written.hasSuffix("(\(href))"), "\(expectation) leads to \(href)")
                } else {
                    let file = href.split(separator: "#").first.map(String.init)?.removingPercentEncoding ?? ""
                    let title =
                        expectation.target
                        ?? expectation.written.firstMatch(of: /\(([^)]+)\.md\)/).map {
                            "guide/" + String($0.1)
                        }
                    #expect(file == title.map { SitePaths.pageFile(PageTitle($0)!) }, "\(expectation) leads to \(href)")
                }
            }
            for (link, expectation) in zip(wikilinks, expectedWikilinks) {
                let href = link.attributes["href"] ?? ""
                let file = href.split(separator: "#").first.map(String.init)?.removingPercentEncoding ?? ""
                if let target = expectation.target {
                    #expect(file == SitePaths.pageFile(PageTitle(target)!), "\(expectation) leads to \(href)")
                    #expect(link.attributes["class"] == "wikilink", "\(expectation) is shown as missing")
                } else {
                    #expect(link.attributes["class"] == "wikilink missing", "\(expectation) is not shown as missing")
                }
            }
        }
    }

    @Test func notesOfTheSameNameInTwoFoldersHaveTwoFilesTitledByTheirName() throws {
        let folder = try Self.build()
        let guide = try folder.read(Self.file(of: "guide/Install"))
        let admin = try folder.read(Self.file(of: "admin/Install"))
        #expect(guide.contains("Install the guide"))
        #expect(!guide.contains("Install the administrator"))
        #expect(admin.contains("Install the administrator"))
        for html in [guide, admin] {
            #expect(HTMLElements.elements("h1", in: html).map(\.text) == ["Install"])
        }
    }

    /// A copy of the vault in a new folder, with `reference/Install.md` when `withNearerNote`,
    /// built; then `change` made to it and an incremental build run with `--explain --verify`.
    /// Returns the folder and that build's lines, once it was checked that the fast path built
    /// it, equal to a clean build, with `[[Install]]` of `reference/Overview` relinked and leading
    /// to `target`.
    private static func relinkOverview(
        withNearerNote: Bool, change: (TemporaryFolder) throws -> Void, target: String
    ) throws -> [String] {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: Self.vault, toPath: folder.path("vault"))
        if withNearerNote { _ = try folder.write(nearerInstall, to: "vault/reference/Install.md") }
        let build = ["build", "--source", folder.path("vault"), "--out", folder.path("site"), "--wiki-id", "vault"]
        #expect(try WikisiteCLI.run(build).status == 0)
        try change(folder)
        let run = try WikisiteCLI.run(build + ["--explain", "--verify"])
        #expect(run.status == 0, "\(run.standardError)")
        let overview = SitePaths.pageFile(PageTitle("reference/Overview")!)
        let explained = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(explained.contains("written   vault/\(overview): a link of the page names another page now"))
        #expect(run.standardOutput.contains("edits of pages read alone with the build state"))
        #expect(run.standardOutput.contains("Verified: the site is byte for byte the same as a clean build."))
        let links = HTMLElements.parse(try folder.read("site/vault/" + overview)).filter {
            $0.attributes["class"] == "wikilink"
        }
        #expect(links.first?.attributes["href"]?.removingPercentEncoding == SitePaths.pageFile(PageTitle(target)!))
        return explained
    }

    /// The note nearer `reference/Overview` than `admin/Install`, of the same name.
    private static let nearerInstall = "# Install\n\nThe reference's way.\n"

    @Test func aDeletedNoteGivesItsShortLinksBackToTheOtherNoteOfItsName() throws {
        _ = try Self.relinkOverview(
            withNearerNote: true,
            change: { try FileManager.default.removeItem(atPath: $0.path("vault/reference/Install.md")) },
            target: "admin/Install")
    }

    @Test func aNewNoteNearerAShortLinkRendersTheLinkingPageAndBothTargetsAgain() throws {
        let explained = try Self.relinkOverview(
            withNearerNote: false,
            change: { _ = try $0.write(Self.nearerInstall, to: "vault/reference/Install.md") },
            target: "reference/Install")
        #expect(
            explained.contains(
                "written   vault/\(SitePaths.pageFile(PageTitle("admin/Install")!)): "
                    + "\"reference/Overview\" no longer links here"))
        #expect(!explained.contains { $0.contains(SitePaths.pageFile(PageTitle("guide/Install")!)) })
    }

    @Test func checkReportsTheAmbiguousLinksAndOnlyTheMissingOnes() throws {
        let run = try WikisiteCLI.run(["check", "--source", Self.vault, "--wiki-id", "vault", "--format", "json"])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        func places(_ category: String) -> [String] {
            findings.filter { $0["category"] as? String == category }.map {
                "\($0["page"] as? String ?? ""):\($0["line"] as? Int ?? 0)"
            }.sorted()
        }
        #expect(
            places("missing_page") == ["guide/Getting Started:19", "guide/Getting Started:20", "guide/Links:10"])
        #expect(places("missing_file") == [":7", "media/Gallery:23"])
        #expect(places("missing_attachment") == ["media/Gallery:19"])
        #expect(places("ambiguous_link").contains("reference/Overview:3"))
        #expect(places("ambiguous_link").contains("guide/Getting Started:3"))
        #expect(!places("ambiguous_link").contains("guide/Getting Started:5"))
    }
}
