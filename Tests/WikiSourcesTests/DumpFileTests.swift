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

/// A dump of more than a gigabyte, written to a real file and read back through the memory-mapped
/// reader, in bounded memory.
@Suite struct GigabyteDumpTests {
    /// Each page's Markdown is about 1 MiB of this line (escaped quotes and newline, an `é`), so that
    /// the per-document cost is small next to the bytes read.
    static let markdownLine = "Line of text with [[A link]], an \"é\" and some more words to fill it up to size.\n"
    static let escapedLine = markdownLine.replacingOccurrences(of: "\"", with: "\\\"")
        .replacingOccurrences(of: "\n", with: "\\n")
    static let linesPerPage = 1 << 20 / escapedLine.utf8.count
    static let pageCount = 1_100

    /// The resident memory of this process, in bytes: all of it, and the part that maps files.
    static func residentMemory() throws -> (total: Int, files: Int) {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        func kilobytes(_ field: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
        }
        return (kilobytes("VmRSS"), kilobytes("RssFile"))
    }

    /// Writes the dump a page at a time (never more than one page in memory) and returns its size.
    static func writeDump(to path: String) throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let file = FileHandle(forWritingAtPath: path)
        else { throw CocoaError(.fileWriteUnknown) }
        defer { try? file.close() }
        let body = Data(String(repeating: escapedLine, count: linesPerPage).utf8)
        var size = 0
        func write(_ data: Data) throws {
            try file.write(contentsOf: data)
            size += data.count
        }
        try write(Data("{\"total_rows\":\(pageCount),\"offset\":0,\"rows\":[\n".utf8))
        for index in 0..<pageCount {
            let id = "w:Page \(index)"
            try write(
                Data(
                    ("{\"id\":\"\(id)\",\"key\":\"\(id)\",\"value\":{\"rev\":\"1-\(index)\"},\"doc\":{\"_id\":\"\(id)\","
                        + "\"_rev\":\"1-\(index)\",\"type\":\"page\",\"wiki_id\":\"w\",\"markdown\":\"# Page \(index)\\n")
                        .utf8))
            try write(body)
            try write(Data((index == pageCount - 1 ? "The end.\"}}\n" : "The end.\"}},\n").utf8))
        }
        try write(Data("]}\n".utf8))
        return size
    }

    /// What reading the dump found, written by the process that read it for the test to check.
    struct Reading: Codable {
        var size = 0
        var format = ""
        var documentCount = 0
        var seen = 0
        /// Whether every document had its ID, line and Markdown length.
        var allMatch = true
        var lastID = ""
        var lastStart = ""
        var lastEnd = ""
        /// How much the resident memory grew while reading, at most: all of it, and mapped files.
        var growth = 0
        var fileGrowth = 0
    }

    /// Writes the dump into a temporary folder, reads it with `DumpReader`, sampling the resident
    /// memory, removes it, and writes what it found to the standard error as JSON.
    static func readGigabyteDump() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/huge.json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var reading = Reading()
        reading.size = try writeDump(to: path)
        let bodyLength = linesPerPage * markdownLine.utf8.count + "The end.".utf8.count
        let before = try residentMemory()
        var peak = before
        var last: Document?
        let summary = try DumpReader.read(path: path) { document in
            let seen = reading.seen
            let markdown = document.body["markdown"]?.stringValue ?? ""
            reading.allMatch =
                reading.allMatch && document.id.isExactly("w:Page \(seen)") && document.origin.line == seen + 2
                && markdown.utf8.count == "# Page \(seen)\n".utf8.count + bodyLength
            if seen % 16 == 0 {
                let now = (try? residentMemory()) ?? peak
                peak = (max(peak.total, now.total), max(peak.files, now.files))
            }
            reading.seen += 1
            last = document
        }
        reading.format = summary.format.rawValue
        reading.documentCount = summary.documentCount
        reading.lastID = last?.id ?? ""
        let lastMarkdown = last?.body["markdown"]?.stringValue ?? ""
        reading.lastStart = String(lastMarkdown.prefix(60))
        reading.lastEnd = String(lastMarkdown.suffix(30))
        reading.growth = peak.total - before.total
        reading.fileGrowth = peak.files - before.files
        FileHandle.standardError.write(try JSONEncoder().encode(reading))
    }

    /// Whether the temporary folder has room for the dump, with a margin: on a machine whose disk
    /// is nearly full the test is skipped and says why, rather than failing on the disk.
    static var temporaryFolderHasRoom: Bool {
        let attributes = try? FileManager.default.attributesOfFileSystem(
            forPath: FileManager.default.temporaryDirectory.path)
        let free = (attributes?[.systemFreeSize] as? NSNumber)?.int64Value ?? 0
        return free > 3 << 30
    }

    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "reads /proc/self/status"),
        .enabled(if: temporaryFolderHasRoom, "needs 3 GiB free in the temporary folder for a 1.15 GB dump"))
    func aGigabyteFileIsReadInBoundedMemory() async throws {
        // In a process of its own: what other tests hold meanwhile must not count as its memory.
        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            try Self.readGigabyteDump()
        }
        let reading = try JSONDecoder().decode(Reading.self, from: Data(result.standardErrorContent))
        #expect(reading.size > 1 << 30)
        #expect(reading.format == "allDocs")
        #expect(reading.documentCount == Self.pageCount)
        #expect(reading.seen == Self.pageCount)
        #expect(reading.allMatch)
        #expect(reading.lastID == "w:Page \(Self.pageCount - 1)")
        #expect(reading.lastStart == String(("# Page \(Self.pageCount - 1)\n" + Self.markdownLine).prefix(60)))
        #expect(reading.lastEnd == String((Self.markdownLine + "The end.").suffix(30)))
        // Pages of the mapping are given back as the reader goes: what stays resident is a window of
        // the file and one document, not the file.
        #expect(reading.fileGrowth < 100 << 20, "mapped file pages grew by \(reading.fileGrowth >> 20) MiB")
        #expect(reading.growth < 200 << 20, "resident memory grew by \(reading.growth >> 20) MiB")
    }
}
