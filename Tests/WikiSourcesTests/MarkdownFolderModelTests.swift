import Foundation
import Testing
import WikiDocuments
import WikiModel
import WikiSources

/// The documents of a folder, through the model, and the behaviour every source shares: the same
/// documents give the same wikis and pages whichever source they came from.
@Suite struct MarkdownFolderModelTests {
    /// A small wiki as a folder of Markdown.
    private func teamFolder() throws -> MarkdownFolderFixture {
        let folder = try MarkdownFolderFixture()
        try folder.write(
            "---\ntitle: Team Docs\n---\nWelcome, see [[Install]].\n", to: "index.md", modified: 1_355_033_155_031)
        try folder.write("# Install\n\nRun `make`.\n", to: "Install.md", modified: 1_700_000_000_000)
        try folder.write(
            "---\ntitle: Sync Client\nupdated_by: jchris\n---\nSee [[Install]].\n", to: "guide/sync-client.md",
            modified: 1_600_000_000_000)
        try folder.write(
            "Notes with underscores in the path.\n", to: "guide/Install_Notes.md", modified: 1_600_000_000_000)
        try folder.write("---\ndraft: true\n---\nNot yet.\n", to: "Plans.md", modified: 1_800_000_000_000)
        return folder
    }

    /// The same wiki as a bulk docs dump, written by hand: other revisions, other member orders,
    /// dates with other zones for the same instants.
    private let teamDump = #"""
        {"docs":[
        {"_id":"team:Plans","_rev":"4-d","type":"page","wiki_id":"team","markdown":"Not yet.\n","draft":true,
         "created_at":"2027-01-15T08:00:00Z","updated_at":"2027-01-15T08:00:00Z"},
        {"_id":"team:Install","_rev":"2-b","type":"page","wiki_id":"team","markdown":"# Install\n\nRun `make`.\n",
         "created_at":"2023-11-14T23:13:20+01:00","updated_at":"2023-11-14T22:13:20Z"},
        {"_id":"team","_rev":"7-a","type":"wiki","title":"Team Docs","markdown":"Welcome, see [[Install]].\n",
         "created_at":"2012-12-09T06:05:55.031Z","updated_at":"2023-11-14T22:13:20.000Z"},
        {"_id":"team:Sync Client","_rev":"1-c","type":"page","wiki_id":"team","markdown":"See [[Install]].\n",
         "updated_by":"jchris","created_at":"2020-09-13T12:26:40Z","updated_at":"2020-09-13T12:26:40Z"},
        {"_id":"team:guide/Install_Notes","_rev":"3-e","type":"page","wiki_id":"team",
         "markdown":"Notes with underscores in the path.\n",
         "created_at":"2020-09-13T12:26:40Z","updated_at":"2020-09-13T12:26:40Z"}
        ]}
        """#

    private func database(_ source: any DocumentSource) throws -> WikiDatabase {
        var builder = WikiDatabaseBuilder()
        _ = try source.read(after: nil) { builder.add($0) }
        return builder.build()
    }

    @Test func aFolderBecomesOneWikiWithItsPages() throws {
        let folder = try teamFolder()
        let database = try database(MarkdownFolderSource(folder: folder.path, wikiID: "team"))
        #expect(database.skipped.isEmpty)
        #expect(database.conflicts.isEmpty)
        #expect(database.wikis.map(\.id) == ["team"])
        let wiki = try #require(database.wiki("team"))
        #expect(wiki.title == "Team Docs")
        #expect(wiki.markdown == "Welcome, see [[Install]].\n")
        #expect(database.pages(inWiki: "team").map(\.title.text) == ["Install", "Sync Client", "guide/Install Notes"])
        #expect(database.drafts(inWiki: "team").map(\.title.text) == ["Plans"])
        let title = try #require(PageTitle("Sync Client"))
        let sync = try #require(database.page(inWiki: "team", titled: title))
        #expect(sync.updatedBy == "jchris")
        #expect(sync.updatedAt?.display == "2020-09-13 12:26 UTC")
        #expect(sync.revision.generation == 1)
    }

    @Test func theSameDocumentsGiveTheSameWikiFromAFolderAndFromADump() throws {
        let folder = try teamFolder()
        let dumpFolder = try MarkdownFolderFixture()
        let dump = try dumpFolder.write(teamDump, to: "team.json")
        let fromFolder = try database(MarkdownFolderSource(folder: folder.path, wikiID: "team"))
        let fromDump = try database(DumpSource(path: dump))
        #expect(fromFolder.skipped.isEmpty && fromDump.skipped.isEmpty)
        #expect(fromFolder.wikis.map(WikiFacts.init) == fromDump.wikis.map(WikiFacts.init))
        #expect(
            fromFolder.pages(inWiki: "team").map(PageFacts.init) == fromDump.pages(inWiki: "team").map(PageFacts.init))
        #expect(
            fromFolder.drafts(inWiki: "team").map(PageFacts.init) == fromDump.drafts(inWiki: "team").map(PageFacts.init)
        )
        #expect(fromFolder.pages(inWiki: "team").count == 3)
    }
}

/// What a site shows of a wiki.
private struct WikiFacts: Equatable {
    let id: String
    let title: String
    let markdown: String
    let createdAt: Timestamp?
    let updatedAt: Timestamp?

    init(_ wiki: Wiki) {
        id = wiki.id
        title = wiki.title
        markdown = wiki.markdown
        createdAt = wiki.createdAt
        updatedAt = wiki.updatedAt
    }

    static func == (lhs: WikiFacts, rhs: WikiFacts) -> Bool {
        lhs.id.isExactly(rhs.id) && lhs.title.isExactly(rhs.title) && lhs.markdown.isExactly(rhs.markdown)
            && lhs.createdAt == rhs.createdAt && lhs.updatedAt == rhs.updatedAt
    }
}

/// What a site shows of a page.
private struct PageFacts: Equatable {
    let documentID: String
    let title: PageTitle
    let markdown: String
    let createdAt: Timestamp?
    let updatedAt: Timestamp?
    let updatedBy: String?
    let isDraft: Bool

    init(_ page: Page) {
        documentID = page.documentID
        title = page.title
        markdown = page.markdown
        createdAt = page.createdAt
        updatedAt = page.updatedAt
        updatedBy = page.updatedBy
        isDraft = page.isDraft
    }

    static func == (lhs: PageFacts, rhs: PageFacts) -> Bool {
        lhs.documentID.isExactly(rhs.documentID) && lhs.title == rhs.title && lhs.markdown.isExactly(rhs.markdown)
            && lhs.createdAt == rhs.createdAt && lhs.updatedAt == rhs.updatedAt
            && (lhs.updatedBy ?? "").isExactly(rhs.updatedBy ?? "") && (lhs.updatedBy == nil) == (rhs.updatedBy == nil)
            && lhs.isDraft == rhs.isDraft
    }
}
