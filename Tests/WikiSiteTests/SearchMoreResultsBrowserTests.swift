import BrowserTesting
import Foundation
import TemporaryFolders
import Testing

/// The button "More results" of the search box, in Chromium from `file://`: it ends the list when
/// more pages match than one batch shows, and it is absent when all of them show.
@Suite("search: more results")
struct SearchMoreResultsBrowserTests {
    /// 25 pages holding "widget", the first 3 of them "gadget" too.
    static func fixture() -> WikiFixture {
        var wiki = WikiFixture()
        wiki.pages = (1...25).map { number in
            .init(title: "Part \(number)", markdown: "A widget of its own." + (number <= 3 ? " And a gadget." : ""))
        }
        return wiki
    }

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func theButtonShowsTheNextResultsByKeyboardAndGoesWhenAllShow() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try TemporaryFolder()
        let built = try WikisiteCLI.run([
            "build", "--source", try Self.fixture().write(to: folder), "--out", folder.path("site"),
        ])
        #expect(built.status == 0, "\(built.standardError)")
        let run = try BrowserTesting.run(
            "search_more.py", [folder.path("site/1234/index.html"), "widget", "25", "gadget", "3"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("ok: dark: 'gadget' shows 3 results and no button"), "\(run.output)")
    }
}
