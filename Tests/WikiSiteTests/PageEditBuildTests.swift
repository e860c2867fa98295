import Foundation
import SplitMix64
import Testing
import WikiSite
import WikiSources
import WikiStore

/// End to end: edits of published pages read from a store are built from the store's changes and
/// the build state alone (`PageEditBuild`), and their site is a clean build's; a change that
/// changes the wanted or orphaned pages goes through the build proper.
@Suite("a build of edits reads the changes alone")
struct PageEditBuildTests {
    /// A wiki of four pages: Alpha and Beta link to each other, Beta to a missing page, Gamma to
    /// Beta, Delta (which nothing links to) to Gamma.
    static let database = """
        {"docs":[
        {"_id":"w","_rev":"1-a","type":"wiki","title":"Edits","owner_id":"ann","markdown":"Start at [[Alpha]]."},
        {"_id":"w:Alpha","_rev":"1-a","type":"page","wiki_id":"w","markdown":"# Alpha\\n\\nSee [[Beta]].",
         "created_at":"2024-01-01T00:00:00Z","updated_at":"2024-01-02T00:00:00Z","updated_by":"ann"},
        {"_id":"w:Beta","_rev":"1-a","type":"page","wiki_id":"w","markdown":"Back to [[Alpha]], on to [[Gone]].",
         "created_at":"2024-01-01T00:00:00Z","updated_at":"2024-01-03T00:00:00Z","updated_by":"bob"},
        {"_id":"w:Gamma","_rev":"1-a","type":"page","wiki_id":"w","markdown":"## Next\\n\\nOn to [[Beta]].",
         "created_at":"2024-01-01T00:00:00Z","updated_at":"2024-01-04T00:00:00Z"},
        {"_id":"w:Delta","_rev":"1-a","type":"page","wiki_id":"w","markdown":"Points at [[Gamma]].",
         "created_at":"2024-01-01T00:00:00Z","updated_at":"2024-01-05T00:00:00Z","updated_by":"cy"}
        ]}
        """

    /// Page `title` saved again as revision 2 over revision 1, with `markdown`, on day `day` of
    /// February.
    static func edit(_ title: String, markdown: String, by user: String, day: Int = 2) -> String {
        """
        {"docs":[{"_id":"w:\(title)","_rev":"2-b","_revisions":{"start":2,"ids":["b","a"]},
        "type":"page","wiki_id":"w","markdown":"\(markdown)","created_at":"2024-01-01T00:00:00Z",
        "updated_at":"2024-02-0\(day)T00:00:00Z","updated_by":"\(user)"}]}
        """
    }

    /// Runs `wikisite` in `folder` and expects it to succeed.
    @discardableResult
    func succeed(_ arguments: [String], in folder: TemporaryFolder) throws -> WikisiteCLI.Result {
        let run = try WikisiteCLI.run(arguments, in: folder.url)
        #expect(run.status == 0, "wikisite \(arguments.joined(separator: " ")): \(run.standardError)")
        return run
    }

    /// A folder with the wiki in a store, built into `site`.
    func builtWiki() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(Self.database, to: "wiki.json")
        try succeed(["import", "wiki.json", "--store", "store.sqlite"], in: folder)
        try succeed(["build", "--source", "store.sqlite", "--out", "site"], in: folder)
        return folder
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

