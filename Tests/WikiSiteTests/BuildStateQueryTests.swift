import Foundation
import Testing

@testable import WikiSite

/// The state's queries that an incremental build runs per changed page seek an index: their cost
/// follows the change, not the number of links of the wiki.
@Suite struct BuildStateQueryTests {
    @Test(arguments: [
        (BuildState.linkersQuery, "USING INDEX linkByTarget (wiki=? AND target=?)"),
        (BuildState.targetsQuery, "(wiki=? AND source=?)"),
    ])
    func perPageQueriesSeekAnIndex(query: String, seek: String) throws {
        let folder = try TemporaryFolder()
        let state = try BuildState(stateFolder: folder.path("state"))
        let plan = try state.queryPlan(of: query)
        #expect(plan.count == 1 && plan[0].hasPrefix("SEARCH link USING") && plan[0].hasSuffix(seek), "\(plan)")
    }
}
