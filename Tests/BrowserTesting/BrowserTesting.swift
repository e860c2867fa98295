import Foundation
import Testing

/// What the browser tests of every test target share: whether headless Chromium and Playwright
/// for Python can run here, and the scripts of `Tests/Browser/` that drive them.
///
/// Without the browser a test is skipped with the reason, except on CI (`CI=true`), where it
/// fails: a CI run that cannot open a browser must not pass as if it had.
public enum BrowserTesting {
    /// The repository's root folder.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Why the browser tests cannot run here; nil when they can.
    public static let missing: String? = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            return "chromium is not installed (make test-deps)"
        }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import playwright.sync_api, axe_playwright_python"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return "python3 is not installed" }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
            ? nil : "playwright or axe-playwright-python for Python is not installed (make test-deps)"
    }()

    /// Whether the tests run on CI, where a missing browser is a failure.
    public static let onCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether a browser test runs: when the browser is here, or on CI (where it then fails).
    public static var shouldRun: Bool { missing == nil || onCI }

    /// Whether the browser can run; on CI an issue is recorded when it cannot.
    public static func browserIsReady() -> Bool {
        guard let missing else { return true }
        Issue.record("CI=true and the browser tests cannot run: \(missing)")
        return false
    }

    /// The Python script `name` of `Tests/Browser/` started with `arguments`; its standard output
    /// and error go to `output`.
    public static func script(_ name: String, _ arguments: [String], output: Pipe) throws -> Process {
        let script = repositoryRoot.appendingPathComponent("Tests/Browser/" + name)
        let run = Process()
        run.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        run.arguments = ["python3", script.path] + arguments
        run.standardOutput = output
        run.standardError = output
        try run.run()
        return run
    }

    /// Runs the script `name` to its end: its exit status and everything it printed.
    public static func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let output = Pipe()
        let process = try script(name, arguments, output: output)
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
    }
}
