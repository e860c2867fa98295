import Testing
import WikiDocuments
import WikiModel
import WikiRender

@testable import WikiPages
@testable import WikiSite

/// The analysis hands the link graph outlines whose links to published pages carry the
/// database's own titles (one copy of a title for the whole wiki): the links stay what they were.
@Suite struct PageOutlineSharingTests {
    static func document(_ id: String, _ members: [(key: String, value: JSONValue)]) -> Document {
        Document(
            id: id, revisionText: "1-a", isDeleted: false,
            body: JSONObject([("_id", .string(id)), ("_rev", .string("1-a"))] + members),
            origin: DocumentOrigin(source: "test", line: nil))
    }

    @Test func sharingTitlesKeepsEveryLinkAsItWas() throws {
        var builder = WikiDatabaseBuilder()
        builder.add(Self.document("w", [("type", .string("wiki"))]))
        for title in ["Über Straße: Notes", "Señor & Café Plan"] {
            builder.add(
                Self.document(
                    "w:" + title, [("type", .string("page")), ("wiki_id", .string("w")), ("markdown", .string(""))]))
        }
        let database = builder.build()
        let titles = database.publishedTitles(inWiki: "w")
        let target = try #require(PageTitle("Über Straße: Notes"))
        #expect(titles.stored(target) == target)
        #expect(Self.storage(of: titles.stored(target)) != Self.storage(of: target))
        #expect(titles.stored(try #require(PageTitle("Missing Page"))) == nil)

        let outline = PageOutline(
            links: [
                PageLink(target: PageTitle("Über Straße: Notes"), fragment: "Intro", line: 3),
                PageLink(target: PageTitle("Señor & Café Plan"), fragment: nil, line: 70_000, isEmbed: true),
                PageLink(target: PageTitle("A Missing Page, Long Enough"), fragment: nil, line: 9),
                PageLink(target: nil, fragment: "Top", line: 1),
            ],
            headings: [Heading(level: 1, text: "Top", id: "top")], wordCount: 12)
        let shared = outline.sharingTitles(with: titles)
        #expect(shared.links == outline.links)
        // Equal is not enough: the targets of published pages must be the database's own titles
        // (the same storage), and a missing page's title stays the link's.
        let stored = try #require(database.page(inWiki: "w", titled: target)).title
        #expect(Self.storage(of: shared.links[0].target) == Self.storage(of: stored))
        #expect(Self.storage(of: outline.links[0].target) != Self.storage(of: stored))
        #expect(Self.storage(of: shared.links[2].target) == Self.storage(of: outline.links[2].target))
        #expect(shared.links.map(\.line) == [3, 70_000, 9, 1])
        #expect(shared.headings.map(\.id) == ["top"])
        #expect(shared.wordCount == 12)
    }

    /// Where the UTF-8 of `title` is stored (titles here are longer than the 15 bytes a string
    /// holds inline, so each copy has storage of its own).
    static func storage(of title: PageTitle?) -> UnsafeRawPointer? {
        title?.text.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }
}
