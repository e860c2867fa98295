import Foundation
import TemporaryFolders
import Testing
import WikiDocuments
import WikiRender

@testable import WikiBuildEngine
@testable import WikiConfiguration
@testable import WikiPages
@testable import WikiSite

/// `wikisite.toml`: every key, the errors that name their key and line, and the command line
/// over the file.
@Suite("Configuration file")
struct ConfigurationTests {
    static let fullExample = """
        # Every key of wikisite.toml.
        sources = ["dumps/touchwiki.json", "/srv/dumps/guide.json"]
        output = "public"
        state = "state/site"
        base_url = "https://wiki.example.org/docs"
        link_style = "gollum"
        publish = ["5737529525067657", "8831204477120935"]
        templates = "theme"
        strict = true

        [check]
        missing_page = "warning"
        missing_heading = "ignore"
        draft_link = "error"
        title_collision = "error"
        skipped_document = "warning"
        skipped_attachment = "ignore"
        conflict = "warning"

        [wikis."5737529525067657"]
        slug = "mobile-dev"
        raw_html = true
        camel_case_links = true
        dialect = "commonmark"

        [wikis."8831204477120935"]
        slug = "cuisine"
        dialect = "gfm"
        """

    func problems(_ text: String, file: String = "wikisite.toml") -> [String] {
        do {
            _ = try Configuration.parse(text, file: file)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test func readsEveryKey() throws {
        let configuration = try Configuration.parse(Self.fullExample, file: "/site/wikisite.toml")
        #expect(configuration.file == "/site/wikisite.toml")
        #expect(configuration.sources == ["/site/dumps/touchwiki.json", "/srv/dumps/guide.json"])
        #expect(configuration.outputFolder == "/site/public")
        #expect(configuration.stateFolder == "/site/state/site")
        #expect(configuration.baseURL?.text == "https://wiki.example.org/docs/")
        #expect(configuration.linkStyle == .gollum)
        #expect(configuration.wikiIDs == ["5737529525067657", "8831204477120935"])
        #expect(configuration.templatesFolder == "/site/theme")
        #expect(configuration.strict == true)
        let levels = configuration.checkLevels
        #expect(levels[.missingPage] == .warning)
        #expect(levels[.missingHeading] == .ignore)
        #expect(levels[.draftLink] == .error)
        #expect(levels[.titleCollision] == .error)
        #expect(levels[.skippedDocument] == .warning)
        #expect(levels[.skippedAttachment] == .ignore)
        #expect(levels[.conflict] == .warning)
        #expect(
            configuration.wikiSettings[ExactString("5737529525067657")]
                == WikiSettings(slug: "mobile-dev", allowRawHTML: true, camelCaseLinks: true, dialect: .commonmark))
        #expect(configuration.wikiSettings[ExactString("8831204477120935")] == WikiSettings(slug: "cuisine"))
    }

    @Test func searchIsOnUnlessAWikiTurnsItOff() throws {
        let configuration = try Configuration.parse(
            "[wikis.a]\nslug = \"a-wiki\"\n\n[wikis.b]\nsearch = false\n", file: "wikisite.toml")
        #expect(configuration.wikiSettings[ExactString("a")]?.search == true)
        #expect(configuration.wikiSettings[ExactString("b")]?.search == false)
        #expect(WikiSettings().search, "a wiki without a table has search too")
    }

    @Test func anEmptyFileSetsNothingAndDefaultsApply() throws {
        var configuration = try Configuration.parse("# nothing yet\n", file: "wikisite.toml")
        #expect(configuration.sources == nil)
        #expect(configuration.checkLevels == CheckLevels())
        configuration.sources = ["dump.json"]
        let options = try configuration.buildOptions()
        #expect(options.sources == ["dump.json"])
        #expect(options.outputFolder == "_site")
        #expect(options.linkStyle == .obsidian)
        #expect(options.strict == false)
        #expect(options.baseURL == nil)
        #expect(options.wikiIDs.isEmpty)
        #expect(options.settings(forWiki: "any") == WikiSettings())
        #expect(
            CheckCategory.allCases.filter { options.checkLevels[$0] == .warning } == [
                .ambiguousLink, .titleCollision, .aliasCollision,
            ])
    }

