import Foundation
import GRDB
import WikiDocuments
import WikiModel

/// An entry of a list cut at its titles, with the key that orders it in its list.
struct TitledListEntry: Sendable {
    let title: PageTitle
    /// The wanted pages: how many pages link to the title (0 in the other lists).
    let linkerCount: Int
    /// Bytes whose byte order is the list's order (`AlphabeticalKey.orderBytes`; for the wanted
    /// pages, the most linked first).
    let key: [UInt8]

    /// `title` as an entry of `list`; `linkerCount` pages link to it (the wanted pages).
    init(_ title: PageTitle, in list: SpecialPage, linkerCount: Int = 0) {
        self.title = title
        self.linkerCount = linkerCount
        let alphabetical = AlphabeticalKey(title).orderBytes
        guard list == .wantedPages else {
            key = alphabetical
            return
        }
        let rank = UInt32.max - UInt32(clamping: linkerCount)
        key = [UInt8(rank >> 24), UInt8(rank >> 16 & 0xFF), UInt8(rank >> 8 & 0xFF), UInt8(rank & 0xFF)] + alphabetical
    }

    /// Whether `lhs` comes before `rhs` in the list.
    static func precedes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        lhs.lexicographicallyPrecedes(rhs)
    }
}

/// One file of a list cut at its titles, as the build state keeps it.
struct StoredListPart: Sendable {
    let entries: [TitledListEntry]

    /// The key of its first entry (empty for the one file of an empty list).
    var firstKey: [UInt8] { entries.first?.key ?? [] }
}

/// The lists cut at their titles of one wiki, as the build state keeps them: each list's files
/// and where each letter of all pages starts.
struct StoredTitledLists: Sendable {
    /// The files of all pages, the wanted pages and the orphaned pages, in order.
    var parts: [SpecialPage: [StoredListPart]]
    let letterIndex: [LetterStart]

    /// The lists of `special`, a wiki's special pages.
    init(_ special: WikiSpecialPages) {
        parts = [:]
        for list in SpecialPage.titledLists {
            parts[list] = (1...special.fileCount(of: list)).map { number in
                StoredListPart(entries: special.entries(ofPart: number, of: list))
            }
        }
        letterIndex = special.letterIndex
    }

    /// Records the lists of `update` in the state.
    static func record(_ update: StateUpdate, _ db: Database) throws {
        let insert = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO listPart (wiki, list, firstKey, titles, linkerCounts) VALUES (?, ?, ?, ?, ?)")
        func add(_ part: StoredListPart, of list: SpecialPage, inWiki wikiID: String) throws {
            let counts = list == .wantedPages ? Data(encode(part.entries.map(\.linkerCount))) : nil
            try insert.execute(arguments: [
                wikiID, list.rawValue, Data(part.firstKey), Data(StoredTitles.encode(part.entries.map(\.title))),
                counts,
            ])
        }
        for (wikiID, lists) in update.titledLists {
            try db.execute(sql: "DELETE FROM listPart WHERE wiki = ?", arguments: [wikiID])
            for list in SpecialPage.titledLists {
                for part in lists.parts[list] ?? [] { try add(part, of: list, inWiki: wikiID) }
            }
            let starts = lists.letterIndex.map { [$0.letter, $0.file?.text ?? ""] }
            try db.execute(
                sql: "INSERT OR REPLACE INTO letterIndex (wiki, starts) VALUES (?, ?)",
                arguments: [wikiID, try JSONEncoder().encode(starts)])
        }
        let delete = try db.cachedStatement(sql: "DELETE FROM listPart WHERE wiki = ? AND list = ? AND firstKey = ?")
        for change in update.changedListParts {
            for key in change.removed {
                try delete.execute(arguments: [change.wikiID, change.list.rawValue, Data(key)])
            }
            for part in change.added { try add(part, of: change.list, inWiki: change.wikiID) }
        }
    }

