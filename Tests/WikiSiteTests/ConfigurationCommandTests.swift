import Foundation
import TemporaryFolders
import Testing

/// End to end: `wikisite.toml` as `build` and `check` find and use it.
@Suite("wikisite.toml on the command line")
struct ConfigurationCommandTests {
    let guide = WikisiteCLI.example("user-guide.json")
    let touchwiki = WikisiteCLI.example("touchwiki.json")

    @Test func aBuildTakesItsSettingsFromTheFileRelativeToTheFile() throws {
        let folder = try TemporaryFolder()
        let dump = try String(contentsOfFile: guide, encoding: .utf8)
        try folder.write(dump, to: "project/dumps/guide.json")
        try folder.write(
            """
            sources = ["dumps/guide.json"]
            output = "public"
            strict = true
            """, to: "project/wikisite.toml")
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let run = try WikisiteCLI.run(["build", "--config", folder.path("project/wikisite.toml")], in: elsewhere)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardError.contains("using configuration \(folder.path("project/wikisite.toml"))"))
        #expect(FileManager.default.fileExists(atPath: folder.path("project/public/wikisite-guide/index.html")))
        #expect(run.standardOutput.contains("0 errors, 0 warnings"), "strict = true ran the checks")
    }

    @Test func theFileInTheCurrentFolderIsFoundAndFlagsWinOverIt() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            sources = ["\(touchwiki)"]
            publish = ["5737529525067657"]
            """, to: "wikisite.toml")
        let fromFile = try WikisiteCLI.run(["check", "--format", "json"], in: folder.url)
        #expect(fromFile.standardOutput.contains("\"id\": \"5737529525067657\""))
        #expect(!fromFile.standardOutput.contains("\"id\": \"8831204477120935\""))
        let overridden = try WikisiteCLI.run(
            ["check", "--format", "json", "--wiki", "8831204477120935"], in: folder.url)
        #expect(overridden.standardOutput.contains("\"id\": \"8831204477120935\""))
        #expect(!overridden.standardOutput.contains("\"id\": \"5737529525067657\""))
        let otherSource = try WikisiteCLI.run(["check", "--source", guide, "--format", "json"], in: folder.url)
        #expect(otherSource.status == 1, "the file's publish list names no wiki of the guide")
        #expect(otherSource.standardError.contains("5737529525067657"))
    }

    @Test func aBadFileIsBadUsageNamingFileAndLine() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "sources = [\"\(guide)\"]\n\n[wikis.wikisite-guide]\nslugg = \"guide\"\n", to: "site.toml")
        let run = try WikisiteCLI.run(["build", "--config", file, "--out", folder.path("site")])
        #expect(run.status == 2)
        #expect(
            run.standardError.contains(
                "error: \(file):4: unknown key \"slugg\" in [wikis.wikisite-guide]; known keys: camel_case_links, "
                    + "dialect, lang, link_matching, raw_html, search, slug"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("site")))
        let missing = try WikisiteCLI.run(["check", "--config", folder.path("none.toml")])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("none.toml: the configuration file cannot be read"))
    }

    @Test func settingsForAWikiThatIsNotPublishedAreAnError() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("[wikis.\"5737529525067658\"]\nslug = \"mobile\"\n", to: "wikisite.toml")
        let run = try WikisiteCLI.run(["check", "--config", file, "--source", touchwiki])
        #expect(run.status == 2)
        #expect(run.standardError.contains("\(file):1: [wikis.5737529525067658] names no published wiki"))
    }

    @Test func noSourceAnywhereSaysWhereSourcesComeFrom() throws {
        let folder = try TemporaryFolder()
        let run = try WikisiteCLI.run(["build", "--out", "site"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.standardError.contains("--source PATH"))
        #expect(run.standardError.contains("wikisite import"))
    }

    @Test func githubAnnotationsEscapeWhatWouldEndAProperty() throws {
        let folder = try TemporaryFolder()
        let dump = try folder.write(
            """
            {"docs":[
            {"_id":"w","_rev":"1-a","type":"wiki","title":"W"},
            {"_id":"w:100% sure","_rev":"1-a","type":"page","wiki_id":"w","markdown":"[[Nowhere, 50%]]"}
            ]}
            """, to: "a,b:c.json")
        let run = try WikisiteCLI.run(["check", "--source", dump, "--format", "github"])
        #expect(run.status == 1)
        let escapedPath = dump.replacingOccurrences(of: ",", with: "%2C").replacingOccurrences(of: ":", with: "%3A")
        #expect(
            run.standardOutput.hasPrefix(
                "::error file=\(escapedPath),line=3,title=wikisite check%3A missing_page::page \"100%25 sure\", "
                    + "line 1: link [[Nowhere, 50%25]] leads to a page that does not exist\n"))
    }
}
