import Foundation
import Testing
import WikiDocuments

@testable import WikiModel

private typealias T = TestDocuments

@Suite struct PageFrontMatterTests {
    @Test func frontMatterIsReadAndLeftOutOfTheBody() throws {
        let database = T.database([
            T.wiki("w"),
            T.page("w", "Sync", markdown: "---\ntitle: Syncing, explained\ntags: [a]\n---\n# Sync\n\nText\n"),
        ])
        let page = try #require(database.page(inWiki: "w", titled: T.title("Sync")))
        #expect(page.markdown == "# Sync\n\nText\n")
        #expect(page.displayedTitle == "Syncing, explained")
        #expect(page.title.text == "Sync")
        #expect(database.invalidFrontMatter.isEmpty)
    }

    @Test func aDraftInFrontMatterIsADraft() throws {
        let database = T.database([
            T.wiki("w"),
            T.page("w", "Secret", markdown: "---\ndraft: true\n---\nnot yet"),
            T.page("w", "Open", markdown: "---\ndraft: false\n---\nhere", [("draft", .bool(true))]),
        ])
        #expect(database.titles(inWiki: "w").isEmpty)
        #expect(database.drafts(inWiki: "w").map(\.title.text) == ["Open", "Secret"])
    }

    @Test(arguments: [
        "--- \nnot closed\n", "---\n", "--\n---\n", "text\n---\ntitle: x\n---\n", "----\ntitle: x\n----\n",
        "```\n---\ntitle: x\n---\n```\n",
    ])
    func aTextWithoutABlockAtTheVeryTopIsMarkdown(_ markdown: String) throws {
        let database = T.database([T.wiki("w"), T.page("w", "P", markdown: markdown)])
        let page = try #require(database.page(inWiki: "w", titled: T.title("P")))
        #expect(page.markdown == markdown)
        #expect(page.displayedTitle == nil)
    }

    @Test func frontMatterThatCannotBeReadIsShownAsCodeWithAWarning() throws {
        let markdown = "---\ntitle: ok\nlist: [unclosed\n---\nBody ``` text\n"
        let database = T.database([T.wiki("w"), T.page("w", "P", markdown: markdown)])
        let page = try #require(database.page(inWiki: "w", titled: T.title("P")))
        #expect(page.markdown == "```yaml\n---\ntitle: ok\nlist: [unclosed\n---\n```\nBody ``` text\n")
        #expect(page.displayedTitle == nil)
        let warning = try #require(database.invalidFrontMatter.first)
        #expect(warning.documentID == "w:P")
        #expect(warning.line != nil)
        #expect(warning.description.contains("\"w:P\": markdown line"))
        #expect(warning.description.contains("not valid YAML"))
    }

    @Test func theCodeBlocksFenceIsLongerThanAnyRunOfBackticksInIt() {
        #expect(PageFrontMatter.codeBlock("a ```` b\n") == "`````yaml\na ```` b\n`````\n")
        #expect(PageFrontMatter.codeBlock("no end") == "```yaml\nno end\n```\n")
    }

    @Test func aDraftThatIsNotABooleanIsAWarningAndThePageStaysPublished() throws {
        let database = T.database([T.wiki("w"), T.page("w", "P", markdown: "---\ndraft: maybe\n---\nBody")])
        #expect(database.titles(inWiki: "w") == ["P"])
        #expect(database.invalidFrontMatter.first?.reason.contains("not true or false") == true)
    }

    @Test func aStashedPageKeepsItsBodyInTheStash() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let stash = try #require(MarkdownStash(inFolder: folder))
        let text = "---\ntitle: Shown\n---\nBody é\n"
        let split = PageFrontMatter(stash.keep(text))
        #expect(split.body.text == "Body é\n")
        #expect(split.body.digest == MarkdownText("Body é\n").digest)
        #expect(split.body.byteCount == "Body é\n".utf8.count)
        #expect(split.frontMatter.title == "Shown")
    }
}
