import Foundation

/// The real `wikisite` executable, run as a user would run it.
struct WikisiteCLI {
    /// What a run printed and how it ended.
    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The executable built beside the test bundle.
    static let executable: URL = {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        if folder.lastPathComponent.hasSuffix(".xctest") || folder.lastPathComponent == "MacOS" {
            folder = Bundle.main.bundleURL.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("wikisite")
    }()

    /// The repository's root folder (for `Examples/`).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// An example dump of the repository.
    static func example(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Examples").appendingPathComponent(name).path
    }

    /// Starts `wikisite` with `arguments`, and kills it (SIGKILL) after `delay` seconds, or
    /// lets it end if it ends first.
    static func runKilled(_ arguments: [String], afterSeconds delay: Double) throws {
        let deadline = Date(timeIntervalSinceNow: delay)
        _ = try runKilled(arguments) { Date() >= deadline }
    }

    /// Starts `wikisite` with `arguments`, and kills it (SIGKILL) as soon as `condition` holds
    /// (checked every millisecond); whether it was killed before it ended.
    static func runKilled(_ arguments: [String], when condition: () -> Bool) throws -> Bool {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        while process.isRunning, !condition() { Thread.sleep(forTimeInterval: 0.001) }
        let killed = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return killed && process.terminationReason == .uncaughtSignal
    }

    /// Runs `wikisite` (or another `executable`) with `arguments`, feeding `input` to its
    /// standard input, with `environment` added to the test's environment.
    @discardableResult
    static func run(
        _ arguments: [String], input: String = "", in folder: URL? = nil, executable: URL = executable,
        environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        let errData = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }
}
