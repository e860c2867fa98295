import Testing
import WikiRender

/// The folder page and the home's folders, as the default theme renders them.
@Suite("folder views")
struct FolderViewTests {
    let theme: Theme

    init() throws {
        theme = try Theme.load(overridesIn: nil)
    }

    @Test func aFolderPageShowsItsNoteThenItsSubfoldersThenItsNotes() {
        let html = theme.render(ThemeTestViews.folder)
        let note = html.range(of: "<p>The guide's own text.</p>")
        let folders = html.range(of: "<a href=\"setup~abc.html\">setup</a>")
        let notes = html.range(of: "<a href=\"../../guide-Install~xyz.html\">Install</a>")
        #expect(note != nil && folders != nil && notes != nil)
        if let note, let folders, let notes {
            #expect(note.upperBound <= folders.lowerBound && folders.upperBound <= notes.lowerBound)
        }
        #expect(html.contains("<h1 class=\"page-title\">guide</h1>"))
    }

    @Test func aFolderPageEscapesTheNamesItShows() {
        var view = ThemeTestViews.folder
        view.name = "<b>&\"'"
        view.contents.notes = [PageListEntry(title: "<i>", href: "x.html")]
        let html = theme.render(view)
        #expect(!html.contains("<b>&") && !html.contains("<i>"))
        #expect(html.contains("&lt;b&gt;&amp;"))
    }

    @Test func aFolderWithoutANoteShowsNoNoteAndAnEmptyOneNoLists() {
        var view = ThemeTestViews.folder
        view.noteHTML = ""
        view.contents = FolderContents(folders: [], notes: [])
        let html = theme.render(view)
        #expect(!html.contains("folder-note") && !html.contains("folder-list") && !html.contains("page-list"))
    }

    @Test func theHomeListsItsFoldersOnlyInAFolderWiki() {
        #expect(!theme.render(ThemeTestViews.wikiHome).contains("home-folders"))
        var home = ThemeTestViews.wikiHome
        home.contents = ThemeTestViews.folder.contents
        let html = theme.render(home)
        #expect(html.contains("<nav class=\"home-folders\" aria-label=\"Folders and notes\">"))
        #expect(html.contains("<a href=\"setup~abc.html\">setup</a>"))
    }
}
