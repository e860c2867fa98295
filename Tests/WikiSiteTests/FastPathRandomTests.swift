import Foundation
import SplitMix64
import TemporaryFolders
import Testing
import WikiDocuments
import WikiRender
import WikiSources
import WikiStore

@testable import WikiConfiguration
@testable import WikiPages
@testable import WikiSite

/// The proof of fast-path builds: random edits of the text, links, tags and aliases of the pages
/// of a wiki, and pages created, imported into a store one at a time (or written into a dump);
/// after each, the incremental build's site is a clean build's, and in a wiki without search the
/// fast path took it. Some wikis match their links as Obsidian does: their pages are notes in
/// folders, with folder pages (`Docs/Docs` is a folder note), which the store's and the dump's
/// changes create, edit and delete.
@Suite("fast-path builds equal clean builds")
struct FastPathRandomTests {
    static let titles = [
        "Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Docs/Docs", "Docs/Guide",
        "Docs/Sub/Note",
    ]
    static let authors = ["ann", "bob", "cy"]

    static let tagNames = ["topic", "Topic", "topic/sub", "other"]

    /// The aliases pages of some wikis give themselves: one a page's title, two that several
    /// pages may give, one that pages link to before any page gives it.
    static let aliases = ["Alpha", "Nick", "Other", "Omega"]

    /// Page `title` of wiki `wiki` at revision `generation` (over the one before), linking to
    /// `links`, with `tags`: the first in its front matter, the others in its text. Links written
    /// `@Name` are not links but aliases the page gives in its front matter.
    static func page(
        _ title: String, of wiki: String = "w", generation: Int, links: [String], tags: [String] = [], author: String,
        hour: Int
    ) -> [String: Any] {
        let aliases = links.filter { $0.hasPrefix("@") }.map { String($0.dropFirst()) }
        var frontMatter = tags.first.map { "tags: [\($0)]\n" } ?? ""
        if !aliases.isEmpty { frontMatter += "aliases: [\(aliases.joined(separator: ", "))]\n" }
        if !frontMatter.isEmpty { frontMatter = "---\n" + frontMatter + "---\n" }
        let inline = tags.dropFirst().map { "Filed under #\($0).\n\n" }.joined()
        var body: [String: Any] = [
            "_id": wiki + ":" + title, "_rev": "\(generation)-\(generation)a", "type": "page", "wiki_id": wiki,
            "markdown": frontMatter + "# \(title)\n\n" + inline
                + links.filter { !$0.hasPrefix("@") }.map {
                    "See \($0.hasPrefix("!") ? "!" : "")[[\($0.trimmingPrefix("!"))]]."
                }
                .joined(separator: "\n") + "\n\nText \(hour).",
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

    /// Random links: mostly to pages, some to `Omega` (missing until it is created), and with
    /// `embeds` a few of them embeds (`!` before the title). With `aliases`, some link to the
    /// aliases, and one page in three gives some (`@` before the alias).
    static func links(embeds: Bool, aliases: Bool = false, using random: inout SplitMix64) -> [String] {
        var links = (0..<Int.random(in: 1...4, using: &random)).map { _ in
            let title = Int.random(in: 0..<8, using: &random) == 0 ? "Omega" : titles.randomElement(using: &random)!
            return embeds && Int.random(in: 0..<6, using: &random) == 0 ? "!" + title : title
        }
        guard aliases else { return links }
        if Bool.random(using: &random) { links.append(Self.aliases.randomElement(using: &random)!) }
        if Int.random(in: 0..<3, using: &random) == 0 {
            links += Self.aliases.shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random)).map {
                "@" + $0
            }
        }
        return links
    }

    /// Random tags, none at times, each in any case.
    static func tags(using random: inout SplitMix64) -> [String] {
        (0..<Int.random(in: 0...2, using: &random)).map { _ in tagNames.randomElement(using: &random)! }
    }

