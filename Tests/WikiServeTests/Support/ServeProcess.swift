import Foundation
import Synchronization

/// The real `wikisite` executable, built beside the test bundle.
enum WikisiteBinary {
    static let url: URL = {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        if folder.lastPathComponent.hasSuffix(".xctest") {
            folder = Bundle.main.bundleURL.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("wikisite")
    }()

    /// The repository's root folder.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `wikisite` with `arguments` in `folder` to its end: its status and standard error.
    static func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, standardError: String) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// A running `wikisite serve`, stopped (SIGKILL if still running) when the test ends.
final class ServeProcess: Sendable {
    private let process: Process
    private let output = CollectedBytes()
    private let errors = CollectedBytes()

    /// Starts `wikisite serve` with `arguments` in `folder`.
    init(_ arguments: [String], in folder: URL) throws {
        process = Process()
        process.executableURL = WikisiteBinary.url
        process.arguments = ["serve"] + arguments
        process.currentDirectoryURL = folder
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardOutput = standardOutput
        process.standardError = standardError
        standardOutput.fileHandleForReading.readabilityHandler = { [output] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            output.append(data)
        }
        standardError.fileHandleForReading.readabilityHandler = { [errors] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            errors.append(data)
        }
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// What it printed on standard output so far.
    var standardOutput: String { output.text }
    /// What it printed on standard error so far.
    var standardError: String { errors.text }

    /// The URL of the `Serving` line, once printed; nil if the process ended first.
    func servingURL() -> String? {
        _ = eventually { !process.isRunning || standardOutput.contains("\n") }
        let line = standardOutput.split(separator: "\n").first.map(String.init) ?? ""
        guard line.hasPrefix("Serving ") else { return nil }
        return String(line.dropFirst("Serving ".count))
    }

    /// The number of build lines on standard error so far (the first build and every rebuild).
    var buildCount: Int {
        standardError.split(separator: "\n").filter { $0.hasPrefix("built: ") || $0.hasPrefix("rebuilt after ") }.count
    }

    /// Sends `signal` and waits for the process to end; its exit status.
    func stop(with signal: Int32 = SIGTERM) -> Int32 {
        kill(process.processIdentifier, signal)
        return waitForExit()
    }

    /// Waits for the process to end on its own; its exit status.
    /// Everything it printed is gathered by then: the pipes' reading threads may lag behind the
    /// process's end.
    func waitForExit() -> Int32 {
        process.waitUntilExit()
        _ = eventually { output.isFinished && errors.isFinished }
        return process.terminationStatus
    }
}

/// Bytes a pipe delivers, gathered from its reading thread until the end of the pipe.
final class CollectedBytes: Sendable {
    private let bytes = Mutex((data: Data(), finished: false))

    /// Adds `data`; empty data is the end of the pipe.
    func append(_ data: Data) {
        bytes.withLock {
            if data.isEmpty {
                $0.finished = true
            } else {
                $0.data.append(data)
            }
        }
    }

    /// Everything gathered, as UTF-8 text.
    var text: String { bytes.withLock { String(decoding: $0.data, as: UTF8.self) } }

    /// Whether the pipe has ended: nothing more will be gathered.
    var isFinished: Bool { bytes.withLock { $0.finished } }
}
