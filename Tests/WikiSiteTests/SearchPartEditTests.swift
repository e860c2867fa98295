import Foundation
import GRDB
import TemporaryFolders
import Testing
import WikiDocuments
import WikiRender

@testable import WikiBuildEngine
@testable import WikiConfiguration
@testable import WikiPages
@testable import WikiSite

/// The fast path changes a common word's postings in the parts they leave and join, a row of the
/// state and a file each, and keeps the parts as a clean build records them.
@Suite("search term parts changed by the fast path")
struct SearchPartEditTests {
    /// 40 pages, each holding "common" once to six times, every fifth in its title too: at a
    /// 600-byte budget, "common" is split into several parts. The pages `edited` hold it
    /// `editedCount` times.
    static func pages(editedCount: Int, edited: Set<Int> = [7]) -> [WikiFixture.Page] {
        (1...40).map { number in
            let count = edited.contains(number) ? editedCount : number % 6 + 1
            let common = Array(repeating: "common", count: count).joined(separator: " ")
            let title = number.isMultiple(of: 5) ? "Common note \(number)" : "Note \(number)"
            return WikiFixture.Page(title: title, markdown: "\(common) words of note \(number) to read.")
        }
    }

    /// Builds the pages into `folder` (build `step`); returns the summary, how the site differs
    /// from a clean build's, and the part files of "common" by name.
    static func build(
        editedCount: Int, edited: Set<Int> = [7], step: Int, in folder: TemporaryFolder
    ) throws -> (summary: BuildSummary, differences: [SiteDifference], parts: [String: Data]) {
        var wiki = WikiFixture()
        wiki.pages = pages(editedCount: editedCount, edited: edited)
        var options = BuildOptions(sources: [try wiki.write(to: folder)], outputFolder: folder.path("site"))
        options.wikiSettings[ExactString("1234")] = WikiSettings(search: true)
        options.searchShardCut = SearchShardCut(budget: 600)
        let summary = try SiteBuilder(options: options).build()
        let differences = try RandomizedProof.differencesFromACleanBuild(of: options, in: folder, step: step)
        let search = folder.path("site/1234/_search")
        let prefix = "p-" + SearchTerms.shardKey(of: "common", length: .max) + "-"
        var parts: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: search) where name.hasPrefix(prefix) {
            parts[name] = FileManager.default.contents(atPath: search + "/" + name)
        }
        return (summary, differences, parts)
    }

    /// The rows of the parts of "common" the state in `stateFolder` keeps, by band and slice.
    static func storedParts(in stateFolder: String) throws -> [SearchPartKey: [SearchShard.Posting]] {
        let state = try BuildState(stateFolder: stateFolder)
        let places = try state.database.read { db in
            try Row.fetchAll(db, sql: "SELECT band, slice FROM searchPart WHERE wiki = '1234' AND term = 'common'")
                .map { SearchPartKey(term: "common", band: $0[0], slice: $0[1]) }
        }
        var parts: [SearchPartKey: [SearchShard.Posting]] = [:]
        for key in places {
            guard let postings = try state.searchPart(key, ofWiki: "1234") else {
                Issue.record("part \(key) of \"common\" does not read")
                continue
            }
            parts[key] = postings
        }
        return parts
    }

    @Test func anEditMovingAPostingRewritesThePartsItLeavesAndJoinsAlone() throws {
        let folder = try TemporaryFolder()
        let before = try Self.build(editedCount: 1, step: 1, in: folder)
        #expect(before.parts.count > 2, "\(before.parts.keys.sorted())")
        let after = try Self.build(editedCount: 6, step: 2, in: folder)
        #expect(after.summary.readChangesOnly, "\(after.summary.fastPathDeclined ?? "")")
        #expect(after.differences.isEmpty, "\(after.differences)")
        let changed = Set(before.parts.keys).union(after.parts.keys).filter { before.parts[$0] != after.parts[$0] }
        #expect(changed.count == 2, "the part page 7 leaves and the one it joins: \(changed.sorted())")
        let stored = try Self.storedParts(in: folder.path(".wikisite/site"))
        #expect(!stored.isEmpty)
        #expect(stored == (try Self.storedParts(in: folder.path("clean-state-2"))))
    }

    /// The bands of the part files `names` (`p-<term>-<band>-<slice>.js`), each with its slices.
    static func slicesByBand(_ names: some Sequence<String>) -> [String: Set<String>] {
        var bands: [String: Set<String>] = [:]
        for name in names {
            let fields = name.dropLast(".js".count).split(separator: "-")
            bands[String(fields[2]), default: []].insert(String(fields[3]))
        }
        return bands
    }

    @Test func aChangeThatGrowsOrShrinksABandPastItsSliceCutsTheBandAgain() throws {
        let folder = try TemporaryFolder()
        let edited = Set((1...30).filter { !$0.isMultiple(of: 5) })
        let before = try Self.build(editedCount: 1, edited: edited, step: 1, in: folder)
        let grown = try Self.build(editedCount: 6, edited: edited, step: 2, in: folder)
        let shrunk = try Self.build(editedCount: 1, edited: edited, step: 3, in: folder)
        for build in [grown, shrunk] {
            #expect(build.summary.readChangesOnly, "\(build.summary.fastPathDeclined ?? "")")
            #expect(build.differences.isEmpty, "\(build.differences)")
        }
        let (slicesBefore, slicesGrown) = (Self.slicesByBand(before.parts.keys), Self.slicesByBand(grown.parts.keys))
        let cutAgain = Set(slicesBefore.keys).union(slicesGrown.keys).filter {
            (slicesBefore[$0]?.count ?? 0) > 1 || (slicesGrown[$0]?.count ?? 0) > 1
        }.filter { slicesBefore[$0]?.count != slicesGrown[$0]?.count }
        #expect(!cutAgain.isEmpty, "a band's slices change in number: \(slicesBefore) \(slicesGrown)")
        #expect(shrunk.parts == before.parts)
        let stored = try Self.storedParts(in: folder.path(".wikisite/site"))
        #expect(stored == (try Self.storedParts(in: folder.path("clean-state-3"))))
    }

    @Test func aWordThatStopsBeingCommonGoesBackIntoItsShard() throws {
        let folder = try TemporaryFolder()
        var wiki = WikiFixture()
        wiki.pages = Self.pages(editedCount: 1)
        var options = BuildOptions(sources: [try wiki.write(to: folder)], outputFolder: folder.path("site"))
        options.wikiSettings[ExactString("1234")] = WikiSettings(search: true)
        options.searchShardCut = SearchShardCut(budget: 600)
        _ = try SiteBuilder(options: options).build()
        wiki.pages = Array(wiki.pages.prefix(3))
        options.sources = [try wiki.write(to: folder)]
        let summary = try SiteBuilder(options: options).build()
        #expect(summary.readChangesOnly, "\(summary.fastPathDeclined ?? "")")
        #expect(try RandomizedProof.differencesFromACleanBuild(of: options, in: folder, step: 1).isEmpty)
        #expect(try Self.storedParts(in: options.resolvedStateFolder).isEmpty)
    }
}
