import Foundation
import FuzzTargets
import Testing

/// Every seed and every regression input of every fuzz target still passes: the regression
/// runner, run the way CI runs it. Inputs replay in a child process (an exit test), so that an
/// input that crashes fails its test instead of the whole run.
@Suite("Fuzz regression inputs")
struct FuzzRegressionTests {
    /// Regression inputs of bugs in code outside `Fuzz/` that are not fixed yet, as
    /// `<target>/<file>` below `Fuzz/Regressions/`. Each must still fail; once a fix makes one
    /// pass, `openBugStillFails` fails until its line is removed here, and it then replays with
    /// the others.
    static let openBugs: [String] = []

    @Test("The seeds and regressions of each fuzz target pass", arguments: FuzzTarget.allCases)
    func replay(_ target: FuzzTarget) async throws {
        let open = Set(Self.openBugs.map { Self.path(ofOpenBug: $0).file })
        let files = try RegressionReplay.inputFiles(RegressionReplay.defaultFolders(of: target))
            .filter { !open.contains($0) }
        #expect(files.contains { $0.hasPrefix(RegressionReplay.seedFolder(of: target)) }, "no seeds in Fuzz/Corpus")
        try await Self.expectPasses(files, through: target)
    }

    @Test("Each open bug's input still fails", arguments: openBugs)
    func openBugStillFails(_ openBug: String) async throws {
        let (target, file) = Self.path(ofOpenBug: openBug)
        #expect(FileManager.default.fileExists(atPath: file), "\(file) is listed in openBugs but missing")
        await withKnownIssue("open bug: \(openBug)") {
            try await Self.expectPasses([file], through: target)
        }
    }

    /// The target and the absolute path of an entry of `openBugs`.
    private static func path(ofOpenBug openBug: String) -> (target: FuzzTarget, file: String) {
        let parts = openBug.split(separator: "/", maxSplits: 1).map(String.init)
        let target = FuzzTarget(rawValue: parts[0])!
        return (target, RegressionReplay.regressionFolder(of: target) + "/" + parts[1])
    }

    /// Replays `files` through `target` in a child process; records an issue with the end of
    /// its output unless every input passes.
    private static func expectPasses(_ files: [String], through target: FuzzTarget) async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            [target, files] in
            let failures = try RegressionReplay.replay(files, through: target)
            exit(failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE)
        }
        if let result, result.exitStatus != .exitCode(EXIT_SUCCESS) {
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            let failures = output.split(separator: "\n").filter { !$0.hasPrefix("\(target.rawValue): ") }
            Issue.record("\(target.rawValue) failed:\n\(failures.suffix(20).joined(separator: "\n"))")
        }
    }
}
