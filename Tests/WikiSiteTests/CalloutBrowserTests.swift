import BrowserTesting
import Foundation
import TemporaryFolders
import Testing

/// Callouts in Chromium, in light and dark mode, judged by what the page computes: each
/// callout's background differs from the page's, a folded one is closed, and axe-core finds
/// no violation on a page of them.
@Suite("Callouts in a browser")
struct CalloutBrowserTests {
    static let markdown = """
        > [!tip] A tip with *emphasis*
        > Its body, with a ==highlight==.

        > [!faq]- A folded question
        > Its answer.

        > [!example]+ An example folded open
        > > [!bug]
        > > A nested bug.

        > [!danger] Danger

        > [!quote] A quote
        > Words.

        """

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func calloutsAreTintedFoldedAndAccessibleInLightAndDarkMode() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try TemporaryFolder()
        let fixture = WikiFixture(pages: [.init(title: "Callouts", markdown: Self.markdown)])
        let build = try WikisiteCLI.run([
            "build", "--source", try fixture.write(to: folder), "--out", folder.path("site"),
        ])
        #expect(build.status == 0, "\(build.standardError)")
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        let page = folder.path("site/" + (try site.pageFile("Callouts", in: "1234")))
        let computed = try BrowserTesting.run("callouts.py", [page])
        #expect(computed.status == 0, "\(computed.output)")
        #expect(computed.output.contains("ok: dark: a folded callout is a closed <details>"), "\(computed.output)")
        let axe = try BrowserTesting.run("accessibility.py", [folder.path("site")])
        #expect(axe.status == 0, "\(axe.output)")
        #expect(axe.output.contains("checked"), "\(axe.output)")
    }
}
