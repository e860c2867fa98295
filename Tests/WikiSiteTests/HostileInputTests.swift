import Foundation
import TemporaryFolders
import Testing

/// End to end: the hostile-input corpus in `Tests/HostileCorpus/` (its README lists each case).
/// Every case asserts the exact outcome: published safely, or skipped with a warning naming the
/// document and the reason, while the rest of the build goes on.
@Suite("hostile documents")
struct HostileInputTests {
    static func corpus(_ name: String) -> String {
        WikisiteCLI.repositoryRoot.appendingPathComponent("Tests/HostileCorpus").appendingPathComponent(name).path
    }

    /// Every entry below `root` (files, folders and links), relative, sorted.
    static func tree(_ root: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return (enumerator.allObjects as? [String] ?? []).sorted()
    }

    /// Builds `dump` into `<root>/site` and returns the run.
    static func build(_ dump: String, in folder: TemporaryFolder, _ extra: [String] = []) throws -> WikisiteCLI.Result {
        try WikisiteCLI.run(["build", "--source", corpus(dump), "--out", folder.path("site")] + extra)
    }

    @Test func hostileTitlesAndIDsStayInsideTheirWikiFolder() throws {
        let folder = try TemporaryFolder()
        let run = try Self.build("paths.json", in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Published 2 wikis, 21 pages"))
        let entries = Self.tree(folder.url)
        // Everything the build made is below site/ (and its state folder beside it).
        #expect(entries.allSatisfy { $0.hasPrefix("site") || $0.hasPrefix(".wikisite") })
        for entry in entries where entry.hasPrefix("site/") {
            let components = entry.split(separator: "/", omittingEmptySubsequences: false)
            #expect(components.count <= 4, "\(entry) is deeper than a site file can be")
            #expect(components.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." })
            #expect(components.allSatisfy { $0.utf8.count <= 255 })
            #expect(!entry.contains("\\"))
        }
        let wikiFolder = folder.files(under: "site/hostile").filter { !$0.contains("/") && $0 != "index.html" }
        #expect(wikiFolder.count == 20, "each of the 20 titles has its own file: \(wikiFolder)")
        let lowered = Set(wikiFolder.map { $0.lowercased() })
        #expect(lowered.count == wikiFolder.count, "two files differ only in letter case")
        #expect(!FileManager.default.fileExists(atPath: folder.path("escape")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("outside")))
    }

    @Test func unpublishableIDsAreSkippedWithTheirReason() throws {
        let folder = try TemporaryFolder()
        let output = try Self.build("paths.json", in: folder).standardOutput
        #expect(output.contains("the document's _id is empty"))
        #expect(output.contains("\"with:colon\": its _id contains a colon"))
        for title in [
            #"hostile:nul\u{0}byte"#, #"hostile:bell\u{7}ring"#, #"hostile:esc\u{1B}[31mred"#, #"hostile:tab\u{9}here"#,
        ] {
            #expect(output.contains("\"\(title)\": its title contains control characters"), "\(title)")
        }
        #expect(!output.unicodeScalars.contains { $0.value == 0x1B }, "a title drove the terminal")
    }

    @Test func nothingIsWrittenThroughALinkPlantedInTheOutputFolder() throws {
        let folder = try TemporaryFolder()
        let outside = folder.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("site"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("site/hostile"), withDestinationPath: outside.path)
        let run = try Self.build("paths.json", in: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("symbolic link"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test func aLinkPlantedAtAFileIsReplacedAndItsTargetUntouched() throws {
        let folder = try TemporaryFolder()
        let target = try folder.write("precious", to: "precious.txt")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("site"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("site/index.html"), withDestinationPath: target)
        let run = try Self.build("paths.json", in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path("site/index.html"))
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }

    @Test func noFieldCanInjectScript() throws {
        let folder = try TemporaryFolder()
        let run = try Self.build("injection.json", in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let files = folder.files(under: "site").filter { $0.hasSuffix(".html") }
        #expect(files.count >= 4)
        for file in files {
            let elements = HTMLElements.parse(try folder.read("site/" + file))
            for element in elements where !element.isThemeSearchScript {
                #expect(
                    !["script", "svg", "iframe", "object", "embed"].contains(element.name), "\(file): <\(element.name)>"
                )
                for (name, value) in element.attributes {
                    #expect(!name.hasPrefix("on"), "\(file): <\(element.name) \(name)=…>")
                    let scheme = value.lowercased().filter { !$0.isWhitespace }
                    for bad in ["javascript:", "vbscript:", "file:", "data:"] {
                        #expect(!scheme.hasPrefix(bad), "\(file): \(name)=\(value)")
                    }
                }
            }
        }
        let home = try folder.read("site/hostile/index.html")
        #expect(home.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "the wiki title shows as text")
        // Attachments that a browser could run are published as bytes, behind download links;
        // the SVG is published cleaned, as an image.
        let attachments = folder.files(under: "site").filter { $0.contains(".files/") }
        #expect(attachments.count == 3, "\(attachments)")
        #expect(attachments.filter { $0.hasSuffix(".bin") }.count == 1, "the HTML: \(attachments)")
        let drawing = try folder.read("site/" + (try #require(attachments.first { $0.hasSuffix("/drawing.svg") })))
        #expect(!drawing.contains("script") && !drawing.contains("onload"), "\(drawing)")
        let embedderFile = folder.files(under: "site/hostile").first {
            $0.hasPrefix("Embedder") && $0.hasSuffix(".html")
        }
        let embedder = try folder.read("site/hostile/" + (try #require(embedderFile)))
        let downloads = HTMLElements.elements("a", in: embedder).filter { $0.attributes["class"] == "embed-file" }
        #expect(downloads.count == 2)
        #expect(
            HTMLElements.elements("img", in: embedder).contains {
                $0.attributes["src"]?.hasSuffix("drawing.svg") == true
            })
        #expect(embedder.contains("&lt;friends onload=alert(3)</a>"), "the embed's label shows as text")
    }

    @Test func brokenDocumentsAreSkippedWithReasonsAndTheRestPublished() throws {
        let folder = try TemporaryFolder()
        let run = try Self.build("broken-data.json", in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let output = run.standardOutput
        let expectations = [
            "\"hostile:Number markdown\": field \"markdown\" is a number, expected a string",
            "\"hostile:Object markdown\": field \"markdown\" is an object, expected a string",
            "\"hostile:Bad draft\": field \"draft\" is a string",
            "\"hostile:No rev\": it has no \"_rev\"",
            "\"hostile:Bad rev\": its \"_rev\" \"banana\" is not of the form N-hash",
            "\"hostile:Zero rev\": its \"_rev\" \"0-abc\" is not of the form N-hash",
            "\"members-string\": field \"members\" is a string, expected an array of strings",
            "its _id held invalid text",
        ]
        for expected in expectations { #expect(output.contains(expected), "\(expected)") }
        // The same _id as a page (generation 1) and a wiki (generation 2): the winner decides.
        #expect(output.contains("\"hostile:Same id\": its _id contains a colon"))
        let published = folder.files(under: "site/hostile").filter { !$0.contains("/") && $0 != "index.html" }
        #expect(published.count == 6, "\(published)")
        let lone = try folder.read("site/hostile/" + (try #require(published.first { $0.hasPrefix("Lone") })))
        #expect(lone.contains("half \u{FFFD} a pair"))
        let nul = try folder.read("site/hostile/" + (try #require(published.first { $0.hasPrefix("Nul") })))
        #expect(nul.contains("before\u{FFFD}after"))
    }

    @Test func draftsAndUnselectedWikisLeaveNoTrace() throws {
        let folder = try TemporaryFolder()
        let run = try Self.build("leaks.json", in: folder, ["--wiki", "hostile"])
        #expect(run.status == 0, "\(run.standardError)")
        // The published page's own link to the draft shows its link text, as any missing link
        // does; nothing of the draft itself, and nothing of the unselected wiki, is published.
        let secrets = [
            "DRAFT-CONTENT-7f3a", "PRIVATE-WIKI-TITLE-91c2", "PRIVATE-DESCRIPTION", "PRIVATE-PAGE-CONTENT-4d1e",
            "PRIVATE-SAME-TITLE-CONTENT",
        ]
        let files = folder.files(under: "site")
        #expect(!files.contains { $0.hasPrefix("private/") || $0.hasPrefix("hostile/Secret") })
        for file in files {
            let text = try folder.read("site/" + file)
            for secret in secrets { #expect(!text.contains(secret), "\(file) leaks \(secret)") }
        }
        // A link to the draft is a link to a missing page, styled like any other.
        let page = try folder.read(
            "site/hostile/" + (try #require(folder.files(under: "site/hostile").first { $0.hasPrefix("Plain") })))
        let links = HTMLElements.elements("a", in: page).filter { $0.text == "Secret draft" }
        #expect(links.count == 2, "the link and the embed")
        #expect(links.allSatisfy { $0.attributes["class"] == "wikilink missing" })
        let across = HTMLElements.elements("a", in: page).filter { $0.text == "Other wiki page" }
        #expect(across.count == 2, "the link and the embed")
        #expect(across.allSatisfy { $0.attributes["class"] == "wikilink missing" })
    }
}
