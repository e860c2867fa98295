import BrowserTesting
import Foundation
import TemporaryFolders
import Testing
import WikiModel
import WikiRender

/// End to end: the folder sidebar of the vault of `Tests/FolderVault/`. One script per wiki
/// (`_special/folders/tree.js`) holds the whole tree; every page of a folder wiki has a hidden
/// sidebar and the theme's sidebar script, which shows the tree; a build rewrites the tree's
/// file when a note comes, goes or moves, never for a text edit.
@Suite("folder sidebar")
struct FolderSidebarTests {
    static let treeFile = "vault/_special/folders/tree.js"

    /// The value `tree.js` of `site` hands to the sidebar script.
    static func tree(in site: SiteFiles) throws -> [String: Any] {
        let text = try site.html(treeFile)
        #expect(text.hasPrefix("wikisiteFolderTree(") && text.hasSuffix(");\n"))
        let json = text.dropFirst("wikisiteFolderTree(".count).dropLast(");\n".count)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// The notes of `folder` of the tree: each name and the file its href leads to.
    static func notes(of folder: [String: Any], site: SiteFiles) throws -> [[String]] {
        try (folder["notes"] as? [[String]] ?? []).map { [$0[0], try site.resolve($0[1], from: "vault/index.html")] }
    }

    /// The subfolder named `name` of `folder` of the tree.
    static func subfolder(_ name: String, of folder: [String: Any]) throws -> [String: Any] {
        try #require((folder["folders"] as? [[String: Any]])?.first { $0["name"] as? String == name })
    }

    @Test func theTreeScriptHoldsEveryFolderAndNoteLinkedFromTheWikisFolder() throws {
        let folder = try TemporaryFolder()
        let site = try FolderSiteTests.build(FolderSiteTests.vault, in: folder)
        let root = try Self.tree(in: site)
        let folders = try #require(root["folders"] as? [[String: Any]])
        #expect(folders.map { $0["name"] as? String } == ["admin", "guide", "reference"])
        for entry in folders {
            let name = try #require(entry["name"] as? String)
            let href = try #require(entry["href"] as? String)
            #expect(try site.resolve(href, from: "vault/index.html") == FolderSiteTests.folderFile(name))
        }
        #expect(try Self.notes(of: root, site: site) == [["Top", FolderSiteTests.noteFile("Top")]])
        let guide = try Self.subfolder("guide", of: root)
        // The folder note is its folder's page, not an entry; the notes in the wiki's lists' order.
        #expect(
            try Self.notes(of: guide, site: site)
                == ["alpha", "Install", "Zeta"].map { [$0, FolderSiteTests.noteFile("guide/" + $0)] })
        let setup = try Self.subfolder("setup", of: guide)
        #expect(try Self.notes(of: setup, site: site) == [["Linux", FolderSiteTests.noteFile("guide/setup/Linux")]])
    }

