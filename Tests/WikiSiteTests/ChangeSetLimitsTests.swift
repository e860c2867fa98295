import Testing

@testable import WikiBuildEngine

/// The limits of the ways of building a change set: the fast path's, then an incremental
/// build's, past which a build is a full one.
@Suite("the limits of change sets")
struct ChangeSetLimitsTests {
    @Test func aSmallWikiTakesTheMinimumOnTheFastPathAndTwiceItIncrementally() {
        #expect(ChangeSetLimits.fastPath(amongPages: 0) == 64)
        #expect(ChangeSetLimits.fastPath(amongPages: 1000) == 64)
        #expect(ChangeSetLimits.incrementalBuild(amongPages: 1000) == 128)
    }

    @Test func aLargeWikiTakesAHundredthOnTheFastPathAndAFiftiethIncrementally() {
        #expect(ChangeSetLimits.fastPath(amongPages: 100_000) == 1000)
        #expect(ChangeSetLimits.incrementalBuild(amongPages: 100_000) == 2000)
    }

    @Test func anIncrementalBuildTakesAtLeastWhatTheFastPathTakes() {
        for pages in stride(from: 0, through: 1_000_000, by: 997) {
            #expect(ChangeSetLimits.incrementalBuild(amongPages: pages) > ChangeSetLimits.fastPath(amongPages: pages))
        }
    }
}
