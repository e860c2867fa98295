import Foundation
import SplitMix64
import TemporaryFolders
import Testing
import WikiDocuments
import WikiSources
import WikiStore

@testable import WikiBuildEngine
@testable import WikiSite

/// The proof of CamelCase links on the fast path: wikis with CamelCase links whose pages mention
/// CamelCase words (in their text, footnotes and headings, in code, in links, in embeds), and
/// whose random steps create and delete pages of those titles and give and take aliases of them,
/// imported into a store or written into a dump. The fast path takes every step, and each step's
/// site is a clean build's.
@Suite("CamelCase pages created and deleted on the fast path equal clean builds")
struct CamelCaseRandomTests {
    /// The CamelCase titles: of pages that come and go, of aliases, and the words pages mention.
    static let words = ["SyncClient", "CouchDB", "HomePage", "WikiWord", "FooBar", "McDonald"]
    /// The pages that stay, whose titles are no CamelCase words.
    static let steady = ["Start", "Notes", "Guide", "Sync Client"]

    /// The wiki as a test changes it.
    struct CamelWiki {
        var documents: [String: [String: Any]] = [:]
        var generations: [String: Int] = [:]
        var live: [String] = []
        var hour = 0

        /// A random line of text mentioning a random word: plainly, in a footnote or a heading,
        /// in code, in a wikilink or an embed.
        static func line(using random: inout SplitMix64) -> String {
            let word = CamelCaseRandomTests.words.randomElement(using: &random)!
            switch Int.random(in: 0..<8, using: &random) {
            case 0: return "Code `\(word)` and [\(word)](https://example.org)."
            case 1: return "See [[\(word)]]."
            case 2: return "Shown: ![[\(word)]]"
            case 3: return "A note[^n].\n\n[^n]: About \(word)."
            case 4: return "## About \(word)"
            default: return "The \(word) talks to the \(CamelCaseRandomTests.words.randomElement(using: &random)!)."
            }
        }

        /// Saves page `title` again (or anew) with random lines, and one time in four an alias;
        /// returns its document.
        mutating func save(_ title: String, using random: inout SplitMix64) -> [String: Any] {
            hour += 1
            generations[title, default: 0] += 1
            let generation = generations[title]!
            var markdown = ""
            if Int.random(in: 0..<4, using: &random) == 0 {
                markdown = "---\naliases: [\(CamelCaseRandomTests.words.randomElement(using: &random)!)]\n---\n"
            }
            markdown += (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.line(using: &random) }
                .joined(separator: "\n\n")
            var page: [String: Any] = [
                "_id": "w:" + title, "_rev": "\(generation)-\(generation)a", "type": "page", "wiki_id": "w",
                "markdown": markdown + "\n", "created_at": "2024-01-01T00:00:00Z",
                "updated_at": String(format: "2024-03-%02dT%02d:00:00Z", 1 + hour / 24, hour % 24),
            ]
            if generation > 1 {
                page["_revisions"] = ["start": generation, "ids": ["\(generation)a", "\(generation - 1)a"]]
            }
            documents["w:" + title] = page
            if !live.contains(title) { live.append(title) }
            return page
        }

        /// Deletes page `title`: a tombstone.
        mutating func delete(_ title: String) -> [String: Any] {
            generations[title]! += 1
            let generation = generations[title]!
            let tombstone: [String: Any] = [
                "_id": "w:" + title, "_rev": "\(generation)-\(generation)a", "_deleted": true,
                "_revisions": ["start": generation, "ids": ["\(generation)a", "\(generation - 1)a"]],
            ]
            documents["w:" + title] = tombstone
            live.removeAll { $0 == title }
            return tombstone
        }

        /// One step: a CamelCase page created or deleted, and one or two other changes of any kind.
        mutating func step(using random: inout SplitMix64) -> [[String: Any]] {
            var changes: [[String: Any]] = []
            var touched: Set<String> = []
            for change in 0..<Int.random(in: 1...3, using: &random) {
                let word = CamelCaseRandomTests.words.randomElement(using: &random)!
                let kind = change == 0 ? 0 : Int.random(in: 0..<3, using: &random)
                if kind == 0, touched.insert(word).inserted {
                    changes.append(live.contains(word) ? delete(word) : save(word, using: &random))
                } else if let title = live.randomElement(using: &random), touched.insert(title).inserted {
                    changes.append(save(title, using: &random))
                }
            }
            return changes
        }

        /// The dump of every document.
        func dump() throws -> String {
            try FastPathRandomTests.dump(documents.keys.sorted().map { documents[$0]! })
        }
    }

    /// From the store (its changes after the checkpoint) and from a dump written again whole (its
    /// entries compared with the ledger of the last build's reading); wikis with search, a base
    /// URL, another language or Obsidian's link matching (`FastPathRandomTests.options`).
    @Test(arguments: [false, true])
    func camelCasePagesCreatedAndDeletedBuildWhatACleanBuildBuilds(fromADump: Bool) throws {
        var relinkingSteps = 0
        for seed in RandomizedProof.seeds(8) {
            var random = SplitMix64(seed: seed)
            let folder = try TemporaryFolder()
            let store = folder.path("store.sqlite")
            var wiki = CamelWiki()
            wiki.documents["w"] = [
                "_id": "w", "_rev": "1-a", "type": "wiki", "title": "Camel", "markdown": "Start at the HomePage.",
            ]
            for title in Self.steady + Self.words.prefix(3) { _ = wiki.save(title, using: &random) }
            let dump = try folder.write(try wiki.dump(), to: "wiki.json")
            if !fromADump {
                _ = try DocumentStore.openOrCreate(path: store).importDocuments(from: DumpSource(path: dump))
            }
            var options = try FastPathRandomTests.options(
                seed: seed, source: fromADump ? dump : store, in: folder, publishedAlone: false)
            options.wikiSettings[ExactString("w")]!.camelCaseLinks = true
            options.listsOutputs = true
            _ = try SiteBuilder(options: options).build()

            for step in 1...6 {
                let changes = wiki.step(using: &random)
                if fromADump {
                    try folder.write(try wiki.dump(), to: "wiki.json")
                } else {
                    _ = try DocumentStore.openOrCreate(path: store).importDocuments(
                        from: DumpSource(path: try folder.write(try FastPathRandomTests.dump(changes), to: "step.json"))
                    )
                }
                let summary = try SiteBuilder(options: options).build()
                let context = "seed \(seed), step \(step)"
                #expect(summary.fastPathDeclined == nil, "\(context): \(summary.fastPathDeclined ?? "")")
                #expect(summary.readChangesOnly, "\(context): not the fast path")
                let relinked = ChangeCause.linksLeadElsewhere.description
                if summary.outputs.contains(where: { $0.cause.contains(relinked) }) { relinkingSteps += 1 }
                let differences = try RandomizedProof.differencesFromACleanBuild(of: options, in: folder, step: step)
                #expect(differences.isEmpty, "\(context): \(differences.map(\.description).joined(separator: "; "))")
                if !differences.isEmpty { return }
            }
        }
        // Words turned into links or back at most steps: the rule was put to the test.
        #expect(relinkingSteps >= 24, "pages were relinked at \(relinkingSteps) steps of 48")
    }
}
