import Foundation
import TemporaryFolders
import Testing

/// End to end: the same documents give the same site whichever source they come from. A folder
/// of Markdown is built directly, imported into a store and built from it, and exported from the
/// store as a dump and built from that: the three sites are identical, byte for byte. (A server
/// gives the site of its dump: `WikiCouchTests`.)
@Suite("the same documents give the same site from every source")
struct SourceAgreementTests {
    /// A small documentation folder: a home, pages in subfolders, front matter, a draft, links.
    static func writeHandbook(in folder: TemporaryFolder) throws {
        let files = [
            "handbook/index.md": "---\ntitle: Team Handbook\n---\nStart with [[Install]] or [[guide/Sync]].\n",
            "handbook/Install.md": "# Install\n\nRun `make run`, then read [[guide/Sync|the sync guide]].\n",
            "handbook/guide/Sync.md":
                "---\nupdated_by: jchris\n---\n# Sync\n\n## Setup\n\nSee [[Install#install]] and [[Missing page]].\n",
            "handbook/Secret.md": "---\ndraft: true\n---\nNot published: [[Install]].\n",
        ]
        for (path, text) in files { try folder.write(text, to: path) }
        // Fixed modification times, so that the dates do not depend on when the test ran.
        for (offset, path) in files.keys.sorted().enumerated() {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(offset) * 3600)],
                ofItemAtPath: folder.path(path))
        }
    }

    /// Runs `wikisite` in `folder` and expects it to succeed.
    @discardableResult
    func succeed(_ arguments: [String], in folder: TemporaryFolder) throws -> WikisiteCLI.Result {
        let run = try WikisiteCLI.run(arguments, in: folder.url)
        #expect(run.status == 0, "wikisite \(arguments.joined(separator: " ")): \(run.standardError)")
        return run
    }

    @Test func aMarkdownFolderItsStoreAndItsDumpGiveOneSite() throws {
        let folder = try TemporaryFolder()
        try Self.writeHandbook(in: folder)

        try succeed(["build", "--source", "handbook", "--out", "from-folder"], in: folder)
        let imported = try succeed(["import", "markdown:handbook", "--store", "handbook.sqlite"], in: folder)
        #expect(imported.standardOutput.contains("documents: 4 added"))
        // The wiki of documents keeps the folder's matching of links only when told to.
        try folder.write("[wikis.handbook]\nlink_matching = \"obsidian\"\n", to: "obsidian.toml")
        let matching = ["--config", "obsidian.toml"]
        try succeed(["build", "--source", "handbook.sqlite", "--out", "from-store"] + matching, in: folder)
        try succeed(["export", "--store", "handbook.sqlite", "--out", "handbook.json"], in: folder)
        try succeed(["build", "--source", "handbook.json", "--out", "from-dump"] + matching, in: folder)

        let site = try folder.snapshot("from-folder")
        #expect(site.keys.contains { $0.hasPrefix("handbook/") && $0.contains("Sync") && $0.hasSuffix(".html") })
        #expect(try folder.snapshot("from-store") == site)
        #expect(try folder.snapshot("from-dump") == site)

        let home = try folder.read("from-folder/handbook/index.html")
        #expect(home.contains("Team Handbook"))
        let all = site.values.map { String(decoding: $0, as: UTF8.self) }
        #expect(!all.contains { $0.contains("Not published") || $0.contains("Secret") }, "a draft leaked")
    }

    @Test func theWikiIDAndTitleOfAFolderComeFromTheFlagsOrTheConfiguration() throws {
        let folder = try TemporaryFolder()
        try Self.writeHandbook(in: folder)
        try succeed(
            ["build", "--source", "handbook", "--wiki-id", "docs", "--wiki-title", "Docs <b>", "--out", "flags"],
            in: folder)
        #expect(try folder.read("flags/docs/index.html").contains("Docs &lt;b&gt;"))

        try folder.write(
            "sources = [\"handbook\"]\noutput = \"configured\"\n\n[markdown]\nwiki_id = \"team\"\ntitle = \"Team\"\n",
            to: "wikisite.toml")
        try succeed(["build"], in: folder)
        #expect(try folder.read("configured/team/index.html").contains("<title>Team</title>"))
    }
}