    @Test func aNameMadeToEndTheScriptStaysInsideItsString() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("# Home\n", to: "vault/index.md")
        _ = try folder.write("A note.\n", to: "vault/<script>&<b>/Note <i>&.md")
        let site = try FolderSiteTests.build(folder.path("vault"), in: folder)
        let text = try site.html(Self.treeFile)
        #expect(!text.contains("<") && !text.contains(">") && !text.contains("&"))
        let root = try Self.tree(in: site)
        let odd = try Self.subfolder("<script>&<b>", of: root)
        #expect(
            try Self.notes(of: odd, site: site) == [
                ["Note <i>&", FolderSiteTests.noteFile("<script>&<b>/Note <i>&")]
            ])
    }

    @Test func everyPageOfAFolderWikiHasAHiddenSidebarAndItsScript() throws {
        let folder = try TemporaryFolder()
        let site = try FolderSiteTests.build(FolderSiteTests.vault, in: folder)
        for file in [
            "vault/index.html", FolderSiteTests.noteFile("guide/setup/Linux"),
            FolderSiteTests.folderFile("guide/setup"),
            "vault/_special/all-pages.html",
        ] {
            let elements = HTMLElements.parse(try site.html(file))
            let nav = try #require(
                elements.first { $0.name == "nav" && $0.attributes["class"] == "sidebar" }, "\(file)")
            #expect(nav.attributes["hidden"] != nil, "\(file): without its script the sidebar shows nothing")
            #expect(nav.attributes["aria-label"] == "Folders")
            #expect(try site.resolve(try #require(nav.attributes["data-folder-tree"]), from: file) == Self.treeFile)
            let wikiFolder = try #require(nav.attributes["data-wiki-folder"])
            #expect(try site.resolve(wikiFolder + "index.html", from: file) == "vault/index.html", "\(file)")
            let scripts = elements.filter { $0.name == "script" }.compactMap { $0.attributes["src"] }
            #expect(
                try scripts.map { try site.resolve($0, from: file) }
                    == (ThemeTemplate.searchScriptFileNames + ["sidebar.js"]).map { "_assets/" + $0 },
                "\(file)")
        }
        #expect(site.exists("_assets/sidebar.js"))
    }

    @Test func aWikiOfDocumentsHasNoSidebar() throws {
        let folder = try TemporaryFolder()
        let fixture = WikiFixture(pages: [.init(title: "Home", markdown: "Text.\n")])
        let run = try WikisiteCLI.run([
            "build", "--source", try fixture.write(to: folder), "--out", folder.path("site"),
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        let page = try site.html(try site.pageFile("Home", in: "1234"))
        #expect(!page.contains("sidebar"))
        #expect(!folder.files(under: "site").contains { $0.hasSuffix("tree.js") })
    }

    /// Copies the folder vault, builds it, makes `change`, and builds again with
    /// `--explain --verify`; returns whether that build wrote the tree's file.
    static func writesTheTree(after change: (TemporaryFolder) throws -> Void) throws -> Bool {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: FolderSiteTests.vault, toPath: folder.path("vault"))
        let build = ["build", "--source", folder.path("vault"), "--out", folder.path("site"), "--wiki-id", "vault"]
        #expect(try WikisiteCLI.run(build).status == 0)
        try change(folder)
        let run = try WikisiteCLI.run(build + ["--explain", "--verify"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Verified: the site is byte for byte the same as a clean build."))
        return run.standardOutput.split(separator: "\n").contains { $0.hasPrefix("written   \(treeFile):") }
    }

    @Test func aTextEditLeavesTheTreeAndACreateDeleteOrMoveRewritesIt() throws {
        #expect(!(try Self.writesTheTree { _ = try $0.write("Other words.\n", to: "vault/guide/Zeta.md") }))
        #expect(try Self.writesTheTree { _ = try $0.write("New.\n", to: "vault/guide/setup/Mac.md") })
        #expect(try Self.writesTheTree { try FileManager.default.removeItem(atPath: $0.path("vault/guide/Zeta.md")) })
        #expect(
            try Self.writesTheTree {
                try FileManager.default.moveItem(
                    atPath: $0.path("vault/guide/Zeta.md"), toPath: $0.path("vault/reference/Zeta.md"))
            })
    }

    @Test(.enabled(if: BrowserTesting.shouldRun, "\(BrowserTesting.missing ?? "")"))
    func theSidebarShowsTheTreeOnDesktopAndPhoneAndItsLinksLead() throws {
        guard BrowserTesting.browserIsReady() else { return }
        let folder = try TemporaryFolder()
        _ = try FolderSiteTests.build(FolderSiteTests.vault, in: folder)
        let note = FolderSiteTests.noteFile
        let page = FolderSiteTests.folderFile
        // The note's folders are open, the others closed, showing their own links only.
        let entries = [
            ["admin", page("admin")], ["guide", page("guide")], ["setup", page("guide/setup")],
            ["Linux", note("guide/setup/Linux")], ["alpha", note("guide/alpha")], ["Install", note("guide/Install")],
            ["Zeta", note("guide/Zeta")], ["reference", page("reference")], ["Top", note("Top")],
        ]
        let expected: [String: Any] = ["entries": entries, "current": "Linux", "follow": ["Top", note("Top")]]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: expected), as: UTF8.self)
        let run = try BrowserTesting.run("sidebar.py", [folder.path("site"), note("guide/setup/Linux"), json])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("ok: dark phone: following Top opens"), "\(run.output)")
    }
}
