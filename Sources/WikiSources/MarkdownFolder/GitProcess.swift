import Foundation
import Synchronization

/// Runs one `git` command in a folder.
enum GitProcess {
    /// How a git command ended.
    struct Result {
        /// `git` and its arguments, for messages.
        let command: String
        /// The exit status (127: `env` found no `git`).
        let status: Int32
        /// What git printed on its standard output.
        let output: [UInt8]
        /// What git printed on its standard error, in one line.
        let errors: String

        /// The output of a command that succeeded.
        ///
        /// - Throws: ``MarkdownFolderError`` saying what git said, when it failed.
        func checkedOutput(folder: String) throws(MarkdownFolderError) -> [UInt8] {
            guard status != 0 else { return output }
            throw MarkdownFolderError(
                path: folder,
                message: status == 127
                    ? "the folder is in a git repository, but git is not installed: install git, which gives the pages their dates"
                    : "the folder is in a git repository, but `\(command)` failed (\(DisplayText.of(errors.utf8))); "
                        + "fix the repository so that git can read its history")
        }
    }

    /// Runs `git -C folder <arguments>` with messages in English (`LC_ALL=C`, so that they can be
    /// recognised), git's optional locks off (a build never takes `index.lock` from someone
    /// working in the repository) and signatures not shown (they would mix with the output).
    ///
    /// - Throws: ``MarkdownFolderError`` when no process can be started.
    static func run(_ arguments: [String], in folder: String) throws(MarkdownFolderError) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder, "-c", "log.showSignature=false"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        environment["LC_ALL"] = "C"
        // The repository is the one git finds from the folder, even when wikisite runs in a git hook.
        for variable in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_PREFIX"] {
            environment[variable] = nil
        }
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let command = "git " + arguments.joined(separator: " ")
        do {
            try process.run()
        } catch {
            throw MarkdownFolderError(
                path: folder,
                message: "the folder is in a git repository, but `\(command)` could not be started: \(error)")
        }
        // Both pipes are drained at once, so git never blocks on a full pipe.
        let errorText = ErrorOutput()
        let drained = DispatchGroup()
        let errorHandle = errors.fileHandleForReading
        DispatchQueue.global().async(group: drained) {
            let data = errorHandle.readDataToEndOfFile()
            errorText.bytes.withLock { $0 = data }
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        drained.wait()
        let said = errorText.bytes.withLock { String(decoding: $0, as: UTF8.self) }
        return Result(
            command: command,
            status: process.terminationReason == .exit ? process.terminationStatus : -1,
            output: [UInt8](printed),
            errors: said.split(whereSeparator: \.isNewline).joined(separator: " "))
    }
}

/// What git printed on its standard error, collected while its output is read.
private final class ErrorOutput: Sendable {
    let bytes = Mutex(Data())
}
