import Foundation
import TemporaryFolders
import Testing

/// End to end: `wikisite check`, its categories, levels, formats and exit codes, and
/// `wikisite build --strict` with the same levels.
@Suite("wikisite check")
struct CheckCommandTests {
    /// A wiki made to hold one finding of every category, one document a line (bulk docs).
    static let purposeMade = """
        {"docs":[
        {"_id":"w","_rev":"1-a","type":"wiki","title":"Check Me","markdown":"Home: [[Missing Home]] [[#Nope]]\\n\\n## Top\\n"},
        {"_id":"w:Alpha","_rev":"1-a","type":"page","wiki_id":"w","markdown":"# Alpha\\n\\n[[Beta#Gamma]] [[Beta#Delta]]\\n[[alpha]] [[Draft Page]]\\n[[#Alpha]] [[#Nope]] [[#Nope]]\\n"},
        {"_id":"w:Beta","_rev":"1-a","type":"page","wiki_id":"w","markdown":"the losing revision"},
        {"_id":"w:beta","_rev":"1-a","type":"page","wiki_id":"w","markdown":"lowercase beta"},
        {"_id":"w:Draft Page","_rev":"1-a","type":"page","wiki_id":"w","draft":true,"markdown":"not yet"},
        {"_id":"w:Bad","_rev":"1-a","type":"page","wiki_id":"w","markdown":7},
        {"_id":"w:Beta","_rev":"1-b","type":"page","wiki_id":"w","markdown":"## Gamma\\n","_attachments":{"x.png":{"content_type":"image/png"}}},
        {"_id":"lost:Page","_rev":"1-a","type":"page","wiki_id":"lost","markdown":"no wiki"}
        ]}
        """

    /// A finding of the JSON report, reduced to what identifies it.
    struct Finding: Equatable, CustomStringConvertible {
        let category: String
        let level: String
        let wiki: String?
        let document: String
        let page: String?
        let line: Int?
        let sourceLine: Int?
        let target: String?
        let suggestions: [String]

        init(
            _ category: String, _ level: String = "error", wiki: String?, document: String, page: String? = nil,
            line: Int? = nil, sourceLine: Int?, target: String? = nil, suggestions: [String] = []
        ) {
            self.category = category
            self.level = level
            self.wiki = wiki
            self.document = document
            self.page = page
            self.line = line
            self.sourceLine = sourceLine
            self.target = target
            self.suggestions = suggestions
        }

        init(json: [String: Any]) {
            let target = json["target"] as? [String: Any]
            self.init(
                json["category"] as? String ?? "?", json["level"] as? String ?? "?", wiki: json["wiki"] as? String,
                document: json["document"] as? String ?? "?", page: json["page"] as? String,
                line: json["line"] as? Int, sourceLine: json["source_line"] as? Int,
                target: target.map { ($0["page"] as? String ?? "") + "#" + ($0["heading"] as? String ?? "") },
                suggestions: json["suggestions"] as? [String] ?? [])
        }

        var description: String {
            "\(category)/\(level) \(wiki ?? "-") \(document) \(page ?? "-"):\(line ?? 0) → \(target ?? "-") "
                + "\(suggestions) @\(sourceLine ?? 0)"
        }
    }

