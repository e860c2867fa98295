import Testing
import WikiDocuments
import WikiModel
import WikiRender

/// Obsidian's inline `#tags`, found on cmark's tree and written as links to their tag pages.
@Suite("Obsidian-flavoured Markdown: inline tags")
struct InlineTagTests {
    /// `markdown` rendered as the text of the page `Page`.
    func rendered(_ markdown: String, dialect: MarkdownDialect = .gfm) -> RenderedMarkdown {
        MarkdownRenderer(options: MarkdownOptions(dialect: dialect))
            .render(markdown, of: PageTitle("Page"), resolve: testResolve, embeds: TestEmbeds(pages: [:]))
    }

    func tags(_ markdown: String) -> [String] {
        rendered(markdown).tags.map(\.text)
    }

    @Test func aTagIsALinkToItsTagPage() {
        #expect(
            rendered("Filed under #wiki today\n").html
                == "<p>Filed under <a class=\"tag\" href=\"_special/tags/wiki.html\">#wiki</a> today</p>\n")
    }

    @Test func aTagOfDigitsOnlyIsNoTag() {
        #expect(tags("#1984 #2024a #a1 #1-2\n") == ["2024a", "a1", "1-2"])
        #expect(rendered("#1984\n").html == "<p>#1984</p>\n")
    }

    @Test func aTagStartsAfterABlankOrAtTheStartOfALine() {
        #expect(tags("a#b c #d\ne\n#f (#g)\n") == ["d", "f"])
    }

    @Test func aTagEndsAtTheFirstCharacterThatIsNotATagCharacter() {
        #expect(
            tags("#one, #two. #three! #four_five #six-seven #café\n") == [
                "one", "two", "three", "four_five", "six-seven", "café",
            ])
    }

    @Test func aTagWhoseTextCmarkCutsAfterItsHashIsFound() {
        #expect(tags("#_private and x #_y_z, #\n") == ["_private", "_y_z"])
    }

    @Test func aNestedTagKeepsItsSlashesButNotATrailingOne() {
        #expect(tags("#project/wiki/notes #done/\n") == ["project/wiki/notes", "done"])
        #expect(tags("#a//b\n") == [])
        #expect(WikiTag("a/b/c")?.ancestors.map(\.text) == ["a", "a/b"])
        #expect(WikiTag("2024/q1")?.ancestors.isEmpty == true)
    }

    @Test func aTagNestsAtMostEightDeep() throws {
        let deep = try #require(WikiTag(String(repeating: "a/", count: 5_000) + "a"))
        #expect(deep.ancestors.count == WikiTag.maximumNesting)
        #expect(deep.ancestors.last?.text == String(repeating: "a/", count: 7) + "a")
    }

    @Test func tagsInCodeLinksHeadingsAndEscapesAreNotTags() {
        let markdown = """
            # Heading #notatag

            `#code` [#link](x.html) [[Page#heading]] [[#Local]] <https://x.org/#frag> \\#escaped &#35;ref

                #indented

            ```
            #fenced
            ```

            <div>#html</div>

            """
        #expect(tags(markdown) == [])
        #expect(rendered(markdown).html.contains("class=\"tag\"") == false)
    }

    @Test func tagsInListsQuotesTablesAndEmphasisAreTags() {
        let markdown = "- #item\n\n> #quoted\n\n| a |\n| - |\n| #cell |\n\n*#em*\n"
        #expect(tags(markdown) == ["item", "quoted", "cell", "em"])
    }

    @Test func tagsAreOnlyLinksInThePagesOfAWiki() {
        #expect(renderForTest("#loose\n").html == "<p>#loose</p>\n")
        #expect(rendered("#strict\n", dialect: .commonmark).html == "<p>#strict</p>\n")
    }

    @Test func tagsAreOneTagWhateverTheirCase() {
        #expect(WikiTag("#Wiki")?.key == WikiTag("wiki")?.key)
        #expect(WikiTag("#Wiki")?.text == "Wiki")
        #expect(SitePaths.tagFile(WikiTag("Wiki")!) == SitePaths.tagFile(WikiTag("WIKI")!))
    }

    @Test func aHostileTagGivesASafeFileAndEscapedText() throws {
        let long = String(repeating: "a", count: 10_000)
        let file = SitePaths.tagFile(try #require(WikiTag(long)))
        #expect(file.utf8.count <= 137)
        #expect(WikiTag("a/../b") == nil)
        #expect(!SitePaths.tagFile(try #require(WikiTag("a/b"))).contains("/"))
        let html = rendered("#\(long)\n").html
        #expect(html.contains(">#\(long)</a>"))
        #expect(WikiTag("a\"b") == nil && WikiTag("<b>") == nil)
    }

    @Test func tenThousandTagsInOneParagraphAreFoundInOrder() {
        let markdown = (0..<10_000).map { "#t\($0)_x" }.joined(separator: " ") + "\n"
        let found = tags(markdown)
        #expect(found.count == 10_000)
        #expect(found.first == "t0_x" && found.last == "t9999_x")
    }

    @Test func aTagInAFootnoteIsFound() {
        #expect(tags("Text[^1] #body\n\n[^1]: note #noted\n") == ["body", "noted"])
    }
}
