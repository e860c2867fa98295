import Foundation
import TemporaryFolders
import Testing

/// End to end: the real `wikisite build` and `wikisite check` on `Examples/wiki-markdown.json`,
/// a wiki written with every construct of GitHub's and Obsidian's Markdown, asserting on the
/// HTML of each. `Examples/README.md` lists its pages and what each must show.
@Suite("wikisite build on the wiki Markdown example")
struct WikiMarkdownExampleTests {
    static let wiki = "7071067811865475"

    let folder: TemporaryFolder
    let result: WikisiteCLI.Result

    init() throws {
        folder = try TemporaryFolder()
        result = try WikisiteCLI.run([
            "build", "--source", WikisiteCLI.example("wiki-markdown.json"), "--out", folder.path("site"),
        ])
    }

    /// The HTML of the file of the wiki whose name starts with `prefix` (a page's file name is
    /// its title with `_` for spaces, then `~` and a digest).
    func html(startingWith prefix: String) throws -> String {
        let files = folder.files(under: "site/\(Self.wiki)").filter { $0.hasPrefix(prefix + "~") || $0 == prefix }
        let file = try #require(files.first, "no file \(prefix)… in the wiki")
        return try folder.read("site/\(Self.wiki)/" + file)
    }

    @Test func buildsAndChecksWithoutAFinding() throws {
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Published 1 wiki, 7 pages"))
        let check = try WikisiteCLI.run(["check", "--source", WikisiteCLI.example("wiki-markdown.json")])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput.contains("0 errors, 0 warnings"), "\(check.standardOutput)")
    }

    @Test func rendersGitHubTablesTasksStrikethroughAndAutolinks() throws {
        let page = try html(startingWith: "Tables_and_tasks")
        #expect(page.contains("<div class=\"table-wrapper\" tabindex=\"0\" role=\"region\" aria-label=\"Table\">"))
        #expect(page.contains("<th align=\"center\">City</th>"))
        #expect(page.contains("<td align=\"center\"><strong>Lyon</strong></td>"))
        #expect(page.contains("<a class=\"wikilink\" href=\"Trip_to_Lyon~"))
        #expect(page.contains("<td align=\"center\"><code>a | b</code></td>"))
        #expect(page.contains("<input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"Completed task\" />"))
        #expect(page.contains("<del>umbrella</del>"))
        #expect(page.contains("<a href=\"http://www.sncf.com\">www.sncf.com</a>"))
        #expect(page.contains("<a href=\"mailto:travel@example.com\">travel@example.com</a>"))
    }

    @Test func rendersCalloutsFoldedNestedAndOfUnknownType() throws {
        let page = try html(startingWith: "Callouts")
        #expect(page.contains("<div class=\"callout\" data-callout=\"tip\">"))
        #expect(page.contains("<span class=\"callout-title-inner\">Pack light</span>"))
        #expect(page.contains("<span class=\"callout-title-inner\">Warning</span>"), "a title defaults to the type")
        #expect(page.contains("<details class=\"callout\" data-callout=\"question\">\n<summary"), "[!faq]- is closed")
        #expect(page.contains("<details class=\"callout\" data-callout=\"question\" open=\"\">"), "[!faq]+ is open")
        let outer = try #require(page.range(of: "Outer</span>"))
        let inner = try #require(page.range(of: "<div class=\"callout\" data-callout=\"example\">"))
        #expect(outer.upperBound < inner.lowerBound)
        #expect(page.contains("<div class=\"callout\" data-callout=\"note\">\n<div class=\"callout-title\">"))
        #expect(!page.contains("[!recipe]"))
    }

    @Test func numbersFootnotesByFirstUseAndLeavesAnUndefinedOneAsText() throws {
        let page = try html(startingWith: "Footnotes")
        #expect(page.contains("<a href=\"#fn-food\" id=\"fnref-food\" data-footnote-ref>1</a>"))
        #expect(page.contains("<a href=\"#fn-silk\" id=\"fnref-silk\" data-footnote-ref>2</a>"))
        #expect(page.contains("<a href=\"#fn-food\" id=\"fnref-food-2\" data-footnote-ref>1</a>"))
        #expect(page.contains("<p>The canuts revolted in 1831."), "a definition keeps its second paragraph")
        #expect(page.contains("stays text: [^missing]."))
    }

    @Test func readsFrontMatterTagsAndAliases() throws {
        let page = try html(startingWith: "Trip_to_Lyon")
        #expect(page.contains("<h1 class=\"page-title\" id=\"a-trip-to-lyon\">A trip to Lyon</h1>"))
        #expect(!page.contains("aliases:"), "the front matter is never shown")
        for tag in ["travel", "travel/europe", "france"] {
            #expect(page.contains(">#\(tag)</a></li>"), "the page shows its tag \(tag)")
        }
        #expect(page.contains("Issue #123 is not a tag."))
        #expect(page.contains("<code>#not-a-tag</code>"))
        let tags = try folder.read("site/\(Self.wiki)/_special/tags.html")
        #expect(tags.contains("travel"))
        #expect(try folder.read("site/\(Self.wiki)/_special/tags/france.html").contains(">Trip to Lyon</a>"))
        let redirect = try html(startingWith: "Lyon_trip")
        #expect(redirect.contains("<meta http-equiv=\"refresh\" content=\"0; url=Trip_to_Lyon~"))
        let linking = try html(startingWith: "Highlights_and_comments")
        #expect(linking.contains("href=\"Lyon_trip~"), "a link to an alias leads to its redirect")
        #expect(!linking.contains("class=\"wikilink missing\""))
    }

    @Test func linksAndEmbedsBlocksByTheirIDs() throws {
        let page = try html(startingWith: "Block_links")
        #expect(page.contains("<p id=\"^where\">Lyon sits where the Rhône meets the Saône.</p>"))
        #expect(page.contains("<li id=\"^walk\">Walk down through Saint-Jean.</li>"))
        #expect(page.contains("<a class=\"wikilink\" href=\"#^where\">"))
        let linking = try html(startingWith: "Highlights_and_comments")
        #expect(linking.contains("Block_links~qydpmuob4u.html#^where\">where Lyon is</a>"))
        #expect(linking.contains("<div class=\"embed\">"))
        #expect(linking.contains("<li>Walk down through Saint-Jean.</li>"))
    }

    @Test func marksHighlightsAndLeavesCommentsOut() throws {
        let page = try html(startingWith: "Highlights_and_comments")
        #expect(page.contains("<mark>traboules</mark>"))
        #expect(!page.contains("ask Grace"))
        #expect(!page.contains("never published"))
    }

    @Test func keepsOnlyTheRawHTMLAWriterMayUse() throws {
        let page = try html(startingWith: "Raw_HTML")
        #expect(page.contains("<kbd>Ctrl</kbd>+<kbd>C</kbd>"))
        #expect(page.contains("H<sub>2</sub>O") && page.contains("mc<sup>2</sup>"))
        #expect(page.contains("<summary>Opening hours</summary>\n<p>Most museums close on <em>Tuesdays</em>.</p>"))
        #expect(page.contains("<span class=\"note\">A span keeps its class only.</span>"))
        #expect(page.contains("<img src=\"https://example.com/lyon.jpg\" alt=\"Lyon at night\" width=\"320\" />"))
        for hostile in ["alert(", "onclick", "onerror", "style=\"color"] {
            #expect(!page.contains(hostile), "\(hostile) is dropped")
        }
    }

    @Test func publishesNoWordOfTheDraft() throws {
        for file in folder.files(under: "site") {
            let text = try folder.read("site/" + file)
            #expect(!text.contains("Quenelleville") && !text.contains("Secret itinerary"), "\(file)")
        }
    }
}
