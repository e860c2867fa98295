import Foundation
import GRDB
import TemporaryFolders
import Testing
import WikiModel

@testable import WikiBuildEngine
@testable import WikiPages
@testable import WikiSite

/// The state's reverse index of links (`linker`): written whole by a full build, row by row by an
/// incremental one, and worked out from the outlines when a row of it is damaged.
@Suite struct BuildStateLinkerTests {
    static let wiki = "1234"

    static func title(_ text: String) -> PageTitle { PageTitle(text)! }

    /// A page of `wiki` linking to `targets` (a heading of itself too, which is no target).
    static func page(_ title: String, linksTo targets: [String]) -> StateUpdate.PageRecord {
        var links = targets.enumerated().map { line, target in
            PageLink(target: Self.title(target), fragment: nil, line: line + 1, isEmbed: target.hasPrefix("Embedded"))
        }
        links.append(PageLink(target: nil, fragment: "Top", line: 99))
        return StateUpdate.PageRecord(
            wikiID: wiki, title: Self.title(title), fingerprint: 1,
            outline: PageOutline(links: links, headings: [], wordCount: 3),
            details: StoredPageDetails(documentID: wiki + ":" + title, createdAt: nil, updatedAt: nil, updatedBy: nil))
    }

    func linkers(_ target: String, in state: BuildState) throws -> [String] {
        try state.linkers(of: Self.title(target), inWiki: Self.wiki).map(\.text).sorted()
    }

    func fullBuild(_ pages: [StateUpdate.PageRecord], in folder: TemporaryFolder) throws -> BuildState {
        let state = try BuildState(stateFolder: folder.path("state"))
        var update = StateUpdate(replacesEverything: true)
        update.pages = pages
        try state.commit(update)
        return state
    }

    @Test func aFullBuildIndexesEveryLinkOnce() throws {
        let folder = try TemporaryFolder()
        let state = try fullBuild(
            [
                Self.page("Alpha", linksTo: ["Beta", "Beta", "Missing"]),
                Self.page("Gamma", linksTo: ["Beta", "Embedded"]),
                Self.page("Beta", linksTo: ["Alpha"]),
                Self.page("Delta", linksTo: []),
            ], in: folder)
        #expect(try linkers("Beta", in: state) == ["Alpha", "Gamma"])
        #expect(try linkers("Missing", in: state) == ["Alpha"])
        #expect(try linkers("Embedded", in: state) == ["Gamma"])
        #expect(try linkers("Alpha", in: state) == ["Beta"])
        #expect(try linkers("Delta", in: state) == [])
        #expect(
            try state.targets(of: Self.title("Gamma"), inWiki: Self.wiki).map(\.text).sorted() == ["Beta", "Embedded"])
    }

    @Test func anIncrementalBuildRewritesOnlyWhatChanged() throws {
        let folder = try TemporaryFolder()
        let state = try fullBuild(
            [
                Self.page("Alpha", linksTo: ["Beta"]), Self.page("Gamma", linksTo: ["Beta"]),
                Self.page("Beta", linksTo: ["Alpha"]),
            ], in: folder)
        var update = StateUpdate()
        update.pages = [Self.page("Alpha", linksTo: ["Delta", "Beta"]), Self.page("Epsilon", linksTo: ["Beta"])]
        update.removedPages = [(Self.wiki, Self.title("Gamma")), (Self.wiki, Self.title("Beta"))]
        try state.commit(update)
        #expect(try linkers("Beta", in: state) == ["Alpha", "Epsilon"])
        #expect(try linkers("Delta", in: state) == ["Alpha"])
        #expect(try linkers("Alpha", in: state) == [])

        var unlink = StateUpdate()
        unlink.pages = [Self.page("Alpha", linksTo: [])]
        try state.commit(unlink)
        #expect(try linkers("Delta", in: state) == [])
        #expect(try linkers("Beta", in: state) == ["Epsilon"])
    }

    @Test func aDamagedRowIsWorkedOutFromTheOutlines() throws {
        let folder = try TemporaryFolder()
        let state = try fullBuild(
            [Self.page("Alpha", linksTo: ["Beta"]), Self.page("Gamma", linksTo: ["Beta"])], in: folder)
        let database = try DatabaseQueue(path: folder.path("state/" + BuildState.fileName))
        try database.write { db in
            try db.execute(sql: "UPDATE linker SET sources = x'ff01' WHERE target = 'Beta'")
        }
        #expect(try linkers("Beta", in: state) == ["Alpha", "Gamma"])

        var update = StateUpdate()
        update.removedPages = [(Self.wiki, Self.title("Gamma"))]
        try state.commit(update)
        #expect(try linkers("Beta", in: state) == ["Alpha"])
    }

    /// A page new to the state has no rows to leave: its commit touches only the rows of the
    /// titles it links to, not every row of its wiki (a damaged row elsewhere stays as it was).
    @Test func aNewPageTouchesOnlyTheRowsOfItsTargets() throws {
        let folder = try TemporaryFolder()
        let state = try fullBuild([Self.page("Alpha", linksTo: ["Beta"])], in: folder)
        let database = try DatabaseQueue(path: folder.path("state/" + BuildState.fileName))
        let damaged = Data([0xFF, 0x01])
        try database.write { db in
            try db.execute(sql: "UPDATE linker SET sources = ? WHERE target = 'Beta'", arguments: [damaged])
        }
        var update = StateUpdate()
        update.pages = [Self.page("Gamma", linksTo: ["Delta"])]
        try state.commit(update)
        #expect(try linkers("Delta", in: state) == ["Gamma"])
        let beta = try database.read { db in
            try Data.fetchOne(db, sql: "SELECT sources FROM linker WHERE target = 'Beta'")
        }
        #expect(beta == damaged)
    }

    @Test func aPageWhoseOutlineIsDamagedLeavesTheIndexWhenRemoved() throws {
        let folder = try TemporaryFolder()
        let state = try fullBuild(
            [Self.page("Alpha", linksTo: ["Beta", "Delta"]), Self.page("Gamma", linksTo: ["Beta"])], in: folder)
        let database = try DatabaseQueue(path: folder.path("state/" + BuildState.fileName))
        try database.write { db in
            try db.execute(sql: "UPDATE page SET outline = x'ff' WHERE title = 'Alpha'")
        }
        var update = StateUpdate()
        update.removedPages = [(Self.wiki, Self.title("Alpha"))]
        try state.commit(update)
        #expect(try linkers("Beta", in: state) == ["Gamma"])
        #expect(try linkers("Delta", in: state) == [])
    }
}
