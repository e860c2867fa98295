import BrowserTesting
import Foundation
import TemporaryFolders
import Testing

@testable import WikiPages
@testable import WikiSite

/// A link preview when the target's key clashed with another document's: the build gives the
/// target its key with a counter, and the script must follow it, never show the other document.
@Suite("link previews after a key clash")
struct LinkPreviewClashTests {
    static let text = "The target's own text."

    /// The value of the document file `url` (`wikisiteSearch.put("d-<key>",[…]);`).
    static func readDocument(_ url: URL) throws -> Any {
        let script = try String(contentsOf: url, encoding: .utf8)
        let json = script.drop { $0 != "[" }.dropLast(3)
        return try JSONSerialization.jsonObject(with: Data(json.utf8))
    }

    /// Writes `value` as the document file `url`.
    static func writeDocument(_ value: Any, to url: URL) throws {
        let name = url.deletingPathExtension().lastPathComponent
        let json = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
        let script = "wikisiteSearch.put(\"\(name)\"," + String(decoding: json, as: UTF8.self) + ");\n"
        try Data(script.utf8).write(to: url)
    }

    /// Moves the entry of `href` to its key after one clash, and puts a decoy under its first key,
    /// as a build does when another href took that key first.
    static func clash(_ href: String, in index: URL) throws {
        let first = index.appendingPathComponent("d-\(SearchEntry.firstKey(ofHref: href)).js")
        let second = index.appendingPathComponent("d-\(SearchEntry.firstKey(ofHref: href, attempt: 1)).js")
        try writeDocument(try readDocument(first), to: second)
        try writeDocument(["Decoy", "Decoy~aaaaaaaaaa.html", [["", "", "The decoy's text."]]], to: first)
    }

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func aTargetWhoseKeyClashedShowsItsOwnCardNotTheOther() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try TemporaryFolder()
        let fixture = WikiFixture(pages: [
            .init(title: "Hub", markdown: "See [[Target]]."), .init(title: "Target", markdown: Self.text),
        ])
        let build = try WikisiteCLI.run([
            "build", "--source", try fixture.write(to: folder), "--out", folder.path("site"),
        ])
        #expect(build.status == 0, "\(build.standardError)")
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        let target = try site.pageFile("Target", in: "1234")
        try Self.clash(String(target.dropFirst("1234/".count)), in: site.root.appendingPathComponent("1234/_search"))
        let hub = folder.path("site/" + (try site.pageFile("Hub", in: "1234")))
        let run = try BrowserTesting.run("preview_card.py", [hub, "Target", "Target", Self.text])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("ok: dark: the card of 'Target' shows 'Target' and its text"), "\(run.output)")
    }
}
