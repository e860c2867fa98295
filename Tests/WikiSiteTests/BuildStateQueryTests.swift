import Foundation
import TemporaryFolders
import Testing

@testable import WikiBuildEngine
@testable import WikiSite

/// The state's queries that an incremental build runs per changed page seek an index: their cost
/// follows the change, not the number of links of the wiki.
@Suite struct BuildStateQueryTests {
    @Test func theLinkersOfATitleAreOneSeek() throws {
        let folder = try TemporaryFolder()
        let state = try BuildState(stateFolder: folder.path("state"))
        let plan = try state.queryPlan(of: BuildState.linkersQuery)
        #expect(plan == ["SEARCH linker USING INDEX sqlite_autoindex_linker_1 (wiki=? AND target=?)"])
    }

    /// The first entries of recent changes and new pages are the first rows of an index: no sort
    /// of the wiki's pages (the fast path reads 500 rows, not 100,000).
    @Test func theNewestPagesAreTheFirstRowsOfAnIndex() throws {
        let folder = try TemporaryFolder()
        let state = try BuildState(stateFolder: folder.path("state"))
        #expect(
            try state.queryPlan(of: BuildState.newestQuery(listedIn: .recentChanges)) == [
                "SEARCH page USING INDEX pageByUpdate (wiki=?)"
            ])
        #expect(
            try state.queryPlan(of: BuildState.newestQuery(listedIn: .newPages)) == [
                "SEARCH page USING INDEX pageByCreation (wiki=?)"
            ])
    }

    /// The files a changed page showed, and the pages that show a file, are one seek each: the
    /// fast path's cost for a vault's files follows the notes changed, not the vault.
    @Test func theFilesOfAPageAndThePagesOfAFileAreOneSeekEach() throws {
        let folder = try TemporaryFolder()
        let state = try BuildState(stateFolder: folder.path("state"))
        let plans = try [BuildState.folderFilesOfNamerQuery, BuildState.folderFileNamersQuery].map(state.queryPlan)
        #expect(
            plans == [
                ["SEARCH folderFile USING COVERING INDEX folderFileByPage (wiki=? AND page=?)"],
                ["SEARCH folderFile USING PRIMARY KEY (wiki=? AND path=?)"],
            ])
    }

    /// The pages that mention a CamelCase word, and the words of a page whose row is written
    /// again, are one seek each: the fast path's cost for a page that comes or goes in a wiki with
    /// CamelCase links follows the pages that mention it, not the wiki.
    @Test func thePagesOfACamelCaseWordAndTheWordsOfAPageAreOneSeekEach() throws {
        let folder = try TemporaryFolder()
        let state = try BuildState(stateFolder: folder.path("state"))
        let plans = try [BuildState.pagesMentioningQuery, BuildState.camelCaseWordsOfPageDeletion].map(state.queryPlan)
        #expect(
            plans == [
                ["SEARCH camelCaseWord USING PRIMARY KEY (wiki=? AND word=?)"],
                ["SEARCH camelCaseWord USING COVERING INDEX camelCaseWordByPage (wiki=? AND page=?)"],
            ])
    }
}
