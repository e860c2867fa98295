import Testing
import WikiSources

@testable import WikiServe

/// The paths inotify names in a folder of Markdown are kept for its builds until a build given
/// them commits; whatever they may not tell makes the builds walk the folder.
@Suite("Logging a folder's changes for its builds")
struct FolderEventLogTests {
    /// A log whose first build (a walk) committed.
    static func committedLog() -> FolderEventLog {
        let log = FolderEventLog(source: "notes", root: "/vault")
        _ = log.beginBuild()
        log.committed()
        return log
    }

    @Test func theFirstBuildAfterTheWatchBeganWalks() {
        let log = FolderEventLog(source: "notes", root: "/vault")
        log.name("/vault/A.md")
        #expect(log.beginBuild() == nil)
        log.committed()
        log.name("/vault/B.md")
        #expect(log.beginBuild()?.paths == ["B.md"])
    }

    @Test func pathsStayUntilABuildGivenThemCommits() {
        let log = Self.committedLog()
        log.name("/vault/guide/B.md")
        log.name("/elsewhere/C.md")
        #expect(log.beginBuild()?.paths == ["guide/B.md"])
        log.name("/vault/C.md")
        #expect(log.beginBuild()?.paths == ["guide/B.md", "C.md"], "the last build did not commit")
        log.committed()
        #expect(log.beginBuild()?.paths == [])
    }

    @Test func aDoubtMakesTheBuildsWalkUntilOneThatWalkedCommits() {
        let log = Self.committedLog()
        log.doubt()
        #expect(log.beginBuild() == nil)
        #expect(log.beginBuild() == nil, "the walk did not commit")
        log.committed()
        #expect(log.beginBuild() != nil)
    }
}
