import Foundation
import TemporaryFolders
import Testing
import WikiDocuments

@testable import WikiBuildEngine
@testable import WikiConfiguration
@testable import WikiPages
@testable import WikiSite

/// The rule that cuts a search index's terms into shards by size.
@Suite("search shards cut by size")
struct SearchShardCutTests {
    /// `count` postings of documents numbered from 0, each `count,fields,section,class`.
    static func postings(_ count: Int) -> [SearchShard.Posting] {
        (0..<count).map {
            SearchShard.Posting(
                key: UInt64($0), posting: SearchPosting(count: 1, fields: 4, section: 0))
        }
    }

    /// The terms "c", "cab", "car" and "cat", each in `count` documents, and "dog" in one.
    static func terms(_ count: Int) -> [String: [SearchShard.Posting]] {
        [
            "c": postings(count), "cab": postings(count), "car": postings(count), "cat": postings(count),
            "dog": postings(1),
        ]
    }

    @Test func aPrefixWeighingMoreThanTheBudgetIsCutIntoLongerOnes() {
        let cut = SearchShardCut(budget: 700)
        let shards = cut.shards(of: Self.terms(10))
        // "c" weighs 1,034 bytes, "ca" 777: both are cut, and the term "c" stays in the shard of "c".
        #expect(shards.keys.sorted() == ["63", "636162", "636172", "636174", "64"])
        #expect(shards["63"]?.terms.keys.sorted() == ["c"])
        #expect(shards["636172"]?.terms.keys.sorted() == ["car"])
        #expect(shards["64"]?.terms.keys.sorted() == ["dog"])
    }

    @Test func aPrefixThatShrinksUnderTheBudgetIsOneShardAgain() {
        let cut = SearchShardCut(budget: 700)
        #expect(cut.shards(of: Self.terms(10)).count == 5)
        let shards = cut.shards(of: Self.terms(2))
        #expect(shards.keys.sorted() == ["63", "64"])
        #expect(shards["63"]?.terms.keys.sorted() == ["c", "cab", "car", "cat"])
    }

    @Test func aPrefixAsLongAsTheLongestKeyIsNeverCut() {
        let long = "abcdefghij"
        let terms = [long: Self.postings(50), long + "k": Self.postings(50)]
        let shards = SearchShardCut(budget: 100).shards(of: terms)
        #expect(shards.count == 1)
        #expect(shards.keys.first == "6162636465666768")
    }

    @Test func theCutDependsOnTheTermsAloneNotOnTheirOrderOrHistory() {
        let documents = (1...60).map { number in
            SearchDocument(
                title: "Page \(number)", href: "p\(number).html", otherTitle: nil,
                sections: [.init(heading: "", anchor: "", text: "paper pattern word\(number % 7) \(number)")])
        }
        let cut = SearchShardCut(budget: 600)
        let files = CollectedSearchIndex(documents, cut: cut).files
        #expect(files == CollectedSearchIndex(documents.reversed(), cut: cut).files)
        #expect(files.filter { $0.name.hasPrefix("t-70") }.count > 1, "the prefix \"p\" is cut")
    }
}

/// The fast path cutting prefixes again as pages change, held to a clean build.
@Suite("search shards cut again by the fast path")
struct SearchShardRecutTests {
    /// Builds `pages` into `folder` with search on, shards cut at 600 bytes; returns the summary
    /// and how the site differs from a clean build's, made as build `step`.
    static func build(
        _ pages: [WikiFixture.Page], step: Int, in folder: TemporaryFolder
    ) throws -> (BuildSummary, [SiteDifference]) {
        var wiki = WikiFixture()
        wiki.pages = pages
        var options = BuildOptions(sources: [try wiki.write(to: folder)], outputFolder: folder.path("site"))
        options.wikiSettings[ExactString("1234")] = WikiSettings(search: true)
        options.searchShardCut = SearchShardCut(budget: 600)
        let summary = try SiteBuilder(options: options).build()
        return (summary, try RandomizedProof.differencesFromACleanBuild(of: options, in: folder, step: step))
    }

    /// The pages, the third one holding `count` words starting "pa" and as many starting "pe".
    static func pages(wordsStartingWithP count: Int) -> [WikiFixture.Page] {
        var pages = (1...6).map { WikiFixture.Page(title: "Note \($0)", markdown: "Some words of note \($0).") }
        pages[2].markdown += " " + (0..<count).map { "pa\($0) pe\($0)" }.joined(separator: " ")
        return pages
    }

    /// The term shards of the wiki's index whose keys start with `prefix`.
    static func shards(withPrefix prefix: String, in folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path("site/1234/_search"))
            .filter { $0.hasPrefix("t-" + prefix) }.sorted()
    }

    @Test func anEditThatGrowsAPrefixPastTheBudgetCutsItAndOneThatShrinksItMergesItBack() throws {
        let folder = try TemporaryFolder()
        _ = try Self.build(Self.pages(wordsStartingWithP: 5), step: 1, in: folder)
        // "p" weighs about 340 bytes: one shard.
        #expect(try Self.shards(withPrefix: "70", in: folder) == ["t-70.js"])
        // "p" weighs over 1,000 bytes and is cut; "pe" weighs about 500, "pa" more with the
        // special pages' "pages", and is cut again.
        let (cutting, cutDifferences) = try Self.build(Self.pages(wordsStartingWithP: 18), step: 2, in: folder)
        #expect(cutting.readChangesOnly, "\(cutting.fastPathDeclined ?? "")")
        #expect(cutDifferences.isEmpty, "\(cutDifferences)")
        let cut = try Self.shards(withPrefix: "70", in: folder)
        #expect(cut.contains("t-7065.js") && cut.contains("t-706130.js") && !cut.contains("t-70.js"), "\(cut)")
        let (merging, mergeDifferences) = try Self.build(Self.pages(wordsStartingWithP: 5), step: 3, in: folder)
        #expect(merging.readChangesOnly, "\(merging.fastPathDeclined ?? "")")
        #expect(mergeDifferences.isEmpty, "\(mergeDifferences)")
        #expect(try Self.shards(withPrefix: "70", in: folder) == ["t-70.js"])
    }
}

extension SearchShardCut {
    /// The shards of `terms`, by key: each term with its postings in the shard `members(of:)`
    /// puts it in.
    func shards(of terms: [String: [SearchShard.Posting]]) -> [String: SearchShard] {
        members(of: terms.map { (term: $0.key, size: SearchShard.size(of: $0.key, $0.value)) }).mapValues { names in
            SearchShard(terms: Dictionary(uniqueKeysWithValues: names.map { ($0, terms[$0]!) }))
        }
    }
}
