import Foundation
import Testing
import WikiDocuments
import WikiSources

/// A temporary folder, removed when the test is done with it.
final class TemporaryFolder {
    let path: String

    init() throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent("wikisite-sources-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` in the folder and returns its path.
    func write(_ text: String, to name: String) throws -> String {
        let file = path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }
}

@Suite struct DumpFileTests {
    @Test func readsAFileByItsContentNotItsName() throws {
        let folder = try TemporaryFolder()
        let misleading = try folder.write(Forms.continuous, to: "all_docs.json")
        var ids: [String] = []
        let summary = try DumpReader.read(path: misleading) { ids.append($0.id) }
        #expect(summary.format == .continuousChanges)
        #expect(ids == ["w1", "w1:Page", "w1:Gone"])
    }

    @Test func originsAndErrorsNameThePath() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("[\n{\"_id\":\"a\"},\n{\"_id\":", to: "dump.json")
        var origins: [DocumentOrigin] = []
        let error = #expect(throws: DumpError.self) {
            try DumpReader.read(path: path) { origins.append($0.origin) }
        }
        #expect(origins == [DocumentOrigin(source: path, line: 2)])
        #expect(error?.path == path)
        #expect(error?.description == "\(path):3:8 (byte 22): unexpected end of file: the dump is truncated")
    }

    @Test func emptyFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("", to: "empty.json")
        let error = #expect(throws: DumpError.self) { try DumpReader.read(path: path) { _ in } }
        #expect(error?.line == 1)
        #expect(error?.message.hasPrefix("the file is empty") == true)
    }

    @Test func missingFileAndFolder() throws {
        let folder = try TemporaryFolder()
        let missing = #expect(throws: DumpFileError.self) {
            try DumpReader.read(path: folder.path + "/nope.json") { _ in }
        }
        #expect(missing?.description == "\(folder.path)/nope.json: cannot read the dump: No such file or directory")
        let directory = #expect(throws: DumpFileError.self) { try DumpReader.read(path: folder.path) { _ in } }
        #expect(directory?.reason == "it is a folder, not a dump file")
    }

    @Test func readsAPipe() throws {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let text = Forms.bulkDocs
        let thread = Thread {
            writer.write(Data(text.utf8))
            try? writer.close()
        }
        thread.start()
        var count = 0
        let summary = try DumpReader.read(path: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)") { _ in count += 1
        }
        #expect(summary.format == .bulkDocs)
        #expect(count == 3)
    }
}

@Suite struct LargeDumpTests {
    /// 20,000 documents in `_all_docs` form, one row a line, with a little of everything.
    static func allDocs(count: Int) -> String {
        var text = "{\"total_rows\":\(count),\"offset\":0,\"rows\":[\n"
        for index in 0..<count {
            let id = "w:Page \(index) é"
            let markdown = "# Page \(index)\\n\\nSee [[Page \(index + 1)]] and \\\"quotes\\\" \\u00e9 \\ud83d\\ude00."
            text += "{\"id\":\"\(id)\",\"key\":\"\(id)\",\"value\":{\"rev\":\"1-\(index)\"},"
            text +=
                "\"doc\":{\"_id\":\"\(id)\",\"_rev\":\"1-\(index)\",\"type\":\"page\",\"n\":\(index),\"markdown\":\"\(markdown)\"}}"
            text += index == count - 1 ? "\n" : ",\n"
        }
        return text + "]}\n"
    }

    @Test func twentyThousandDocuments() throws {
        let count = 20_000
        let bytes = Array(Self.allDocs(count: count).utf8)
        var seen = 0
        var lastLine = 0
        var allMatch = true
        let summary = try DumpReader.read(bytes: bytes, name: "big.json") { document in
            let expected = "w:Page \(seen) é"
            allMatch =
                allMatch && document.id.isExactly(expected) && document.origin.line == seen + 2
                && document.body["n"] == .number(String(seen))
                && document.body["markdown"]?.stringValue?.isExactly(
                    "# Page \(seen)\n\nSee [[Page \(seen + 1)]] and \"quotes\" é 😀.") == true
                && !document.hadInvalidText
            lastLine = document.origin.line ?? 0
            seen += 1
        }
        #expect(allMatch)
        #expect(summary.documentCount == count)
        #expect(seen == count)
        #expect(lastLine == count + 1)
        #expect(summary.rejected.isEmpty)
    }
}
