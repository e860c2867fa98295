import Foundation
import TemporaryFolders
import Testing

/// End to end: `wikisite import` and `export`, and builds from the embedded store.
@Suite("wikisite import, export, and builds from the store")
struct StoreCommandTests {
    let touchwiki = WikisiteCLI.example("touchwiki.json")
    let guide = WikisiteCLI.example("user-guide.json")

    /// Runs `wikisite` in `folder` and expects it to succeed.
    @discardableResult
    func succeed(_ arguments: [String], in folder: TemporaryFolder) throws -> WikisiteCLI.Result {
        let run = try WikisiteCLI.run(arguments, in: folder.url)
        #expect(run.status == 0, "wikisite \(arguments.joined(separator: " ")): \(run.standardError)")
        return run
    }

    @Test func aBuildFromTheDefaultStoreIsTheBuildFromTheDumps() throws {
        let folder = try TemporaryFolder()
        let first = try succeed(["import", touchwiki, guide], in: folder)
        #expect(first.standardOutput.contains("touchwiki.json (an _all_docs dump) into .wikisite/store.sqlite:"))
        #expect(first.standardOutput.contains("documents: 27 added, 1 updated, 0 unchanged; 1 conflict created"))
        #expect(first.standardOutput.contains("store sequence 0 → 28; the store holds 27 documents"))
        #expect(first.standardOutput.contains("documents: 14 added, 0 updated, 0 unchanged; 0 conflicts created"))
        #expect(FileManager.default.fileExists(atPath: folder.path(".wikisite/store.sqlite")))

        // Importing the same dumps again changes nothing.
        let again = try succeed(["import", touchwiki, guide], in: folder)
        #expect(again.standardOutput.contains("documents: 0 added, 0 updated, 28 unchanged; 0 conflicts created"))
        #expect(again.standardOutput.contains("nothing changed: store sequence 42; the store holds 41 documents"))

        let fromStore = try succeed(["build", "--out", "from-store"], in: folder)
        try succeed(["build", "--source", touchwiki, "--source", guide, "--out", "from-dumps"], in: folder)
        let storeSite = try folder.snapshot("from-store")
        #expect(storeSite.keys.contains("index.html") && storeSite.count > 20)
        #expect(storeSite == (try folder.snapshot("from-dumps")))
        // Warnings name the store and where each document was imported from.
        #expect(
            fromStore.standardOutput.contains(
                ".wikisite/store.sqlite (imported from \(touchwiki):9): \"5737529525067657:Misfiled\""))
    }

    @Test func aBuildWithNoSourceAndNoStoreSaysHowToImport() throws {
        let folder = try TemporaryFolder()
        let run = try WikisiteCLI.run(["build", "--out", "site"], in: folder.url)
        #expect(run.status != 0)
        #expect(run.standardError.contains("wikisite import"), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("site/index.html")))
        #expect(!FileManager.default.fileExists(atPath: folder.path(".wikisite/store.sqlite")))
    }

    @Test func aMalformedDumpImportsNothing() throws {
        let folder = try TemporaryFolder()
        try succeed(["import", touchwiki], in: folder)
        let before = try succeed(["export"], in: folder).standardOutput
        let broken = try folder.write(#"{"docs":[{"_id":"new","_rev":"1-a"},{"_id":"x","_rev":"#, to: "broken.json")

        let run = try WikisiteCLI.run(["import", guide, broken], in: folder.url)
        #expect(run.status == 1)
        #expect(run.standardError.contains("broken.json:1:"), "\(run.standardError)")
        #expect(run.standardError.contains("nothing of \(broken) was imported; the store is as it was"))
        #expect(run.standardError.contains("(the 1 before it were imported)"))
        let after = try succeed(["export"], in: folder).standardOutput
        #expect(after != before)
        #expect(!after.contains("\"new\""))
        #expect(after.contains("wikisite-guide"))
    }

    @Test(arguments: ["all_docs", "changes"])
    func anExportImportsIntoANewStoreThatBuildsTheSameSite(format: String) throws {
        let folder = try TemporaryFolder()
        try succeed(["import", touchwiki, guide, "--store", "first.sqlite"], in: folder)
        let exported = try succeed(
            ["export", "--store", "first.sqlite", "--format", format, "--out", "dump.json"], in: folder)
        #expect(exported.standardError.contains("exported 41 documents (42 leaves) of first.sqlite"))
        #expect(folder.files().filter { $0.contains("partial") }.isEmpty)
        let second = try succeed(["import", "dump.json", "--store", "second.sqlite"], in: folder)
        #expect(second.standardOutput.contains("the store holds 41 documents"))

        try succeed(["build", "--source", "second.sqlite", "--out", "from-copy"], in: folder)
        try succeed(["build", "--source", touchwiki, "--source", guide, "--out", "from-dumps"], in: folder)
        #expect(try folder.snapshot("from-copy") == (try folder.snapshot("from-dumps")))
        let again = try succeed(["export", "--store", "second.sqlite", "--format", format], in: folder)
        if format == "all_docs" { #expect(again.standardOutput == (try folder.read("dump.json"))) }
    }

    @Test func aStoreIsASourceWhateverItsName() throws {
        let folder = try TemporaryFolder()
        try succeed(["import", guide, "--store", "wiki.json"], in: folder)
        try succeed(["build", "--source", "wiki.json", "--out", "site"], in: folder)
        #expect(FileManager.default.fileExists(atPath: folder.path("site/wikisite-guide/index.html")))

        try folder.write("not a store", to: "notes.sqlite")
        let refused = try WikisiteCLI.run(["import", guide, "--store", "notes.sqlite"], in: folder.url)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("notes.sqlite is not a wikisite store"))
        #expect(try folder.read("notes.sqlite") == "not a store")
    }

    @Test func exportNeedsAnExistingStore() throws {
        let folder = try TemporaryFolder()
        let run = try WikisiteCLI.run(["export"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.standardError.contains("there is no store at .wikisite/store.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: folder.path(".wikisite")))
    }
}