    @Test func anEditThatKeepsItsLinksWritesThePageTheListsAndTheHome() throws {
        let folder = try builtWiki()

        let output = try importAndBuild(
            Self.edit("Alpha", markdown: "# Alpha\\n\\nSee [[Beta]], now with more words.", by: "cy"), in: folder)
        #expect(output.contains("from 1 changed document and the build state"))
        #expect(output.contains("edits of pages read alone with the build state"))
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

    @Test func anEditThatMovesALinkRewritesTheBacklinksOfBothEnds() throws {
        let folder = try builtWiki()

        let output = try importAndBuild(Self.edit("Alpha", markdown: "See [[Gamma]].", by: "ann"), in: folder)
        #expect(output.contains("read alone with the build state"))
        #expect(output.contains("written   w/Beta~") && output.contains("written   w/Gamma~"))
        #expect(
            output.contains(#".html: "Alpha" no longer links here"#)
                && output.contains(#".html: "Alpha" now links here"#))
        let gamma = try String(
            contentsOf: folder.url.appendingPathComponent("site/w").appendingPathComponent(
                try FileManager.default.contentsOfDirectory(atPath: folder.path("site/w")).first {
                    $0.hasPrefix("Gamma~")
                }!))
        #expect(gamma.contains(">Alpha</a>") && gamma.contains(">Delta</a>"))

        // A second link to a title already linked to, missing or not, changes only the counts.
        let again = try importAndBuild(
            Self.edit(
                "Beta", markdown: "Back to [[Alpha]] and [[Alpha]], on to [[Gone]] and [[Gone]].", by: "bob", day: 3),
            in: folder)
        #expect(again.contains("read alone with the build state"))
    }

    @Test func anEditThatLinksToAPageNothingLinkedToGoesThroughTheBuildProper() throws {
        let folder = try builtWiki()

        let output = try importAndBuild(
            Self.edit("Alpha", markdown: "# Alpha\\n\\nSee [[Beta]] and [[Delta]].", by: "ann"), in: folder)
        // Delta is no longer an orphan: the orphaned pages change, which only the build proper does.
        #expect(!output.contains("read alone with the build state"))
        #expect(output.contains(#".html: "Alpha" now links here"#) && output.contains("written   w/Delta~"))
    }
}

/// The proof of builds of edits: random edits of the text and links of the pages of a wiki
/// without attachments or embeds, imported into a store one at a time; after each, the
/// incremental build's site is a clean build's, whether a build of edits served it or not, and
/// builds of edits serve most of them.
@Suite("builds of edits equal clean builds")
struct PageEditBuildRandomTests {
    static let titles = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta"]
    static let authors = ["ann", "bob", "cy"]

    /// Page `title` at revision `generation` (over the one before), linking to `links`.
    static func page(_ title: String, generation: Int, links: [String], author: String, hour: Int) -> [String: Any] {
        var body: [String: Any] = [
            "_id": "w:" + title, "_rev": "\(generation)-\(generation)a", "type": "page", "wiki_id": "w",
            "markdown": "# \(title)\n\n" + links.map { "See [[\($0)]]." }.joined(separator: "\n") + "\n\nText \(hour).",
            "created_at": "2024-01-01T00:00:00Z",
            "updated_at": String(format: "2024-03-%02dT%02d:00:00Z", 1 + hour / 24, hour % 24), "updated_by": author,
        ]
        if generation > 1 {
            body["_revisions"] = ["start": generation, "ids": ["\(generation)a", "\(generation - 1)a"]]
        }
        return body
    }

    static func dump(_ documents: [[String: Any]]) throws -> String {
        String(
            decoding: try JSONSerialization.data(withJSONObject: ["docs": documents], options: [.sortedKeys]),
            as: UTF8.self)
    }

    /// Random links: mostly to pages, some to the missing `Omega`.
    static func links(using random: inout SplitMix64) -> [String] {
        (0..<Int.random(in: 1...4, using: &random)).map { _ in
            Int.random(in: 0..<8, using: &random) == 0 ? "Omega" : titles.randomElement(using: &random)!
        }
    }

    @Test func randomEditsOfTextAndLinksBuildWhatACleanBuildBuilds() throws {
        var served = 0
        var steps = 0
        for seed in UInt64(1)...20 {
            var random = SplitMix64(seed: seed)
            let folder = try TemporaryFolder()
            let store = folder.path("store.sqlite")
            var generations: [String: Int] = [:]
            var links: [String: [String]] = [:]
            var hour = 0
            var documents: [[String: Any]] = [
                ["_id": "w", "_rev": "1-a", "type": "wiki", "title": "Random", "markdown": "Start at [[Alpha]]."]
            ]
            for title in Self.titles {
                hour += 1
                generations[title] = 1
                links[title] = Self.links(using: &random)
                documents.append(
                    Self.page(
                        title, generation: 1, links: links[title]!, author: Self.authors.randomElement(using: &random)!,
                        hour: hour))
            }
            _ = try DocumentStore.openOrCreate(path: store).importDocuments(
                from: DumpSource(path: try folder.write(try Self.dump(documents), to: "wiki.json")))
            let options = BuildOptions(sources: [store], outputFolder: folder.path("site"))
            _ = try SiteBuilder(options: options).build()

            for step in 1...6 {
                var edits: [[String: Any]] = []
                for title in Self.titles.shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random)) {
                    hour += 1
                    generations[title]! += 1
                    // Half the edits change the text alone, half the links too.
                    if Bool.random(using: &random) { links[title] = Self.links(using: &random) }
                    edits.append(
                        Self.page(
                            title, generation: generations[title]!, links: links[title]!,
                            author: Self.authors.randomElement(using: &random)!, hour: hour))
                }
                _ = try DocumentStore.openOrCreate(path: store).importDocuments(
                    from: DumpSource(path: try folder.write(try Self.dump(edits), to: "edit.json")))
                let summary = try SiteBuilder(options: options).build()
                steps += 1
                if summary.readChangesOnly { served += 1 }

                let differences = try RandomizedProof.differencesFromACleanBuild(of: options, in: folder, step: step)
                #expect(
                    differences.isEmpty,
                    """
                    seed \(seed), step \(step) (\(summary.readChangesOnly ? "" : "not ")a build of edits): \
                    \(differences.map(\.description).joined(separator: "; "))
                    """)
                if !differences.isEmpty { return }
            }
        }
        // Builds of edits serve the steps that keep the wanted and orphaned pages as they were:
        // in wikis of eight pages, most of those that change no link, few of those that do.
        #expect(served * 3 >= steps, "builds of edits served \(served) of \(steps) steps")
    }
}
