import Foundation
import Testing
import WikiDocuments
import WikiSources
import WikiStore

/// A temporary folder holding a store and the dumps imported into it, removed when the test ends.
final class StoreFixture {
    let folder: URL
    let store: DocumentStore
    private var dumpCount = 0

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("wikistore-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try DocumentStore.openOrCreate(path: folder.appendingPathComponent("store.sqlite").path)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A path inside the folder.
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Writes `text` to a new file in the folder and returns its path.
    func write(_ text: String, name: String? = nil) throws -> String {
        dumpCount += 1
        let path = self.path(name ?? "dump\(dumpCount).json")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes `bytes` to the file `name` in the folder and returns its path.
    func write(bytes: [UInt8], name: String) throws -> String {
        let path = self.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Imports `documents` (JSON objects) as a bulk docs dump.
    @discardableResult
    func importDocuments(_ documents: String...) throws -> ImportSummary {
        try importDump("{\"docs\":[\n" + documents.joined(separator: ",\n") + "\n]}")
    }

    /// Imports the dump `text`.
    @discardableResult
    func importDump(_ text: String) throws -> ImportSummary {
        try store.importDocuments(from: DumpSource(path: write(text)))
    }

    /// The changes feed since `sequence`, and the sequence it ended at.
    func changes(since sequence: Int = 0, in store: DocumentStore? = nil) throws -> (
        changes: [StoreChange], sequence: Int
    ) {
        var changes: [StoreChange] = []
        let end = try (store ?? self.store).changes(since: sequence) { changes.append($0) }
        return (changes, end)
    }

    /// The change of the document `id`, when the feed since 0 has it.
    func change(of id: String) throws -> StoreChange? {
        try changes().changes.first { $0.documentID.isExactly(id) }
    }
}

/// Every leaf of a store as comparable text: `_id`, revision, deleted, body; by `_id` in byte order.
func leafFingerprints(of store: DocumentStore) throws -> [String] {
    var leaves: [String] = []
    _ = try store.changes(since: 0) { change in
        for leaf in change.leaves {
            let body = JSONWriter.text(.object(leaf.body))
            leaves.append("\(leaf.id)\t\(leaf.revisionText ?? "")\t\(leaf.isDeleted)\t\(body)")
        }
    }
    return leaves.sorted { $0.precedesInByteOrder($1) }
}

/// The revisions of `documents`, as text.
func revisions(_ documents: [Document]) -> [String] {
    documents.map { $0.revisionText ?? "" }
}