    /// The documents of one random step: one or two pages saved again (half of them with new
    /// links, one in four with new tags), and at every other step a page created, the wanted
    /// `Omega` first (the pages linking to it, or embedding one that does, change), then pages
    /// nothing links to, last.
    static func randomEdits(
        atStep step: Int, embeds: Bool, aliases: Bool, generations: inout [String: Int],
        links: inout [String: [String]], tags: inout [String: [String]], hour: inout Int,
        using random: inout SplitMix64
    ) -> [[String: Any]] {
        var edits: [[String: Any]] = []
        for title in titles.shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random)) {
            hour += 1
            generations[title]! += 1
            if Bool.random(using: &random) {
                links[title] = Self.links(embeds: embeds, aliases: aliases, using: &random)
            }
            if Int.random(in: 0..<4, using: &random) == 0 { tags[title] = Self.tags(using: &random) }
            edits.append(
                page(
                    title, generation: generations[title]!, links: links[title]!, tags: tags[title] ?? [],
                    author: authors.randomElement(using: &random)!, hour: hour))
        }
        if step.isMultiple(of: 2) {
            hour += 1
            let title = step == 2 ? "Omega" : "Extra \(step)"
            edits.append(
                page(
                    title, generation: 1, links: Self.links(embeds: embeds, aliases: aliases, using: &random),
                    author: authors.randomElement(using: &random)!, hour: hour))
        }
        return edits
    }

    /// The wiki published beside `w` when `w` is published alone, and its page `Alpha`.
    static func otherWiki() -> [[String: Any]] {
        [
            ["_id": "x", "_rev": "1-a", "type": "wiki", "title": "Other", "markdown": "Other."],
            page("Alpha", of: "x", generation: 1, links: ["Beta"], author: "ann", hour: 0),
        ]
    }

    /// Saves `edits`: imported into `store`, or put in `documents`, which are written again
    /// whole as the dump.
    static func save(
        _ edits: [[String: Any]], to documents: inout [[String: Any]], fromADump: Bool, in folder: TemporaryFolder,
        store: String
    ) throws {
        guard fromADump else {
            _ = try DocumentStore.openOrCreate(path: store).importDocuments(
                from: DumpSource(path: try folder.write(try dump(edits), to: "edit.json")))
            return
        }
        for edit in edits {
            if let index = documents.firstIndex(where: { $0["_id"] as? String == edit["_id"] as? String }) {
                documents[index] = edit
            }
        }
        try folder.write(try dump(documents), to: "wiki.json")
    }

    /// The options of the builds of seed `seed` from `source` into `folder`.
    static func options(
        seed: UInt64, source: String, in folder: TemporaryFolder, publishedAlone: Bool
    ) throws -> BuildOptions {
        var options = BuildOptions(sources: [source], outputFolder: folder.path("site"))
        if publishedAlone { options.wikiIDs = ["w"] }
        // A wiki in three is published with its sitemap and feed.
        if seed % 3 == 1 { options.baseURL = try BaseURL(parsing: "https://wiki.example/") }
        // A wiki in two has search: the fast path changes its index with its pages.
        let searchable = seed.isMultiple(of: 2)
        // A wiki in three is in Chinese or French: both paths write its words and dates so.
        let lang = seed % 3 == 2 ? LanguageTag(searchable ? "zh" : "fr-CA") : nil
        options.wikiSettings[ExactString("w")] = WikiSettings(search: searchable, lang: lang ?? .english)
        // Its shards are cut at a few hundred bytes, so that edits cut prefixes and merge them back.
        options.searchShardCut = SearchShardCut(budget: seed.isMultiple(of: 4) ? 200 : 600)
        // A wiki in six matches its links as Obsidian does: the fast path resolves them with
        // the names of the state's titles, the changes applied.
        if seed % 6 == 1 { options.wikiSettings[ExactString("w")]!.linkMatching = .obsidian }
        return options
    }

    /// From the store (its changes after the checkpoint) and from a dump written again whole
    /// (its entries compared with the ledger of the last build's reading).
    @Test(arguments: [false, true])
    func randomEditsOfTextLinksAndTagsBuildWhatACleanBuildBuilds(fromADump: Bool) throws {
        var (taken, steps, aliasStepsTaken) = (0, 0, 0)
        var declined: [String] = []
        for seed in UInt64(1)...20 {
            var random = SplitMix64(seed: seed)
            // A wiki in four has embeds, which the wiki-wide path builds wherever they show a change.
            let embeds = seed.isMultiple(of: 4)
            // A wiki in five gives aliases, adds and removes them, and links to them; they collide
            // with a title and with each other. The fast path takes its changes too.
            let aliases = seed % 5 == 3
            let folder = try TemporaryFolder()
            let store = folder.path("store.sqlite")
            var generations: [String: Int] = [:]
            var links: [String: [String]] = [:]
            var tags: [String: [String]] = [:]
            var hour = 0
            var documents: [[String: Any]] = [
                ["_id": "w", "_rev": "1-a", "type": "wiki", "title": "Random", "markdown": "Start at [[Alpha]]."]
            ]
            // A wiki in five is published alone (`--wiki w`) beside another wiki whose page is
            // edited at every step: its changes must touch nothing.
            let publishedAlone = seed % 5 == 2
            if publishedAlone { documents += Self.otherWiki() }
            for title in Self.titles {
                hour += 1
                generations[title] = 1
                links[title] = Self.links(embeds: embeds, aliases: aliases, using: &random)
                tags[title] = Self.tags(using: &random)
                documents.append(
                    Self.page(
                        title, generation: 1, links: links[title]!, tags: tags[title]!,
                        author: Self.authors.randomElement(using: &random)!, hour: hour))
            }
            let dump = try folder.write(try Self.dump(documents), to: "wiki.json")
            if !fromADump {
                _ = try DocumentStore.openOrCreate(path: store).importDocuments(from: DumpSource(path: dump))
            }
            let options = try Self.options(
                seed: seed, source: fromADump ? dump : store, in: folder, publishedAlone: publishedAlone)
            let matchesNotes = options.linkMatching(forWiki: "w") == .obsidian
            _ = try SiteBuilder(options: options).build()

            for step in 1...6 {
                var edits = Self.randomEdits(
                    atStep: step, embeds: embeds, aliases: aliases, generations: &generations, links: &links,
                    tags: &tags, hour: &hour, using: &random)
                if step.isMultiple(of: 2) { documents.append(edits[edits.count - 1]) }
                if publishedAlone {
                    edits.append(
                        Self.page(
                            "Alpha", of: "x", generation: step + 1, links: [Self.titles.randomElement(using: &random)!],
                            author: "bob", hour: hour))
                }
                try Self.save(edits, to: &documents, fromADump: fromADump, in: folder, store: store)
                let summary = try SiteBuilder(options: options).build()
                // The pages a page created or deleted may relink are read by their `_id`s.
                #expect(
                    !matchesNotes || !(summary.fastPathDeclined ?? "").contains("a note that came or went"),
                    "seed \(seed), step \(step): \(summary.fastPathDeclined ?? "")")
                steps += 1
                if summary.readChangesOnly { taken += 1 }
                if aliases && summary.readChangesOnly { aliasStepsTaken += 1 }
                if let reason = summary.fastPathDeclined { declined.append("seed \(seed) step \(step): \(reason)") }

                let differences = try RandomizedProof.differencesFromACleanBuild(of: options, in: folder, step: step)
                #expect(
                    differences.isEmpty,
                    """
                    seed \(seed), step \(step) (\(summary.readChangesOnly ? "" : "not ")the fast path): \
                    \(differences.map(\.description).joined(separator: "; "))
                    """)
                if !differences.isEmpty { return }
            }
        }
        // The fast path takes every step, with search or without: text, links, tags and aliases.
        #expect(taken * 3 >= steps, "the fast path took \(taken) of \(steps) steps")
        #expect(aliasStepsTaken > 0, "the fast path took no step of a wiki with aliases")
        #expect(declined.isEmpty, "\(declined.joined(separator: "\n"))")
    }
}
