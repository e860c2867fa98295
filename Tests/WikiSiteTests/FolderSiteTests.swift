import Foundation
import TemporaryFolders
import Testing
import WikiModel

/// End to end: the vault of `Tests/FolderVault/` built as a folder of Markdown. Each folder has a
/// page listing its subfolders and notes, a folder note is its folder page's text, every note's
/// breadcrumb leads through its folders, and the home lists the top-level folders and notes.
@Suite("folder pages")
struct FolderSiteTests {
    static let vault = WikisiteCLI.repositoryRoot.appendingPathComponent("Tests/FolderVault").path

    /// Builds the folder `source` as wiki `vault` into `site` of `folder`.
    static func build(_ source: String, in folder: TemporaryFolder) throws -> SiteFiles {
        let run = try WikisiteCLI.run(["build", "--source", source, "--out", folder.path("site"), "--wiki-id", "vault"])
        #expect(run.status == 0, "\(run.standardError)")
        return SiteFiles(root: folder.url.appendingPathComponent("site"))
    }

    /// The file of the page of the folder at `path`.
    static func folderFile(_ path: String) -> String {
        "vault/_special/folders/" + SitePaths.folderFile(path)
    }

    /// The file of the note titled `title`.
    static func noteFile(_ title: String) -> String {
        "vault/" + SitePaths.pageFile(PageTitle(title)!)
    }

