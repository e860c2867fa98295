import Foundation
import Testing

/// End to end: an edit of a page that changes no link, read from a store, is built from the
/// store's changes and the build state alone (`PageEditBuild`), and its site is a clean build's;
/// any other change goes through the build proper.
@Suite("a build of edits reads the changes alone")
struct PageEditBuildTests {
    /// A wiki of three pages: Alpha and Beta link to each other, Beta to a missing page.
    static let database = """
        {"docs":[
        {"_id":"w","_rev":"1-a","type":"wiki","title":"Edits","owner_id":"ann","markdown":"Start at [[Alpha]]."},
        {"_id":"w:Alpha","_rev":"1-a","type":"page","wiki_id":"w","markdown":"# Alpha\\n\\nSee [[Beta]].",
         "created_at":"2024-01-01T00:00:00Z","updated_at":"2024-01-02T00:00:00Z","updated_by":"ann"},
        {"_id":"w:Beta","_rev":"1-a","type":"page","wiki_id":"w","markdown":"Back to [[Alpha]], on to [[Gone]].",
         "created_at":"2024-01-01T00:00:00Z","updated_at":"2024-01-03T00:00:00Z","updated_by":"bob"},
        {"_id":"w:Gamma","_rev":"1-a","type":"page","wiki_id":"w","markdown":"## Alone\\n\\nNothing links here.",
         "created_at":"2024-01-01T00:00:00Z","updated_at":"2024-01-04T00:00:00Z"}
        ]}
        """

    /// Alpha saved again as revision `generation` over the one before, with `markdown`.
    static func alpha(_ generation: Int, markdown: String, by user: String) -> String {
        """
        {"docs":[{"_id":"w:Alpha","_rev":"\(generation)-b","_revisions":{"start":\(generation),"ids":["b","a"]},
        "type":"page","wiki_id":"w","markdown":"\(markdown)","created_at":"2024-01-01T00:00:00Z",
        "updated_at":"2024-02-0\(generation)T00:00:00Z","updated_by":"\(user)"}]}
        """
    }

    /// Runs `wikisite` in `folder` and expects it to succeed.
    @discardableResult
    func succeed(_ arguments: [String], in folder: TemporaryFolder) throws -> WikisiteCLI.Result {
        let run = try WikisiteCLI.run(arguments, in: folder.url)
        #expect(run.status == 0, "wikisite \(arguments.joined(separator: " ")): \(run.standardError)")
        return run
    }

    /// Imports `dump` into the store of `folder`, then builds it incrementally, explained and
    /// verified against a clean build.
    func importAndBuild(_ dump: String, in folder: TemporaryFolder) throws -> String {
        try folder.write(dump, to: "change.json")
        try succeed(["import", "change.json", "--store", "store.sqlite"], in: folder)
        let run = try succeed(
            ["build", "--source", "store.sqlite", "--out", "site", "--explain", "--verify"], in: folder)
        #expect(run.standardOutput.contains("Verified: the site is byte for byte the same as a clean build."))
        return run.standardOutput
    }

    @Test func anEditThatKeepsItsLinksIsReadAloneAndBuildsWhatACleanBuildBuilds() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.database, to: "wiki.json")
        try succeed(["import", "wiki.json", "--store", "store.sqlite"], in: folder)
        try succeed(["build", "--source", "store.sqlite", "--out", "site"], in: folder)

        let output = try importAndBuild(
            Self.alpha(2, markdown: "# Alpha\\n\\nSee [[Beta]], now with more words.", by: "cy"), in: folder)
        #expect(output.contains("from 1 changed document and the build state"))
        #expect(output.contains("edits of pages that change no link, read alone with the build state"))
        let written = output.split(separator: "\n").filter { $0.hasPrefix("written") }.map {
            String($0.split(separator: " ", omittingEmptySubsequences: true)[1].dropLast())
        }
        // Page files carry a suffix made from the title (`SitePaths`).
        #expect(written.count == 4 && written[0].hasPrefix("w/Alpha~"))
        #expect(
            written.dropFirst() == ["w/_special/recent-changes.html", "w/_special/statistics.html", "w/index.html"])
        let statistics = try String(contentsOf: folder.url.appendingPathComponent("site/w/_special/statistics.html"))
        #expect(statistics.contains("cy"))
        #expect(!statistics.contains("ann</"))
    }

    @Test func anEditThatAddsALinkGoesThroughTheBuildProper() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.database, to: "wiki.json")
        try succeed(["import", "wiki.json", "--store", "store.sqlite"], in: folder)
        try succeed(["build", "--source", "store.sqlite", "--out", "site"], in: folder)

        let output = try importAndBuild(
            Self.alpha(2, markdown: "# Alpha\\n\\nSee [[Beta]] and [[Gamma]].", by: "ann"), in: folder)
        #expect(!output.contains("read alone with the build state"))
        // Gamma's backlinks changed: the build proper found it.
        #expect(output.contains(#".html: "Alpha" now links here"#) && output.contains("written   w/Gamma~"))
    }
}
