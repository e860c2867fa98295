import Foundation
import TemporaryFolders
import Testing

/// End to end: builds that are killed, or run out of space, never leave a broken site.
@Suite("faults during a build")
struct FaultTests {
    /// A bulk-docs dump of one wiki with `pageCount` linked pages whose text depends on `edition`.
    static func generatedDump(pageCount: Int, edition: Int) -> String {
        var lines = [
            #"{"_id":"big","_rev":"1-aa","type":"wiki","title":"Big wiki","owner_id":"o","markdown":"[[Page 0]]"}"#
        ]
        for index in 0..<pageCount {
            let body =
                "# Page \(index) edition \(edition)\\n\\nSee [[Page \((index + 1) % pageCount)]] and [[Page \(index * 7 % pageCount)]].\\n\\n"
                + String(repeating: "Some *text* of edition \(edition). ", count: 150)
            lines.append(
                #"{"_id":"big:Page \#(index)","_rev":"\#(edition)-bb","type":"page","wiki_id":"big","markdown":"\#(body)","updated_at":"2024-01-01T00:00:00Z"}"#
            )
        }
        return "{\"docs\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    /// Whether `path` is part of the site, not a lock, a state file or a temporary file that a
    /// killed write left behind (hidden names, which the next build removes).
    static func isSiteFile(_ path: String) -> Bool {
        !path.split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// Where the build is killed: one early point and one late point fixed, and four drawn at
    /// random between 20 ms and 900 ms on every run (the whole build of the new edition takes
    /// about a second in a debug build), so that the runs together cover the whole build. Each
    /// delay is in the name of its test case: a failing one is replayed by putting it here.
    static let killDelays: [Double] =
        [0.05, 0.6] + (0..<4).map { _ in (Double.random(in: 0.02...0.9) * 1000).rounded() / 1000 }

    @Test(arguments: killDelays)
    func aKilledBuildLeavesWholeFilesAndTheNextBuildConverges(afterSeconds delay: Double) throws {
        let folder = try TemporaryFolder()
        let old = try folder.write(Self.generatedDump(pageCount: 1500, edition: 1), to: "old.json")
        let new = try folder.write(Self.generatedDump(pageCount: 1500, edition: 2), to: "new.json")
        try WikisiteCLI.run(["build", "--source", old, "--out", folder.path("site")])
        let before = try folder.snapshot("site")

        try WikisiteCLI.runKilled(["build", "--source", new, "--out", folder.path("site")], afterSeconds: delay)

        // Every file is a whole old file or a whole new one, never part of one.
        let newer = try WikisiteCLI.run(["build", "--source", new, "--out", folder.path("clean")])
        #expect(newer.status == 0)
        let after = try folder.snapshot("site")
        let clean = try folder.snapshot("clean")
        for (path, bytes) in after where Self.isSiteFile(path) {
            #expect(bytes == before[path] || bytes == clean[path], "\(path) is neither the old nor the new file")
        }
        // The next build converges to exactly the clean build, leaving no temporary file behind.
        let again = try WikisiteCLI.run(["build", "--source", new, "--out", folder.path("site")])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try folder.snapshot("site") == clean)
        // And a build after that, with nothing changed, writes nothing: the state is whole.
        let settled = try WikisiteCLI.run(["build", "--source", new, "--out", folder.path("site")])
        #expect(settled.standardOutput.contains("Files: 0 written"), "\(settled.standardOutput)")
    }

    /// A build killed after it wrote the file of a new page, followed by a build of sources in
    /// which that page is gone again: the file the killed build wrote is removed, as the next
    /// build removes every file of an earlier build it no longer makes.
    @Test func theFilesOfAKilledBuildAreRemovedWhenTheNextOneNoLongerMakesThem() throws {
        let folder = try TemporaryFolder()
        let old = try folder.write(Self.generatedDump(pageCount: 1500, edition: 1), to: "old.json")
        var grown = Self.generatedDump(pageCount: 1500, edition: 1)
        grown.removeLast(3)  // "\n]}\n"
        for index in 0..<300 {
            grown +=
                #",\#n{"_id":"big:extra \#(index)","_rev":"1-cc","type":"page","wiki_id":"big","markdown":"x"}"#
        }
        let new = try folder.write(grown + "\n]}\n", to: "new.json")
        try WikisiteCLI.run(["build", "--source", old, "--out", folder.path("site")])
        let clean = try folder.snapshot("site")

        let killed = try WikisiteCLI.runKilled(["build", "--source", new, "--out", folder.path("site")]) {
            FileManager.default.fileExists(atPath: folder.path("site/big/extra_0.html"))
        }
        #expect(killed, "the build ended before it could be killed")
        let back = try WikisiteCLI.run(["build", "--source", old, "--out", folder.path("site")])
        #expect(back.status == 0, "\(back.standardError)")
        #expect(try folder.snapshot("site") == clean)
    }

    @Test func aFullDiskStopsTheBuildAndKeepsTheSite() throws {
        let folder = try TemporaryFolder()
        let old = try folder.write(Self.generatedDump(pageCount: 50, edition: 1), to: "old.json")
        let new = try folder.write(Self.generatedDump(pageCount: 50, edition: 2), to: "new.json")
        try WikisiteCLI.run(["build", "--source", old, "--out", folder.path("site")])
        let before = try folder.snapshot("site")
        // A file-size limit of 4 KiB (ulimit -f counts 1024-byte blocks): every page is larger.
        let limited = try WikisiteCLI.run(
            [
                "-c", "ulimit -f 4; exec \"$0\" build --source \"$1\" --out \"$2\"",
                WikisiteCLI.executable.path, new, folder.path("site"),
            ], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(limited.status == 1)
        #expect(limited.standardError.contains("file-size limit") || limited.standardError.contains("disk is full"))
        // Each file is whole: the old one, or (where a write went through) the new one; none removed.
        try WikisiteCLI.run(["build", "--source", new, "--out", folder.path("clean")])
        let clean = try folder.snapshot("clean")
        let after = try folder.snapshot("site")
        #expect(Set(after.keys.filter(Self.isSiteFile)) == Set(before.keys.filter(Self.isSiteFile)))
        for (path, bytes) in after where Self.isSiteFile(path) {
            #expect(bytes == before[path] || bytes == clean[path], "\(path) is neither the old nor the new file")
        }
        // Once there is room again, the build converges. The failed build did not advance the
        // state: the next one either knows it did not finish (the limit hit a page file) and
        // renders everything, or (the limit hit the state's own file before any page) still
        // finds every page changed since the old edition.
        let again = try WikisiteCLI.run(["build", "--source", new, "--out", folder.path("site")])
        #expect(again.status == 0)
        #expect(
            again.standardOutput.contains("Full build: the previous build did not finish")
                || again.standardOutput.contains("Incremental build: 50 changed documents"),
            "\(again.standardOutput)")
        #expect(try folder.snapshot("site") == clean)
    }
}
