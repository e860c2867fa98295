import Foundation
import GRDB
import WikiDocuments
import WikiModel
import WikiPages

/// The first key and newest `<lastmod>` of a sitemap file the state keeps: what the sitemap
/// index lists of it, without its entries.
package struct StoredSitemapHeader: Sendable, Equatable {
    let firstKey: String
    let newest: UTCDateTime?
}

extension BuildState {
    /// The sitemap files of wiki `wikiID`, in order, without their entries: one seek.
    ///
    /// - Throws: `FastPathDeclined` when a file's newest `<lastmod>` does not decode.
    func sitemapHeaders(ofWiki wikiID: String) throws -> [StoredSitemapHeader] {
        try reading { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT firstKey, newest FROM sitemapPart WHERE wiki = ? ORDER BY firstKey"),
                arguments: [wikiID]
            ).map { row in
                let newest: String? = row[1]
                let decoded = newest.flatMap(UTCDateTime.init(writtenAs:))
                guard newest == nil || decoded != nil else {
                    throw FastPathDeclined("a sitemap file of wiki \(MessageText.quoted(wikiID)) does not decode")
                }
                return StoredSitemapHeader(firstKey: row[0], newest: decoded)
            }
        }
    }

    /// The entries of the sitemap file of wiki `wikiID` whose first key is `firstKey`.
    ///
    /// - Throws: `FastPathDeclined` when the state has no such file, or it does not decode.
    func sitemapEntries(ofWiki wikiID: String, firstKey: String) throws -> [SitemapEntry] {
        let entries = try reading { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT entries FROM sitemapPart WHERE wiki = ? AND firstKey = ?"),
                arguments: [wikiID, firstKey]
            ).flatMap { row in
                try row.withUnsafeData(atIndex: 0) { data in
                    data.flatMap { $0.withUnsafeBytes(StoredSitemapPart.entries(decoding:)) }
                }
            }
        }
        guard let entries else {
            throw FastPathDeclined("a sitemap file of wiki \(MessageText.quoted(wikiID)) does not decode")
        }
        return entries
    }
}

/// Writes the sitemap files of a commit of the build state.
package enum StoredSitemaps {
    /// Records the sitemap files of `update`: each wiki's in `sitemaps` in place of all its
    /// earlier ones, and the files of `changedSitemapParts` in place of those they replace.
    static func record(_ update: StateUpdate, _ db: Database) throws {
        let insertPart = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO sitemapPart (wiki, firstKey, entries, newest) VALUES (?, ?, ?, ?)")
        let deletePart = try db.cachedStatement(sql: "DELETE FROM sitemapPart WHERE wiki = ? AND firstKey = ?")
        func insert(_ part: StoredSitemapPart, inWiki wikiID: String) throws {
            try insertPart.execute(arguments: [wikiID, part.firstKey, Data(part.encodedEntries), part.newest?.text])
        }
        for (wikiID, parts) in update.sitemaps {
            try db.execute(sql: "DELETE FROM sitemapPart WHERE wiki = ?", arguments: [wikiID])
            for part in parts { try insert(part, inWiki: wikiID) }
        }
        for (wikiID, removed, added) in update.changedSitemapParts {
            for key in removed { try deletePart.execute(arguments: [wikiID, key]) }
            for part in added { try insert(part, inWiki: wikiID) }
        }
    }
}

