import Foundation
import GRDB
import WikiDocuments
import WikiModel
import WikiPages

/// An entry of a list cut at its titles, with the key that orders it in its list.
package struct TitledListEntry: Sendable {
    let title: PageTitle
    /// The wanted pages: the pages linking to the title (`.none` in the other lists).
    let linkers: TitledListPart.Linkers
    /// Bytes whose byte order is the list's order (`key(of:in:linkerCount:)`).
    let key: [UInt8]

    /// `title` as an entry of `list`, linked from `linkers` (the wanted pages).
    init(_ title: PageTitle, in list: SpecialPage, linkers: TitledListPart.Linkers = .none) {
        self.title = title
        self.linkers = linkers
        key = Self.key(of: title, in: list, linkerCount: linkers.count)
    }

    /// The key of `title` in `list`: `AlphabeticalKey.orderBytes`, after the count of linking
    /// pages (negated, so the most linked come first) for the wanted pages.
    static func key(of title: PageTitle, in list: SpecialPage, linkerCount: Int) -> [UInt8] {
        let alphabetical = AlphabeticalKey(title).orderBytes
        guard list == .wantedPages else { return alphabetical }
        return bigEndian(UInt32.max - UInt32(clamping: linkerCount)) + alphabetical
    }

    /// Whether `lhs` comes before `rhs` in the list.
    static func precedes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        lhs.lexicographicallyPrecedes(rhs)
    }

    /// The four bytes of `value`, most significant first: their byte order is the numbers'.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// One file of a list cut at its titles, as the build state keeps it: its titles, and the key of
/// the first alone (the others' keys are worked out when the file is cut again).
package struct StoredListPart: Sendable {
    /// The key of its first entry (empty for the one file of an empty list).
    let firstKey: [UInt8]
    let titles: [PageTitle]
    /// The wanted pages: the pages linking to each title, as the file shows them (empty in the
    /// other lists), so that a file is rendered again without asking who links to its titles.
    let linkers: [TitledListPart.Linkers]

    init(firstKey: [UInt8], titles: [PageTitle], linkers: [TitledListPart.Linkers]) {
        self.firstKey = firstKey
        self.titles = titles
        self.linkers = linkers
    }

    /// The file `part` shows (the key of its first entry alone is worked out: the full build
    /// keeps every list).
    init(_ part: TitledListPart) {
        titles = part.titles
        linkers = part.linkers
        firstKey =
            titles.first.map { TitledListEntry.key(of: $0, in: part.page, linkerCount: part.linkers.first?.count ?? 0) }
            ?? []
    }

    /// The file of `entries` of `list`.
    init(_ entries: [TitledListEntry], of list: SpecialPage) {
        firstKey = entries.first?.key ?? []
        titles = entries.map(\.title)
        linkers = list == .wantedPages ? entries.map(\.linkers) : []
    }

    /// Its entries as entries of `list`, with their keys.
    func entries(in list: SpecialPage) -> [TitledListEntry] {
        titles.indices.map { index in
            TitledListEntry(titles[index], in: list, linkers: linkers.isEmpty ? .none : linkers[index])
        }
    }
}

/// A file of a list cut at its titles that the build state holds but cannot read back.
package struct DamagedListPart: Error, CustomStringConvertible {
    let list: SpecialPage
    let wikiID: String

    package var description: String {
        "the build state's files of \(list.name) of wiki \(MessageText.quoted(wikiID)) do not decode"
    }
}