    /// The JSON report of `check` on `arguments`, parsed.
    func jsonReport(_ arguments: [String], in folder: URL? = nil) throws -> (status: Int32, report: [String: Any]) {
        let run = try WikisiteCLI.run(["check", "--format", "json"] + arguments, in: folder)
        let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
        return (run.status, try #require(object as? [String: Any], "\(run.standardOutput)\(run.standardError)"))
    }

    func findings(_ report: [String: Any]) -> [Finding] {
        (report["findings"] as? [[String: Any]] ?? []).map(Finding.init(json:))
    }

    @Test func everyCategoryOnAPurposeMadeWiki() throws {
        let folder = try TemporaryFolder()
        let dump = try folder.write(Self.purposeMade, to: "wiki.json")
        let (status, report) = try jsonReport(["--source", dump])
        #expect(status == 1)
        let expected = [
            Finding("skipped_document", wiki: "w", document: "w:Bad", sourceLine: 7),
            Finding("skipped_attachment", wiki: "w", document: "w:Beta", sourceLine: 8),
            Finding("conflict", wiki: "w", document: "w:Beta", sourceLine: 8),
            Finding(
                "missing_page", wiki: "w", document: "w", line: 1, sourceLine: 2, target: "Missing Home#"),
            Finding("missing_heading", wiki: "w", document: "w", line: 1, sourceLine: 2, target: "#Nope"),
            Finding(
                "missing_heading", wiki: "w", document: "w:Alpha", page: "Alpha", line: 3, sourceLine: 3,
                target: "Beta#Delta"),
            Finding(
                "missing_page", wiki: "w", document: "w:Alpha", page: "Alpha", line: 4, sourceLine: 3,
                target: "alpha#", suggestions: ["Alpha"]),
            Finding(
                "draft_link", wiki: "w", document: "w:Alpha", page: "Alpha", line: 4, sourceLine: 3,
                target: "Draft Page#"),
            Finding(
                "missing_heading", wiki: "w", document: "w:Alpha", page: "Alpha", line: 5, sourceLine: 3,
                target: "#Nope"),
            Finding("title_collision", "warning", wiki: "w", document: "w:Beta", page: "Beta", sourceLine: 8),
            Finding("skipped_document", wiki: nil, document: "lost:Page", sourceLine: 9),
        ]
        #expect(findings(report) == expected)
        #expect(report["format"] as? String == "wikisite-check")
        #expect(report["version"] as? Int == 1)
        #expect(report["errors"] as? Int == 10)
        #expect(report["warnings"] as? Int == 1)
        #expect(report["documents"] as? Int == 8)
        let wikis = try #require(report["wikis"] as? [[String: Any]])
        #expect(wikis.count == 1)
        #expect(wikis.first?["id"] as? String == "w")
        #expect(wikis.first?["title"] as? String == "Check Me")
        #expect(wikis.first?["pages"] as? Int == 3)
        #expect(wikis.first?["errors"] as? Int == 9)
        #expect(wikis.first?["warnings"] as? Int == 1)
        let levels = try #require(report["levels"] as? [String: String])
        #expect(levels["missing_page"] == "error")
        #expect(levels["title_collision"] == "warning")
        let collision = try #require(
            (report["findings"] as? [[String: Any]])?.first { $0["category"] as? String == "title_collision" })
        #expect(collision["titles"] as? [String] == ["Beta", "beta"])
        #expect(collision["line"] is NSNull)
        #expect(collision["source"] as? String == dump)
    }

