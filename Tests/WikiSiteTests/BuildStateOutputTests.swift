import Foundation
import TemporaryFolders
import Testing
import WikiWrite

@testable import WikiBuildEngine
@testable import WikiSite

/// The state's record of the files the builds made (`output`): replaced by a full build, changed
/// row by row by an incremental one, searched by folder through its key, and taken over from the
/// `manifest.json` of earlier versions.
@Suite struct BuildStateOutputTests {
    static func manifest(_ entries: [String: UInt64]) -> Manifest {
        var manifest = Manifest()
        for (path, hash) in entries { manifest.record(path, hash: ContentHash(value: hash)) }
        return manifest
    }

    static func paths(_ outputs: [BuildState.RecordedOutput]) -> [String] { outputs.map(\.path) }

    static let site: [String: UInt64] = [
        "index.html": 1, "w/A.html": 2, "w/Caf\u{E9}.html": 3, "w/_special/all-pages.html": 4, "w": 5,
        "w0/A.html": 6, "wx/A.html": 7, "w/日本.html": 8, "w./x.html": 9, "_sitemap-2.xml": 10,
        "w/_sitemap-2.xml": UInt64.max,
    ]

    func stateWithSite(in folder: TemporaryFolder) throws -> BuildState {
        let state = try BuildState(stateFolder: folder.path("state"))
        var update = StateUpdate(replacesEverything: true)
        update.outputs = Self.manifest(Self.site)
        try state.commit(update)
        return state
    }

    @Test func theFilesUnderAFolderAreExactlyThoseWhosePathStartsWithIt() throws {
        let folder = try TemporaryFolder()
        let state = try stateWithSite(in: folder)
        #expect(
            Self.paths(try state.recordedOutputs(withPrefix: "w/")) == [
                "w/A.html", "w/Caf\u{E9}.html", "w/_sitemap-2.xml", "w/_special/all-pages.html", "w/日本.html",
            ])
        #expect(Self.paths(try state.recordedOutputs(withPrefix: "w/_special/")) == ["w/_special/all-pages.html"])
        #expect(Self.paths(try state.recordedOutputs(withPrefix: "_sitemap-")) == ["_sitemap-2.xml"])
        #expect(try state.recordedOutputs(withPrefix: "absent/").isEmpty)
        #expect(
            try state.recordedOutputs(withPrefix: "w/_sitemap-")
                == [BuildState.RecordedOutput(path: "w/_sitemap-2.xml", hash: ContentHash(value: .max))])
    }

    @Test func everyFileAndOneFileAreRead() throws {
        let folder = try TemporaryFolder()
        let state = try stateWithSite(in: folder)
        #expect(
            Self.paths(try state.recordedOutputs())
                == Self.site.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(try state.recordedOutput(at: "w/A.html")?.hash == ContentHash(value: 2))
        #expect(try state.recordedOutput(at: "w/Cafe\u{301}.html") == nil)
    }

    @Test func anIncrementalCommitChangesOnlyItsRows() throws {
        let folder = try TemporaryFolder()
        let state = try stateWithSite(in: folder)
        var update = StateUpdate()
        update.outputs = Self.manifest(["w/A.html": 20, "w/New.html": 21])
        update.removedOutputs = ["w/Caf\u{E9}.html", "wx/A.html"]
        try state.commit(update)
        var expected = Self.site
        expected["w/A.html"] = 20
        expected["w/New.html"] = 21
        expected["w/Caf\u{E9}.html"] = nil
        expected["wx/A.html"] = nil
        let recorded = try state.recordedOutputs()
        #expect(Dictionary(uniqueKeysWithValues: recorded.map { ($0.path, $0.hash!.value) }) == expected)

        var full = StateUpdate(replacesEverything: true)
        full.outputs = Self.manifest(["index.html": 30])
        try state.commit(full)
        #expect(
            try state.recordedOutputs() == [BuildState.RecordedOutput(path: "index.html", hash: ContentHash(value: 30))]
        )
    }

    @Test func theFilesOfAFailedBuildStayOnRecord() throws {
        let folder = try TemporaryFolder()
        let state = try stateWithSite(in: folder)
        try state.record(Self.manifest(["w/A.html": 40, "w/Half.html": 41]))
        #expect(try state.recordedOutput(at: "w/A.html")?.hash == ContentHash(value: 40))
        #expect(try state.recordedOutput(at: "w/Half.html")?.hash == ContentHash(value: 41))
        #expect(try state.recordedOutputs().count == Self.site.count + 1)
    }

    /// Files an unfinished build announced are on record without a hash (whatever was there may
    /// have been rewritten), for the full build that follows; a commit forgets the announcement.
    @Test func announcedFilesAreOnRecordWithoutAHashUntilTheCommit() throws {
        let folder = try TemporaryFolder()
        let state = try stateWithSite(in: folder)
        try state.announce(["w/A.html", "w/New.html"])
        let recorded = try state.recordedOutputs()
        #expect(
            Self.paths(recorded)
                == (Self.paths(try stateWithSite(in: TemporaryFolder()).recordedOutputs()) + ["w/New.html"]).sorted {
                    $0.utf8.lexicographicallyPrecedes($1.utf8)
                })
        #expect(recorded.first { $0.path == "w/A.html" }?.hash == nil)
        #expect(recorded.first { $0.path == "w/New.html" }?.hash == nil)
        #expect(recorded.first { $0.path == "index.html" }?.hash == ContentHash(value: 1))

        var update = StateUpdate()
        update.outputs = Self.manifest(["w/New.html": 50])
        try state.commit(update)
        #expect(try state.recordedOutput(at: "w/A.html")?.hash == ContentHash(value: 2))
        #expect(try state.recordedOutput(at: "w/New.html")?.hash == ContentHash(value: 50))
        #expect(try state.recordedOutputs().allSatisfy { $0.hash != nil })
    }

    @Test func theFilesUnderAFolderAreOneRangeOfTheKey() throws {
        let folder = try TemporaryFolder()
        let state = try BuildState(stateFolder: folder.path("state"))
        #expect(
            try state.queryPlan(of: BuildState.outputsWithPrefixQuery) == [
                "SEARCH output USING PRIMARY KEY (path>? AND path<?)"
            ])
    }

    @Test func theManifestOfAnEarlierVersionIsTakenOver() throws {
        let folder = try TemporaryFolder()
        let state = try stateWithSite(in: folder)
        try folder.write(
            "{\"files\": {\"old/Gone.html\": \"0000000000000063\", \"w/A.html\": \"0000000000000064\"}, \"version\": 1}",
            to: "state/" + Manifest.fileName)
        try state.adoptEarlierManifest()
        #expect(try state.recordedOutput(at: "old/Gone.html")?.hash == ContentHash(value: 99))
        #expect(try state.recordedOutput(at: "w/A.html")?.hash == ContentHash(value: 100))
        #expect(!FileManager.default.fileExists(atPath: folder.path("state/" + Manifest.fileName)))
        try state.adoptEarlierManifest()
        #expect(try state.recordedOutputs().count == Self.site.count + 1)
    }

    @Test func aDamagedEarlierManifestIsReportedAndKept() throws {
        let folder = try TemporaryFolder()
        let state = try stateWithSite(in: folder)
        try folder.write("{\"files\": {", to: "state/" + Manifest.fileName)
        let error = try #require(throws: WriteError.self) { try state.adoptEarlierManifest() }
        #expect(error.description.contains(Manifest.fileName))
        #expect(FileManager.default.fileExists(atPath: folder.path("state/" + Manifest.fileName)))
        #expect(try state.recordedOutputs().count == Self.site.count)
    }
}
