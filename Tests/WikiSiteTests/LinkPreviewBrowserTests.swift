import BrowserTesting
import Foundation
import TemporaryFolders
import Testing

/// Wikilinks' hover previews in Chromium, from `file://` and over HTTP: the card that shows a
/// target's title and first text from the search index, for the mouse, the keyboard and touch.
@Suite("link previews in a browser")
struct LinkPreviewBrowserTests {
    static let firstParagraph = "The first paragraph of the target, about hovering."
    static let secondPart = "The words of the second part."
    static let hostileTitle = "Quote </script><b>bold</b>"
    /// Titles whose hrefs the script digests as the build does: non-ASCII, longer than a word of
    /// eight bytes, with quotes.
    static let namedTitles = [
        "Café", "Crêpes bretonnes", "搜索引擎", "Ünïcödé 😀 notes", "It's \"quoted\"", "A",
        "A title of exactly twenty-four", "Straße", "Ελληνικά", "日本語のページ",
    ]
    /// Aliases of the page "Far side", each linked from the hub: a link through one shows that
    /// page's card.
    static let aliases = ["Short way", "Voie lactée", "近道"]

    /// The page "Hub", which links to the target (and to one of its headings), to a missing
    /// page, to the hostile title and to every named title; with those pages.
    static func fixture() -> WikiFixture {
        let named = namedTitles.map { "[[\($0)]]" }.joined(separator: ", ")
        let hub = """
            Read [[Target]] first, then [[Target#Second part]]. [[Nowhere yet]] is not written.
            A hostile one, its markup escaped for Markdown: [[Quote \\</script>\\<b>bold\\</b>]].

            Named: \(named).

            Through aliases: \(aliases.map { "[[\($0)]]" }.joined(separator: ", ")).
            """
        var wiki = WikiFixture()
        wiki.pages = [
            .init(title: "Hub", markdown: hub),
            .init(title: "Target", markdown: firstParagraph + "\n\n## Second part\n\n" + secondPart),
            .init(title: hostileTitle, markdown: "Hostile text."),
            .init(
                title: "Far side",
                markdown: "---\naliases: [\(aliases.joined(separator: ", "))]\n---\nReached through an alias."),
        ]
        wiki.pages += namedTitles.map { .init(title: $0, markdown: "The page \($0).") }
        return wiki
    }

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func aPreviewShowsTheTargetsTitleAndFirstParagraphFromFileAndOverHTTP() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try TemporaryFolder()
        let build = try WikisiteCLI.run([
            "build", "--source", try Self.fixture().write(to: folder), "--out", folder.path("site"),
        ])
        #expect(build.status == 0, "\(build.standardError)")
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        let hub = try site.pageFile("Hub", in: "1234")
        let throughAliases = Self.aliases.map { $0 + "=>Far side" }
        let texts = [Self.firstParagraph, Self.secondPart, Self.hostileTitle] + Self.namedTitles + throughAliases
        let run = try BrowserTesting.run("previews.py", [folder.path("site"), hub, "Target"] + texts)
        #expect(run.status == 0, "\(run.output)")
        for way in ["file", "http"] {
            for claim in [
                "the card shows Target's title and first paragraph", "a missing page's card says so",
                "Tab focus shows the card, Escape hides it", "the hostile title shows as text",
                "every named title's card shows that title", "axe-core finds no violation",
                "a link through an alias shows its page's card",
            ] {
                #expect(run.output.contains("ok: \(way): light: \(claim)"), "\(run.output)")
                #expect(run.output.contains("ok: \(way): dark: \(claim)"), "\(run.output)")
            }
            #expect(run.output.contains("ok: \(way): a long press shows the card and does not follow"), "\(run.output)")
            #expect(run.output.contains("ok: \(way): a tap then follows the link"), "\(run.output)")
        }
    }
}
