import Foundation
import SplitMix64
import Testing
import WikiRender

@testable import WikiPages
@testable import WikiSite

/// The parts a common term's postings are written in, best first.
@Suite("search term parts")
struct SearchTermPartsTests {
    static func posting(count: Int, fields: Int) -> SearchPosting {
        SearchPosting(count: count, fields: fields, section: 0)
    }

    /// `count` pages, page `n` holding "common" in its title when `n` is a multiple of 7 and in
    /// its body `n % 5 + 1` times, and "rare" on page 3 alone.
    static func documents(_ count: Int) -> [SearchDocument] {
        (0..<count).map { number in
            let title = number.isMultiple(of: 7) ? "Common \(number)" : "Page \(number)"
            let body = Array(repeating: "common", count: number % 5 + 1) + (number == 3 ? ["rare"] : [])
            let text = (body + Array(repeating: "filler", count: number % 11 * 4)).joined(separator: " ")
            return SearchDocument(
                title: title, href: "p\(number).html", otherTitle: nil,
                sections: [.init(heading: "", anchor: "", text: text)])
        }
    }

    @Test func aCountsImpactIsFourTimesItsBinaryLogarithmRoundedAtEveryCount() {
        for count in [-1, 0, 1, 2, 3, 100, 1023, 1024, 1025, 4096, 1_000_000] {
            let expected = count < 1 ? 0 : Int((4 * log2(Double(count))).rounded())
            #expect(SearchTermParts.impact(ofCount: count) == expected, "\(count)")
        }
        #expect(
            (1..<3000).map(SearchTermParts.impact(ofCount:)) == (1..<3000).map { Int((4 * log2(Double($0))).rounded()) }
        )
    }

    @Test func aPostingsBandRanksATitleThenAHeadingThenTheBodyByCount() {
        let band = { SearchTermParts.band(of: Self.posting(count: $0, fields: $1)) }
        #expect(band(1, 7) < band(1, 5))
        #expect(band(1, 5) < band(1, 6))
        #expect(band(1, 6) < band(1, 4))
        #expect(band(8, 4) < band(2, 4))
        #expect(band(2, 4) < band(1, 4))
        #expect(band(1, 4) == 4 * SearchTermParts.bandsPerGroup - 1)
        #expect(band(166, 7) == 0)
        #expect(band(165, 7) == 1)
        #expect(band(100_000, 4) == 3 * SearchTermParts.bandsPerGroup)
    }

    @Test func everyPartBoundsItsPostingsAndThePartsHoldThemAllBestFirst() {
        var random = SplitMix64(seed: 27)
        let postings = (0..<400).map { number in
            SearchShard.Posting(
                key: UInt64(number) << 38,
                posting: Self.posting(count: Int(random.next() % 30) + 1, fields: Int(random.next() % 8) | 4))
        }
        let termParts = SearchTermParts(threshold: 300)
        let parts = termParts.parts(of: postings)
        let places = parts.map { [$0.band, $0.slice] }
        #expect(places == places.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(parts.flatMap(\.postings).sorted { $0.key < $1.key } == postings)
        #expect(parts.contains { $0.slice > 0 }, "a band weighing more than the threshold is cut into slices")
        let summaries = termParts.summaries(of: postings)
        #expect(summaries == parts.map(SearchTermParts.summary(of:)))
        for (part, summary) in zip(parts, summaries) {
            #expect(part.postings.map(\.key) == part.postings.map(\.key).sorted())
            #expect(summary.count == part.postings.count)
            #expect(summary.size == SearchShard.size(of: part.postings))
            let postings = part.postings.map(\.posting)
            for posting in postings { #expect(SearchTermParts.band(of: posting) == part.band) }
            #expect(summary.bound.maxCount == postings.map { Int($0.count) }.max())
            #expect(summary.bound.fields == postings.reduce(0) { $0 | Int($1.fields) })
            let bandSize = SearchShard.size(of: parts.filter { $0.band == part.band }.flatMap(\.postings))
            let slices = termParts.slices(ofBandSize: bandSize)
            for posting in part.postings {
                #expect(SearchTermParts.slice(ofKey: posting.key, slices: slices) == part.slice)
            }
        }
    }

    @Test func aBandIsCutIntoTheFewestSlicesThatKeepEachNearTheThreshold() {
        let parts = SearchTermParts(threshold: 1000)
        #expect(parts.slices(ofBandSize: 0) == 1)
        #expect(parts.slices(ofBandSize: 1000) == 1)
        #expect(parts.slices(ofBandSize: 1001) == 2)
        #expect(parts.slices(ofBandSize: 4000) == 4)
        #expect(parts.slices(ofBandSize: 4001) == 8)
        #expect(parts.slices(ofBandSize: .max / 2) == SearchTermParts.mostSlices)
        #expect(SearchTermParts.slice(ofKey: 0xffff_ffff_ffff, slices: 1) == 0)
        #expect(SearchTermParts.slice(ofKey: 0xffff_ffff_ffff, slices: 8) == 7)
        #expect(SearchTermParts.slice(ofKey: 0x7fff_ffff_ffff, slices: 2) == 0)
        #expect(SearchTermParts.slice(ofKey: 0x8000_0000_0000, slices: 2) == 1)
    }

    @Test func aCommonTermIsWrittenInPartsAndARareOneStaysInItsShard() throws {
        let cut = SearchShardCut(budget: 2000)
        let files = Dictionary(
            uniqueKeysWithValues: CollectedSearchIndex(Self.documents(200), cut: cut).files.map { ($0.name, $0.text) })
        let common = SearchTerms.shardKey(of: "common", length: .max)
        let parts = files.keys.filter { $0.hasPrefix("p-\(common)-") }
        #expect(parts.count > 2, "\(files.keys.sorted())")
        #expect(!files.keys.contains { $0.hasPrefix("p-" + SearchTerms.shardKey(of: "rare", length: .max)) })
        let shard = try #require(files.first { $0.key.hasPrefix("t-") && $0.value.contains("\"common\":{") })
        #expect(shard.value.contains("\"common\":{\"n\":200,\"p\":[["), "\(shard.value)")
        let rare = try #require(files.first { $0.key.hasPrefix("t-") && $0.value.contains("\"rare\":") })
        #expect(rare.value.contains("\"rare\":[[\""), "\(rare.value)")
        let postings = parts.map { files[$0]!.components(separatedBy: "],[").count }.reduce(0, +)
        #expect(postings == 200)
    }

    @Test func aTermNoLongerCommonGoesBackIntoItsShard() {
        let cut = SearchShardCut(budget: 2000)
        let files = CollectedSearchIndex(Self.documents(20), cut: cut).files
        #expect(!files.contains { $0.name.hasPrefix("p-") })
        #expect(files.contains { $0.text.contains("\"common\":[[\"") })
    }

    @Test func anEditRewritesOnlyThePartsItsPostingsLeaveAndJoin() throws {
        let cut = SearchShardCut(budget: 2000)
        var documents = Self.documents(200)
        let before = Dictionary(
            uniqueKeysWithValues: CollectedSearchIndex(documents, cut: cut).files.map { ($0.name, $0.text) })
        let edited = documents[12]
        documents[12] = SearchDocument(
            title: edited.title, href: edited.href, otherTitle: nil,
            sections: [.init(heading: "", anchor: "", text: edited.sections[0].text + " common common common")])
        let after = CollectedSearchIndex(documents, cut: cut).files
        let changed = after.filter { before[$0.name] != $0.text }.map(\.name).filter { $0.hasPrefix("p-") }
        let gone = Set(before.keys).subtracting(after.map(\.name)).filter { $0.hasPrefix("p-") }
        let key = try #require(CollectedSearchIndex(documents, cut: cut).entries.first { $0.href == edited.href }).key
        let holding = [before, Dictionary(uniqueKeysWithValues: after.map { ($0.name, $0.text) })].map { files in
            Set(files.filter { $0.key.hasPrefix("p-") && $0.value.contains("\"\(key)\"") }.map(\.key))
        }
        let rewritten = Set(changed).union(gone)
        #expect(rewritten.isSubset(of: holding[0].union(holding[1])), "\(rewritten) \(holding)")
        let common = "p-" + SearchTerms.shardKey(of: "common", length: .max) + "-"
        let commonParts = holding.map { $0.filter { $0.hasPrefix(common) } }
        #expect(commonParts.allSatisfy { $0.count == 1 } && commonParts[0] != commonParts[1], "\(commonParts)")
        #expect(commonParts[0].union(commonParts[1]).isSubset(of: rewritten), "\(rewritten)")
    }
}
