import Foundation
import TemporaryFolders
import Testing

@testable import WikiSite

/// The fast path of a build that publishes some wikis alone (`--wiki`).
extension FastPathTests {
    /// With `--wiki`, the site holds the wikis named alone: an edit of one of them takes the
    /// fast path, and an edit of another wiki reads its change and writes nothing.
    @Test func withWikiAnEditTakesTheFastPathAndAnotherWikisChangeWritesNothing() throws {
        let folder = try TemporaryFolder()
        let other = """
            {"docs":[{"_id":"x","_rev":"1-a","type":"wiki","title":"Other"},
            {"_id":"x:Alpha","_rev":"1-a","type":"page","wiki_id":"x","markdown":"Elsewhere."}]}
            """
        try folder.write(Self.database, to: "wiki.json")
        try folder.write(other, to: "other.json")
        try succeed(["import", "wiki.json", "other.json", "--store", "store.sqlite"], in: folder)
        let build = ["build", "--source", "store.sqlite", "--out", "site", "--wiki", "w", "--verify"]
        try succeed(build, in: folder)

        try folder.write(Self.edit("Gamma", markdown: "On to [[Beta]] again.", by: "ann"), to: "edit.json")
        try succeed(["import", "edit.json", "--store", "store.sqlite"], in: folder)
        let edited = try succeed(build, in: folder).standardOutput
        #expect(edited.contains("edits of pages read alone with the build state"), "\(edited)")
        #expect(edited.contains("Verified: the site is byte for byte the same as a clean build."))

        try folder.write(
            #"{"docs":[{"_id":"x:Alpha","_rev":"2-b","_revisions":{"start":2,"ids":["b","a"]},"#
                + #""type":"page","wiki_id":"x","markdown":"Changed."}]}"#, to: "other-edit.json")
        try succeed(["import", "other-edit.json", "--store", "store.sqlite"], in: folder)
        // Both at once: the edit of a page of the wiki published, with one of the other wiki.
        try folder.write(Self.edit("Delta", markdown: "Points at [[Beta]].", by: "bob"), to: "edit.json")
        try succeed(["import", "edit.json", "--store", "store.sqlite"], in: folder)
        let both = try succeed(build, in: folder).standardOutput
        #expect(both.contains("edits of pages read alone with the build state"), "\(both)")
        #expect(both.contains("Verified: the site is byte for byte the same as a clean build."))

        try folder.write(
            #"{"docs":[{"_id":"x:Alpha","_rev":"3-c","_revisions":{"start":3,"ids":["c","b","a"]},"#
                + #""type":"page","wiki_id":"x","markdown":"Changed."}]}"#, to: "other-edit.json")
        try succeed(["import", "other-edit.json", "--store", "store.sqlite"], in: folder)
        let elsewhere = try succeed(build, in: folder).standardOutput
        #expect(elsewhere.contains("edits of pages read alone with the build state"), "\(elsewhere)")
        #expect(elsewhere.contains("Files: 0 written"), "\(elsewhere)")
        let files = FileManager.default.enumerator(atPath: folder.path("site"))?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".html") {
            let html = try String(contentsOfFile: folder.path("site/" + file), encoding: .utf8)
            #expect(!html.contains("Elsewhere") && !html.contains("Changed."), "\(file) shows the other wiki")
        }
        #expect(files.count > 5)
    }
}
