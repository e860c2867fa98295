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
        try succeed(["build", "--source", "store.sqlite", "--out", "site", "--wiki", "w"], in: folder)
        // Page Alpha of the other wiki at revision `generation` (2 or 3), changed.
        func otherEdit(_ generation: Int) -> String {
            let ids = Array(["a", "b", "c"].prefix(generation).reversed())
            return #"{"docs":[{"_id":"x:Alpha","_rev":"\#(generation)-\#(ids[0])","#
                + #""_revisions":{"start":\#(generation),"ids":["\#(ids.joined(separator: "\",\""))"]},"#
                + #""type":"page","wiki_id":"x","markdown":"Changed."}]}"#
        }
        let fromState = "edits of pages read alone with the build state"
        let edited = try importAndBuild(
            Self.edit("Gamma", markdown: "On to [[Beta]] again.", by: "ann"), in: folder, options: ["--wiki", "w"])
        #expect(edited.contains(fromState), "\(edited)")

        // Both at once: the edit of a page of the wiki published, with one of the other wiki.
        try folder.write(otherEdit(2), to: "other-edit.json")
        try succeed(["import", "other-edit.json", "--store", "store.sqlite"], in: folder)
        let both = try importAndBuild(
            Self.edit("Delta", markdown: "Points at [[Beta]].", by: "bob"), in: folder, options: ["--wiki", "w"])
        #expect(both.contains(fromState), "\(both)")

        let elsewhere = try importAndBuild(otherEdit(3), in: folder, options: ["--wiki", "w"])
        #expect(elsewhere.contains(fromState), "\(elsewhere)")
        #expect(elsewhere.contains("Files: 0 written"), "\(elsewhere)")
        let files = FileManager.default.enumerator(atPath: folder.path("site"))?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".html") {
            let html = try String(contentsOfFile: folder.path("site/" + file), encoding: .utf8)
            #expect(!html.contains("Elsewhere") && !html.contains("Changed."), "\(file) shows the other wiki")
        }
        #expect(files.count > 5)
    }
}
