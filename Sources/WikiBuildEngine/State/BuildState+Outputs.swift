import Foundation
import GRDB
import WikiWrite

/// The files the builds made, as the state records them: what a later build removes when it no
/// longer makes them.
extension BuildState {
    /// Every file the builds made, with the hash of its content, in byte order of the paths; with
    /// the files an unfinished build announced (`announce(_:)`), without a hash. (Only a full build
    /// asks: the only kind that follows an unfinished one.)
    func recordedOutputs() throws -> [RecordedOutput] {
        try database.read { db in
            try Self.outputs(db.cachedStatement(sql: Self.everyOutputQuery), [])
        }
    }

    /// The query of `recordedOutputs()`: the recorded files, an announced one's hash left out.
    private static let everyOutputQuery = """
        SELECT path, hash FROM output WHERE path NOT IN (SELECT path FROM announcedOutput)
        UNION ALL SELECT path, NULL FROM announcedOutput ORDER BY 1
        """

    /// Records, before a build writes them, that it is about to write the files at `paths`: so
    /// that when it is killed, the next build removes those it no longer makes, as it removes
    /// what the builds before made. The next commit forgets them (they are in its outputs then).
    func announce(_ paths: [String]) throws {
        guard !paths.isEmpty else { return }
        try write { db in
            let statement = try db.cachedStatement(sql: "INSERT OR IGNORE INTO announcedOutput (path) VALUES (?)")
            for path in paths { try statement.execute(arguments: [path]) }
        }
    }

    /// The files the builds made whose path starts with `prefix`, in byte order: one range of the
    /// table's key. `prefix` ends with an ASCII character other than DEL (a folder's `/`).
    func recordedOutputs(withPrefix prefix: String) throws -> [RecordedOutput] {
        guard let last = prefix.utf8.last, last < 0x7F else {
            preconditionFailure("not a prefix ending in ASCII: \(prefix.debugDescription)")
        }
        // Past every path that starts with the prefix, and before every other path after it.
        let bound = String(prefix.dropLast()) + String(UnicodeScalar(last + 1))
        return try database.read { db in
            try Self.outputs(db.cachedStatement(sql: Self.outputsWithPrefixQuery), [prefix, bound])
        }
    }

    /// The query of `recordedOutputs(withPrefix:)`.
    static let outputsWithPrefixQuery = "SELECT path, hash FROM output WHERE path >= ? AND path < ? ORDER BY path"

    /// The file at `path` as the builds recorded it, nil when no build made it.
    func recordedOutput(at path: String) throws -> RecordedOutput? {
        try database.read { db in
            try Self.outputs(db.cachedStatement(sql: "SELECT path, hash FROM output WHERE path = ?"), [path]).first
        }
    }

    private static func outputs(_ statement: Statement, _ arguments: StatementArguments) throws -> [RecordedOutput] {
        var outputs: [RecordedOutput] = []
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() {
            let hash: Int64? = row[1]
            outputs.append(
                RecordedOutput(path: row[0], hash: hash.map { ContentHash(value: UInt64(bitPattern: $0)) }))
        }
        return outputs
    }

    /// Records `files` (a failed build's, which wrote them) beside what the builds made before,
    /// so a later build can still remove those it no longer needs.
    func record(_ files: Manifest) throws {
        try write { db in try Self.record(files, db) }
    }

    static func record(_ files: Manifest, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "INSERT OR REPLACE INTO output (path, hash) VALUES (?, ?)")
        for path in files.paths {
            try statement.execute(arguments: [path, Int64(bitPattern: files[path]!.value)])
        }
    }

    /// Moves the manifest of an earlier version of wikisite (`manifest.json` in the state folder)
    /// into the `output` table, where the files it lists stay on record, and deletes it.
    ///
    /// - Throws: `WriteError` when the file is damaged (it names it, and says what to do).
    package func adoptEarlierManifest() throws {
        let earlier = Manifest.path(inStateFolder: folder)
        guard FileManager.default.fileExists(atPath: earlier) else { return }
        try record(try Manifest.load(fromStateFolder: folder))
        try FileManager.default.removeItem(atPath: earlier)
    }
}