    @Test func linkMatchingIsReadAndDefaultsToExactForAWikiOfDocuments() throws {
        let text = "[wikis.a]\nlink_matching = \"obsidian\"\n[wikis.b]\nlink_matching = \"fuzzy\"\n"
        #expect(
            problems(text) == [
                "wikisite.toml:4: wikis.b.link_matching is \"fuzzy\", expected one of \"exact\", \"obsidian\""
            ])
        let options = try Configuration.parse(
            "sources = [\"d.json\"]\n[wikis.a]\nlink_matching = \"obsidian\"\n", file: "wikisite.toml"
        )
        .buildOptions()
        #expect(options.linkMatching(forWiki: "a") == .obsidian)
        #expect(options.linkMatching(forWiki: "other") == .exact)
    }

    @Test func resolvesToBuildOptionsWithWikiSettings() throws {
        let options = try Configuration.parse(Self.fullExample, file: "wikisite.toml").buildOptions()
        #expect(options.sources == ["dumps/touchwiki.json", "/srv/dumps/guide.json"])
        #expect(options.outputFolder == "public")
        #expect(options.strict)
        let markdown = options.settings(forWiki: "5737529525067657").markdownOptions(linkStyle: options.linkStyle)
        #expect(markdown.linkStyle == .gollum && markdown.allowRawHTML && markdown.camelCaseLinks)
        #expect(markdown.dialect == .commonmark)
        let other = options.settings(forWiki: "8831204477120935").markdownOptions(linkStyle: options.linkStyle)
        #expect(!other.allowRawHTML && !other.camelCaseLinks && other.dialect == .gfm)
        #expect(options.checkLevels[.missingHeading] == .ignore)
    }

    @Test func changingAWikisDialectMakesTheNextBuildAFullOne() throws {
        let gfm = try Configuration.parse("[wikis.a]\ndialect = \"gfm\"\n", file: "wikisite.toml")
        let commonmark = try Configuration.parse("[wikis.a]\ndialect = \"commonmark\"\n", file: "wikisite.toml")
        let theme = try ThemeSource.read(overridesIn: nil)
        let before = BuildShape(options: try Self.withSource(gfm).buildOptions(), theme: theme)
        let after = BuildShape(options: try Self.withSource(commonmark).buildOptions(), theme: theme)
        #expect(after.changedThemeFiles(since: before.settings) == .failure(.configuration))
        #expect(before.changedThemeFiles(since: before.settings) == .success([]))
    }

    private static func withSource(_ configuration: Configuration) -> Configuration {
        var configuration = configuration
        configuration.sources = ["dump.json"]
        return configuration
    }

    @Test func aMarkdownFolderIsReadAsTheConfiguredWiki() throws {
        let configuration = try Configuration.parse(
            """
            sources = ["docs"]

            [markdown]
            wiki_id = "handbook"
            title = "Team Handbook"
            """, file: "wikisite.toml")
        let options = try configuration.buildOptions()
        #expect(options.markdownFolder == MarkdownFolderSettings(wikiID: "handbook", wikiTitle: "Team Handbook"))
        var commandLine = Configuration()
        commandLine.markdownWikiTitle = "Handbook"
        let overridden = try configuration.overridden(by: commandLine).buildOptions()
        #expect(overridden.markdownFolder == MarkdownFolderSettings(wikiID: "handbook", wikiTitle: "Handbook"))
        #expect(problems("[markdown]\nwiki = \"x\"\n").first?.contains("known keys: title, wiki_id") == true)
    }

    @Test func unknownKeysAreNamedWithTheirLine() {
        let text = """
            sources = ["a.json"]
            outptu = "site"

            [check]
            missing_pages = "warning"

            [wikis."5737529525067657"]
            raw_html = false
            slugg = "mobile"
            """
        #expect(
            problems(text) == [
                "wikisite.toml:2: unknown key \"outptu\" at the top level; known keys: base_url, check, link_style, "
                    + "markdown, output, publish, sources, state, strict, templates, wikis",
                "wikisite.toml:5: unknown key \"missing_pages\" in [check]; known keys: alias_collision, ambiguous_link, "
                    + "conflict, draft_link, invalid_front_matter, missing_attachment, missing_block, missing_file, missing_heading, missing_page, skipped_attachment, skipped_document, title_collision",
                "wikisite.toml:9: unknown key \"slugg\" in [wikis.5737529525067657]; known keys: "
                    + "camel_case_links, dialect, lang, link_matching, raw_html, search, slug",
            ])
    }

    @Test func aKeySpelledWithDashesOrCapitalsGetsTheRightSpelling() {
        #expect(
            problems("\n\nbase-url = \"https://example.org/\"\n") == [
                "wikisite.toml:3: unknown key \"base-url\" at the top level; did you mean base_url?"
            ])
        #expect(
            problems("[wikis.w]\nCamel-Case-Links = true\n") == [
                "wikisite.toml:2: unknown key \"Camel-Case-Links\" in [wikis.w]; did you mean camel_case_links?"
            ])
    }

    @Test func wrongTypesNameKeyLineAndExpectedType() {
        let text = """
            sources = "dump.json"
            output = 3
            strict = "yes"
            publish = ["a", 7]
            check = "strict"

            [wikis.w]
            raw_html = 1
            slug = ["x"]

            [wikis.v]
            camel_case_links = 2021-05-27
            """
        #expect(
            problems(text) == [
                "wikisite.toml:1: sources is a string, expected an array of paths",
                "wikisite.toml:2: output is an integer, expected a string",
                "wikisite.toml:3: strict is a string, expected true or false",
                "wikisite.toml:4: element 2 of publish is an integer, expected a wiki ID",
                "wikisite.toml:5: check is a string, expected a table",
                "wikisite.toml:8: wikis.w.raw_html is an integer, expected true or false",
                "wikisite.toml:9: wikis.w.slug is an array, expected a string",
                "wikisite.toml:12: wikis.v.camel_case_links is a date, expected true or false",
            ])
    }

    @Test func invalidValuesSayWhatIsAccepted() {
        let text = """
            link_style = "mediawiki"
            base_url = "ftp://example.org/"
            sources = []
            output = ""

            [check]
            conflict = "fatal"

            [wikis.a]
            slug = "Mobile Dev"

            [wikis.b]
            slug = "_assets"

            [wikis.c]
            slug = "docs"

            [wikis.d]
            slug = "docs"

            [wikis.e]
            slug = "nul"

            [wikis.f]
            dialect = "markdown"
            """
        let found = problems(text)
        #expect(found.count == 10)
        #expect(found[0] == "wikisite.toml:1: link_style is \"mediawiki\", expected one of \"obsidian\", \"gollum\"")
        #expect(found[1].hasPrefix("wikisite.toml:2: base URL \"ftp://example.org/\": its scheme is \"ftp\""))
        #expect(found[2] == "wikisite.toml:3: sources is empty; list at least one, or leave the key out")
        #expect(found[3] == "wikisite.toml:4: output is an empty string, expected a path")
        #expect(
            found[4]
                == "wikisite.toml:7: check.conflict is \"fatal\", expected one of \"error\", \"warning\", \"ignore\"")
        #expect(
            found[5]
                == "wikisite.toml:10: slug \"Mobile Dev\" is not a valid folder name: it may hold only lowercase "
                + "letters a-z, digits, \"-\" and \"_\"")
        #expect(
            found[6]
                == "wikisite.toml:13: slug \"_assets\" is not a valid folder name: it must start and end with a "
                + "letter or a digit")
        #expect(
            found[7]
                == "wikisite.toml:19: slug \"docs\" is already the slug of wiki \"c\"; each wiki needs a folder of "
                + "its own")
        #expect(found[8] == "wikisite.toml:22: slug \"nul\" is not a valid folder name: it is a device name on Windows")
        #expect(
            found[9] == "wikisite.toml:25: wikis.f.dialect is \"markdown\", expected one of \"gfm\", \"commonmark\"")
    }

    @Test func textThatIsNotTOMLNamesItsLine() {
        let found = problems("sources = [\"a.json\"]\n\noutput = \n")
        #expect(found.count == 1)
        #expect(found[0].hasPrefix("wikisite.toml:3: this is not valid TOML: "))
        #expect(problems("a = 1\n\u{0}\n") == ["wikisite.toml:2: the file holds a NUL byte; TOML is text"])
    }

    @Test func aMissingFileIsAClearError() throws {
        let folder = try TemporaryFolder()
        #expect(throws: ConfigurationError.self) { try Configuration.load(file: folder.path("none.toml")) }
        do {
            _ = try Configuration.load(file: folder.path("none.toml"))
        } catch {
            #expect(error.description.hasPrefix(folder.path("none.toml") + ": the configuration file cannot be read"))
        }
    }

    @Test func keyLinesFollowTOMLSyntax() {
        let text = """
            title = \"\"\"
            slug = "not a key: inside a multi-line string"
            \"\"\"
            literal = '''
            [not.a.table]
            '''
            list = [
              "a", # a comment with slug = 1
              "b",
            ]
            inline = { first = 1, second = { third = "x" } }
            dotted.key."quoted \\u0041" = 1
            "spaced key" = 'v' # [fake]
            [wikis."with \\"quote\\""]
            slug = "x"
            [[array]]
            name = "n"
            when = 1979-05-27 07:32:00Z
            """
        let lines = TOMLKeyLines(text: text)
        #expect(lines.line(of: ["title"]) == 1)
        #expect(lines.line(of: ["slug"]) == nil)
        #expect(lines.line(of: ["literal"]) == 4)
        #expect(lines.line(of: ["not"]) == nil)
        #expect(lines.line(of: ["list"]) == 7)
        #expect(lines.line(of: ["inline", "first"]) == 11)
        #expect(lines.line(of: ["inline", "second", "third"]) == 11)
        #expect(lines.line(of: ["dotted", "key", "quoted A"]) == 12)
        #expect(lines.line(of: ["dotted"]) == 12)
        #expect(lines.line(of: ["spaced key"]) == 13)
        #expect(lines.line(of: ["wikis", "with \"quote\""]) == 14)
        #expect(lines.line(of: ["wikis", "with \"quote\"", "slug"]) == 15)
        #expect(lines.line(of: ["wikis", "with \"quote\"", "absent"]) == 14, "falls back to the table")
        #expect(lines.line(of: ["array", "name"]) == 17)
        #expect(lines.line(of: ["array", "when"]) == 18)
    }

    @Test func theCommandLineOverridesTheFile() throws {
        let file = try Configuration.parse(Self.fullExample, file: "wikisite.toml")
        var commandLine = Configuration()
        commandLine.sources = ["other.json"]
        commandLine.outputFolder = "elsewhere"
        commandLine.linkStyle = .obsidian
        commandLine.wikiIDs = ["8831204477120935"]
        commandLine.strict = false
        commandLine.baseURL = try BaseURL(parsing: "https://other.example/")
        let options = try file.overridden(by: commandLine).buildOptions()
        #expect(options.sources == ["other.json"])
        #expect(options.outputFolder == "elsewhere")
        #expect(options.linkStyle == .obsidian)
        #expect(options.wikiIDs == ["8831204477120935"])
        #expect(options.strict == false)
        #expect(options.baseURL?.text == "https://other.example/")
        #expect(options.stateFolder == "state/site", "what the command line leaves out comes from the file")
        #expect(options.templatesFolder == "theme")
        #expect(options.settings(forWiki: "8831204477120935").slug == "cuisine")
    }

    @Test func noSourceAnywhereIsAnError() {
        #expect(throws: ConfigurationError.self) { try Configuration().buildOptions() }
        do {
            var configuration = Configuration()
            configuration.file = "site/wikisite.toml"
            _ = try configuration.buildOptions()
        } catch {
            #expect(error.description.contains("--source PATH"))
            #expect(error.description.contains("site/wikisite.toml"))
            #expect(error.description.contains("wikisite import"))
        }
    }

    @Test func theFileIsFoundBesideTheFirstSourceThenInTheCurrentFolder() throws {
        let folder = try TemporaryFolder()
        let dump = try folder.write("{}", to: "dumps/dump.json")
        let current = folder.path("work")
        try FileManager.default.createDirectory(atPath: current, withIntermediateDirectories: true)
        #expect(Configuration.locate(explicit: nil, firstSource: dump, currentFolder: current) == nil)
        let inCurrent = try folder.write("", to: "work/wikisite.toml")
        #expect(Configuration.locate(explicit: nil, firstSource: dump, currentFolder: current) == inCurrent)
        let besideDump = try folder.write("", to: "dumps/wikisite.toml")
        #expect(Configuration.locate(explicit: nil, firstSource: dump, currentFolder: current) == besideDump)
        #expect(Configuration.locate(explicit: nil, firstSource: nil, currentFolder: current) == inCurrent)
        #expect(Configuration.locate(explicit: "given.toml", firstSource: dump, currentFolder: current) == "given.toml")
    }

    @Test func slugsBecomeFoldersUnlessTheyTakeAnotherWikisFolder() throws {
        let settings = try Configuration.parse(
            "[wikis.a]\nslug = \"docs\"\n\n[wikis.b]\nraw_html = true\n", file: "wikisite.toml"
        ).wikiSettings
        let folders = try WikiFolders(wikiIDs: ["a", "b", "c"], settings: settings)
        #expect(folders.folder(ofWiki: "a") == "docs")
        #expect(folders.folder(ofWiki: "b") == "b")

        let clash = try Configuration.parse("\n[wikis.a]\nslug = \"b\"\n", file: "wikisite.toml").wikiSettings
        #expect(throws: ConfigurationError.self) { try WikiFolders(wikiIDs: ["a", "b"], settings: clash) }
        do {
            _ = try WikiFolders(wikiIDs: ["a", "b"], settings: clash)
        } catch {
            #expect(
                error.description
                    == "wikisite.toml:3: the slug \"b\" of wiki \"a\" is also the folder of wiki \"b\"; choose another slug"
            )
        }
        do {
            _ = try WikiFolders(wikiIDs: ["b"], settings: clash)
        } catch {
            #expect(
                error.description
                    == "wikisite.toml:2: [wikis.a] names no published wiki (published: \"b\"); correct the ID or "
                    + "remove the table")
        }
    }

    @Test func slugRule() {
        for good in ["docs", "mobile-dev", "team_2", "a", "2024", String(repeating: "x", count: 64)] {
            #expect(WikiSlug.problem(with: good) == nil, "\(good)")
        }
        for bad in [
            "", "Docs", "mobile dev", "a.b", "-a", "a-", "_a", "café", "../x", "com1",
            String(repeating: "x", count: 65),
        ] {
            #expect(WikiSlug.problem(with: bad) != nil, "\(bad)")
        }
    }
}
