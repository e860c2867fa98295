import Testing
import WikiModel
import WikiRender

@testable import WikiSite

/// Obsidian's matching of a link's name to a note, rule by rule.
@Suite struct NoteNamesTests {
    static let names = NoteNames(
        titles: ["Setup", "guide/Setup", "guide/Install", "admin/Install", "reference/api/Deep Note"].map {
            PageTitle($0)!
        })

    static func match(_ written: String, from page: String?) -> String {
        names.match(PageTitle(written)!, from: page.flatMap(PageTitle.init), line: 1).text
    }

    @Test func aNameFindsItsNoteInAnyFolderWhateverItsCase() {
        #expect(Self.match("Deep Note", from: "Setup") == "reference/api/Deep Note")
        #expect(Self.match("deep note.md", from: nil) == "reference/api/Deep Note")
        #expect(Self.match("API/Deep Note", from: nil) == "reference/api/Deep Note")
    }

    @Test func theEndOfAPathMustBeWholeFolders() {
        #expect(Self.match("pi/Deep Note", from: nil) == "pi/Deep Note")
        #expect(Self.names.candidates(PageTitle("pi/Deep Note")!, from: nil).isEmpty)
    }

    @Test func theWholePathWinsThenTheSameFolderThenTheShortestThenByteOrder() {
        #expect(Self.match("Setup", from: "guide/Install") == "Setup")
        #expect(Self.names.candidates(PageTitle("Setup")!, from: nil).count == 1)
        #expect(Self.match("Install", from: "guide/Setup") == "guide/Install")
        #expect(Self.match("Install", from: "admin/Other") == "admin/Install")
        #expect(Self.match("Install", from: "reference/api/Deep Note") == "admin/Install")
        #expect(Self.names.candidates(PageTitle("Install")!, from: nil).count == 2)
    }

    @Test func aLinkLeadsOnlyToANoteOfTheNameOfTheTitleItGives() {
        for (written, page) in [("API/Deep Note", nil), ("deep note.md", nil), ("../Setup", "guide/Install")] {
            let target = PageTitle(Self.match(written, from: page))!
            #expect(NoteNames.name(of: target) == NoteNames.name(of: PageTitle(written)!))
        }
        #expect(NoteNames.name(of: PageTitle("reference/api/Deep Note")!) == "deep note")
        #expect(Self.names.notes(named: "install").map(\.text) == ["admin/Install", "guide/Install"])
        #expect(Self.names.notes(named: "ghost").isEmpty)
    }

    @Test func relativeAndRootedPathsAreWholePaths() {
        #expect(Self.match("./Setup", from: "guide/Install") == "guide/Setup")
        #expect(Self.match("../Setup", from: "guide/Install") == "Setup")
        #expect(Self.match("/guide/Setup", from: nil) == "guide/Setup")
        #expect(Self.match("/Install", from: nil) == "/Install")
    }
}
