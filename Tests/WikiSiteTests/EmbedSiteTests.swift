import Foundation
import TemporaryFolders
import Testing

/// End to end: `![[…]]` embeds in a built site, through the real CLI: sections, nesting and its
/// bound, cycles, missing pages and attachments, drafts and other wikis that must not leak, and
/// attachments written beside their page, whatever their names say.
@Suite("embeds")
struct EmbedSiteTests {
    static let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
    static let pdf = Data("%PDF-1.4 not really".utf8).base64EncodedString()
    static let html = Data("<script>alert(1)</script>".utf8).base64EncodedString()

    static let main = """
        # Main

        MAIN-INTRO

        ![[Guide#Install]]

        ![[Chain A]]

        ![[Loop]]

        See ![[Nowhere]] and ![[Secret]] and ![[Other wiki page]].

        ![[logo.png|The logo]] ![[report.pdf]] ![[evil.html]] ![[../../escape.png]] ![[lost.png]] ![[broken.png]]
        """

    /// One wiki (`1234`) whose page `Main` embeds everything, and a second wiki (`other`).
    static func dump(in folder: TemporaryFolder) throws -> String {
        var fixture = WikiFixture()
        fixture.pages = [
            WikiFixture.Page(
                title: "Main", markdown: main,
                attachments: [
                    "logo.png": ("image/png", png), "report.pdf": ("application/pdf", pdf),
                    "evil.html": ("text/html", html), "../../escape.png": ("image/png", png),
                    "broken.png": ("image/png", "not*base64"),
                ]),
            WikiFixture.Page(
                title: "Guide",
                markdown: "# Guide\n\nGUIDE-INTRO\n\n## Install\n\nINSTALL-STEPS\n\n## Usage\n\nUSAGE-TEXT\n"),
            WikiFixture.Page(title: "Chain A", markdown: "A-TEXT\n\n![[Chain B]]"),
            WikiFixture.Page(title: "Chain B", markdown: "B-TEXT\n\n![[Chain C]]"),
            WikiFixture.Page(title: "Chain C", markdown: "C-TEXT\n\n![[Chain D]]"),
            WikiFixture.Page(title: "Chain D", markdown: "D-TEXT"),
            WikiFixture.Page(title: "Loop", markdown: "LOOP-TEXT\n\n![[Main]]"),
            WikiFixture.Page(title: "Secret", markdown: "DRAFT-SECRET", draft: true),
        ]
        let other: [[String: Any]] = [
            ["_id": "other", "_rev": "1-a", "type": "wiki", "title": "Other"],
            [
                "_id": "other:Other wiki page", "_rev": "1-a", "type": "page", "wiki_id": "other",
                "markdown": "OTHER-WIKI-TEXT",
            ],
        ]
        return try fixture.write(to: folder, order: fixture.documents + other)
    }

