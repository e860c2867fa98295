import Foundation
import SplitMix64
import TemporaryFolders
import Testing
import WikiDocuments
import WikiSources
import WikiStore

@testable import WikiBuildEngine
@testable import WikiSite

/// End to end: edits of published pages read from a store are built from the store's changes and
/// the build state alone (`FastPath`), pages created and deleted too, and their site is a
/// clean build's.
@Suite("the fast path reads the changes alone")
struct FastPathTests {
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

    /// Imports `dump` into the store of `folder`, then builds it incrementally (with `options`),
    /// explained and verified against a clean build.
    func importAndBuild(_ dump: String, in folder: TemporaryFolder, options: [String] = []) throws -> String {
        try folder.write(dump, to: "change.json")
        try succeed(["import", "change.json", "--store", "store.sqlite"], in: folder)
        let run = try succeed(
            ["build", "--source", "store.sqlite", "--out", "site", "--explain", "--verify"] + options, in: folder)
        #expect(run.standardOutput.contains("Verified: the site is byte for byte the same as a clean build."))
        return run.standardOutput
    }

    @Test func anEditThatKeepsItsLinksWritesThePageTheListsAndTheHome() throws {
        let folder = try builtWiki()

        let output = try importAndBuild(
            Self.edit("Alpha", markdown: "# Alpha\\n\\nSee [[Beta]], now with more words.", by: "cy"), in: folder)
        #expect(output.contains("from 1 changed document and the build state"))
        #expect(output.contains("edits of pages read alone with the build state"))
        let files = output.split(separator: "\n").filter { $0.hasPrefix("written") }.map {
            String($0.split(separator: " ", omittingEmptySubsequences: true)[1].dropLast())
        }
        // The search index's files the edit's words touch are `SearchSiteTests`' to hold.
        #expect(files.contains("w/_search/meta.js"))
        let written = files.filter { !$0.hasPrefix("w/_search/") }
        // Page files carry a suffix made from the title (`SitePaths`).
        #expect(written.count == 4 && written[0].hasPrefix("w/Alpha~"))
        #expect(
            written.dropFirst() == ["w/_special/recent-changes.html", "w/_special/statistics.html", "w/index.html"])
        let statistics = try String(contentsOfFile: folder.path("site/w/_special/statistics.html"), encoding: .utf8)
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
        let gammaFile = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path("site/w")).first { $0.hasPrefix("Gamma~") })
        let gamma = try String(contentsOfFile: folder.path("site/w/" + gammaFile), encoding: .utf8)
        #expect(gamma.contains(">Alpha</a>") && gamma.contains(">Delta</a>"))

        // A second link to a title already linked to, missing or not, changes only the counts.
        let again = try importAndBuild(
            Self.edit(
                "Beta", markdown: "Back to [[Alpha]] and [[Alpha]], on to [[Gone]] and [[Gone]].", by: "bob", day: 3),
            in: folder)
        #expect(again.contains("read alone with the build state"))
    }

    @Test func anEditThatLinksToAPageNothingLinkedToRewritesTheOrphanedPages() throws {
        let folder = try builtWiki()

        let output = try importAndBuild(
            Self.edit("Alpha", markdown: "# Alpha\\n\\nSee [[Beta]] and [[Delta]].", by: "ann"), in: folder)
        // Delta is no longer an orphan: the list is cut again from the state's files of it.
        #expect(output.contains("read alone with the build state"))
        #expect(output.contains(#".html: "Alpha" now links here"#) && output.contains("written   w/Delta~"))
        #expect(output.contains("written   w/_special/orphaned-pages.html"))
    }

    @Test func aPageCreatedThenDeletedIsBuiltFromTheState() throws {
        let folder = try builtWiki()

        let created = try importAndBuild(Self.edit("Gone", markdown: "Back to [[Alpha]].", by: "cy"), in: folder)
        // "Gone" was a wanted title: the pages linking to it show it as a page now.
        #expect(created.contains("read alone with the build state"))
        #expect(
            created.contains("page created or published") && created.contains(#"links to "Gone", which now exists"#))
        #expect(created.contains("written   w/_special/all-pages.html"))
        #expect(created.contains("written   w/_special/wanted-pages.html"))
        #expect(created.contains("written   index.html"))

        let deleted = try importAndBuild(
            #"{"docs":[{"_id":"w:Gone","_rev":"3-c","_revisions":{"start":3,"ids":["c","b","a"]},"_deleted":true}]}"#,
            in: folder)
        #expect(deleted.contains("read alone with the build state"))
        #expect(deleted.contains("removed   w/Gone~") && deleted.contains(#"links to "Gone", which no longer exists"#))
    }

    /// A page created restyles the links to it, in the pages that link to it and in the pages
    /// that embed one of those, which are rendered again with what they embed read from the
    /// source (the fast path once wrote the linking page alone, and the embedding one kept
    /// the old style). An edit of an embedded page rewrites the pages embedding it, directly or
    /// not; an edit of a page that embeds others reads them to show them.
    @Test func thePagesEmbeddingAChangedPageAreRenderedAgainWithWhatTheyEmbed() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            {"docs":[
            {"_id":"w","_rev":"1-a","type":"wiki","title":"Embeds","markdown":"Start at [[Outer]]."},
            {"_id":"w:Outer","_rev":"1-a","type":"page","wiki_id":"w",
             "markdown":"# Outer\\n\\n![[Middle]]\\n\\n![[Aside]]",
             "created_at":"2024-01-01T00:00:00Z","updated_at":"2024-01-02T00:00:00Z"},
            {"_id":"w:Aside","_rev":"1-a","type":"page","wiki_id":"w","markdown":"Aside text.",
             "created_at":"2024-01-01T00:00:00Z","updated_at":"2024-01-02T00:00:00Z"},
            {"_id":"w:Waiting","_rev":"1-a","type":"page","wiki_id":"w","markdown":"Soon: ![[Later]]",
             "created_at":"2024-01-01T00:00:00Z","updated_at":"2024-01-02T00:00:00Z"},
            {"_id":"w:Middle","_rev":"1-a","type":"page","wiki_id":"w","markdown":"Middle.\\n\\n![[Inner]]",
             "created_at":"2024-01-01T00:00:00Z","updated_at":"2024-01-02T00:00:00Z"},
            {"_id":"w:Inner","_rev":"1-a","type":"page","wiki_id":"w","markdown":"See [[Later]].",
             "created_at":"2024-01-01T00:00:00Z","updated_at":"2024-01-03T00:00:00Z"}
            ]}
            """, to: "wiki.json")
        try succeed(["import", "wiki.json", "--store", "store.sqlite"], in: folder)
        try succeed(["build", "--source", "store.sqlite", "--out", "site"], in: folder)

        let created = try importAndBuild(
            #"{"docs":[{"_id":"w:Later","_rev":"1-a","type":"page","wiki_id":"w","markdown":"Now here."}]}"#,
            in: folder)
        #expect(created.contains("read alone with the build state"), "\(created)")
        #expect(created.contains(#": links to "Later", which now exists"#))
        #expect(created.contains(#"w/Middle~"#) && created.contains(#": embeds "Inner", whose body changed"#))
        // A page that embedded the missing page shows it now.
        let waitingFile = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path("site/w")).first { $0.hasPrefix("Waiting") }
        )
        #expect(try String(contentsOfFile: folder.path("site/w/" + waitingFile), encoding: .utf8).contains("Now here."))

        let edited = try importAndBuild(
            #"{"docs":[{"_id":"w:Inner","_rev":"2-b","_revisions":{"start":2,"ids":["b","a"]},"type":"page","#
                + #""wiki_id":"w","markdown":"See [[Later]], twice.","updated_at":"2024-02-01T00:00:00Z"}]}"#,
            in: folder)
        #expect(edited.contains("read alone with the build state"), "\(edited)")

        let outerEdited = try importAndBuild(
            #"{"docs":[{"_id":"w:Outer","_rev":"2-b","_revisions":{"start":2,"ids":["b","a"]},"type":"page","#
                + ##""wiki_id":"w","markdown":"# Outer again\n\n![[Middle]]\n\n![[Aside]]","##
                + #""updated_at":"2024-02-02T00:00:00Z"}]}"#,
            in: folder)
        #expect(outerEdited.contains("read alone with the build state"), "\(outerEdited)")
        let outerFile = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path("site/w")).first { $0.hasPrefix("Outer") })
        let outer = try String(contentsOfFile: folder.path("site/w/" + outerFile), encoding: .utf8)
        #expect(outer.contains("Outer again") && outer.contains("twice") && outer.contains("Aside text."))
    }

    /// A wiki's description that embeds a page: its home, written again whenever the wiki
    /// changes, shows that page as it is, changed or not.
    @Test func aHomeEmbeddingAPageShowsItAfterAnyChange() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            {"docs":[
            {"_id":"w","_rev":"1-a","type":"wiki","title":"Home","markdown":"Welcome.\\n\\n![[Notice]]"},
            {"_id":"w:Notice","_rev":"1-a","type":"page","wiki_id":"w","markdown":"Closed on Monday."},
            {"_id":"w:Other","_rev":"1-a","type":"page","wiki_id":"w","markdown":"Other text."}
            ]}
            """, to: "wiki.json")
        try succeed(["import", "wiki.json", "--store", "store.sqlite"], in: folder)
        try succeed(["build", "--source", "store.sqlite", "--out", "site"], in: folder)
        let home = { try String(contentsOfFile: folder.path("site/w/index.html"), encoding: .utf8) }

        let other = try importAndBuild(
            #"{"docs":[{"_id":"w:Other","_rev":"2-b","_revisions":{"start":2,"ids":["b","a"]},"type":"page","#
                + #""wiki_id":"w","markdown":"Other text, again."}]}"#,
            in: folder)
        #expect(other.contains("read alone with the build state"), "\(other)")
        #expect(try home().contains("Closed on Monday."))

        let notice = try importAndBuild(
            #"{"docs":[{"_id":"w:Notice","_rev":"2-b","_revisions":{"start":2,"ids":["b","a"]},"type":"page","#
                + #""wiki_id":"w","markdown":"Open every day."}]}"#,
            in: folder)
        #expect(notice.contains("read alone with the build state"), "\(notice)")
        #expect(try home().contains("Open every day."))
    }

    /// A page's attachments are written beside it as it embeds them, and go when it no longer
    /// does or is deleted; a page embedding it shows them: all from the build state and the
    /// changed documents.
    @Test func theAttachmentsOfAPageFollowItsEmbeds() throws {
        let folder = try TemporaryFolder()
        let photos = { (generation: Int, markdown: String) in
            #"{"_id":"w:Photos","_rev":"\#(generation)-\#(generation)p","#
                + (generation > 1
                    ? #""_revisions":{"start":\#(generation),"ids":["\#(generation)p","\#(generation - 1)p"]},"# : "")
                + #""type":"page","wiki_id":"w","markdown":"\#(markdown)","updated_at":"2024-01-0\#(generation)T00:00:00Z","#
                + #""_attachments":{"photo.png":{"content_type":"image/png","data":"iVBORw0KGgo="}}}"#
        }
        try folder.write(
            """
            {"docs":[
            {"_id":"w","_rev":"1-a","type":"wiki","title":"Attachments","markdown":"Start at [[Album]]."},
            {"_id":"w:Album","_rev":"1-a","type":"page","wiki_id":"w","markdown":"Album: ![[Photos]]"},
            \(photos(1, "A photo: ![[photo.png]]"))
            ]}
            """, to: "wiki.json")
        try succeed(["import", "wiki.json", "--store", "store.sqlite"], in: folder)
        try succeed(["build", "--source", "store.sqlite", "--out", "site"], in: folder)
        func attachmentFiles() throws -> [String] {
            let site = folder.path("site/w")
            return try FileManager.default.contentsOfDirectory(atPath: site).filter { $0.hasSuffix(".files") }
                .flatMap { try FileManager.default.contentsOfDirectory(atPath: site + "/" + $0) }
        }
        #expect(try attachmentFiles() == ["photo.png"])

        let edited = try importAndBuild(#"{"docs":["# + photos(2, "The photo: ![[photo.png]]") + "]}", in: folder)
        #expect(edited.contains("read alone with the build state"), "\(edited)")
        #expect(edited.contains(#"w/Album~"#) && edited.contains(#": embeds "Photos", whose body changed"#))
        #expect(try attachmentFiles() == ["photo.png"])

        let unembedded = try importAndBuild(#"{"docs":["# + photos(3, "No photo.") + "]}", in: folder)
        #expect(unembedded.contains("read alone with the build state"), "\(unembedded)")
        #expect(try attachmentFiles().isEmpty)

        _ = try importAndBuild(#"{"docs":["# + photos(4, "Again: ![[photo.png]]") + "]}", in: folder)
        #expect(try attachmentFiles() == ["photo.png"])
        let deleted = try importAndBuild(
            #"{"docs":[{"_id":"w:Photos","_rev":"5-5p","_revisions":{"start":5,"ids":["5p","4p"]},"_deleted":true}]}"#,
            in: folder)
        #expect(deleted.contains("read alone with the build state"), "\(deleted)")
        #expect(try attachmentFiles().isEmpty)
    }

    /// A page in conflict (two leaves of the same generation) is built from the state, and its
    /// conflict is listed by the statistics until a tombstone ends the losing branch.
    @Test func aConflictOfAPageComesAndGoesInTheStatistics() throws {
        let folder = try builtWiki()
        let leaf = { (revision: String, parent: String, text: String) in
            #"{"_id":"w:Alpha","_rev":"2-\#(revision)","_revisions":{"start":2,"ids":["\#(revision)","\#(parent)"]},"#
                + #""type":"page","wiki_id":"w","markdown":"\#(text)","updated_at":"2024-02-01T00:00:00Z"}"#
        }
        let statistics = { try String(contentsOfFile: folder.path("site/w/_special/statistics.html"), encoding: .utf8) }

        let conflicted = try importAndBuild(
            #"{"docs":["# + leaf("b", "a", "See [[Beta]].") + "," + leaf("c", "a", "See [[Beta]], says c.") + "]}",
            in: folder)
        #expect(conflicted.contains("read alone with the build state"), "\(conflicted)")
        #expect(try statistics().contains("2-b"))

        let resolved = try importAndBuild(
            #"{"docs":[{"_id":"w:Alpha","_rev":"3-d","_revisions":{"start":3,"ids":["d","b"]},"_deleted":true}]}"#,
            in: folder)
        #expect(resolved.contains("read alone with the build state"), "\(resolved)")
        #expect(try !statistics().contains("2-b"))
    }

    /// The wiki's own document edited, its title kept: its home alone shows it. Retitled, it is
    /// in every file: the wiki-wide path's.
    @Test func theWikisDocumentEditedRewritesItsHomeFromTheState() throws {
        let folder = try builtWiki()
        // Revision `generation` of the wiki's document, over the one before (`ids`: its own and
        // its parent's).
        let wiki = { (generation: Int, ids: String, title: String, markdown: String) in
            #"{"docs":[{"_id":"w","_rev":"\#(generation)-\#(ids.prefix(1))","#
                + #""_revisions":{"start":\#(generation),"ids":["\#(ids.prefix(1))","\#(ids.suffix(1))"]},"#
                + #""type":"wiki","title":"\#(title)","owner_id":"ann","members":["bob"],"markdown":"\#(markdown)"}]}"#
        }

        let edited = try importAndBuild(wiki(2, "ba", "Edits", "Start at [[Gamma]], or [[Nowhere]]."), in: folder)
        #expect(edited.contains("read alone with the build state"), "\(edited)")
        #expect(edited.contains("written   w/index.html: the wiki's document changed"))
        // The statistics show the wiki document's conflicts, so they are rendered again, and found
        // unchanged.
        #expect(edited.contains("Files: 1 written, 1 unchanged, 0 removed"))
        #expect(!edited.contains("written   w/Alpha~") && !edited.contains("written   w/_special/"))
        let home = try String(contentsOfFile: folder.path("site/w/index.html"), encoding: .utf8)
        #expect(home.contains("Nowhere") && home.contains("bob"))
        // The state took the document as it is now: as a clean build records it.
        try succeed(["build", "--source", "store.sqlite", "--out", "clean", "--full"], in: folder)
        let recorded = try [".wikisite/site", ".wikisite/clean"].map {
            try BuildState(stateFolder: folder.path($0)).wikis()[ExactString("w")]?.fingerprint
        }
        #expect(recorded[0] != nil && recorded[0] == recorded[1])

        let retitled = try importAndBuild(wiki(3, "cb", "Edited", "Start at [[Gamma]]."), in: folder)
        #expect(!retitled.contains("read alone with the build state"), "\(retitled)")
        #expect(retitled.contains("the wiki's title changed"))
        #expect(
            retitled.contains(
                #"Not built from the build state alone: wiki "w" was retitled (every file of it shows the title)."#))
    }

    /// A letter that appears in a list of all pages of several files, then goes: every file
    /// shows the letter index, so every file is written again, from the state.
    @Test func aLetterComingAndGoingInALongListRewritesEveryFileOfAllPages() throws {
        let folder = try TemporaryFolder()
        // 1,500 pages filed under A to E (more files of all pages than a change's neighbours and
        // the first three), none under Q.
        let pages = ["A", "B", "C", "D", "E"].flatMap { letter in
            (0..<300).map { number in
                #"{"_id":"w:\#(letter) page \#(number)","_rev":"1-a","type":"page","wiki_id":"w","markdown":"Text.","#
                    + #""created_at":"2024-01-01T00:00:00Z","updated_at":"2024-01-02T00:00:00Z"}"#
            }
        }
        let wiki = #"{"_id":"w","_rev":"1-a","type":"wiki","title":"Long","owner_id":"ann","markdown":"Home."}"#
        try folder.write(#"{"docs":[\#(([wiki] + pages).joined(separator: ",\n"))]}"#, to: "wiki.json")
        try succeed(["import", "wiki.json", "--store", "store.sqlite"], in: folder)
        try succeed(["build", "--source", "store.sqlite", "--out", "site"], in: folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path("site/w/_special/all-pages"))
        try #require(files.count >= 5)

        let created = try importAndBuild(Self.edit("Quince", markdown: "New.", by: "cy"), in: folder)
        #expect(created.contains("read alone with the build state"), "\(created)")
        for file in files { #expect(created.contains("written   w/_special/all-pages/\(file)")) }
        let home = try String(contentsOfFile: folder.path("site/w/_special/all-pages.html"), encoding: .utf8)
        #expect(home.contains("#letter-Q"))

        let deleted = try importAndBuild(
            #"{"docs":[{"_id":"w:Quince","_rev":"3-c","_revisions":{"start":3,"ids":["c","b","a"]},"_deleted":true}]}"#,
            in: folder)
        #expect(deleted.contains("read alone with the build state"), "\(deleted)")
        for file in files { #expect(deleted.contains("written   w/_special/all-pages/\(file)")) }
    }

    /// The wiki as a dump whose entry for `title` is replaced by `markdown`, with `extra` entries
    /// at the end.
    static func dump(editing title: String? = nil, markdown: String = "", extra: String = "") -> String {
        var lines = database.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let title, let line = lines.firstIndex(where: { $0.contains(#""_id":"w:\#(title)""#) }) {
            lines[line] = lines[line].replacingOccurrences(of: #""1-a""#, with: #""2-b""#)
            let markdownLine = lines[line].contains("markdown") ? line : line + 1
            lines[markdownLine] = lines[markdownLine].replacingOccurrences(
                of: #""markdown":"[^"]*""#, with: #""markdown":"\#(markdown)""#, options: .regularExpression)
        }
        if !extra.isEmpty { lines[lines.count - 2] += "," + extra }
        return lines.joined(separator: "\n")
    }

    /// Builds the dump `wiki.json` of `folder` incrementally, explained and verified.
    func buildDump(in folder: TemporaryFolder) throws -> String {
        let run = try succeed(["build", "--source", "wiki.json", "--out", "site", "--explain", "--verify"], in: folder)
        #expect(run.standardOutput.contains("Verified: the site is byte for byte the same as a clean build."))
        return run.standardOutput
    }

    @Test func anEditOfADumpIsReadAloneFromTheEntriesThatChanged() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.dump(), to: "wiki.json")
        try succeed(["build", "--source", "wiki.json", "--out", "site"], in: folder)

        let unchanged = try buildDump(in: folder)
        #expect(unchanged.contains("no source changed since the last build read it"), "\(unchanged)")
        #expect(unchanged.contains("wiki.json: no sequence; 5 entries compared with the last build's reading: 0 new"))
        #expect(unchanged.contains("Files: 0 written"))

        try folder.write(Self.dump(editing: "Alpha", markdown: "See [[Gamma]]."), to: "wiki.json")
        let output = try buildDump(in: folder)
        #expect(output.contains("from 1 changed document and the build state"), "\(output)")
        #expect(output.contains("edits of pages read alone with the build state"))
        #expect(
            output.contains(
                "5 entries compared with the last build's reading: 1 new or changed, 1 of that reading's gone"))
        #expect(
            output.contains(#".html: "Alpha" no longer links here"#)
                && output.contains(#".html: "Alpha" now links here"#))
    }

    @Test func withABaseURLAnEditTakesTheFastPathWithItsSitemapAndFeed() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.dump(), to: "wiki.json")
        let build = ["build", "--source", "wiki.json", "--out", "site", "--base-url", "https://wiki.example/"]
        try succeed(build, in: folder)

        let unchanged = try succeed(build + ["--verify"], in: folder).standardOutput
        #expect(unchanged.contains("no source changed since the last build read it"), "\(unchanged)")
        #expect(unchanged.contains("Files: 0 written"))

        // The feed shows the page's new body; the pages have no dates, so the sitemap's entries,
        // and its file, stay as they were.
        try folder.write(Self.dump(editing: "Gamma", markdown: "On to [[Beta]], again."), to: "wiki.json")
        let edited = try succeed(build + ["--verify", "--explain"], in: folder).standardOutput
        #expect(edited.contains("edits of pages read alone with the build state"), "\(edited)")
        #expect(!edited.contains("Not built from the build state alone"))
        #expect(!edited.contains("w/_sitemap.xml"), "\(edited)")
        #expect(edited.contains("unchanged sitemap.xml"), "the index is made again, the same")
        #expect(edited.contains("w/_special/feed.atom"), "\(edited)")
        #expect(!edited.contains("missing base URL") && !edited.contains("need --base-url"))
        #expect(edited.contains("Verified: the site is byte for byte the same as a clean build."))
        let feed = try String(contentsOfFile: folder.path("site/w/_special/feed.atom"), encoding: .utf8)
        #expect(feed.contains("On to"), "the feed shows the edited body")
    }

    @Test func aDumpWithAnEntryThatIsNotADocumentIsReadWhole() throws {
        let folder = try TemporaryFolder()
        let broken = #"{"type":"page","markdown":"no _id"}"#
        try folder.write(Self.dump(extra: broken), to: "wiki.json")
        try succeed(["build", "--source", "wiki.json", "--out", "site"], in: folder)

        try folder.write(
            Self.dump(editing: "Beta", markdown: "Back to [[Alpha]], on to [[Gone]], again.", extra: broken),
            to: "wiki.json")
        let output = try buildDump(in: folder)
        // Its warning is the wiki-wide path's to give again: the edit is built from the model of
        // the whole dump, with the state.
        #expect(output.contains("the document has no _id"), "\(output)")
        #expect(output.contains("compared revision by revision"))
        #expect(output.contains("edits of pages built with the build state, without analysing their wikis again"))
    }

    @Test func aDocumentGoneFromADumpIsDeletedWithTheStateAlone() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.dump(), to: "wiki.json")
        try succeed(["build", "--source", "wiki.json", "--out", "site"], in: folder)

        // Delta, the last entry, on two lines.
        var lines = Self.dump().split(separator: "\n").map(String.init)
        let delta = try #require(lines.firstIndex { $0.contains(#""_id":"w:Delta""#) })
        lines.removeSubrange(delta...delta + 1)
        lines[delta - 1].removeLast()
        try folder.write(lines.joined(separator: "\n"), to: "wiki.json")
        let output = try buildDump(in: folder)
        // Nothing links to Delta: its file goes, and so does its entry in the lists.
        #expect(output.contains("read alone with the build state"), "\(output)")
        #expect(output.contains("removed   w/Delta~"))
        #expect(output.contains("written   w/_special/orphaned-pages.html"))
    }
}
