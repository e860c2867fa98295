import Foundation
import SplitMix64
import TemporaryFolders
import Testing
import WikiDocuments
import WikiSources
import WikiStore

@testable import WikiBuildEngine
@testable import WikiSite

/// The proof of builds of large change sets: a wiki of a thousand pages gets steps of up to
/// a hundred documents or so (edits of text, links and tags, pages created, wanted pages
/// created, pages deleted), imported into a store or written into a dump. The fast path takes
/// every step up to its limit (`ChangeSetLimits.fastPath`), reading the state in bulk; the
/// wiki-wide path one past it; a full build one past the limit of an incremental build
/// (`ChangeSetLimits.incrementalBuild`). Each step's site is a clean build's.
@Suite("builds of large change sets equal clean builds")
struct FastPathLargeChangeTests {
    /// The pages of the wiki at first.
    static let pageCount = 1000
    /// The words the titles start with: several letters, so that the letter index moves.
    static let words = ["Apple", "birch", "Cedar", "Docs/Dune", "Elm", "Fig", "Grove", "Hazel", "Ivy", "Juniper"]

    /// The wiki as a test changes it: each page's revision, links and tags, by title.
    struct LargeWiki {
        var documents: [String: [String: Any]] = [:]
        var live: [String] = []
        var generations: [String: Int] = [:]
        var hour = 0
        var created = 0
        /// The titles the pages link to that no page has yet; some are created later.
        static let wanted = (1...20).map { "Wanted \($0)" }

        /// Title `index` of the wiki.
        static func title(_ index: Int) -> String {
            "\(FastPathLargeChangeTests.words[index % FastPathLargeChangeTests.words.count]) \(index)"
        }

        /// Saves page `title` again (or anew) with random links among the live pages and the
        /// wanted titles, and random tags; returns its document.
        mutating func save(_ title: String, using random: inout SplitMix64) -> [String: Any] {
            hour += 1
            generations[title, default: 0] += 1
            let links = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                Int.random(in: 0..<6, using: &random) == 0
                    ? Self.wanted.randomElement(using: &random)! : live.randomElement(using: &random) ?? "Apple 0"
            }
            let tags = Int.random(in: 0..<3, using: &random) == 0 ? ["topic"] : []
            let page = FastPathRandomTests.page(
                title, generation: generations[title]!, links: links, tags: tags,
                author: FastPathRandomTests.authors.randomElement(using: &random)!, hour: hour % 600)
            documents["w:" + title] = page
            return page
        }

        /// Deletes page `title`: a tombstone.
        mutating func delete(_ title: String) -> [String: Any] {
            generations[title]! += 1
            let tombstone: [String: Any] = [
                "_id": "w:" + title, "_rev": "\(generations[title]!)-\(generations[title]!)a", "_deleted": true,
                "_revisions": [
                    "start": generations[title]!, "ids": ["\(generations[title]!)a", "\(generations[title]! - 1)a"],
                ],
            ]
            documents["w:" + title] = tombstone
            live.removeAll { $0 == title }
            return tombstone
        }

        /// One step of `count` changes: mostly edits, some pages created (wanted ones first),
        /// some deleted.
        mutating func step(of count: Int, using random: inout SplitMix64) -> [[String: Any]] {
            var changes: [[String: Any]] = []
            var touched: Set<String> = []
            while changes.count < count {
                switch Int.random(in: 0..<10, using: &random) {
                case 0, 1:
                    created += 1
                    let title =
                        created <= Self.wanted.count
                        ? Self.wanted[created - 1] : Self.title(FastPathLargeChangeTests.pageCount + created)
                    guard touched.insert(title).inserted else { continue }
                    live.append(title)
                    changes.append(save(title, using: &random))
                case 2:
                    guard let title = live.randomElement(using: &random), touched.insert(title).inserted else {
                        continue
                    }
                    changes.append(delete(title))
                default:
                    guard let title = live.randomElement(using: &random), touched.insert(title).inserted else {
                        continue
                    }
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

    /// From the store and from a dump; wikis with search, a base URL, another language or
    /// Obsidian's link matching (`FastPathRandomTests.options`).
    @Test(arguments: [false, true], [UInt64(1), 2])
    func largeChangeSetsAreTakenByTheFastPathAndBuildWhatACleanBuildBuilds(fromADump: Bool, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let folder = try TemporaryFolder()
        let store = folder.path("store.sqlite")
        var wiki = LargeWiki()
        wiki.documents["w"] = [
            "_id": "w", "_rev": "1-a", "type": "wiki", "title": "Large", "markdown": "Start at [[Apple 0]].",
        ]
        wiki.live = (0..<Self.pageCount).map(LargeWiki.title)
        for title in wiki.live { _ = wiki.save(title, using: &random) }
        let dump = try folder.write(try wiki.dump(), to: "wiki.json")
        if !fromADump { _ = try DocumentStore.openOrCreate(path: store).importDocuments(from: DumpSource(path: dump)) }
        let options = try FastPathRandomTests.options(
            seed: seed, source: fromADump ? dump : store, in: folder, publishedAlone: false)
        _ = try SiteBuilder(options: options).build()

        for step in 0..<4 {
            // The fast path's limit, half of it, one past it (the wiki-wide path's), then one past
            // an incremental build's (a full build's).
            let limit = ChangeSetLimits.fastPath(amongPages: wiki.live.count)
            let fullLimit = ChangeSetLimits.incrementalBuild(amongPages: wiki.live.count)
            let count = [limit, limit / 2, limit + 1, fullLimit + 1][step]
            let changes = wiki.step(of: count, using: &random)
            if fromADump {
                try folder.write(try wiki.dump(), to: "wiki.json")
            } else {
                _ = try DocumentStore.openOrCreate(path: store).importDocuments(
                    from: DumpSource(path: try folder.write(try FastPathRandomTests.dump(changes), to: "step.json")))
            }
            let summary = try SiteBuilder(options: options).build()
            let context = "seed \(seed), step \(step + 1), \(count) changes"
            #expect(limit < fullLimit, "\(context)")
            if count <= limit {
                #expect(summary.fastPathDeclined == nil, "\(context): \(summary.fastPathDeclined ?? "")")
                #expect(summary.readChangesOnly, "\(context): not the fast path")
                #expect(summary.changedDocuments == count, "\(context)")
            } else {
                #expect((summary.fastPathDeclined ?? "").contains("more than \(limit) documents changed"), "\(context)")
                let full = FullBuildReason.manyChanges(changed: count, limit: fullLimit)
                #expect(summary.fullBuildReason == (count > fullLimit ? full : nil), "\(context)")
            }

            let differences = try RandomizedProof.differencesFromACleanBuild(of: options, in: folder, step: step + 1)
            #expect(differences.isEmpty, "\(context): \(differences.map(\.description).joined(separator: "; "))")
            if !differences.isEmpty { return }
        }
    }
}
