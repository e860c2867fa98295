import Foundation
import Testing
import WikiDocuments
import WikiSources

/// A temporary folder of Markdown files, removed when the test is done with it.
final class MarkdownFolderFixture {
    /// The folder's path.
    let path: String

    init() throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent("wikisite-markdown-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` (a path inside the folder, folders created), with the modification
    /// time `modified` (milliseconds since 1970) when given; returns the file's path.
    @discardableResult
    func write(_ text: String, to name: String, modified: Int? = nil) throws -> String {
        try write(bytes: Array(text.utf8), to: name, modified: modified)
    }

    /// Writes `bytes` to `name`, as ``write(_:to:modified:)``.
    @discardableResult
    func write(bytes: [UInt8], to name: String, modified: Int? = nil) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        if let modified { try setModified(name, modified) }
        return file
    }

    /// Sets the modification time of `name` to `milliseconds` since 1970, exactly.
    func setModified(_ name: String, _ milliseconds: Int) throws {
        let time = timespec(tv_sec: milliseconds / 1000, tv_nsec: milliseconds % 1000 * 1_000_000)
        let result = [time, time].withUnsafeBufferPointer { utimensat(AT_FDCWD, path + "/" + name, $0.baseAddress, 0) }
        #expect(result == 0, "cannot set the modification time of \(name)")
    }

    /// Reads the folder (or `subfolder` of it) as wiki `wikiID`.
    func read(
        _ subfolder: String? = nil, wikiID: String? = "w", title: String? = nil
    ) throws -> MarkdownFolderReading {
        let source = MarkdownFolderSource(
            folder: subfolder.map { path + "/" + $0 } ?? path, wikiID: wikiID, wikiTitle: title)
        var documents: [Document] = []
        let reading = try source.read(after: nil) { documents.append($0) }
        return MarkdownFolderReading(documents: documents, reading: reading)
    }

    /// Runs `git` in the folder (or `subfolder`) with a fixed identity, no user configuration, and
    /// author and committer dates `date` when given.
    func git(_ arguments: String..., in subfolder: String? = nil, date: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: subfolder.map { path + "/" + $0 } ?? path)
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_AUTHOR_NAME"] = "Test"
        environment["GIT_AUTHOR_EMAIL"] = "test@example.com"
        environment["GIT_COMMITTER_NAME"] = "Test"
        environment["GIT_COMMITTER_EMAIL"] = "test@example.com"
        if let date {
            environment["GIT_AUTHOR_DATE"] = date
            environment["GIT_COMMITTER_DATE"] = date
        }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
    }

    /// A new repository in the folder, on branch `main`.
    func gitInit() throws {
        try git("init", "--quiet", "--initial-branch=main")
    }

    /// Commits everything at `date` (ISO 8601).
    func commitAll(_ message: String, date: String) throws {
        try git("add", "--all")
        try git("commit", "--quiet", "--message", message, date: date)
    }
}

/// What a reading of a folder gave.
struct MarkdownFolderReading {
    var documents: [Document]
    var reading: SourceReading

    var ids: [String] { documents.map(\.id) }

    /// The document whose `_id` is exactly `id`.
    func document(_ id: String) -> Document? {
        documents.first { $0.id.isExactly(id) }
    }

    /// The string field `key` of document `id`.
    func field(_ key: String, of id: String) -> String? {
        document(id)?.body[key]?.stringValue
    }

    /// The rejected entries as `origin: reason`, the folder's path cut off the origins.
    func rejections(in folder: String) -> [String] {
        reading.rejected.map { String($0.description.dropFirst(folder.count + 1)) }
    }
}