    /// Builds the dump into `<folder>/<out>` and returns the site.
    static func build(_ dump: String, in folder: TemporaryFolder, out: String = "site") throws -> SiteFiles {
        let run = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path(out)])
        #expect(run.status == 0, "\(run.standardError)")
        // Attachment data that is not base64 is left out, with a warning naming the page and it.
        #expect(
            run.standardOutput.contains(
                "\"1234:Main\": attachment \"broken.png\" skipped: field \"data\" is not valid base64"),
            "\(run.standardOutput)")
        return SiteFiles(root: folder.url.appendingPathComponent(out))
    }

    @Test func pagesSectionsNestingAndCycles() throws {
        let folder = try TemporaryFolder()
        let site = try Self.build(try Self.dump(in: folder), in: folder)
        let file = try site.pageFile("Main", in: "1234")
        let main = try site.html(file)

        // The section only, framed, with a link to its source.
        #expect(main.contains("INSTALL-STEPS"))
        #expect(!main.contains("GUIDE-INTRO") && !main.contains("USAGE-TEXT"))
        let sources = HTMLElements.parse(main).filter { $0.attributes["class"] == "embed" && $0.name == "div" }
        #expect(sources.count == 5, "Guide#Install, Chain A, B, C and Loop")
        let guideLink = try #require(HTMLElements.elements("a", in: main).first { $0.text == "Guide#Install" })
        #expect(
            try site.resolve(try #require(guideLink.attributes["href"]), from: file)
                == site.pageFile("Guide", in: "1234"))
        #expect(guideLink.attributes["href"]?.hasSuffix("#install") == true)

        // Three levels, then a note.
        for text in ["A-TEXT", "B-TEXT", "C-TEXT"] { #expect(main.contains(text)) }
        #expect(!main.contains("D-TEXT"))
        #expect(main.contains("(not shown here: embeds nest at most 3 deep)"))

        // A page never shows itself.
        #expect(main.contains("LOOP-TEXT"))
        #expect(main.contains("(not shown here: it would show a page inside itself)"))
        #expect(main.components(separatedBy: "MAIN-INTRO").count == 2)

        // Embedded headings keep no ids: the page's own ids stay unique.
        let ids = HTMLElements.parse(main).compactMap { $0.attributes["id"] }
        #expect(Set(ids).count == ids.count)
    }

    @Test func missingPagesDraftsAndOtherWikisAreMissing() throws {
        let folder = try TemporaryFolder()
        let site = try Self.build(try Self.dump(in: folder), in: folder)
        let main = try site.html(try site.pageFile("Main", in: "1234"))
        for title in ["Nowhere", "Secret", "Other wiki page"] {
            let link = try #require(HTMLElements.elements("a", in: main).first { $0.text == title }, "\(title)")
            #expect(link.attributes["class"] == "wikilink missing", "\(title)")
        }
        #expect(!main.contains("OTHER-WIKI-TEXT"))
        for file in FileManager.default.subpaths(atPath: site.root.path) ?? [] where file.hasSuffix(".html") {
            #expect(!(try site.html(file)).contains("DRAFT-SECRET"), "\(file) leaks the draft")
        }
        for name in ["lost.png", "broken.png"] {
            let missing = try #require(HTMLElements.elements("span", in: main).first { $0.text == name })
            #expect(missing.attributes["class"] == "embed missing")
        }
    }

    @Test func attachmentsAreWrittenBesideThePage() throws {
        let folder = try TemporaryFolder()
        let site = try Self.build(try Self.dump(in: folder), in: folder)
        let file = try site.pageFile("Main", in: "1234")
        let main = try site.html(file)
        let attachmentFolder = String(file.dropLast(".html".count)) + ".files"

        let image = try #require(HTMLElements.elements("img", in: main).first { $0.attributes["alt"] == "The logo" })
        let imagePath = try site.resolve(try #require(image.attributes["src"]), from: file)
        #expect(imagePath == attachmentFolder + "/logo.png")
        #expect(try Data(contentsOf: site.root.appendingPathComponent(imagePath)) == Data(base64Encoded: Self.png))

        let links = HTMLElements.elements("a", in: main).filter { $0.attributes["class"] == "embed-file" }
        #expect(links.map(\.text) == ["report.pdf", "evil.html"])
        let pdf = try site.resolve(try #require(links[0].attributes["href"]), from: file)
        #expect(try Data(contentsOf: site.root.appendingPathComponent(pdf)) == Data(base64Encoded: Self.pdf))
        // An HTML attachment is published as bytes a server will not run as a page.
        let evil = try site.resolve(try #require(links[1].attributes["href"]), from: file)
        #expect(evil.hasPrefix(attachmentFolder + "/") && evil.hasSuffix(".bin"))
        #expect(try Data(contentsOf: site.root.appendingPathComponent(evil)) == Data(base64Encoded: Self.html))

        // A hostile name stays one file inside the page's folder; nothing is written outside.
        let escape = try #require(
            HTMLElements.elements("img", in: main).first { $0.attributes["alt"] == "../../escape.png" })
        let escapePath = try site.resolve(try #require(escape.attributes["src"]), from: file)
        #expect(escapePath.hasPrefix(attachmentFolder + "/"))
        #expect(escapePath.split(separator: "/").count == 3)
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent(escapePath).path))
        let written = try FileManager.default.contentsOfDirectory(
            atPath: site.root.appendingPathComponent(attachmentFolder).path)
        #expect(written.count == 4)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
                ".wikisite", "fixture.json", "site",
            ])
    }

    @Test func embedsAreLinksForBacklinksAndWantedPages() throws {
        let folder = try TemporaryFolder()
        let site = try Self.build(try Self.dump(in: folder), in: folder)
        let guide = try site.html(try site.pageFile("Guide", in: "1234"))
        let backlinks = HTMLElements.elements("a", in: guide).map(\.text)
        #expect(backlinks.contains("Main"))
        let wanted = HTMLElements.elements("a", in: try site.html("1234/_special/wanted-pages.html")).map(\.text)
        #expect(wanted.contains("Nowhere"))
        #expect(!wanted.contains("lost.png"), "a missing attachment is not a wanted page")
    }

    @Test func buildsAreDeterministic() throws {
        let folder = try TemporaryFolder()
        let dump = try Self.dump(in: folder)
        let first = try Self.build(dump, in: folder, out: "one")
        let second = try Self.build(dump, in: folder, out: "two")
        let files = folder.files(under: "one")
        #expect(files == folder.files(under: "two"))
        for file in files {
            #expect(
                try Data(contentsOf: first.root.appendingPathComponent(file))
                    == Data(contentsOf: second.root.appendingPathComponent(file)), "\(file)")
        }
    }

    @Test func checkReportsBrokenEmbeds() throws {
        let folder = try TemporaryFolder()
        let run = try WikisiteCLI.run(["check", "--source", try Self.dump(in: folder)])
        #expect(run.status == 1)
        let output = run.standardOutput
        #expect(output.contains("embed ![[Nowhere]] leads to a page that does not exist"), "\(output)")
        #expect(output.contains("embed ![[Secret]] leads to a draft"))
        #expect(output.contains("embed ![[lost.png]]: this page has no attachment of that name"))
        #expect(
            output.contains(
                "embed ![[broken.png]]: the attachment is not published: field \"data\" is not valid base64"))
        #expect(!output.contains("logo.png"))
    }
}
