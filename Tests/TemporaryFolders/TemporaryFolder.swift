import Foundation

/// A fresh folder under the system's temporary folder, removed when the test lets go of it: the
/// one every end-to-end test target writes its sources, sites and stores in.
public final class TemporaryFolder: Sendable {
    /// Where the folder is.
    public let url: URL

    /// A new, empty folder.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("wikisite-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A path inside the folder.
    public func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    /// Writes `text` to `relative` (replacing it by a rename, as editors do, so a watcher never
    /// sees it half written) and returns its path.
    @discardableResult
    public func write(_ text: String, to relative: String) throws -> String {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file, options: .atomic)
        return file.path
    }

    /// The text of the file at `relative`.
    public func read(_ relative: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Every regular file below `relative`, by its path relative to it, sorted.
    public func files(under relative: String = "") -> [String] {
        let base = url.appendingPathComponent(relative)
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var files: [String] = []
        while let item = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base.appendingPathComponent(item).path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                files.append(item)
            }
        }
        return files.sorted()
    }

    /// Every regular file below `relative`, by its path relative to it, with its bytes.
    public func snapshot(_ relative: String) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for file in files(under: relative) {
            contents[file] = try Data(contentsOf: url.appendingPathComponent(relative).appendingPathComponent(file))
        }
        return contents
    }
}
