import Foundation
import TemporaryFolders
import Testing

/// End to end: `wikisite build` is incremental when it can, and says so; `--full`, `--explain`
/// and `--verify`; a killed incremental build is followed by one that converges.
@Suite("wikisite build, incrementally")
struct IncrementalCommandTests {
    /// A wiki of three linked pages, `Beta` saying `text`.
    static func fixture(beta text: String) -> WikiFixture {
        var fixture = WikiFixture()
        fixture.pages = [
            WikiFixture.Page(
                title: "Alpha", markdown: "Links to [[Beta]] and [[Gamma]].", updatedAt: "2024-01-01T00:00:00Z"),
            WikiFixture.Page(title: "Beta", markdown: text, updatedAt: "2024-01-02T00:00:00Z"),
            WikiFixture.Page(title: "Gamma", markdown: "Alone.", updatedAt: "2024-01-03T00:00:00Z"),
        ]
        return fixture
    }

    /// What `--explain` said of the file of page `title` of wiki 1234: `written: page edited`.
    static func explanation(ofPage title: String, in output: String) -> String? {
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count > 2, parts[1].hasPrefix("1234/\(title)~") || parts[1] == "1234/\(title).html:" else {
                continue
            }
            return parts[0] + ": " + line.split(separator: ": ", maxSplits: 1)[1]
        }
        return nil
    }

    /// Two pages whose titles differ only in Unicode form are two pages, in the state as on disk:
    /// the outlines an incremental build reuses must not mix their links.
    @Test func titlesDifferingOnlyInUnicodeFormKeepTheirOwnOutlines() throws {
        let folder = try TemporaryFolder()
        var fixture = WikiFixture()
        fixture.pages = [
            WikiFixture.Page(title: "Caf\u{E9}", markdown: "Composed, links to [[Alpha]]."),
            WikiFixture.Page(title: "Cafe\u{301}", markdown: "Decomposed, links to [[Beta]] and [[Nowhere]]."),
            WikiFixture.Page(title: "Alpha", markdown: "Alpha."),
            WikiFixture.Page(title: "Beta", markdown: "Beta."),
            WikiFixture.Page(title: "Gamma", markdown: "First text."),
        ]
        let dump = try fixture.write(to: folder)
        #expect(try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site")]).status == 0)

        // A page created as well: built from the state, whose rows keep the two titles apart.
        fixture.pages[4].markdown = "Second text."
        fixture.pages.append(WikiFixture.Page(title: "Delta", markdown: "New."))
        _ = try fixture.write(to: folder)
        let second = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site"), "--verify"])
        #expect(second.status == 0, "\(second.standardOutput)\(second.standardError)")
        #expect(second.standardOutput.contains("Incremental build: 2 changed documents since the last build"))
        #expect(second.standardOutput.contains("Verified: the site is byte for byte the same as a clean build."))
    }

    @Test func aSecondBuildWritesOnlyWhatAnEditTouches() throws {
        let folder = try TemporaryFolder()
        let dump = try Self.fixture(beta: "First text.").write(to: folder)
        let first = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site")])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("Full build: there is no build state yet."))
        #expect(!first.standardOutput.contains("compared revision by revision"), "a full build compares nothing")

        _ = try Self.fixture(beta: "Second text, linking to [[Gamma]].").write(to: folder)
        let second = try WikisiteCLI.run([
            "build", "--source", dump, "--out", folder.path("site"), "--explain", "--verify",
        ])
        #expect(second.status == 0, "\(second.standardError)")
        let output = second.standardOutput
        // An edit of a page, the only entry of the dump that changed, read alone with the state
        // (`FastPath`, `DumpLedger`).
        #expect(
            output.contains(
                "Incremental build: 1 changed document since the last build, edits of pages read alone with the build state"
            ))
        #expect(Self.explanation(ofPage: "Beta", in: output) == "written: page edited")
        #expect(Self.explanation(ofPage: "Gamma", in: output) == "written: \"Beta\" now links here")
        #expect(Self.explanation(ofPage: "Alpha", in: output) == nil, "Alpha's links and backlinks did not change")
        #expect(
            output.contains(
                "no sequence; 4 entries compared with the last build's reading: 1 new or changed, 1 of that reading's gone"
            ))
        #expect(output.contains("Verified: the site is byte for byte the same as a clean build."))

        let third = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site"), "--full"])
        #expect(third.standardOutput.contains("Full build: --full was given."))
        #expect(third.standardOutput.contains("Files: 0 written"))
    }

    /// Builds `fixture` in `folder`, changes it with `edit`, and builds again with `--explain`
    /// and `--verify`: what that second build printed, once it succeeded and found its site the
    /// same as a clean build's.
    static func rebuild(
        _ fixture: WikiFixture, in folder: TemporaryFolder, after edit: (inout WikiFixture) -> Void
    ) throws -> String {
        var fixture = fixture
        let dump = try fixture.write(to: folder)
        let first = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site")])
        #expect(first.status == 0, "\(first.standardError)")
        edit(&fixture)
        _ = try fixture.write(to: folder)
        let second = try WikisiteCLI.run([
            "build", "--source", dump, "--out", folder.path("site"), "--explain", "--verify",
        ])
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardOutput.contains("Verified: the site is byte for byte the same as a clean build."))
        return second.standardOutput
    }

    /// The special files of wiki 1234 that `--explain` says were written, by path.
    static func writtenSpecialFiles(in output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count > 1, parts[0] == "written", parts[1].hasPrefix("1234/_special/") else { return nil }
            return String(parts[1].dropLast())
        }
    }

    /// An edit moves an old page to the top of recent changes: the list is the newest 500, so
    /// it rewrites those three files, whatever the wiki's length, and no other list.
    @Test func anEditOfAnOldPageRewritesAtMostTheThreeFilesOfRecentChanges() throws {
        var fixture = WikiFixture()
        fixture.pages = WikiFixture.numberedPages(1_400)
        let output = try Self.rebuild(fixture, in: try TemporaryFolder()) { fixture in
            fixture.pages[5].markdown = "Edited."
            fixture.pages[5].updatedAt = "2021-01-01T00:00:00Z"
        }
        #expect(
            Self.writtenSpecialFiles(in: output) == [
                "1234/_special/recent-changes-2.html", "1234/_special/recent-changes-3.html",
                "1234/_special/recent-changes.html", "1234/_special/statistics.html",
            ], "\(output)")
    }

    /// A page older than every entry of recent changes leaves the list's entries as they were,
    /// but not what it says of the pages it leaves out: its files are written again.
    @Test func aPageOlderThanTheListsChangesWhatTheySayTheyLeaveOut() throws {
        let folder = try TemporaryFolder()
        var fixture = WikiFixture()
        fixture.pages = WikiFixture.numberedPages(510)
        let output = try Self.rebuild(fixture, in: folder) { fixture in
            let old = "2001-01-01T00:00:00Z"
            fixture.pages.append(WikiFixture.Page(title: "Ancient", markdown: "Old.", createdAt: old, updatedAt: old))
        }
        let lists = ["new-pages", "recent-changes"].flatMap { list in
            ["-2", "-3", ""].map { "1234/_special/\(list)\($0).html" }
        }
        // Every file of both lists (a new page changes the count every special page shows).
        #expect(Set(lists).isSubset(of: Self.writtenSpecialFiles(in: output)), "\(output)")
        let recent = try String(contentsOfFile: folder.path("site/1234/_special/recent-changes.html"), encoding: .utf8)
        #expect(recent.contains("; 11 other pages are in all pages."))
    }

    @Test func aWikiWithNoChangedDocumentIsNotAnalysed() throws {
        let folder = try TemporaryFolder()
        var other = WikiFixture()
        other.wikiID = "5678"
        other.title = "Other Wiki"
        other.pages = [WikiFixture.Page(title: "Lonely", markdown: "Links to [[Nowhere]].")]
        func write(beta text: String, title: String = "Fixture Wiki") throws -> String {
            var fixture = Self.fixture(beta: text)
            fixture.title = title
            let documents = fixture.documents + other.documents
            let data = try JSONSerialization.data(withJSONObject: ["docs": documents], options: [.sortedKeys])
            return try folder.write(String(decoding: data, as: UTF8.self), to: "two-wikis.json")
        }
        let dump = try write(beta: "First text.")
        let first = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site")])
        #expect(first.standardOutput.contains(#"warning: "5678": "Nowhere" linked from "Lonely""#))

        // A wiki retitled: the wiki-wide path, which analyses the wikis that changed.
        _ = try write(beta: "First text.", title: "Retitled Wiki")
        let second = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site"), "--verify"])
        #expect(second.status == 0, "\(second.standardError)")
        let output = second.standardOutput
        #expect(output.contains("Incremental build: 1 changed document since the last build."))
        #expect(output.contains("1 wiki with no change not analysed: the warnings of the last build about it stand"))
        #expect(!output.contains(#""Nowhere" linked from"#), "the unchanged wiki's warnings are not worked out again")
        #expect(output.contains("\"5678\" \"Other Wiki\": 1 page → 5678/index.html"))
        #expect(output.contains("Verified: the site is byte for byte the same as a clean build."))
    }

    @Test func aDeletedPageIsRemovedAndItsLinksTurnMissing() throws {
        let folder = try TemporaryFolder()
        var fixture = Self.fixture(beta: "Text.")
        let dump = try fixture.write(to: folder)
        try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site")])
        fixture.pages.removeAll { $0.title == "Gamma" }
        _ = try fixture.write(to: folder)
        let result = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site"), "--explain"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Self.explanation(ofPage: "Gamma", in: result.standardOutput) == "removed: page deleted or unpublished")
        #expect(
            Self.explanation(ofPage: "Alpha", in: result.standardOutput)
                == "written: links to \"Gamma\", which no longer exists")
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        #expect(try site.html(try site.pageFile("Alpha", in: "1234")).contains("class=\"wikilink missing\""))
    }

    @Test(arguments: [0.02, 0.1, 0.25, 0.5])
    func aKilledIncrementalBuildIsFollowedByOneThatConverges(afterSeconds delay: Double) throws {
        let folder = try TemporaryFolder()
        let old = try folder.write(FaultTests.generatedDump(pageCount: 1500, edition: 1), to: "old.json")
        let new = try folder.write(FaultTests.generatedDump(pageCount: 1500, edition: 2), to: "new.json")
        try folder.write(try String(contentsOfFile: old, encoding: .utf8), to: "dump.json")
        let dump = folder.path("dump.json")
        try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site")])
        try folder.write(try String(contentsOfFile: new, encoding: .utf8), to: "dump.json")

        try WikisiteCLI.runKilled(["build", "--source", dump, "--out", folder.path("site")], afterSeconds: delay)

        try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("clean"), "--state", folder.path("s2")])
        let again = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site")])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try folder.snapshot("site") == folder.snapshot("clean"))
        // Once converged, the next build finds every entry of the dump as the last one read it.
        let settled = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site")])
        #expect(settled.standardOutput.contains("Incremental build: no source changed since the last build read it"))
        #expect(settled.standardOutput.contains("Files: 0 written, 0 unchanged, 0 removed"))
    }
}
