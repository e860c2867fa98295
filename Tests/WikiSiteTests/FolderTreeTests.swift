import Testing
import WikiModel

@testable import WikiPages
@testable import WikiSite

/// The folders of a folder wiki, from its notes' titles.
@Suite("folder tree")
struct FolderTreeTests {
    static func tree(_ titles: [String]) -> FolderTree {
        FolderTree(titles: titles.map { PageTitle($0)! })
    }

    @Test func aNoteIsInTheFoldersItsTitleNamesAndEachFolderInItsParent() throws {
        let tree = Self.tree(["Top", "guide/Install", "guide/setup/Linux", "admin/Install"])
        #expect(tree.folders.map(\.path) == ["", "admin", "guide", "guide/setup"])
        #expect(tree.root.notes.map(\.text) == ["Top"])
        #expect(tree.root.subfolders.map { tree.folders[$0].path } == ["admin", "guide"])
        let guide = try #require(tree.folder(at: "guide"))
        #expect(guide.notes.map(\.text) == ["guide/Install"])
        #expect(guide.subfolders.map { tree.folders[$0].name } == ["setup"])
        #expect(try #require(tree.folder(at: "guide/setup")).notes.map(\.text) == ["guide/setup/Linux"])
        #expect(tree.folder(at: "setup") == nil)
    }

    @Test func entriesAreInTheOrderOfTheWikisListsNotByteOrder() throws {
        let tree = Self.tree(["g/Zeta", "g/alpha", "g/Beta", "Zoo/x", "apple/x"])
        #expect(try #require(tree.folder(at: "g")).notes.map(\.text) == ["g/alpha", "g/Beta", "g/Zeta"])
        #expect(tree.root.subfolders.map { tree.folders[$0].name } == ["apple", "g", "Zoo"])
    }

    @Test func aTreeOfTitlesInAlphabeticalOrderIsTheTreeOfTheTitlesSorted() {
        let titles = ["g/Zeta", "g/alpha", "g/Beta", "Zoo/x", "apple/x", "g/g", "Top", "top", "Éclair"].map {
            PageTitle($0)!
        }
        let sorted = FolderTree(titles: titles)
        let placed = FolderTree(alphabeticalTitles: AlphabeticalOrder.sorted(titles: titles))
        #expect(placed.folders.map(\.path) == sorted.folders.map(\.path))
        #expect(placed.folders.map(\.notes) == sorted.folders.map(\.notes))
        #expect(placed.folders.map(\.subfolders) == sorted.folders.map(\.subfolders))
        #expect(placed.folders.map(\.folderNote) == sorted.folders.map(\.folderNote))
        #expect(placed.root.notes.map(\.text) == ["Éclair", "Top", "top"])
    }

    @Test func aFolderNoteNamedAfterItsFolderIsItsTextAndNotAnEntry() throws {
        let tree = Self.tree(["guide/guide", "guide/index", "guide/Install", "reference/index", "reference/API"])
        let guide = try #require(tree.folder(at: "guide"))
        #expect(guide.folderNote?.text == "guide/guide")
        // The folder note named after the folder wins; `index` is then a note like any other.
        #expect(guide.notes.map(\.text) == ["guide/index", "guide/Install"])
        let reference = try #require(tree.folder(at: "reference"))
        #expect(reference.folderNote?.text == "reference/index")
        #expect(reference.notes.map(\.text) == ["reference/API"])
    }

    @Test func theRootHasNoFolderNoteSinceItsTextIsTheHome() {
        let tree = Self.tree(["index", "Top"])
        #expect(tree.root.folderNote == nil)
        #expect(tree.root.notes.map(\.text) == ["index", "Top"])
    }

    @Test func emptyNamesInATitleMakeNoFolder() {
        let tree = Self.tree(["/Lead", "a//b", "end/"])
        #expect(tree.folders.map(\.path) == ["", "a"])
        #expect(tree.root.notes.map(\.text) == ["/Lead", "end/"])
        #expect(FolderTree.lastName(of: "end/") == "end")
        #expect(FolderTree.lastName(of: "a//b") == "b")
    }

    @Test func aFolderPageFileIsOneSafeComponentDistinctForEveryFolder() {
        let layout = SiteLayout()
        let paths = ["..", "../..", "a/b", "a-b", "a b", "a%2fb", "index", "<b>&\"'"].map {
            layout.folderPage($0, ofWiki: "w")
        }
        #expect(Set(paths.map(\.description)).count == paths.count)
        for path in paths {
            #expect(path.components.count == 4)
            #expect(Array(path.components.prefix(3)) == ["w", "_special", "folders"])
            let file = path.components[3]
            #expect(!file.contains("/") && !file.hasPrefix(".") && file.hasSuffix(".html"))
        }
    }
}
