import BrowserTesting
import Foundation
import TemporaryFolders
import Testing

/// Every kind of page the theme makes passes axe-core in Chromium, in light and dark mode:
/// pages (with wide code blocks and tables), homes, every special page, the site's index.
@Suite("Accessibility")
struct AccessibilityTests {
    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func everyKindOfPageHasNoAxeViolationInLightAndDarkMode() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try TemporaryFolder()
        let build = try WikisiteCLI.run([
            "build", "--source", WikisiteCLI.example("touchwiki.json"), "--source",
            WikisiteCLI.example("user-guide.json"), "--out", folder.path("site"),
        ])
        #expect(build.status <= 1, "\(build.standardError)")
        let axe = try BrowserTesting.run("accessibility.py", [folder.path("site")])
        #expect(axe.status == 0, "\(axe.output)")
        #expect(axe.output.contains("checked"), "\(axe.output)")
    }
}