    /// The links of the list of class `listClass` in `html`: their text and the file they lead to.
    static func entries(
        ofList listClass: String, in html: String, of file: String, site: SiteFiles
    ) throws -> [(text: String, file: String)] {
        guard let start = html.range(of: "<ul class=\"\(listClass)\">") else { return [] }
        let list = String(html[start.upperBound...].split(separator: "</ul>")[0])
        return try HTMLElements.elements("a", in: list).map {
            ($0.text, try site.resolve(try #require($0.attributes["href"]), from: file))
        }
    }

    /// The steps of the breadcrumb trail of `html`: each step's text and its href (nil for the
    /// current page, which must be marked `aria-current`).
    static func breadcrumbs(in html: String) throws -> [(text: String, href: String?)] {
        let start = try #require(html.range(of: "<nav class=\"breadcrumbs\" aria-label=\"Breadcrumb\">"))
        let trail = String(html[start.upperBound...].split(separator: "</nav>")[0])
        return HTMLElements.parse(trail).filter { $0.name == "a" || $0.name == "span" }.map { element in
            if element.name == "span" { #expect(element.attributes["aria-current"] == "page") }
            return (element.text, element.attributes["href"])
        }
    }

    @Test func theHomeListsTheTopLevelFoldersAndNotes() throws {
        let folder = try TemporaryFolder()
        let site = try Self.build(Self.vault, in: folder)
        let home = try site.html("vault/index.html")
        let folders = try Self.entries(ofList: "folder-list", in: home, of: "vault/index.html", site: site)
        #expect(folders.map(\.text) == ["admin", "guide", "reference"])
        #expect(folders.map(\.file) == ["admin", "guide", "reference"].map(Self.folderFile))
        let notes = try Self.entries(ofList: "page-list", in: home, of: "vault/index.html", site: site)
        #expect(notes.map(\.text) == ["Top"])
        #expect(notes.map(\.file) == [Self.noteFile("Top")])
        #expect(home.contains("aria-label=\"Folders and notes\""))
    }

    @Test func theHomeOfALargeFolderListsItsFirstNotesAndSaysHowManyMoreAllPagesHas() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("# Home\n", to: "vault/index.md")
        for number in 0..<203 { _ = try folder.write("A note.\n", to: "vault/Note \(1000 + number).md") }
        _ = try folder.write("A note in a folder.\n", to: "vault/guide/Inner.md")
        let site = try Self.build(folder.path("vault"), in: folder)
        let home = try site.html("vault/index.html")
        #expect(try Self.entries(ofList: "folder-list", in: home, of: "vault/index.html", site: site).count == 1)
        let notes = try Self.entries(ofList: "page-list", in: home, of: "vault/index.html", site: site)
        #expect(notes.map(\.text) == (0..<200).map { "Note \(1000 + $0)" })
        #expect(home.contains("3 more notes are in <a href=\"_special/all-pages.html\">All pages</a>."))
        #expect(site.exists("vault/_special/all-pages.html"))
    }

    @Test func aFolderPageListsItsSubfoldersAndNotesUnderItsFolderNotesText() throws {
        let folder = try TemporaryFolder()
        let site = try Self.build(Self.vault, in: folder)
        let file = Self.folderFile("guide")
        let guide = try site.html(file)
        #expect(HTMLElements.elements("h1", in: guide).first?.text == "guide")
        #expect(guide.contains("The guide’s own text") || guide.contains("The guide's own text"))
        // The folder note's link, relative to the folder page, leads to the note it names.
        let noteLinks = HTMLElements.elements("a", in: guide).filter {
            ($0.attributes["class"] ?? "").hasPrefix("wikilink")
        }
        #expect(
            try noteLinks.map { try site.resolve($0.attributes["href"]!, from: file) } == [
                Self.noteFile("guide/Install")
            ])
        let subfolders = try Self.entries(ofList: "folder-list", in: guide, of: file, site: site)
        #expect(subfolders.map(\.text) == ["setup"])
        #expect(subfolders.map(\.file) == [Self.folderFile("guide/setup")])
        let notes = try Self.entries(ofList: "page-list", in: guide, of: file, site: site)
        // The folder note is the page's text, not an entry; the notes in the wiki's lists' order.
        #expect(notes.map(\.text) == ["alpha", "Install", "Zeta"])
        #expect(notes.map(\.file) == ["guide/alpha", "guide/Install", "guide/Zeta"].map(Self.noteFile))
        for entry in notes { #expect(site.exists(entry.file)) }
        // An `index.md` is its folder's note when no note is named after the folder.
        let reference = try site.html(Self.folderFile("reference"))
        #expect(reference.contains("The reference’s text") || reference.contains("The reference's text"))
        #expect(
            try Self.entries(ofList: "page-list", in: reference, of: Self.folderFile("reference"), site: site).map(
                \.text) == ["API"])
    }

    @Test func notesOfTheSameNameInTwoFoldersAreListedEachInItsOwnFolder() throws {
        let folder = try TemporaryFolder()
        let site = try Self.build(Self.vault, in: folder)
        let admin = try Self.entries(
            ofList: "page-list", in: try site.html(Self.folderFile("admin")), of: Self.folderFile("admin"), site: site)
        let guide = try Self.entries(
            ofList: "page-list", in: try site.html(Self.folderFile("guide")), of: Self.folderFile("guide"), site: site)
        #expect(admin.map(\.text) == ["Install"])
        #expect(admin.map(\.file) == [Self.noteFile("admin/Install")])
        #expect(guide.contains { $0.text == "Install" && $0.file == Self.noteFile("guide/Install") })
    }

    @Test func aNotesBreadcrumbLeadsThroughItsFoldersToItself() throws {
        let folder = try TemporaryFolder()
        let site = try Self.build(Self.vault, in: folder)
        let file = Self.noteFile("guide/setup/Linux")
        let steps = try Self.breadcrumbs(in: try site.html(file))
        #expect(steps.map(\.text) == ["Wikis", "vault", "guide", "setup", "Linux"])
        #expect(steps.last?.href == nil)
        #expect(
            try steps.dropFirst(2).dropLast().map { try site.resolve($0.href!, from: file) } == [
                Self.folderFile("guide"), Self.folderFile("guide/setup"),
            ])
        // A folder page's own breadcrumb ends at the folder.
        let setup = try Self.breadcrumbs(in: try site.html(Self.folderFile("guide/setup")))
        #expect(setup.map(\.text) == ["Wikis", "vault", "guide", "setup"])
        #expect(setup.last?.href == nil)
        // A top-level note's trail is the home, then the note.
        #expect(try Self.breadcrumbs(in: try site.html(Self.noteFile("Top"))).map(\.text) == ["Wikis", "vault", "Top"])
    }

    @Test func aFolderOfAnyNameHasASafePageInsideTheOutputFolder() throws {
        let folder = try TemporaryFolder()
        let odd = "odd <b>&\"' .. %2f"
        _ = try folder.write("# Home\n", to: "vault/index.md")
        _ = try folder.write("A note.\n", to: "vault/\(odd)/Note.md")
        _ = try folder.write("A note beside a folder of its name.\n", to: "vault/Top.md")
        _ = try folder.write("A note in a folder named like a note.\n", to: "vault/Top/Inner.md")
        let site = try Self.build(folder.path("vault"), in: folder)
        let file = Self.folderFile(odd)
        let page = try site.html(file)
        #expect(!page.contains("<b>&"))
        #expect(HTMLElements.elements("h1", in: page).first?.text == odd)
        #expect(
            try Self.entries(ofList: "page-list", in: page, of: file, site: site).map(\.file) == [
                Self.noteFile("\(odd)/Note")
            ])
        // The folder `Top` and the note `Top` each have their own file.
        #expect(site.exists(Self.folderFile("Top")) && site.exists(Self.noteFile("Top")))
        #expect(Self.folderFile("Top") != Self.noteFile("Top"))
        let written = folder.files(under: "site")
        #expect(written.allSatisfy { !$0.split(separator: "/").contains("..") })
    }
}
