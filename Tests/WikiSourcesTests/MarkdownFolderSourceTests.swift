import Foundation
import Testing
import WikiDocuments
import WikiSources

@Suite struct MarkdownFolderSourceTests {
    @Test func titlesAreThePathsWithoutTheExtension() throws {
        let folder = try MarkdownFolderFixture()
        try folder.write("# Start", to: "Start.md")
        try folder.write("install", to: "guide/Install.md")
        try folder.write("deep", to: "guide/deep/er/Notes on sync.md")
        try folder.write("nfc", to: "Caf\u{E9}.md")
        try folder.write("nfd", to: "Cafe\u{301}.md")
        try folder.write("日本", to: "日本語/ページ.md")
        try folder.write("not markdown", to: "notes.txt")
        try folder.write("other extension", to: "guide/Long.markdown")
        try folder.write("no name", to: "guide/.md")
        let result = try folder.read()
        // The wiki first, then the pages in byte order of their paths.
        #expect(
            result.ids == [
                "w", "w:Cafe\u{301}", "w:Caf\u{E9}", "w:Start", "w:guide/Install", "w:guide/deep/er/Notes on sync",
                "w:日本語/ページ",
            ])
        #expect(result.ids.map { Array($0.utf8) }[1] == Array("w:Cafe\u{301}".utf8))
        #expect(result.field("markdown", of: "w:guide/Install") == "install")
        #expect(result.field("type", of: "w:guide/Install") == "page")
        #expect(result.field("wiki_id", of: "w:guide/Install") == "w")
        #expect(result.document("w:guide/Install")?.body["draft"] == .bool(false))
        #expect(
            result.document("w:guide/Install")?.origin
                == DocumentOrigin(source: folder.path + "/guide/Install.md", line: nil))
        #expect(result.field("type", of: "w") == "wiki")
        #expect(result.reading.scope == .everything)
        #expect(result.reading.checkpoint == nil)
        #expect(result.reading.form == "a folder of Markdown")
        #expect(result.reading.documentCount == 7)
        #expect(result.reading.rejected.isEmpty)
    }

    @Test func documentsHaveTheSchemaOfTouchWiki() throws {
        let folder = try MarkdownFolderFixture()
        try folder.write("---\nupdated_by: jchris\n---\nBody", to: "Page.md", modified: 1_355_033_155_031)
        let page = try #require(try folder.read().document("w:Page"))
        #expect(
            page.body.members.map(\.key) == [
                "_id", "_rev", "type", "wiki_id", "markdown", "created_at", "updated_at", "updated_by", "draft",
            ])
        #expect(page.revisionText == page.body["_rev"]?.stringValue)
        #expect(page.revision?.generation == 1)
        #expect(page.revision?.hash.utf8.count == 32)
        #expect(page.isDeleted == false)
    }

    @Test func frontMatterSetsTitleDraftAndUpdatedByAndStaysInTheMarkdown() throws {
        let folder = try MarkdownFolderFixture()
        try folder.write(
            "---\ntitle: Sync Client\ndraft: false\nupdated_by: jchris\ntags: [sync, mobile]\n---\n# Sync\n\nText\n",
            to: "sync-client.md")
        try folder.write("---\ntitle: \"Plans: 2025\"\ndraft: true\n---\nSecret plans\n", to: "plans.md")
        try folder.write("---\r\ntitle: >\r\n  Windows\r\n  Lines\r\n...\r\nCRLF body\r\n", to: "crlf.md")
        try folder.write("\u{FEFF}---\ntitle: Marked\n---\nAfter a byte order mark", to: "bom.md")
        try folder.write("---\ntitle:\nupdated_by: ~\n---\nNull values", to: "nulls.md")
        try folder.write("---\n---\nEmpty front matter", to: "empty.md")
        let result = try folder.read()
        #expect(
            result.ids == ["w", "w:Marked", "w:Windows Lines", "w:empty", "w:nulls", "w:Plans: 2025", "w:Sync Client"])
        // The page's `markdown` is the file's text, as any tool's document holds it; the model
        // reads the front matter again and leaves it out of the body.
        #expect(
            result.field("markdown", of: "w:Sync Client")
                == "---\ntitle: Sync Client\ndraft: false\nupdated_by: jchris\ntags: [sync, mobile]\n---\n# Sync\n\nText\n"
        )
        #expect(result.field("updated_by", of: "w:Sync Client") == "jchris")
        #expect(result.document("w:Sync Client")?.body["draft"] == .bool(false))
        #expect(result.document("w:Plans: 2025")?.body["draft"] == .bool(true))
        #expect(
            result.field("markdown", of: "w:Windows Lines")
                == "---\r\ntitle: >\r\n  Windows\r\n  Lines\r\n...\r\nCRLF body\r\n")
        #expect(result.field("markdown", of: "w:Marked") == "---\ntitle: Marked\n---\nAfter a byte order mark")
        #expect(result.field("markdown", of: "w:nulls") == "---\ntitle:\nupdated_by: ~\n---\nNull values")
        #expect(result.document("w:nulls")?.body["updated_by"] == nil)
        #expect(result.field("markdown", of: "w:empty") == "---\n---\nEmpty front matter")
        #expect(result.reading.rejected.isEmpty)
    }

    @Test func onlyABlockAtTheVeryTopIsFrontMatter() throws {
        let folder = try MarkdownFolderFixture()
        let codeBlock = "# Config\n\n```yaml\n---\ntitle: Not this\n---\n```\n"
        try folder.write(codeBlock, to: "code.md")
        let thematicBreak = "---\n\nA page that opens with a thematic break.\n"
        try folder.write(thematicBreak, to: "break.md")
        let indented = " ---\ntitle: Indented\n---\ntext"
        try folder.write(indented, to: "indented.md")
        let result = try folder.read()
        #expect(result.ids == ["w", "w:break", "w:code", "w:indented"])
        #expect(result.field("markdown", of: "w:code") == codeBlock)
        #expect(result.field("markdown", of: "w:break") == thematicBreak)
        #expect(result.field("markdown", of: "w:indented") == indented)
    }

    @Test func malformedFrontMatterRejectsTheFileOnly() throws {
        let folder = try MarkdownFolderFixture()
        try folder.write("---\ntitle: ok\nbad: [unclosed\n---\ntext", to: "yaml.md")
        try folder.write("---\n- a list\n---\ntext", to: "list.md")
        try folder.write("---\ndraft: maybe\n---\ntext", to: "draft.md")
        try folder.write("---\ntitle: [a, b]\n---\ntext", to: "title.md")
        try folder.write("---\ntitle: One\ntitle: Two\n---\ntext", to: "twice.md")
        try folder.write("fine", to: "fine.md")
        let result = try folder.read()
        #expect(result.ids == ["w", "w:fine"])
        let rejections = result.rejections(in: folder.path)
        #expect(rejections.count == 5)
        #expect(rejections[0].hasPrefix("draft.md:2: the front matter's `draft` is \"maybe\", not true or false"))
        #expect(rejections[1].hasPrefix("list.md:2: the front matter is a list, not a mapping"))
        #expect(rejections[2].hasPrefix("title.md:2: the front matter's `title` is a list, not a single value"))
        #expect(rejections[3].hasPrefix("twice.md:3: the front matter gives `title` twice"))
        #expect(
            rejections[4].hasPrefix(
                "yaml.md:4: the front matter (between the `---` lines at the top) is not valid YAML"))
        #expect(result.reading.rejected.allSatisfy { $0.documentID == nil })
    }

    @Test func datesComeFromTheModificationTime() throws {
        let folder = try MarkdownFolderFixture()
        try folder.write("a", to: "a.md", modified: 1_355_033_155_031)
        try folder.write("b", to: "b.md", modified: 1_700_000_000_000)
        let result = try folder.read()
        #expect(result.field("created_at", of: "w:a") == "2012-12-09T06:05:55.031Z")
        #expect(result.field("updated_at", of: "w:a") == "2012-12-09T06:05:55.031Z")
        #expect(result.field("updated_at", of: "w:b") == "2023-11-14T22:13:20.000Z")
        // The wiki spans its pages.
        #expect(result.field("created_at", of: "w") == "2012-12-09T06:05:55.031Z")
        #expect(result.field("updated_at", of: "w") == "2023-11-14T22:13:20.000Z")
    }

    @Test func revisionsFollowTheDocument() throws {
        let folder = try MarkdownFolderFixture()
        try folder.write("a", to: "a.md", modified: 1_600_000_000_000)
        try folder.write("b", to: "b.md", modified: 1_600_000_000_000)
        let first = try folder.read()
        let again = try folder.read()
        #expect(first.documents.map(\.revisionText) == again.documents.map(\.revisionText))
        #expect(first.field("_rev", of: "w:a") != first.field("_rev", of: "w:b"))

        try folder.write("a changed", to: "a.md", modified: 1_600_000_000_000)
        let edited = try folder.read()
        #expect(edited.field("_rev", of: "w:a") != first.field("_rev", of: "w:a"))
        #expect(edited.field("_rev", of: "w:b") == first.field("_rev", of: "w:b"))

        try folder.setModified("b.md", 1_600_000_001_000)
        let touched = try folder.read()
        #expect(touched.field("_rev", of: "w:b") != first.field("_rev", of: "w:b"))
    }

    @Test func readingIsDeterministic() throws {
        let names = ["b/z.md", "a.md", "b.md", "a-b.md", "a/b.md", "Z.md", "é.md", "_x.md"]
        var bodies: [[String]] = []
        for order in [names, names.reversed()] {
            let folder = try MarkdownFolderFixture()
            for name in order { try folder.write("text of \(name)", to: name, modified: 1_500_000_000_000) }
            let result = try folder.read()
            bodies.append(result.documents.map { JSONWriter.text(.object($0.body)) })
            #expect(result.ids == ["w", "w:Z", "w:_x", "w:a-b", "w:a", "w:a/b", "w:b", "w:b/z", "w:é"])
        }
        #expect(bodies[0] == bodies[1])
    }

    @Test func symbolicLinksAndHiddenEntriesAreSkipped() throws {
        let folder = try MarkdownFolderFixture()
        let outside = try MarkdownFolderFixture()
        try outside.write("secret", to: "secret.md")
        try outside.write("secret too", to: "dir/inner.md")
        try folder.write("real", to: "docs/real.md")
        try folder.write("hidden", to: ".hidden.md")
        try folder.write("git", to: ".git/HEAD.md")
        try folder.write("obsidian", to: "docs/.obsidian/workspace.md")
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: folder.path + "/docs/alias.md", withDestinationPath: "real.md")
        try manager.createSymbolicLink(
            atPath: folder.path + "/leak.md", withDestinationPath: outside.path + "/secret.md")
        try manager.createSymbolicLink(atPath: folder.path + "/linked", withDestinationPath: outside.path + "/dir")
        try manager.createSymbolicLink(atPath: folder.path + "/loop", withDestinationPath: ".")
        let result = try folder.read()
        #expect(result.ids == ["w", "w:docs/real"])
        #expect(result.reading.rejected.isEmpty)
    }

    @Test func aFolderGivenAsALinkIsRead() throws {
        let folder = try MarkdownFolderFixture()
        try folder.write("text", to: "real/page.md")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: "real")
        let result = try folder.read("link")
        #expect(result.ids == ["w", "w:page"])
    }

    @Test func duplicateTitlesAreRejected() throws {
        let folder = try MarkdownFolderFixture()
        try folder.write("the real one", to: "Install.md")
        try folder.write("---\ntitle: Install\n---\nanother", to: "a/other.md")
        try folder.write("---\ntitle: Shared\n---\nfirst", to: "b/one.md")
        try folder.write("---\ntitle: Shared\ndraft: true\n---\nsecond", to: "b/two.md")
        let result = try folder.read()
        #expect(result.ids == ["w", "w:Install", "w:Shared"])
        #expect(result.field("markdown", of: "w:Install") == "the real one")
        #expect(result.field("markdown", of: "w:Shared") == "---\ntitle: Shared\n---\nfirst")
        #expect(
            result.rejections(in: folder.path) == [
                "a/other.md: \"w:Install\": its title \"Install\" is already that of \"\(folder.path)/Install.md\", "
                    + "which keeps it; give this file another `title:` in its front matter, or rename it",
                "b/two.md: \"w:Shared\": its title \"Shared\" is already that of \"\(folder.path)/b/one.md\", "
                    + "which keeps it; give this file another `title:` in its front matter, or rename it",
            ])
    }

    @Test func invalidUTF8IsRejected() throws {
        let folder = try MarkdownFolderFixture()
        try folder.write(bytes: Array("line one\nline two \u{1}\n".utf8) + [0xFF, 0x0A], to: "latin.md")
        try folder.write(bytes: Array("x".utf8), to: "ok.md")
        let nameBytes = Array(folder.path.utf8) + Array("/bad".utf8) + [0xFF] + Array(".md".utf8) + [0]
        let descriptor = nameBytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let result = try folder.read()
        #expect(result.ids == ["w", "w:ok"])
        #expect(
            result.rejections(in: folder.path) == [
                "bad\u{FFFD}.md: its name is not valid UTF-8, so it has no title; rename it",
                "latin.md:3: it is not valid UTF-8 text; save it as UTF-8 (the encoding of every Markdown file)",
            ])
    }

    @Test func aPipeNamedLikeMarkdownIsRejectedNotOpened() throws {
        let folder = try MarkdownFolderFixture()
        #expect(mkfifo(folder.path + "/pipe.md", 0o644) == 0)
        let result = try folder.read()
        #expect(result.ids == ["w"])
        #expect(
            result.rejections(in: folder.path) == [
                "pipe.md: it is not a regular file (a pipe, a socket or a device); it is left out"
            ])
    }

    @Test func theHomeFileIsTheWikisDescription() throws {
        let folder = try MarkdownFolderFixture()
        try folder.write("---\ntitle: Team Docs\n---\nWelcome. See [[Install]].", to: "index.md")
        try folder.write("readme", to: "README.md")
        try folder.write("sub index", to: "guide/index.md")
        let result = try folder.read()
        #expect(result.ids == ["w", "w:README", "w:guide/index"])
        #expect(result.field("title", of: "w") == "Team Docs")
        #expect(result.field("markdown", of: "w") == "Welcome. See [[Install]].")
        #expect(result.document("w")?.origin.source == folder.path + "/index.md")

        let configured = try folder.read(title: "Configured")
        #expect(configured.field("title", of: "w") == "Configured")
    }

    @Test func theReadmeIsTheHomeWhenThereIsNoIndex() throws {
        let folder = try MarkdownFolderFixture()
        try folder.write("# Project\n", to: "README.md")
        try folder.write("page", to: "page.md")
        let result = try folder.read()
        #expect(result.ids == ["w", "w:page"])
        #expect(result.field("markdown", of: "w") == "# Project\n")
        #expect(result.document("w")?.body["title"] == nil)
    }

    @Test func aDraftHomeIsLeftOut() throws {
        let folder = try MarkdownFolderFixture()
        try folder.write("---\ntitle: Secret\ndraft: true\n---\nnot yet", to: "index.md", modified: 1_900_000_000_000)
        try folder.write("page", to: "page.md", modified: 1_600_000_000_000)
        let wiki = try #require(try folder.read().document("w"))
        #expect(wiki.body["markdown"] == nil)
        #expect(wiki.body["title"] == nil)
        #expect(wiki.body["updated_at"]?.stringValue == "2020-09-13T12:26:40.000Z")
    }

    @Test func theWikiIDDefaultsToTheFolderName() throws {
        let folder = try MarkdownFolderFixture()
        try folder.write("x", to: "team-docs/page.md")
        let result = try folder.read("team-docs", wikiID: nil)
        #expect(result.ids == ["team-docs", "team-docs:page"])
        let dotted = MarkdownFolderSource(folder: folder.path + "/team-docs/.")
        #expect(try dotted.resolvedWikiID() == "team-docs")
    }

    @Test func unusableFoldersAndIDsThrow() throws {
        let folder = try MarkdownFolderFixture()
        try folder.write("x", to: "file.md")
        let missing = #expect(throws: MarkdownFolderError.self) { try folder.read("nope") }
        #expect(
            missing?.description
                == "\(folder.path)/nope: cannot read the folder of Markdown files: No such file or directory")
        let file = #expect(throws: MarkdownFolderError.self) { try folder.read("file.md") }
        #expect(file?.message == "cannot read the folder of Markdown files: it is not a folder")
        let colon = #expect(throws: MarkdownFolderError.self) { try folder.read(wikiID: "a:b") }
        #expect(
            colon?.message
                == "the wiki ID \"a:b\" holds a colon, which separates a page's wiki from its title: "
                + "configure an ID for the wiki (letters, digits, dashes)")
        try folder.write("x", to: "a:b/page.md")
        let folderName = #expect(throws: MarkdownFolderError.self) { try folder.read("a:b", wikiID: nil) }
        #expect(
            folderName?.message.hasPrefix("the folder's name \"a:b\", the wiki's ID when none is configured,") == true)
    }

    @Test func sourceNamesThatNameAFolder() throws {
        let folder = try MarkdownFolderFixture()
        let file = try folder.write("{}", to: "dump.json")
        #expect(MarkdownFolderSource.folder(named: folder.path) == folder.path)
        #expect(MarkdownFolderSource.folder(named: "markdown:docs") == "docs")
        #expect(MarkdownFolderSource.folder(named: "markdown:" + file) == file)
        #expect(MarkdownFolderSource.folder(named: file) == nil)
        #expect(MarkdownFolderSource.folder(named: folder.path + "/missing") == nil)
    }
}
