extension FolderLedger {
    /// The first bytes of an encoded ledger, with its version.
    static let magic: [UInt8] = Array("wikisite folder ledger 3\n".utf8)

    /// The ledger as bytes: a header, the wiki's `_id`, git's `HEAD`, the wiki document's
    /// revision, when the reading started, whether it rejected files, the other files (their
    /// count, then each one's path and stamp), whether a home entry follows, then the home's entry
    /// and each page's: its path, stamp, front matter title, revision, flags, commits, and the keys
    /// of the files it names (their count, then each one). Numbers
    /// are little-endian, texts their length (4 bytes) and UTF-8.
    public var encoded: [UInt8] {
        var writer = LedgerWriter(bytes: Self.magic)
        writer.text(wikiID)
        writer.optionalText(head)
        writer.text(wikiRevision)
        writer.time(readAt)
        writer.word(rejectedFiles ? 1 : 0)
        writer.word(UInt64(otherFiles.count))
        for file in otherFiles {
            writer.text(file.relativePath)
            writer.stamp(file.stamp)
        }
        writer.word(home == nil ? 0 : 1)
        for entry in (home.map { [$0] } ?? []) + entries {
            writer.text(entry.relativePath)
            writer.stamp(entry.stamp)
            writer.optionalText(entry.frontMatterTitle)
            writer.text(entry.revision)
            writer.word(
                (entry.isDraft ? 1 : 0) | (entry.isUncommitted ? 2 : 0)
                    | (entry.commits == nil ? 0 : 8))
            if let commits = entry.commits {
                writer.time(commits.first)
                writer.time(commits.last)
            }
            writer.word(UInt64(entry.fileKeys.count))
            for key in entry.fileKeys { writer.text(key) }
        }
        return writer.bytes
    }

    /// The ledger `encoded` holds; nil when it is not one this version wrote whole.
    public init?(encoded: [UInt8]) {
        guard encoded.starts(with: Self.magic) else { return nil }
        var reader = LedgerReader(bytes: encoded, offset: Self.magic.count)
        guard let wikiID = reader.text(), let head = reader.optionalText(), let wikiRevision = reader.text(),
            let readAt = reader.time(), let rejectedFiles = reader.word(),
            let otherFiles = Self.otherFiles(from: &reader),
            let hasHome = reader.word()
        else { return nil }
        var home: Entry?
        if hasHome == 1 {
            guard let entry = Self.entry(from: &reader) else { return nil }
            home = entry
        }
        var entries: [Entry] = []
        while !reader.isAtEnd {
            guard let entry = Self.entry(from: &reader) else { return nil }
            entries.append(entry)
        }
        self.init(
            wikiID: wikiID, head: head, wikiRevision: wikiRevision, readAt: readAt,
            files: OtherFiles(listed: otherFiles, rejected: rejectedFiles == 1),
            notes: Notes(home: home, entries: entries))
    }

    private static func otherFiles(from reader: inout LedgerReader) -> [ListedFile]? {
        guard let count = reader.word(), count <= UInt64(reader.bytes.count) else { return nil }
        var files: [ListedFile] = []
        files.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let path = reader.text(), let stamp = reader.stamp() else { return nil }
            files.append(ListedFile(relativePath: path, stamp: stamp))
        }
        return files
    }

    private static func entry(from reader: inout LedgerReader) -> Entry? {
        guard let path = reader.text(), let stamp = reader.stamp(), let title = reader.optionalText(),
            let revision = reader.text(), let flags = reader.word()
        else { return nil }
        var commits: GitFolderHistory.Commits?
        if flags & 8 != 0 {
            guard let first = reader.time(), let last = reader.time() else { return nil }
            commits = GitFolderHistory.Commits(first: first, last: last)
        }
        guard let keyCount = reader.word(), keyCount <= UInt64(reader.bytes.count) else { return nil }
        var fileKeys: [String] = []
        for _ in 0..<keyCount {
            guard let key = reader.text() else { return nil }
            fileKeys.append(key)
        }
        return Entry(
            relativePath: path, stamp: stamp, frontMatterTitle: title, isDraft: flags & 1 != 0, commits: commits,
            isUncommitted: flags & 2 != 0, fileKeys: fileKeys, revision: revision)
    }
}

/// Writes the fields of an encoded ledger.
private struct LedgerWriter {
    var bytes: [UInt8]

    mutating func word(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func time(_ time: FileTime) {
        word(UInt64(bitPattern: time.seconds))
        word(UInt64(bitPattern: time.nanoseconds))
    }

    mutating func stamp(_ stamp: FileStamp) {
        for value in [stamp.device, stamp.inode, UInt64(bitPattern: stamp.size)] { word(value) }
        time(stamp.modified)
        time(stamp.changed)
    }

    mutating func text(_ text: String) {
        withUnsafeBytes(of: UInt32(text.utf8.count).littleEndian) { bytes += $0 }
        bytes += text.utf8
    }

    /// A text, or its absence (a length of all ones).
    mutating func optionalText(_ text: String?) {
        guard let text else {
            withUnsafeBytes(of: UInt32.max.littleEndian) { bytes += $0 }
            return
        }
        self.text(text)
    }
}

/// Reads the fields of an encoded ledger; each read is nil past the end of the bytes.
private struct LedgerReader {
    let bytes: [UInt8]
    var offset: Int

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func word() -> UInt64? {
        guard offset + 8 <= bytes.count else { return nil }
        var value: UInt64 = 0
        for index in (0..<8).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        offset += 8
        return value
    }

    mutating func time() -> FileTime? {
        guard let seconds = word(), let nanoseconds = word() else { return nil }
        return FileTime(seconds: Int64(bitPattern: seconds), nanoseconds: Int64(bitPattern: nanoseconds))
    }

    mutating func stamp() -> FileStamp? {
        guard let device = word(), let inode = word(), let size = word(), let modified = time(), let changed = time()
        else { return nil }
        return FileStamp(
            device: device, inode: inode, size: Int64(bitPattern: size), modified: modified, changed: changed)
    }

    mutating func optionalText() -> String?? {
        guard let length = length() else { return nil }
        guard length != UInt32.max else { return .some(nil) }
        return text(length: Int(length)).map { .some($0) }
    }

    mutating func text() -> String? {
        guard let length = length(), length != UInt32.max else { return nil }
        return text(length: Int(length))
    }

    private mutating func length() -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for index in (0..<4).reversed() { value = value << 8 | UInt32(bytes[offset + index]) }
        offset += 4
        return value
    }

    private mutating func text(length: Int) -> String? {
        guard length <= bytes.count - offset else { return nil }
        defer { offset += length }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }
}
