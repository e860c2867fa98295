import WikiDocuments

extension FolderLedger {
    /// The first bytes of an encoded ledger's header, with its version.
    static let magic: [UInt8] = Array("wikisite folder ledger 4\n".utf8)

    /// One note's entry as a row of its own, keyed by its path: a build writes the rows of the
    /// notes that changed, not every note's.
    public struct NoteRow: Sendable, Equatable {
        /// The note's path inside the folder, the row's key.
        public let path: String
        /// The rest of its entry (``FolderLedger/encodedHeader`` says how it is written).
        public let bytes: [UInt8]

        /// The row of the note at `path` whose entry is `bytes`.
        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// The ledger's header as bytes, its notes left to ``noteRows``: a header, the wiki's `_id`,
    /// git's `HEAD`, the wiki document's revision, when the reading started, whether it rejected
    /// files, the other files (their count, then each one's path and stamp), whether a home entry
    /// follows, then the home's path and entry. An entry (a note row's bytes) is its stamp, front
    /// matter title, revision, flags, commits, and the keys of the files it names (their count,
    /// then each one). Numbers are little-endian, texts their length (4 bytes) and UTF-8.
    public var encodedHeader: [UInt8] {
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
        if let home {
            writer.text(home.relativePath)
            writer.entry(home)
        }
        return writer.bytes
    }

    /// The row of every note, in byte order of their paths.
    public var noteRows: [NoteRow] {
        entries.map(Self.row)
    }

    /// The rows that turn the notes of `earlier` into these: those of the notes new or changed
    /// since (`written`), and the paths of the notes `earlier` held that this ledger does not
    /// (`removed`). When this ledger was made compared with `earlier`, its ``changes`` name them;
    /// else both ledgers' notes, in byte order of paths, are compared in one pass.
    public func noteRows(since earlier: FolderLedger) -> (written: [NoteRow], removed: [String]) {
        if let changes, changes.earlier == earlier.identity {
            let written = changes.written.compactMap { path in entry(at: path).map { Self.row(of: $0.entry) } }
            return (written, changes.removed)
        }
        var written: [NoteRow] = []
        var removed: [String] = []
        let before = earlier.entries
        var index = 0
        entries.forEach(in: entries.indices) { _, current in
            while index < before.count, ExactString.byteOrder(before[index].relativePath, current.relativePath) < 0 {
                removed.append(before[index].relativePath)
                index += 1
            }
            if index < before.count, before[index].relativePath.isExactly(current.relativePath) {
                if before[index] != current { written.append(Self.row(of: current)) }
                index += 1
            } else {
                written.append(Self.row(of: current))
            }
        }
        removed += before[index...].map(\.relativePath)
        return (written, removed)
    }

    /// The ledger whose header is `header` (``encodedHeader``) and whose notes are `rows`, in byte
    /// order of their paths; nil when the header is not one this version wrote whole, or a row
    /// does not decode.
    public init?(encodedHeader header: [UInt8], noteRows rows: [NoteRow]) {
        guard header.starts(with: Self.magic) else { return nil }
        var reader = LedgerReader(bytes: header, offset: Self.magic.count)
        guard let wikiID = reader.text(), let head = reader.optionalText(), let wikiRevision = reader.text(),
            let readAt = reader.time(), let rejectedFiles = reader.word(),
            let otherFiles = Self.otherFiles(from: &reader),
            let hasHome = reader.word()
        else { return nil }
        var home: Entry?
        if hasHome == 1 {
            guard let path = reader.text(), let entry = reader.entry(at: path) else { return nil }
            home = entry
        }
        guard reader.isAtEnd else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(rows.count)
        for row in rows {
            var reader = LedgerReader(bytes: row.bytes, offset: 0)
            guard let entry = reader.entry(at: row.path), reader.isAtEnd else { return nil }
            entries.append(entry)
        }
        self.init(
            wikiID: wikiID, head: head, wikiRevision: wikiRevision, readAt: readAt,
            files: OtherFiles(listed: otherFiles, rejected: rejectedFiles == 1),
            notes: Notes(home: home, entries: LedgerEntries(entries)))
    }

    private static func row(of entry: Entry) -> NoteRow {
        var writer = LedgerWriter(bytes: [])
        writer.entry(entry)
        return NoteRow(path: entry.relativePath, bytes: writer.bytes)
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

    /// A note's entry, its path left out.
    mutating func entry(_ entry: FolderLedger.Entry) {
        stamp(entry.stamp)
        optionalText(entry.frontMatterTitle)
        text(entry.revision)
        word((entry.isDraft ? 1 : 0) | (entry.isUncommitted ? 2 : 0) | (entry.commits == nil ? 0 : 8))
        if let commits = entry.commits {
            time(commits.first)
            time(commits.last)
        }
        word(UInt64(entry.fileKeys.count))
        for key in entry.fileKeys { text(key) }
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

    /// The entry of the note at `path` (``LedgerWriter/entry(_:)``).
    mutating func entry(at path: String) -> FolderLedger.Entry? {
        guard let stamp = stamp(), let title = optionalText(), let revision = text(), let flags = word()
        else { return nil }
        var commits: GitFolderHistory.Commits?
        if flags & 8 != 0 {
            guard let first = time(), let last = time() else { return nil }
            commits = GitFolderHistory.Commits(first: first, last: last)
        }
        guard let keyCount = word(), keyCount <= UInt64(bytes.count) else { return nil }
        var fileKeys: [String] = []
        for _ in 0..<keyCount {
            guard let key = text() else { return nil }
            fileKeys.append(key)
        }
        var entry = FolderLedger.Entry(
            relativePath: path, stamp: stamp, frontMatterTitle: title, isDraft: flags & 1 != 0, commits: commits,
            isUncommitted: flags & 2 != 0)
        entry.fileKeys = fileKeys
        entry.revision = revision
        return entry
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
