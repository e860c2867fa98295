import Foundation

/// A temporary folder removed when the test ends.
final class TestFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("wikiserve-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A path inside the folder.
    func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    /// Writes `text` to `relative` (replacing it by a rename, as editors do) and returns its path.
    @discardableResult
    func write(_ text: String, to relative: String) throws -> String {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file, options: .atomic)
        return file.path
    }

    /// Every regular file below `relative`, relative to it, sorted.
    func files(under relative: String) -> [String] {
        let base = url.appendingPathComponent(relative).path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var files: [String] = []
        while let item = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + item, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(item)
            }
        }
        return files.sorted()
    }
}

/// Waits until `condition` holds, checking every 20 ms; false if `limit` passed first. A generous
/// limit that only ends a test that would otherwise hang, never a measured duration.
func eventually(within limit: Duration = .seconds(120), _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return try condition()
}