    /// Counts as bytes: four a count, big-endian.
    private static func encode(_ counts: [Int]) -> [UInt8] {
        counts.flatMap { count in
            let value = UInt32(clamping: count)
            return [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
    }

    /// The counts `bytes` holds (`encode`); nil when they do not decode.
    private static func decodeCounts(_ bytes: Data) -> [Int]? {
        guard bytes.count % 4 == 0 else { return nil }
        let array = [UInt8](bytes)
        return stride(from: 0, to: array.count, by: 4).map { at in
            array[at..<at + 4].reduce(0) { (count: Int, byte: UInt8) in count << 8 | Int(byte) }
        }
    }

    /// The file of `list` a row holds; nil when it does not decode (a damaged state).
    static func part(of list: SpecialPage, from row: Row) -> StoredListPart? {
        let titlesData: Data = row["titles"]
        guard let titles = titlesData.withUnsafeBytes(StoredTitles.decode) else { return nil }
        var counts = [Int](repeating: 0, count: titles.count)
        if list == .wantedPages {
            guard let data: Data = row["linkerCounts"], let decoded = decodeCounts(data), decoded.count == titles.count
            else { return nil }
            counts = decoded
        }
        return StoredListPart(
            entries: zip(titles, counts).map { TitledListEntry($0, in: list, linkerCount: $1) })
    }

    /// The letter index kept as `data`; nil when it does not decode.
    static func letterIndex(from data: Data) -> [LetterStart]? {
        guard let pairs = try? JSONDecoder().decode([[String]].self, from: data),
            pairs.allSatisfy({ $0.count == 2 })
        else { return nil }
        return pairs.map { LetterStart(letter: $0[0], file: PageTitle($0[1])) }
    }
}

extension SpecialPage {
    /// The lists cut at their titles.
    static let titledLists: [SpecialPage] = [.allPages, .wantedPages, .orphanedPages]
}

extension BuildState {
    /// Which files of a list cut at its titles a query asks for, around a key.
    enum ListPartQuery {
        /// The file holding the key (the first file, for a key before every file).
        case holding
        /// Up to `limit` files after the key, nearest first.
        case after(limit: Int)
        /// Up to `limit` files before the key, nearest first.
        case before(limit: Int)
    }

    /// Files of `list` of wiki `wikiID` around `key`, as `query` asks: one seek of the list's
    /// files; nil when a file does not decode.
    func listParts(
        of list: SpecialPage, inWiki wikiID: String, _ query: ListPartQuery, key: [UInt8]
    ) throws -> [StoredListPart]? {
        let columns = "SELECT titles, linkerCounts FROM listPart WHERE wiki = ? AND list = ?"
        let (sql, limit): (String, Int) =
            switch query {
            case .holding: ("\(columns) AND firstKey <= ? ORDER BY firstKey DESC LIMIT ?", 1)
            case .after(let limit): ("\(columns) AND firstKey > ? ORDER BY firstKey LIMIT ?", limit)
            case .before(let limit): ("\(columns) AND firstKey < ? ORDER BY firstKey DESC LIMIT ?", limit)
            }
        return try reading { db in
            var rows = try Row.fetchAll(
                db.cachedStatement(sql: sql), arguments: [wikiID, list.rawValue, Data(key), limit])
            if case .holding = query, rows.isEmpty {
                rows = try Row.fetchAll(
                    db.cachedStatement(sql: "\(columns) ORDER BY firstKey LIMIT 1"),
                    arguments: [wikiID, list.rawValue])
            }
            var parts: [StoredListPart] = []
            for row in rows {
                guard let part = StoredTitledLists.part(of: list, from: row) else { return nil }
                parts.append(part)
            }
            return parts
        }
    }

    /// Every file of `list` of wiki `wikiID`, in order (a short list); nil when one does not
    /// decode.
    func allListParts(of list: SpecialPage, inWiki wikiID: String) throws -> [StoredListPart]? {
        try reading { db in
            var parts: [StoredListPart] = []
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: "SELECT titles, linkerCounts FROM listPart WHERE wiki = ? AND list = ? ORDER BY firstKey"),
                arguments: [wikiID, list.rawValue])
            while let row = try rows.next() {
                guard let part = StoredTitledLists.part(of: list, from: row) else { return nil }
                parts.append(part)
            }
            return parts
        }
    }

    /// The letter index of all pages of wiki `wikiID`; nil when the state has none.
    func letterIndex(ofWiki wikiID: String) throws -> [LetterStart]? {
        try reading { db in
            try Data.fetchOne(
                db.cachedStatement(sql: "SELECT starts FROM letterIndex WHERE wiki = ?"), arguments: [wikiID]
            ).flatMap(StoredTitledLists.letterIndex)
        }
    }
}
