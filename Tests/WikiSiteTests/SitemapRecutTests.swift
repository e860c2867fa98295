import Foundation
import SplitMix64
import TemporaryFolders
import Testing
import WikiModel

@testable import WikiBuildEngine
@testable import WikiPages
@testable import WikiSite

/// A wiki's sitemap cut again from the files the build state keeps is the whole sitemap's cut,
/// and an edit cuts again the file it falls in (and the first, for the home) alone.
@Suite struct SitemapRecutTests {
    static let base = try! BaseURL(parsing: "https://example.org/")
    /// Files of 8 URLs on average, at most 32: a sitemap of 100 pages is about 12 files.
    static let limits = SitemapLimits(entriesPerFile: 40, bytesPerFile: 1_000_000, averageEntriesPerFile: 8)

    static func entry(_ number: Int, hour: Int) -> SitemapEntry {
        SitemapEntry(location: "w/Page_\(number).html", lastModified: time(hour))
    }

    static func home(hour: Int) -> SitemapEntry {
        SitemapEntry(location: "w/index.html", lastModified: time(hour))
    }

    static func time(_ hour: Int) -> UTCDateTime? {
        Timestamp(String(format: "2024-01-%02dT%02d:00:00.5Z", 1 + hour / 24, hour % 24)).flatMap(UTCDateTime.init)
    }

    static func files(_ pages: [Int: Int], homeHour: Int) -> [[SitemapEntry]] {
        let entries = pages.map { entry($0.key, hour: $0.value) }.sorted {
            $0.location.precedesInByteOrder($1.location)
        }
        return SitemapCutter.files([home(hour: homeHour)] + entries, format: .urlSet, limits: limits, baseURL: base)
    }

    @Test(arguments: UInt64(1)...40)
    func cuttingAgainGivesTheWholeSitemapsCut(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var pages: [Int: Int] = [:]
        for number in 0..<200 where Bool.random(using: &random) {
            pages[number] = Int.random(in: 0..<300, using: &random)
        }
        let oldFiles = Self.files(pages, homeHour: 300)
        let folder = try TemporaryFolder()
        let state = try BuildState(stateFolder: folder.path("state"))
        var update = StateUpdate()
        update.sitemaps = [("w", zip(1..., oldFiles).map { StoredSitemapPart(number: $0, entries: $1, newest: nil) })]
        try state.commit(update)

        // One edit in place at odd seeds; pages created, deleted and edited at even ones.
        var removing = Set<String>()
        var inserting: [SitemapEntry] = []
        let changes = seed.isMultiple(of: 2) ? Int.random(in: 1...12, using: &random) : 1
        for _ in 0..<changes {
            let number = Int.random(in: 0..<200, using: &random)
            let old = pages[number]
            guard !removing.contains(Self.entry(number, hour: 0).location),
                !inserting.contains(where: { $0.location == Self.entry(number, hour: 0).location })
            else { continue }
            if old != nil { removing.insert(Self.entry(number, hour: 0).location) }
            if old == nil || !seed.isMultiple(of: 2) || Bool.random(using: &random) {
                pages[number] = 301 + number
                inserting.append(Self.entry(number, hour: 301 + number))
            } else {
                pages[number] = nil
            }
        }
        let recut = try SitemapRecut(
            ofWiki: "w", state: state,
            cutter: SitemapCutter(format: .urlSet, limits: Self.limits, baseURL: Self.base),
            home: Self.home(hour: 600), removing: removing, inserting: inserting)

        let expected = Self.files(pages, homeHour: 600)
        let cut = recut.files.map { file in
            switch file {
            case .kept(let position): oldFiles[position]
            case .new(let entries): entries
            }
        }
        #expect(cut == expected, "seed \(seed)")
        #expect(recut.oldCount == oldFiles.count)
        let newFiles = recut.files.count { if case .new = $0 { true } else { false } }
        #expect(recut.removedKeys.count >= 1, "the first file holds the home, which changed")
        if !seed.isMultiple(of: 2) && !removing.isEmpty {
            #expect(newFiles <= 2, "an edit in place cuts again its file and the first: \(newFiles) of \(cut.count)")
        }
        let added = cut.enumerated().filter { index, _ in
            if case .new = recut.files[index] { true } else { false }
        }.map { StoredSitemapPart(number: $0.offset + 1, entries: $0.element, newest: Self.time($0.offset)) }
        #expect(added.count == newFiles)
        let newest = recut.newest(with: added)
        #expect(newest.count == expected.count)
        for (index, file) in recut.files.enumerated() {
            if case .new = file { #expect(newest[index] == Self.time(index), "a new file's from `added`") }
        }
    }

    @Test func aStateWithoutTheSitemapDeclinesTheFastPath() throws {
        let folder = try TemporaryFolder()
        let state = try BuildState(stateFolder: folder.path("state"))
        #expect(throws: FastPathDeclined.self) {
            try SitemapRecut(
                ofWiki: "w", state: state,
                cutter: SitemapCutter(format: .urlSet, limits: Self.limits, baseURL: Self.base),
                home: Self.home(hour: 1), removing: [], inserting: [Self.entry(1, hour: 1)])
        }
    }

    /// The cutter counts an entry's bytes without writing it: the count is what the file holds.
    @Test(arguments: [SitemapWriter.Format.urlSet, .index])
    func theBytesCountedAreTheBytesWritten(format: SitemapWriter.Format) throws {
        let base = try BaseURL(parsing: "https://example.org/a&b'c/")
        let entries = [
            Self.home(hour: 3), Self.entry(1, hour: 2), SitemapEntry(location: "w/%C3%A9.html", lastModified: nil),
        ]
        let empty = SitemapWriter(format: format, baseURL: base).document([]).bytes.count
        let prefix = XMLOutput.textByteCount(base.text)
        #expect(prefix == "https://example.org/a&amp;b'c/".utf8.count)
        let counted = entries.map { SitemapWriter.element($0, format: format, locationPrefixBytes: prefix) }
        #expect(
            SitemapWriter(format: format, baseURL: base).document(entries).bytes.count == empty + counted.reduce(0, +))
    }

    @Test func storedEntriesDecodeAsTheyWere() throws {
        let entries = [
            Self.home(hour: 3), Self.entry(1, hour: 2), SitemapEntry(location: "w/%C3%A9.html", lastModified: nil),
        ]
        let part = StoredSitemapPart(number: 1, entries: entries, newest: Self.time(3))
        #expect(part.firstKey == "")
        let decoded = part.encodedEntries.withUnsafeBytes(StoredSitemapPart.entries(decoding:))
        #expect(decoded == entries)
        #expect(decoded?[0].lastModified?.text == "2024-01-01T03:00:00.5Z")
        #expect(Array(part.encodedEntries.dropLast()).withUnsafeBytes(StoredSitemapPart.entries(decoding:)) == nil)
    }
}
