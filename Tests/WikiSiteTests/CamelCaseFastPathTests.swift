import Foundation
import TemporaryFolders
import Testing
import WikiDocuments
import WikiModel
import WikiSources
import WikiStore

@testable import WikiBuildEngine
@testable import WikiConfiguration
@testable import WikiSite

/// The rule of CamelCase links on the fast path: a title that comes or goes links or unlinks the
/// CamelCase words of the pages whose text has it where it would link, and those pages alone are
/// rendered again for it (`ChangeCause.linksLeadElsewhere`); a page that has the word only in
/// code or in a link of its own is not.
@Suite("CamelCase words on the fast path")
struct CamelCaseFastPathTests {
    /// The wiki's pages at first: `Intro` has the word `FooBar` in its text and in a footnote,
    /// `Aside` in a code span and a link's label only, `Third` another word.
    static let pages = [
        "Intro": "The FooBar is near.[^1]\n\n[^1]: So is FooBar.\n",
        "Aside": "`FooBar` in code, [FooBar](https://example.org) a link.\n",
        "Third": "The BarBaz is far.\n",
    ]

    /// A page document of wiki `w`.
    static func page(_ title: String, _ markdown: String, revision: Int = 1) -> [String: Any] {
        [
            "_id": "w:" + title, "_rev": "\(revision)-\(revision)a", "type": "page", "wiki_id": "w",
            "markdown": markdown, "created_at": "2024-01-01T00:00:00Z",
        ]
    }

    /// A store holding the wiki with `pages`, built once into `site` with CamelCase links;
    /// returns the folder, the store's path and the options.
    static func builtWiki(_ pages: [String: String]) throws -> (TemporaryFolder, String, BuildOptions) {
        let folder = try TemporaryFolder()
        let store = folder.path("store.sqlite")
        let documents =
            [["_id": "w", "_rev": "1-a", "type": "wiki", "title": "Camel", "markdown": "Start."]]
            + pages.keys.sorted().map { page($0, pages[$0]!) }
        try save(documents, to: store, in: folder)
        var options = BuildOptions(sources: [store], outputFolder: folder.path("site"))
        options.wikiSettings[ExactString("w")] = WikiSettings(camelCaseLinks: true)
        _ = try SiteBuilder(options: options).build()
        return (folder, store, options)
    }

    static func save(_ documents: [[String: Any]], to store: String, in folder: TemporaryFolder) throws {
        let dump = try JSONSerialization.data(withJSONObject: ["docs": documents], options: [.sortedKeys])
        _ = try DocumentStore.openOrCreate(path: store).importDocuments(
            from: DumpSource(path: try folder.write(String(decoding: dump, as: UTF8.self), to: "change.json")))
    }

    /// Builds `documents` saved into the wiki, on the fast path and equal to a clean build; returns
    /// the pages rendered again because their links lead elsewhere.
    static func relinkedPages(
        saving documents: [[String: Any]], _ built: (TemporaryFolder, String, BuildOptions)
    ) throws -> [String] {
        let (folder, store, builtOptions) = built
        try save(documents, to: store, in: folder)
        var options = builtOptions
        options.listsOutputs = true
        let summary = try SiteBuilder(options: options).build()
        #expect(summary.fastPathDeclined == nil, "\(summary.fastPathDeclined ?? "")")
        #expect(summary.readChangesOnly)
        #expect(try RandomizedProof.differencesFromACleanBuild(of: options, in: folder, step: 1).isEmpty)
        return summary.outputs.filter { $0.cause.contains(ChangeCause.linksLeadElsewhere.description) }.map(\.path)
    }

    /// The hrefs of the CamelCase links of the page `title` of the built site.
    static func wikilinks(of title: String, in folder: TemporaryFolder) throws -> [String] {
        let html = try folder.read("site/w/" + SitePaths.pageFile(PageTitle(title)!))
        return HTMLElements.elements("a", in: html).filter { $0.attributes["class"] == "wikilink" }.compactMap {
            $0.attributes["href"]
        }
    }