/// A wiki's sitemap cut again around the pages that come, go or change, from the files the build
/// state keeps, without reading the rest of the wiki.
///
/// A cut depends on the entries from the start of its file alone (`SitemapCutter`), so the
/// sitemap is cut again from the start of each file holding a change, file after file, until a
/// new cut falls at the end of an old file after the changes: from there on, the files are the
/// old ones. When the number of files changes, the later files move to other numbers, and are
/// written again. The result is the files a full build cuts: `FastPathTests` and
/// `--verify` hold it to a clean build.
package struct SitemapRecut {
    /// A file of the sitemap once cut again: an old one kept (its position among the old files),
    /// or a new one.
    enum File {
        case kept(Int)
        case new([SitemapEntry])
    }

    /// The files, in order.
    private(set) var files: [File] = []
    /// How many files the sitemap had.
    let oldCount: Int
    /// The first keys of the old files that gave way to new ones.
    private(set) var removedKeys: [String] = []
    private let headers: [StoredSitemapHeader]

    /// The sitemap of wiki `wikiID` without the page entries at `removing` and with `inserting`
    /// (a page that changes in place is both), its home's entry now `home`, cut by `cutter`.
    ///
    /// - Throws: `FastPathDeclined` when the state does not hold the sitemap as it should (no
    ///   file, a file that does not decode, a removed location not in it, an inserted one
    ///   already in it).
    init(
        ofWiki wikiID: String, state: BuildState, cutter: SitemapCutter, home: SitemapEntry,
        removing: Set<String>, inserting: [SitemapEntry]
    ) throws {
        headers = try state.sitemapHeaders(ofWiki: wikiID)
        oldCount = headers.count
        guard headers.first?.firstKey == "" else {
            throw FastPathDeclined("the build state lacks the sitemap of wiki \(MessageText.quoted(wikiID))")
        }
        // The file holding each change; the first always, for its home.
        var changes: [Int: (removing: Set<String>, inserting: [SitemapEntry])] = [0: ([], [])]
        for location in removing { changes[file(holding: location), default: ([], [])].removing.insert(location) }
        for entry in inserting { changes[file(holding: entry.location), default: ([], [])].inserting.append(entry) }
        let damaged = FastPathDeclined(
            "the build state's sitemap of wiki \(MessageText.quoted(wikiID)) does not hold the change as it should")

        var next = 0
        while next < headers.count {
            guard let change = changes[next] else {
                files.append(.kept(next))
                next += 1
                continue
            }
            // A run of files cut again, from the start of one holding a change.
            var cutter = cutter
            var run: [[SitemapEntry]] = []
            var file: [SitemapEntry] = []
            var old: [[SitemapEntry]] = []
            var position = next
            var pending: (removing: Set<String>, inserting: [SitemapEntry])? = change
            while position < headers.count {
                if position > next, pending == nil, file.isEmpty { break }
                let stored = try state.sitemapEntries(ofWiki: wikiID, firstKey: headers[position].firstKey)
                old.append(stored)
                var entries = stored
                if let pending {
                    guard let changed = Self.apply(pending, to: stored, home: position == 0 ? home : nil) else {
                        throw damaged
                    }
                    entries = changed
                }
                for entry in entries {
                    file.append(entry)
                    if cutter.endsFile(after: entry) {
                        run.append(file)
                        file = []
                    }
                }
                position += 1
                pending = changes[position]
            }
            if !file.isEmpty { run.append(file) }
            if run == old {
                files += (next..<position).map(File.kept)
            } else {
                files += run.map(File.new)
                removedKeys += headers[next..<position].map(\.firstKey)
            }
            next = position
        }
    }

    /// The position of the old file holding `location` (the first for a location before
    /// every other first key).
    private func file(holding location: String) -> Int {
        var (low, high) = (0, headers.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if !location.precedesInByteOrder(headers[middle].firstKey) {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low
    }

    /// `entries` of one file without the locations `change` removes and with the entries it
    /// inserts, in byte order of location, the first entry replaced by `home` when given (the
    /// first file); nil when a removed location is missing or an inserted one is already there.
    private static func apply(
        _ change: (removing: Set<String>, inserting: [SitemapEntry]), to entries: [SitemapEntry], home: SitemapEntry?
    ) -> [SitemapEntry]? {
        var pages = entries[...]
        if home != nil {
            guard !pages.isEmpty else { return nil }
            pages = pages.dropFirst()
        }
        let kept = pages.filter { !change.removing.contains($0.location) }
        guard kept.count + change.removing.count == pages.count else { return nil }
        var merged = kept + change.inserting
        merged.sort { $0.location.precedesInByteOrder($1.location) }
        for (left, right) in zip(merged, merged.dropFirst()) where left.location == right.location { return nil }
        return (home.map { [$0] } ?? []) + merged
    }

    /// The newest `<lastmod>` of each file after the cut, as the sitemap index lists them: the
    /// old ones' for the files kept, those of `added` (the new files, in order) for the others.
    func newest(with added: [StoredSitemapPart]) -> [UTCDateTime?] {
        var added = added[...]
        return files.map { file in
            switch file {
            case .kept(let position): headers[position].newest
            case .new: added.popFirst()?.newest ?? nil
            }
        }
    }

    /// The first key of the old file at `position`.
    func firstKey(ofOldFile position: Int) -> String {
        headers[position].firstKey
    }
}