/// The lists cut at their titles of one wiki, as the build state keeps them: each list's files
/// and where each letter of all pages starts.
package struct StoredTitledLists: Sendable {
    /// The files of all pages, the wanted pages and the orphaned pages, in order.
    var parts: [SpecialPage: [StoredListPart]]
    let letterIndex: [LetterStart]

    /// The lists of `special`, a wiki's special pages.
    package init(_ special: WikiSpecialPages) {
        parts = [:]
        for list in SpecialPage.titledLists {
            parts[list] = (1...special.fileCount(of: list)).map { StoredListPart(special.part($0, of: list)) }
        }
        letterIndex = special.letterIndex
    }

    /// Records the lists of `update` in the state.
    static func record(_ update: StateUpdate, _ db: Database) throws {
        let insert = try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO listPart (wiki, list, firstKey, titles, linkerCounts, shownLinkers)
                VALUES (?, ?, ?, ?, ?, ?)
                """)
        func add(_ part: StoredListPart, of list: SpecialPage, inWiki wikiID: String) throws {
            let isWanted = list == .wantedPages
            let counts = part.linkers.flatMap { TitledListEntry.bigEndian(UInt32(clamping: $0.count)) }
            let shown = StoredTitles.encode(part.linkers.flatMap(\.shown))
            try insert.execute(arguments: [
                wikiID, list.name, Data(part.firstKey), Data(StoredTitles.encode(part.titles)),
                isWanted ? Data(counts) : nil, isWanted ? Data(shown) : nil,
            ])
        }
        for (wikiID, lists) in update.titledLists {
            try db.execute(sql: "DELETE FROM listPart WHERE wiki = ?", arguments: [wikiID])
            for list in SpecialPage.titledLists {
                for part in lists.parts[list] ?? [] { try add(part, of: list, inWiki: wikiID) }
            }
            try recordLetterIndex(lists.letterIndex, ofWiki: wikiID, db)
        }
        for (wikiID, starts) in update.letterIndexes { try recordLetterIndex(starts, ofWiki: wikiID, db) }
        let delete = try db.cachedStatement(sql: "DELETE FROM listPart WHERE wiki = ? AND list = ? AND firstKey = ?")
        for change in update.changedListParts {
            for key in change.removed {
                try delete.execute(arguments: [change.wikiID, change.list.name, Data(key)])
            }
            for part in change.added { try add(part, of: change.list, inWiki: change.wikiID) }
        }
    }

    /// Records `starts` as the letter index of wiki `wikiID`.
    private static func recordLetterIndex(_ starts: [LetterStart], ofWiki wikiID: String, _ db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO letterIndex (wiki, starts) VALUES (?, ?)",
            arguments: [wikiID, try JSONEncoder().encode(starts.map { [$0.letter, $0.file?.text ?? ""] })])
    }

    /// The counts `bytes` holds (`TitledListEntry.bigEndian`, one after the other); nil when
    /// they do not decode.
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
        var linkers: [TitledListPart.Linkers] = []
        if list == .wantedPages {
            guard let countData: Data = row["linkerCounts"], let counts = decodeCounts(countData),
                counts.count == titles.count, let shownData: Data = row["shownLinkers"],
                let shown = shownData.withUnsafeBytes(StoredTitles.decode)
            else { return nil }
            // Each title shows its first linking pages, as many as it has up to the files' limit.
            var rest = shown[...]
            for count in counts {
                let taken = rest.prefix(min(count, WikiSpecialPages.linkingPagesShown))
                guard taken.count == min(count, WikiSpecialPages.linkingPagesShown) else { return nil }
                linkers.append(TitledListPart.Linkers(count: count, shown: Array(taken)))
                rest = rest.dropFirst(taken.count)
            }
            guard rest.isEmpty else { return nil }
        }
        return StoredListPart(firstKey: [UInt8](row["firstKey"] as Data), titles: titles, linkers: linkers)
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
    /// Which files of a list cut at its titles a query asks for.
    enum ListPartQuery {
        /// The file holding the key (the first file, for a key before every file).
        case holding([UInt8])
        /// The file whose first key is the key.
        case at([UInt8])
        /// Up to `limit` files after the key, nearest first.
        case after([UInt8], limit: Int)
        /// Up to `limit` files before the key, nearest first.
        case before([UInt8], limit: Int)
        /// Every file, in order (a short list).
        case all

        /// The statement selecting `columns` of the files of a list it asks for, with its
        /// arguments after the wiki and the list.
        func statement(selecting columns: String) -> (sql: String, arguments: StatementArguments) {
            let select = "SELECT \(columns) FROM listPart WHERE wiki = ? AND list = ?"
            return switch self {
            case .holding(let key): ("\(select) AND firstKey <= ? ORDER BY firstKey DESC LIMIT 1", [Data(key)])
            case .at(let key): ("\(select) AND firstKey = ?", [Data(key)])
            case .after(let key, let limit):
                ("\(select) AND firstKey > ? ORDER BY firstKey LIMIT ?", [Data(key), limit])
            case .before(let key, let limit):
                ("\(select) AND firstKey < ? ORDER BY firstKey DESC LIMIT ?", [Data(key), limit])
            case .all: ("\(select) ORDER BY firstKey", [])
            }
        }
    }

    /// Files of `list` of wiki `wikiID`, as `query` asks: one seek of the list's files.
    ///
    /// - Throws: `DamagedListPart` when a file does not decode.
    func listParts(of list: SpecialPage, inWiki wikiID: String, _ query: ListPartQuery) throws -> [StoredListPart] {
        try reading { db in
            func rows(_ query: ListPartQuery) throws -> [Row] {
                let (sql, arguments) = query.statement(selecting: "firstKey, titles, linkerCounts, shownLinkers")
                return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [wikiID, list.name] + arguments)
            }
            var found = try rows(query)
            // A key before every file: the first file is the one after it.
            if case .holding(let key) = query, found.isEmpty { found = try rows(.after(key, limit: 1)) }
            return try found.map { row in
                guard let part = StoredTitledLists.part(of: list, from: row) else {
                    throw DamagedListPart(list: list, wikiID: wikiID)
                }
                return part
            }
        }
    }

    /// The first keys of the files of `list` of wiki `wikiID` that `query` asks for: one seek,
    /// and no file decoded.
    func listPartKeys(of list: SpecialPage, inWiki wikiID: String, _ query: ListPartQuery) throws -> [[UInt8]] {
        let (sql, arguments) = query.statement(selecting: "firstKey")
        return try reading { db in
            try Data.fetchAll(db.cachedStatement(sql: sql), arguments: [wikiID, list.name] + arguments).map {
                [UInt8]($0)
            }
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
