import Foundation
import TemporaryFolders
import Testing
import WikiDocuments
import WikiSources
import WikiStore

@testable import WikiConfiguration
@testable import WikiPages
@testable import WikiSite

/// A conflict of a wiki's own document that keeps its title, coming or going, is served on the
/// fast path: of the wiki's files, the home shows the winner's description and the statistics
/// list the conflict, and both are made from the state as a clean build makes them.
@Suite("a conflict of a wiki's document on the fast path")
struct WikiConflictFastPathTests {
    /// The wiki's document at revision `revision`, with `markdown`.
    static func wiki(_ revision: String, _ markdown: String) -> [String: Any] {
        ["_id": "w", "_rev": revision, "type": "wiki", "title": "Conflicted", "markdown": markdown]
    }

    /// The wiki's one page.
    static func page() -> [String: Any] {
        [
            "_id": "w:Alpha", "_rev": "1-a", "type": "page", "wiki_id": "w", "markdown": "Alpha text.",
            "created_at": "2024-01-01T00:00:00Z",
        ]
    }

    /// Every leaf saved so far, as a dump, or each step's leaves imported into the store.
    struct Source {
        let folder: TemporaryFolder
        let fromADump: Bool
        var leaves: [[String: Any]] = []

        var path: String { folder.path(fromADump ? "wiki.json" : "store.sqlite") }

        mutating func save(_ documents: [[String: Any]]) throws {
            leaves += documents
            let saved = fromADump ? leaves : documents
            let json = String(
                decoding: try JSONSerialization.data(withJSONObject: ["docs": saved], options: [.sortedKeys]),
                as: UTF8.self)
            let dump = try folder.write(json, to: fromADump ? "wiki.json" : "step.json")
            if !fromADump {
                _ = try DocumentStore.openOrCreate(path: path).importDocuments(from: DumpSource(path: dump))
            }
        }
    }

    @Test(arguments: [false, true])
    func aConflictThatComesAndGoesIsBuiltOnTheFastPath(fromADump: Bool) throws {
        var source = Source(folder: try TemporaryFolder(), fromADump: fromADump)
        try source.save([Self.wiki("1-a", "First."), Self.page()])
        var options = BuildOptions(sources: [source.path], outputFolder: source.folder.path("site"))
        options.listsOutputs = true
        _ = try SiteBuilder(options: options).build()
        // A second leaf of the same generation, which wins (its hash is greater): a conflict.
        try source.save([Self.wiki("1-b", "Second.")])
        let statistics = "site/" + SiteLayout().special(.statistics, ofWiki: "w").description
        try expectFastPath(of: options, step: 1, in: source.folder)
        #expect(try source.folder.read(statistics).contains("1-a"))
        // The winner edited and the losing leaf deleted, as CouchDB resolves a conflict: it goes.
        var edited = Self.wiki("2-d", "Third.")
        edited["_revisions"] = ["start": 2, "ids": ["d", "b"]]
        try source.save([
            edited, ["_id": "w", "_rev": "2-c", "_deleted": true, "_revisions": ["start": 2, "ids": ["c", "a"]]],
        ])
        try expectFastPath(of: options, step: 2, in: source.folder)
        #expect(try !source.folder.read(statistics).contains("1-a"))
    }

    /// Builds with `options`: the fast path takes the step, and the site is a clean build's.
    func expectFastPath(of options: BuildOptions, step: Int, in folder: TemporaryFolder) throws {
        let summary = try SiteBuilder(options: options).build()
        #expect(summary.fastPathDeclined == nil, "step \(step): \(summary.fastPathDeclined ?? "")")
        #expect(summary.readChangesOnly, "step \(step): not the fast path")
        let differences = try RandomizedProof.differencesFromACleanBuild(of: options, in: folder, step: step)
        #expect(differences.isEmpty, "step \(step): \(differences.map(\.description).joined(separator: "; "))")
    }
}
