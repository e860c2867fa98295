import BrowserTesting
import Foundation
import SplitMix64
import TemporaryFolders
import Testing
import WikiRender

@testable import WikiPages
@testable import WikiSite

/// The search box over an index whose common terms are written in parts: the same results as
/// over the index with every term whole, loading a common word's best part alone when it fills
/// the results.
@Suite("search over terms split into parts")
struct SearchPartsBrowserTests {
    static let words = ["amber", "birch", "cedar", "cedars", "dune", "elm", "fern", "grove", "hazel", "iris"]

    /// A word of `words`, the first ones far more often than the last.
    static func word(_ random: inout SplitMix64) -> String {
        let draw = Int(random.next() % 1000)
        return words[min(words.count - 1, Int(Double(words.count) * pow(Double(draw) / 1000, 2)))]
    }

    /// `count` random documents of `words`: some with one in the title, some with headings,
    /// bodies of 3 to 80 words.
    static func randomDocuments(_ count: Int, seed: UInt64) -> [SearchDocument] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { number in
            let title = random.next() % 4 == 0 ? "Note \(number) \(word(&random))" : "Note \(number)"
            let sections = (0...(random.next() % 3)).map { section in
                let heading = section == 0 ? "" : "Part \(word(&random))"
                let text = (0..<(3 + random.next() % 78)).map { _ in word(&random) }.joined(separator: " ")
                return SearchSection(heading: heading, anchor: heading.isEmpty ? "" : "part", text: text)
            }
            return SearchDocument(title: title, href: "n\(number).html", otherTitle: nil, sections: sections)
        }
    }

    /// Twelve pages with "common" in their title, and 150 with it in their body alone, six of
    /// them with "zebra" too.
    static func commonDocuments() -> [SearchDocument] {
        let titled = (0..<12).map { number in
            SearchDocument(
                title: "Common \(number)", href: "c\(number).html", otherTitle: nil,
                sections: [.init(heading: "", anchor: "", text: "common alpha beta gamma")])
        }
        let others = (0..<150).map { number in
            let text = Array(repeating: "common", count: number % 4 + 1) + (number % 25 == 0 ? ["zebra"] : [])
            return SearchDocument(
                title: "Page \(number)", href: "p\(number).html", otherTitle: nil,
                sections: [.init(heading: "", anchor: "", text: (text + ["delta"]).joined(separator: " "))])
        }
        return titled + others
    }

    /// Writes the index of `documents` cut by `cut` into `name/_search/` of `folder`, with the
    /// theme's search script and a page holding the search box; returns the page's path.
    static func site(_ name: String, of documents: [SearchDocument], cut: SearchShardCut, in folder: TemporaryFolder)
        throws -> String
    {
        let root = folder.url.appendingPathComponent(name)
        let search = root.appendingPathComponent("_search")
        try FileManager.default.createDirectory(at: search, withIntermediateDirectories: true)
        for file in CollectedSearchIndex(documents, cut: cut).files {
            try Data(file.text.utf8).write(to: search.appendingPathComponent(file.name))
        }
        for name in ThemeTemplate.searchScriptFileNames {
            let script = BrowserTesting.repositoryRoot.appendingPathComponent("Templates/" + name)
            try FileManager.default.copyItem(at: script, to: root.appendingPathComponent(name))
        }
        let scripts = ThemeTemplate.searchScriptFileNames.map { "<script src=\"\($0)\" defer></script>" }
        let page = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Search</title></head><body>
            <header><form role="search" data-search-form hidden><label for="q">Search</label>
            <input type="search" id="q" data-search-index="_search/meta.js">
            <p role="status"></p><ul data-search-results></ul></form>
            \(scripts.joined())</header><main></main></body></html>
            """
        try Data(page.utf8).write(to: root.appendingPathComponent("index.html"))
        return root.appendingPathComponent("index.html").path
    }

    /// Runs `search_parts.py` over `documents` split by `cut` and whole.
    static func compare(
        _ documents: [SearchDocument], cut: SearchShardCut, best: String, more: String, queries: [String]
    )
        throws -> (status: Int32, output: String)
    {
        let folder = try TemporaryFolder()
        let split = try site("split", of: documents, cut: cut, in: folder)
        let whole = try site("whole", of: documents, cut: SearchShardCut(budget: 1 << 40), in: folder)
        return try BrowserTesting.run("search_parts.py", [split, whole, best, more] + queries)
    }

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func aCommonWordLoadsItsBestPartAloneAndRanksAsTheWholeIndex() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let run = try Self.compare(
            Self.commonDocuments(), cut: SearchShardCut(budget: 2000), best: "common", more: "common zebra",
            queries: ["zebra common", "delta common", "comm", "common delta zebra", "alpha"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("ok: 'common' loads its term's best part alone (1 part files)"), "\(run.output)")
    }

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func randomDocumentsShowTheSameResultsSplitAsWhole() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let pairs = Self.words.indices.map { Self.words[$0] + " " + Self.words[($0 * 3 + 1) % Self.words.count] }
        let prefixes = ["c", "ce", "ced", "cedar", "cedar ", "am", "amber c", "note amber", "part cedar"]
        let run = try Self.compare(
            Self.randomDocuments(300, seed: 27), cut: SearchShardCut(budget: 600), best: "-", more: "-",
            queries: Self.words + pairs + prefixes)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("queries show the same results over the split index as over the whole"))
    }
}
