import Testing
import WikiDocuments

@testable import WikiModel

private typealias T = TestDocuments

/// Front matter `aliases` and `alias`, read into a page's other titles, and a wiki's aliases
/// resolved to the pages they lead to.
@Suite struct WikiAliasesTests {
    static func aliases(_ frontMatter: String) throws -> (aliases: [String], warnings: [InvalidFrontMatter]) {
        let database = T.database([T.wiki("w"), T.page("w", "P", markdown: "---\n" + frontMatter + "---\nBody\n")])
        let page = try #require(database.page(inWiki: "w", titled: T.title("P")))
        #expect(page.markdown == "Body\n")
        return (page.aliases, database.invalidFrontMatter)
    }

    @Test(arguments: [
        ("aliases: [One, Two]\n", ["One", "Two"]),
        ("aliases:\n  - One\n  -\n  - ' Two '\n", ["One", "Two"]),
        ("aliases: One\n", ["One"]),
        ("alias: One, Two ,,\n", ["One", "Two"]),
        ("aliases: [A]\nalias: B\n", ["A", "B"]),
        ("aliases:\n", []),
    ])
    func aliasesAreAListOneTitleOrTitlesSeparatedByCommas(_ frontMatter: String, _ expected: [String]) throws {
        let read = try Self.aliases(frontMatter)
        #expect(read.aliases == expected)
        #expect(read.warnings.isEmpty)
    }

    @Test(arguments: ["aliases:\n  key: value\n", "aliases:\n  - [nested]\n", "aliases: [\"tab\\there\"]\n"])
    func anInvalidAliasIsAWarningNamingThePageAndLineAndThePageStays(_ frontMatter: String) throws {
        let read = try Self.aliases("title: Shown\n" + frontMatter)
        #expect(read.aliases.isEmpty)
        let warning = try #require(read.warnings.first)
        #expect(warning.documentID == "w:P")
        #expect(warning.line == 3)
        #expect(!warning.isShownAsCode)
        #expect(warning.description.contains("markdown line 3:"))
        #expect(!warning.description.contains("code block"))
    }

    @Test func aliasesLeadToTheirPageAndLoseToATitleOrAnEarlierPage() throws {
        let database = T.database([
            T.wiki("w"),
            T.page("w", "Alpha", markdown: "---\naliases: [Shared, A, Alpha, Beta]\n---\n"),
            T.page("w", "Beta", markdown: "---\naliases: [Shared, B]\n---\n"),
            T.page("w", "Secret", markdown: "---\ndraft: true\naliases: [Hidden]\n---\n"),
        ])
        let aliases = database.aliases(inWiki: "w")
        #expect(
            aliases.redirects.map { "\($0.alias)>\($0.page)" } == ["A>Alpha", "B>Beta", "Shared>Alpha"])
        #expect(aliases.page(reachedThrough: T.title("Shared")) == T.title("Alpha"))
        #expect(!aliases.redirects(T.title("Hidden")))
        #expect(!aliases.redirects(T.title("Alpha")))
        #expect(
            aliases.collisions.map { "\($0.alias):\($0.page)<\($0.winner):\($0.isWinnersTitle)" } == [
                "Beta:Alpha<Beta:true", "Shared:Beta<Alpha:false",
            ])
        let titles = database.publishedTitles(inWiki: "w")
        #expect(titles.reaches(T.title("Shared")) && titles.reaches(T.title("Beta")))
        #expect(!titles.contains(T.title("Shared")) && !titles.reaches(T.title("Hidden")))
    }

    @Test func aPreviewsDraftIsAPageNoAliasRedirectsOver() throws {
        let database = T.database(
            [
                T.wiki("w"),
                T.page("w", "Giver", markdown: "---\naliases: [Plans, Open]\n---\n"),
                T.page("w", "Plans", markdown: "---\ndraft: true\naliases: [Secret]\n---\n"),
            ], includesDrafts: true)
        let aliases = database.aliases(inWiki: "w")
        #expect(aliases.redirects.map(\.alias.text) == ["Open"])
        #expect(aliases.collisions.map(\.winner.text) == ["Plans"])
        #expect(!aliases.redirects(T.title("Secret")))
    }
}