    @Test func levelsFromTheConfigurationDecideTheExitStatus() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.purposeMade, to: "wiki.json")
        // Beside the dump: found without --config.
        try folder.write(
            """
            [check]
            missing_page = "warning"
            missing_heading = "warning"
            draft_link = "ignore"
            skipped_document = "warning"
            skipped_attachment = "ignore"
            conflict = "warning"
            title_collision = "ignore"
            """, to: "wikisite.toml")
        let (status, report) = try jsonReport(["--source", folder.path("wiki.json")])
        #expect(status == 0)
        #expect(report["errors"] as? Int == 0)
        #expect(report["warnings"] as? Int == 8)
        let categories = Set(findings(report).map(\.category))
        #expect(!categories.contains("draft_link") && !categories.contains("title_collision"))
        #expect(!categories.contains("skipped_attachment"))
        #expect(findings(report).allSatisfy { $0.level == "warning" })

        try folder.write("[check]\ndraft_link = \"error\"\nmissing_page = \"ignore\"\n", to: "wikisite.toml")
        let strictAboutDrafts = try jsonReport(["--source", folder.path("wiki.json")])
        #expect(strictAboutDrafts.status == 1)
        #expect(!findings(strictAboutDrafts.report).contains { $0.category == "missing_page" })
    }

    @Test func textFormatListsFindingsPerWiki() throws {
        let folder = try TemporaryFolder()
        let dump = try folder.write(Self.purposeMade, to: "wiki.json")
        let run = try WikisiteCLI.run(["check", "--source", dump])
        #expect(run.status == 1)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "wiki \"w\" \"Check Me\" (3 pages): 9 errors, 1 warning")
        #expect(
            lines.contains(
                "  \(dump):3: error: page \"Alpha\", line 4: link [[alpha]] leads to a page that does not exist; "
                    + "did you mean \"Alpha\"? (links match titles exactly, letter case and Unicode form included) "
                    + "[missing_page]"))
        #expect(
            lines.contains(
                "  \(dump):3: error: page \"Alpha\", line 4: link [[Draft Page]] leads to a draft, which is not "
                    + "published: publish the page or remove the link [draft_link]"))
        #expect(
            lines.contains(
                "  \(dump):2: error: home page, line 1: link [[#Nope]]: the home page has no heading \"Nope\" "
                    + "[missing_heading]"))
        #expect(lines.contains("documents of no published wiki: 1 error, 0 warnings"))
        #expect(lines.last == "Checked 1 wiki, 3 pages (from 8 documents): 10 errors, 1 warning.")
    }

    @Test func githubFormatAnnotatesTheDump() throws {
        let folder = try TemporaryFolder()
        let dump = try folder.write(Self.purposeMade, to: "wiki.json")
        let run = try WikisiteCLI.run(["check", "--source", dump, "--format", "github"])
        #expect(run.status == 1)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 12)
        #expect(
            lines.contains(
                "::error file=\(dump),line=3,title=wikisite check%3A draft_link::page \"Alpha\", line 4: link "
                    + "[[Draft Page]] leads to a draft, which is not published: publish the page or remove the link"))
        #expect(
            lines.contains {
                $0.hasPrefix("::warning file=\(dump),line=8,title=wikisite check%3A title_collision::page \"Beta\": ")
            })
        #expect(lines.last == "wikisite check: 10 errors, 1 warning")
    }

    @Test func touchwikiExampleEndToEnd() throws {
        let touchwiki = WikisiteCLI.example("touchwiki.json")
        let (status, report) = try jsonReport(["--source", touchwiki])
        #expect(status == 1)
        let mobile = "5737529525067657"
        let cuisine = "8831204477120935"
        let expected = [
            Finding("skipped_document", wiki: mobile, document: "\(mobile):Broken Types", sourceLine: 7),
            Finding("skipped_document", wiki: mobile, document: "\(mobile):Misfiled", sourceLine: 9),
            Finding("conflict", wiki: mobile, document: "\(mobile):Replication", sourceLine: 12),
            Finding(
                "title_collision", "warning", wiki: mobile, document: "\(mobile):REST API", page: "REST API",
                sourceLine: 11),
            Finding(
                "missing_page", wiki: mobile, document: "\(mobile):Welcome", page: "Welcome", line: 12, sourceLine: 18,
                target: "Old Build Notes#"),
            Finding(
                "missing_page", wiki: mobile, document: "\(mobile):Welcome", page: "Welcome", line: 12, sourceLine: 18,
                target: "Push Notifications#"),
            Finding(
                "missing_page", wiki: mobile, document: "\(mobile):Welcome", page: "Welcome", line: 13, sourceLine: 18,
                target: "Café#"),
            Finding(
                "missing_page", wiki: mobile, document: "\(mobile):Welcome", page: "Welcome", line: 24, sourceLine: 18,
                target: "sync client#", suggestions: ["Sync Client"]),
            Finding(
                "missing_page", wiki: cuisine, document: "\(cuisine):Lyon", page: "Lyon", line: 14, sourceLine: 25,
                target: "Cafe\u{301}#", suggestions: ["Café"]),
            Finding(
                "missing_page", wiki: cuisine, document: "\(cuisine):Lyon", page: "Lyon", line: 15, sourceLine: 25,
                target: "Paris#"),
            Finding(
                "missing_page", wiki: cuisine, document: "\(cuisine):Lyon", page: "Lyon", line: 16, sourceLine: 25,
                target: "Replication#"),
            Finding(
                "missing_page", wiki: cuisine, document: "\(cuisine):Welcome", page: "Welcome", line: 9, sourceLine: 26,
                target: "Paris#"),
            Finding(
                "missing_page", wiki: cuisine, document: "\(cuisine):Welcome", page: "Welcome", line: 10,
                sourceLine: 26, target: "Sync Client#"),
            Finding("skipped_document", wiki: nil, document: "4242424242424242:Lost Page", sourceLine: 4),
        ]
        let found = findings(report)
        #expect(found.count == expected.count)
        for (actual, wanted) in zip(found, expected) {
            #expect(actual == wanted)
            // Titles compare exactly: NFD "Café" is not NFC "Café".
            #expect(actual.target.map { Array($0.unicodeScalars) } == wanted.target.map { Array($0.unicodeScalars) })
        }
        let messages = (report["findings"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(
            messages.contains(
                "link [[Cafe\u{301}]] leads to a page that does not exist; did you mean \"Café\" (the same letters, "
                    + "in another Unicode form)? (links match titles exactly, letter case and Unicode form included)"))
        #expect(report["errors"] as? Int == 13)
        #expect(report["warnings"] as? Int == 1)
        #expect((report["wikis"] as? [[String: Any]])?.map { $0["pages"] as? Int } == [10, 5])
    }

    @Test func aPageLinkingToItsOwnTitleIsCheckedAgainstItsOwnHeadings() throws {
        let folder = try TemporaryFolder()
        let dump = try folder.write(
            """
            {"docs":[
            {"_id":"w","_rev":"1-a","type":"wiki","title":"W","markdown":"[[solo]]"},
            {"_id":"w:Solo","_rev":"1-a","type":"page","wiki_id":"w","markdown":"[[Solo#Here]] [[Solo#Gone]]\\n[[solo]] [[solo]]\\n\\n## Here\\n"}
            ]}
            """, to: "wiki.json")
        let (status, report) = try jsonReport(["--source", dump])
        #expect(status == 1)
        // The home's link, then the page's: its own heading is found, its own title's lowercase is not.
        let found = findings(report)
        #expect(found.map(\.category) == ["missing_page", "missing_heading", "missing_page"])
        #expect(found.map(\.page) == [nil, "Solo", "Solo"])
        #expect(found.map(\.line) == [1, 1, 2])
        #expect(found.map(\.target) == ["solo#", "Solo#Gone", "solo#"])
        #expect(found.map(\.suggestions) == [["Solo"], [], ["Solo"]])
        let messages = (report["findings"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(messages.contains("link [[Solo#Gone]]: page \"Solo\" has no heading \"Gone\""))
    }

    @Test func wikiOptionChecksOnlyThatWiki() throws {
        let (status, report) = try jsonReport([
            "--source", WikisiteCLI.example("touchwiki.json"), "--wiki", "8831204477120935",
        ])
        #expect(status == 1)
        let wikis = Set(findings(report).map { $0.wiki ?? "none" })
        #expect(wikis == ["8831204477120935", "none"], "documents of no published wiki are still reported")
    }

    @Test func theUserGuideIsClean() throws {
        let run = try WikisiteCLI.run(["check", "--source", WikisiteCLI.example("user-guide.json")])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix(": 0 errors, 0 warnings.\n"))
    }

    @Test func failuresAndBadUsage() throws {
        let folder = try TemporaryFolder()
        let unreadable = try WikisiteCLI.run(["check", "--source", folder.path("none.json")], in: folder.url)
        #expect(unreadable.status == 1)
        #expect(unreadable.standardError.contains("none.json"))
        #expect(try WikisiteCLI.run(["check"], in: folder.url).status == 2)
        #expect(
            try WikisiteCLI.run(["check", "--source", WikisiteCLI.example("touchwiki.json"), "--format", "xml"]).status
                == 2)
        let unknownWiki = try WikisiteCLI.run([
            "check", "--source", WikisiteCLI.example("touchwiki.json"), "--wiki", "x",
        ])
        #expect(unknownWiki.status == 1)
        #expect(unknownWiki.standardError.contains("\"x\""))
    }

    @Test func strictBuildAppliesTheSameLevels() throws {
        let folder = try TemporaryFolder()
        let dump = try folder.write(Self.purposeMade, to: "wiki.json")
        let strict = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site"), "--strict"])
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("error: --strict: 10 problems at error level"))
        #expect(strict.standardOutput.contains("[draft_link]"))
        #expect(FileManager.default.fileExists(atPath: folder.path("site/index.html")))

        try folder.write(
            """
            strict = true
            [check]
            missing_page = "warning"
            missing_heading = "warning"
            draft_link = "warning"
            skipped_document = "warning"
            skipped_attachment = "warning"
            conflict = "ignore"
            """, to: "wikisite.toml")
        let relaxed = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site")])
        #expect(relaxed.status == 0, "\(relaxed.standardOutput)\(relaxed.standardError)")
        #expect(relaxed.standardOutput.contains("0 errors, 10 warnings"))
        #expect(!relaxed.standardOutput.contains("[conflict]"))

        try folder.write("strict = true\n", to: "wikisite.toml")
        #expect(try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site")]).status == 1)
        let overridden = try WikisiteCLI.run(["build", "--source", dump, "--out", folder.path("site"), "--no-strict"])
        #expect(overridden.status == 0, "--no-strict wins over the file")
        #expect(!overridden.standardOutput.contains("[draft_link]"))
    }
}
