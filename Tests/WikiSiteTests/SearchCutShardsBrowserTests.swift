import BrowserTesting
import Foundation
import TemporaryFolders
import Testing

/// The search box over an index whose shards are cut by size: a wiki with thousands of words of
/// one first letter, whose shard is cut into longer prefixes, used in Chromium from `file://`.
@Suite("search over shards cut by size")
struct SearchCutShardsBrowserTests {
    /// A wiki of `noisePages` pages, each with 120 words of its own starting with `sa`, and the
    /// page "Target", with the one word `splendidword`.
    static func fixture(noisePages: Int = 80) -> WikiFixture {
        var wiki = WikiFixture()
        wiki.pages = (0..<noisePages).map { page in
            let words = (0..<120).map { word in Self.word(page * 120 + word) }
            return .init(title: "Noise \(page)", markdown: words.joined(separator: " ") + ".")
        }
        wiki.pages.append(.init(title: "Target", markdown: "A splendidword, and no other of its kind."))
        return wiki
    }

    /// `s` and `number` in four letters: `saaaa`, `saaab`, …
    static func word(_ number: Int) -> String {
        var letters: [Character] = []
        var rest = number
        for _ in 0..<4 {
            letters.append(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(rest % 26))))
            rest /= 26
        }
        return "s" + String(letters.reversed())
    }

    /// Builds the fixture into `site` of `folder`.
    static func build(in folder: TemporaryFolder) throws {
        let run = try WikisiteCLI.run(
            ["build", "--source", try fixture().write(to: folder), "--out", folder.path("site")])
        #expect(run.status == 0, "\(run.standardError)")
    }

    /// The keys of the term shards of wiki 1234: the hex of their prefixes.
    static func shardKeys(in folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path("site/1234/_search"))
            .filter { $0.hasPrefix("t-") && $0.hasSuffix(".js") }
            .map { String($0.dropFirst(2).dropLast(3)) }.sorted()
    }

    @Test func aFirstLetterWithManyWordsIsCutIntoLongerPrefixes() throws {
        let folder = try TemporaryFolder()
        try Self.build(in: folder)
        let keys = try Self.shardKeys(in: folder)
        // `s` is 73, `a` 61, `p` 70: the words of `sa` are cut further, `splendidword` is in `sp`.
        #expect(!keys.contains("73"), "\(keys)")
        #expect(keys.contains("7370"), "\(keys)")
        #expect(keys.contains { $0.hasPrefix("7361") && $0.count > 4 }, "\(keys)")
    }

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func typingAWordLetterByLetterFindsItsPageAcrossCutShards() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try TemporaryFolder()
        try Self.build(in: folder)
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        let target = folder.path("site/" + (try site.pageFile("Target", in: "1234")))
        let noise = folder.path("site/" + (try site.pageFile("Noise 7", in: "1234")))
        let found = try BrowserTesting.run(
            "search.py", [folder.path("site/1234/index.html"), "splendidwo", "Target", target, "snotaword"])
        #expect(found.status == 0, "\(found.output)")
        #expect(found.output.contains("ok: dark: ArrowDown and Enter land on the page"), "\(found.output)")
        let deep = try BrowserTesting.run(
            "search.py", [folder.path("site/1234/index.html"), Self.word(7 * 120 + 5), "Noise 7", noise])
        #expect(deep.status == 0, "\(deep.output)")
    }
}
