import Foundation
import TemporaryFolders
import Testing

/// End to end: a build whose sources all have sequences, none changed after the checkpoints of
/// the last build, reads nothing else and writes nothing; anything else makes it read the sources.
@Suite("wikisite build, when no source changed")
struct UnchangedSourcesCommandTests {
    static let unchanged = "Incremental build: no source changed after its checkpoint; nothing else was read."
    /// The same, for a dump the build compared with the ledger of the last build's reading of it.
    static let unchangedDump = "Incremental build: no source changed since the last build read it"

    /// The fixture's documents, page `Beta` saying `text` in revision `revision`.
    static func documents(beta text: String, revision: String) -> [[String: Any]] {
        IncrementalCommandTests.fixture(beta: text).documents.map { document in
            guard document["_id"] as? String == "1234:Beta" else { return document }
            var edited = document
            edited["_rev"] = revision
            return edited
        }
    }

    /// Writes `documents` as a `_changes` dump, one sequence each from 1, and returns its path.
    static func writeChanges(_ documents: [[String: Any]], to folder: TemporaryFolder) throws -> String {
        let results = documents.enumerated().map { index, document -> [String: Any] in
            ["seq": index + 1, "id": document["_id"]!, "changes": [["rev": document["_rev"]!]], "doc": document]
        }
        let data = try JSONSerialization.data(
            withJSONObject: ["results": results, "last_seq": documents.count], options: [.sortedKeys])
        return try folder.write(String(decoding: data, as: UTF8.self), to: "changes.json")
    }