    @Test func aCreatedCamelCasePageRelinksExactlyThePagesMentioningIt() throws {
        let built = try Self.builtWiki(Self.pages)
        #expect(try Self.wikilinks(of: "Intro", in: built.0).isEmpty)
        let relinked = try Self.relinkedPages(saving: [Self.page("FooBar", "Here.\n")], built)
        #expect(relinked == ["w/" + SitePaths.pageFile(PageTitle("Intro")!)])
        #expect(try Self.wikilinks(of: "Intro", in: built.0).count == 2)
        #expect(try Self.wikilinks(of: "Aside", in: built.0).isEmpty)
    }

    @Test func aDeletedCamelCasePageUnlinksThePagesMentioningIt() throws {
        var pages = Self.pages
        pages["FooBar"] = "Here.\n"
        let built = try Self.builtWiki(pages)
        #expect(try Self.wikilinks(of: "Intro", in: built.0).count == 2)
        let tombstone: [String: Any] = [
            "_id": "w:FooBar", "_rev": "2-2a", "_deleted": true, "_revisions": ["start": 2, "ids": ["2a", "1a"]],
        ]
        let relinked = try Self.relinkedPages(saving: [tombstone], built)
        #expect(relinked == ["w/" + SitePaths.pageFile(PageTitle("Intro")!)])
        #expect(try Self.wikilinks(of: "Intro", in: built.0).isEmpty)
    }

    @Test func anAliasThatComesLinksThePagesMentioningIt() throws {
        let built = try Self.builtWiki(Self.pages)
        let aliased = Self.page("Third", "---\naliases: [FooBar]\n---\nThe BarBaz is far.\n", revision: 2)
        let relinked = try Self.relinkedPages(saving: [aliased], built)
        #expect(relinked == ["w/" + SitePaths.pageFile(PageTitle("Intro")!)])
        #expect(try Self.wikilinks(of: "Intro", in: built.0).count == 2)
    }

    /// Past the fast path's limit, the wiki-wide path outlines again the pages the index lists,
    /// and reuses the stored outlines of the others.
    @Test func theWikiWidePathRelinksExactlyThePagesMentioningACreatedPage() throws {
        let (folder, store, builtOptions) = try Self.builtWiki(Self.pages)
        var options = builtOptions
        let pages =
            [Self.page("FooBar", "Here.\n")]
            + (1...ChangeSetLimits.minimumChanges).map { Self.page("Filler \($0)", "Text.\n") }
        try Self.save(pages, to: store, in: folder)
        options.listsOutputs = true
        let summary = try SiteBuilder(options: options).build()
        #expect(!summary.readChangesOnly && summary.fullBuildReason == nil)
        #expect(try RandomizedProof.differencesFromACleanBuild(of: options, in: folder, step: 1).isEmpty)
        let relinked = summary.outputs.filter { $0.cause.contains(ChangeCause.linksLeadElsewhere.description) }
        #expect(relinked.map(\.path) == ["w/" + SitePaths.pageFile(PageTitle("Intro")!)])
    }

    /// The rows of the index of the words are those of the pages' text, kept as pages change.
    @Test func theStateIndexesTheWordsWhereTheyWouldLink() throws {
        let (folder, store, options) = try Self.builtWiki(Self.pages)
        let state = try BuildState(stateFolder: options.resolvedStateFolder)
        #expect(try state.pages(mentioning: PageTitle("FooBar")!, inWiki: "w") == [PageTitle("Intro")!])
        #expect(try state.pages(mentioning: PageTitle("BarBaz")!, inWiki: "w") == [PageTitle("Third")!])
        try Self.save([Self.page("Intro", "No words.\n", revision: 2)], to: store, in: folder)
        _ = try SiteBuilder(options: options).build()
        #expect(try state.pages(mentioning: PageTitle("FooBar")!, inWiki: "w").isEmpty)
    }
}
