import Testing
import WikiDocuments
import WikiModel
import WikiRender

@testable import WikiBuildEngine
@testable import WikiPages
@testable import WikiSite

/// The names and folders of a wiki's notes kept from one build of a process to the next, and the
/// folder listings a tree keeps: taken again only for the same titles, the same folder, the same
/// file and the same wiki folder.
@Suite("note names memo")
struct NoteNamesMemoTests {
    static func titles(_ texts: [String]) -> [PageTitle] {
        AlphabeticalOrder.sorted(titles: texts.map { PageTitle($0)! })
    }

    static let wikiID = "note-names-memo-tests"

    @Test func theSameTitlesGiveTheNotesKeptAndTheirListings() throws {
        let memo = NoteNamesMemo()
        let titles = Self.titles(["Plan", "guide/Install"])
        let first = memo.notes(ofWiki: Self.wikiID, titles: titles, withFolders: true)
        let again = memo.notes(ofWiki: Self.wikiID, titles: titles, withFolders: true)
        #expect(try #require(first.folders).listings === #require(again.folders).listings)
        #expect(again.names.match(PageTitle("install")!, from: nil, line: 1).text == "guide/Install")
    }

    @Test func otherTitlesGiveNotesMadeFromThem() throws {
        let memo = NoteNamesMemo()
        let first = memo.notes(ofWiki: Self.wikiID, titles: Self.titles(["Plan"]), withFolders: true)
        let other = memo.notes(ofWiki: Self.wikiID, titles: Self.titles(["Plan", "b/Idea"]), withFolders: true)
        #expect(try #require(first.folders).listings !== #require(other.folders).listings)
        #expect(other.names.match(PageTitle("idea")!, from: nil, line: 1).text == "b/Idea")
        #expect(try #require(other.folders).folder(at: "b")?.notes.map(\.text) == ["b/Idea"])
        let plain = memo.notes(ofWiki: Self.wikiID, titles: Self.titles(["Plan", "b/Idea"]), withFolders: false)
        #expect(plain.folders == nil)
    }

    @Test func titlesThatDifferInTheirBytesAloneAreOtherTitles() throws {
        let memo = NoteNamesMemo()
        let composed = memo.notes(ofWiki: Self.wikiID, titles: [PageTitle("Caf\u{E9}")!], withFolders: true)
        let decomposed = memo.notes(ofWiki: Self.wikiID, titles: [PageTitle("Cafe\u{301}")!], withFolders: true)
        #expect(try #require(composed.folders).listings !== #require(decomposed.folders).listings)
    }

    @Test func aListingIsMadeOnceForItsFolderFileWikiFolderAndLimit() {
        let memo = FolderContentsMemo()
        var made = 0
        func listing(_ key: FolderContentsMemo.Key) -> FolderContents {
            memo.contents(for: key) {
                made += 1
                return FolderContents(folders: [], notes: [PageListEntry(title: "\(made)", href: "\(made).html")])
            }
        }
        func key(_ folder: String = "", wiki: String = "w", file: String = "w/index.html", limit: Int? = 200)
            -> FolderContentsMemo.Key
        {
            .init(
                folder: ExactString(folder), wikiFolder: ExactString(wiki), linkingFile: ExactString(file),
                noteLimit: limit)
        }
        let first = listing(key())
        #expect(listing(key()) == first)
        #expect(made == 1)
        for other in [key("a"), key(wiki: "v"), key(file: "w/a.html"), key(limit: nil)] { _ = listing(other) }
        #expect(made == 5)
    }
}
