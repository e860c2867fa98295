import BrowserTesting
import Foundation
import TemporaryFolders
import Testing
import WikiRender

/// A real browser opens the built site: Debian's `chromium`, headless (`make test` installs
/// it; without it the tests are skipped, and fail on CI).
@Suite("The site in a browser")
struct ChromiumTests {
    /// The DOM Chromium builds from the file at `url`, after running it as a browser would.
    func dumpDOM(_ url: URL, width: Int) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chromium")
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--window-size=\(width),1000",
            "--dump-dom", url.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func pagesRenderInChromium() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try TemporaryFolder()
        let result = try WikisiteCLI.run([
            "build", "--source", WikisiteCLI.example("touchwiki.json"), "--out", folder.path("site"),
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        let page = site.root.appendingPathComponent(try site.pageFile("Sync Client", in: "5737529525067657"))
        let dom = try dumpDOM(page, width: 390)
        #expect(dom.contains("<title>Sync Client – Mobile Dev</title>"))
        #expect(dom.contains("What links here"))
        #expect(dom.contains("<nav class=\"toc\""))
        let list = site.root.appendingPathComponent("5737529525067657/_special/recent-changes.html")
        let listDOM = try dumpDOM(list, width: 1280)
        #expect(listDOM.contains("<h1 class=\"page-title\">Recent changes</h1>"))
        // The only scripts are the theme's search scripts: nothing of a document runs.
        #expect(listDOM.components(separatedBy: "<script").count == 1 + ThemeTemplate.searchScriptFileNames.count)
        #expect(listDOM.contains(#"<script src="../../_assets/search-index.js""#), "\(listDOM)")
    }
}