    /// Writes `documents` as a bulk-docs dump called `name` and returns its path.
    static func writeDocs(_ documents: [[String: Any]], as name: String, to folder: TemporaryFolder) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: ["docs": documents], options: [.sortedKeys])
        return try folder.write(String(decoding: data, as: UTF8.self), to: name)
    }

    /// Runs `wikisite` and expects it to succeed.
    @discardableResult
    func succeed(_ arguments: [String]) throws -> String {
        let run = try WikisiteCLI.run(arguments)
        #expect(run.status == 0, "wikisite \(arguments.joined(separator: " ")): \(run.standardError)")
        return run.standardOutput
    }

    @Test func aStoreThatDidNotChangeIsNotReadAgain() throws {
        let folder = try TemporaryFolder()
        let store = folder.path("store.sqlite")
        let build = ["build", "--source", store, "--out", folder.path("site")]
        try succeed([
            "import", try Self.writeDocs(Self.documents(beta: "One.", revision: "1-b"), as: "a.json", to: folder),
            "--store", store,
        ])
        #expect(try succeed(build).contains("Full build: there is no build state yet."))
        let site = try folder.snapshot("site")

        let second = try succeed(build + ["--explain"])
        #expect(second.contains(Self.unchanged), "\(second)")
        #expect(second.contains("Published 1 wiki, 3 pages (as the last build did)."))
        #expect(second.contains("\"1234\" \"Fixture Wiki\": 3 pages → 1234/index.html"))
        #expect(second.contains("Files: 0 written, 0 unchanged, 0 removed"))
        #expect(second.contains(#"\#(store): checkpoint ""#))
        #expect(try folder.snapshot("site") == site)

        let edit = try Self.writeDocs(
            Self.documents(beta: "Two, linking to [[Gamma]].", revision: "2-c"), as: "b.json", to: folder)
        try succeed(["import", edit, "--store", store])
        let third = try succeed(build + ["--explain", "--verify"])
        // An edit of a page, read alone with the build state (`FastPath`).
        #expect(
            third.contains(
                "Incremental build: 1 changed document since the last build, edits of pages read alone with the build state."
            ), "\(third)")
        #expect(IncrementalCommandTests.explanation(ofPage: "Beta", in: third) == "written: page edited")
        #expect(third.contains("Verified: the site is byte for byte the same as a clean build."))
        #expect(try succeed(build).contains(Self.unchanged))
    }

    @Test func aChangesDumpEndingAtTheCheckpointIsNotReadAgain() throws {
        let folder = try TemporaryFolder()
        let dump = try Self.writeChanges(Self.documents(beta: "One.", revision: "1-b"), to: folder)
        let build = ["build", "--source", dump, "--out", folder.path("site")]
        try succeed(build)
        // The only source: compared with the ledger of the last reading, in one reading.
        let second = try succeed(build)
        #expect(second.contains(Self.unchangedDump), "\(second)")
        #expect(
            second.contains(
                "\(dump): checkpoint 4 → 4; 4 entries compared with the last build's reading: 0 new or changed"))

        // The feed again, from the start, with Beta changed: the checkpoint is not where it ends.
        // Gamma's and Delta's changes have new sequences: their entries are new to the ledger too.
        var documents = Self.documents(beta: "Two.", revision: "2-c")
        documents.append(documents.remove(at: 2))
        _ = try Self.writeChanges(documents + [["_id": "1234:Delta", "_rev": "1-d", "_deleted": true]], to: folder)
        let third = try succeed(build + ["--verify"])
        #expect(
            third.contains(
                "Incremental build: 3 changed documents since the last build, edits of pages read alone with the build state"
            ),
            "\(third)")
        #expect(
            third.contains(
                "\(dump): checkpoint 4 → 5; 5 entries compared with the last build's reading: 3 new or changed, 2 of that reading's gone"
            ), "\(third)")
        #expect(third.contains("Verified: the site is byte for byte the same as a clean build."))

        // Among other sources, a dump ending at its checkpoint is found so without parsing it.
        let other = try folder.write(try String(contentsOfFile: dump, encoding: .utf8), to: "other.json")
        try succeed(build + ["--source", other])
        let fourth = try succeed(build + ["--source", other])
        #expect(fourth.contains(Self.unchanged), "\(fourth)")
        #expect(fourth.contains("\(dump): checkpoint 5 → 5") && fourth.contains("\(other): checkpoint 5 → 5"))
    }

    @Test func aSourceAddedAMissingSiteOrFullMakeTheBuildReadItsSources() throws {
        let folder = try TemporaryFolder()
        let dump = try Self.writeChanges(Self.documents(beta: "One.", revision: "1-b"), to: folder)
        let build = ["build", "--source", dump, "--out", folder.path("site")]
        try succeed(build)

        #expect(try succeed(build + ["--full"]).contains("Full build: --full was given."))

        let other = try Self.writeDocs(
            [["_id": "99", "_rev": "1-a", "type": "wiki", "title": "Other"]], as: "other.json", to: folder)
        let added = try succeed(build + ["--source", other])
        #expect(!added.contains(Self.unchanged))
        #expect(added.contains("Published 2 wikis"), "\(added)")

        try FileManager.default.removeItem(atPath: folder.path("site/index.html"))
        let rebuilt = try succeed(build + ["--source", other])
        #expect(rebuilt.contains("Full build: the output folder holds no site."), "\(rebuilt)")
        #expect(
            try succeed(build + ["--source", other]).contains(Self.unchanged) == false,
            "a bulk-docs dump has no sequence")
    }

    @Test func aThemeChangeMakesTheBuildReadItsSources() throws {
        let folder = try TemporaryFolder()
        let dump = try Self.writeChanges(Self.documents(beta: "One.", revision: "1-b"), to: folder)
        let templates = folder.path("templates")
        try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
        let build = ["build", "--source", dump, "--out", folder.path("site"), "--templates", templates]
        try succeed(build)
        #expect(try succeed(build).contains(Self.unchangedDump))

        let home = try String(
            contentsOfFile: WikisiteCLI.repositoryRoot.path + "/Templates/home.mustache", encoding: .utf8)
        try folder.write(home + "<!-- changed -->\n", to: "templates/home.mustache")
        let changed = try succeed(build + ["--explain"])
        #expect(!changed.contains(Self.unchanged))
        #expect(changed.contains("theme file home.mustache changed"), "\(changed)")
    }
}
