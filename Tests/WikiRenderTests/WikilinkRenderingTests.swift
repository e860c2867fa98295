import Testing
import WikiModel
import WikiRender

@Suite("Wikilinks")
struct WikilinkRenderingTests {
    private func html(_ markdown: String, _ style: LinkStyle = .obsidian) -> String {
        renderForTest(markdown, linkStyle: style).html
    }

    @Test func plainLink() {
        #expect(html("[[Sync Client]]") == "<p><a class=\"wikilink\" href=\"Sync_Client.html\">Sync Client</a></p>\n")
    }

    @Test func linkWithLabel() {
        #expect(
            html("[[Sync Client|the client]]")
                == "<p><a class=\"wikilink\" href=\"Sync_Client.html\">the client</a></p>\n")
    }

    @Test func linkToHeading() {
        #expect(
            html("[[Sync Client#Getting Started]]")
                == "<p><a class=\"wikilink\" href=\"Sync_Client.html#getting-started\">Sync Client#Getting Started</a></p>\n"
        )
        #expect(
            html("[[Sync Client#Getting Started|start]]")
                == "<p><a class=\"wikilink\" href=\"Sync_Client.html#getting-started\">start</a></p>\n")
    }

    @Test func linkToHeadingOfSamePage() {
        #expect(
            html("[[#Getting Started]]")
                == "<p><a class=\"wikilink\" href=\"#getting-started\">#Getting Started</a></p>\n")
        let link = renderForTest("[[#Getting Started]]").links[0]
        #expect(link.target == WikilinkTarget(title: nil, fragment: "Getting Started"))
    }

    @Test func gollumStyleReadsLabelFirst() {
        #expect(
            html("[[the client|Sync Client]]", .gollum)
                == "<p><a class=\"wikilink\" href=\"Sync_Client.html\">the client</a></p>\n")
        #expect(
            html("[[Sync Client]]", .gollum)
                == "<p><a class=\"wikilink\" href=\"Sync_Client.html\">Sync Client</a></p>\n")
        #expect(
            html("[[a | b|Sync Client#Setup]]", .gollum)
                == "<p><a class=\"wikilink\" href=\"Sync_Client.html#setup\">a | b</a></p>\n")
    }

    @Test func dendronsVaultPrefixNamesTheNoteThatFollowsIt() {
        #expect(
            html("[[the hooks|dendron://dendron.site/dendron.topic.hooks]]", .gollum)
                == "<p><a class=\"wikilink\" href=\"dendron.topic.hooks.html\">the hooks</a></p>\n")
        let link = renderForTest("[[dendron://dendron.site/ref.commands#Usage]]").links[0]
        #expect(link.target == WikilinkTarget(title: PageTitle("ref.commands"), fragment: "Usage"))
        #expect(link.label == "ref.commands#Usage")
        for kept in ["dendron://vault", "dendron:///note", "dendron://vault/", "Dendron://vault/note"] {
            #expect(renderForTest("[[\(kept)]]").links.map(\.target.title) == [PageTitle(kept)], "\(kept)")
        }
    }

    @Test func obsidianStyleSplitsAtFirstPipe() {
        let link = renderForTest("[[Sync Client|a | b]]").links[0]
        #expect(link.target.title == PageTitle("Sync Client"))
        #expect(link.label == "a | b")
    }

    @Test func titlesAreNormalized() {
        let links = renderForTest("[[ Sync__Client ]] [[Sync   Client]] [[Sync_Client|x]]").links
        #expect(links.map(\.target.title) == Array(repeating: PageTitle("Sync Client"), count: 3))
        #expect(links.map(\.label) == ["Sync__Client", "Sync   Client", "x"])
    }

    @Test func missingPage() {
        #expect(
            html("[[Missing Thing#Part]]")
                == "<p><a class=\"wikilink missing\" href=\"Missing_Thing.html#part\" title=\"Page “Missing Thing” does not exist yet\">Missing Thing#Part</a></p>\n"
        )
    }

    @Test func emptyTargetsStayText() {
        #expect(html("[[ ]] [[|x]] [[#]] [[]] [[__]]") == "<p>[[ ]] [[|x]] [[#]] [[]] [[__]]</p>\n")
        #expect(html("[[x|]]", .gollum) == "<p>[[x|]]</p>\n")
        #expect(renderForTest("[[ ]] [[|x]]").links.isEmpty)
    }

    @Test func codeIsUntouched() {
        #expect(html("`[[Page]]`") == "<p><code>[[Page]]</code></p>\n")
        #expect(html("```\n[[Page]]\n```") == "<pre tabindex=\"0\"><code>[[Page]]\n</code></pre>\n")
        #expect(html("    [[Page]]") == "<pre tabindex=\"0\"><code>[[Page]]\n</code></pre>\n")
        #expect(renderForTest("`[[Page]]`\n\n    [[Page]]").links.isEmpty)
    }

    @Test func autolinksAndRawHTMLAreUntouched() {
        #expect(
            html("<https://example.com/[[Page]]>")
                == "<p><a href=\"https://example.com/%5B%5BPage%5D%5D\">https://example.com/[[Page]]</a></p>\n")
        #expect(
            renderForTest("<span title=\"[[Page]]\">x</span>", allowRawHTML: true).html
                == "<p><span title=\"[[Page]]\">x</span></p>\n")
        #expect(html("<div>\n[[Page]]\n</div>") == "<div>\n[[Page]]\n</div>\n")
        #expect(renderForTest("<div>\n[[Page]]\n</div>", allowRawHTML: true).html == "<div>\n[[Page]]\n</div>\n")
    }

    @Test func linksInsideLinksAreNotNested() {
        #expect(
            html("[see [[Page]]](https://example.com)") == "<p><a href=\"https://example.com\">see [[Page]]</a></p>\n")
    }

    @Test func escapedBracketsStayText() {
        #expect(html(#"\[\[Page\]\]"#) == "<p>[[Page]]</p>\n")
        #expect(html(#"\[[Page]]"#) == "<p>[[Page]]</p>\n")
        #expect(html(#"[[Page\]]"#) == "<p>[[Page]]</p>\n")
        #expect(
            html("&#91;&#91;Page&#93;&#93; &lsqb;[Page]] [[Page&rsqb;] &#x5B;[Page]]")
                == "<p>[[Page]] [[Page]] [[Page]] [[Page]]</p>\n")
        #expect(renderForTest(#"\[\[Page\]\] &#91;[Page]]"#).links.isEmpty)
    }

    @Test func escapedBracketsNextToRealOnes() {
        #expect(
            html(#"\[[[Page]]\] and `[[x]]`\[\[x\]\]"#)
                == "<p>[<a class=\"wikilink\" href=\"Page.html\">Page</a>] and <code>[[x]]</code>[[x]]</p>\n")
        #expect(
            html(#"[[a\]b]] [[C\|D]]"#)
                == "<p><a class=\"wikilink\" href=\"a]b.html\">a]b</a> <a class=\"wikilink\" href=\"C.html\">D</a></p>\n"
        )
    }

    @Test func escapesOnContinuationLines() {
        // cmark misplaces inline nodes on these lines; the brackets are still told apart.
        let markdown = "> quoted\nlazy \\[\\[No\\]\\] [[Yes]]\n\n- item\n     more &#91;[No]] [[Yes]]\n"
        let result = renderForTest(markdown)
        #expect(result.links.map(\.label) == ["Yes", "Yes"])
        #expect(result.links.map(\.line) == [2, 5])
        #expect(result.html.contains("lazy [[No]] <a class=\"wikilink\""))
        #expect(result.html.contains("more [[No]] <a class=\"wikilink\""))
    }

    @Test func tabsAndNonASCIIAroundEscapes() {
        let markdown = "> é\tà\nÜber\t\\[[No]]\t[[Ja]] &amp; [[Café|ça]]\n"
        let result = renderForTest(markdown)
        #expect(result.links.map(\.label) == ["Ja", "ça"])
        #expect(result.links.map(\.line) == [2, 2])
        #expect(result.html.contains("Über\t[[No]]\t<a class=\"wikilink\" href=\"Ja.html\">Ja</a> &amp; <a"))
    }

    @Test func nulBytesBeforeEscapes() {
        let result = renderForTest("a\0\0 \\[[No]] [[Yes]]\n> q\n\0 \\[[No]] [[Yes]]")
        #expect(result.links.map(\.label) == ["Yes", "Yes"])
        #expect(result.links.map(\.line) == [1, 3])
    }

    @Test func bracketRuns() {
        #expect(html("[[[Page]]]") == "<p>[<a class=\"wikilink\" href=\"Page.html\">Page</a>]</p>\n")
        #expect(html("[[a]b]] [[a [b]]") == "<p>[[a]b]] [[a [b]]</p>\n")
        #expect(html("[[a]] [[b]]").components(separatedBy: "class=\"wikilink\"").count == 3)
    }

    @Test func markupInsideBracketsIsNotALink() {
        #expect(html("[[a *b* c]]") == "<p>[[a <em>b</em> c]]</p>\n")
        #expect(html("[[a\nb]]") == "<p>[[a\nb]]</p>\n")
    }

    @Test func referenceDefinitionsDoNotHideWikilinks() {
        // Foam pages define `[grep]: grep.md`, so cmark reads `[[grep]]` as `[`, a link, `]`.
        let markdown = "See [[grep]] and [[grep|the tool]].\n\n[grep]: grep.md \"Grep\"\n"
        let result = renderForTest(markdown)
        #expect(
            result.html
                == "<p>See <a class=\"wikilink\" href=\"grep.html\">grep</a> and <a class=\"wikilink\" href=\"grep.html\">the tool</a>.</p>\n"
        )
        #expect(result.links.map(\.label) == ["grep", "the tool"])
        #expect(result.links.map(\.line) == [1, 1])
    }

    @Test func referenceLinksThatAreNotWikilinksStay() {
        let definition = "\n\n[grep]: grep.md\n"
        #expect(html("[grep]" + definition) == "<p><a href=\"grep.md\">grep</a></p>\n")
        #expect(html("[[grep][]]" + definition) == "<p>[<a href=\"grep.md\">grep</a>]</p>\n")
        #expect(html("[[grep](other.md)]" + definition) == "<p>[<a href=\"other.md\">grep</a>]</p>\n")
        #expect(html(#"\[[grep]]"# + definition) == "<p>[<a href=\"grep.md\">grep</a>]</p>\n")
    }

    @Test func referenceLinkWikilinkFollowedByMoreLinks() {
        let markdown = "[[grep]][[sed]] [[grep]]\n\n[grep]: grep.md\n"
        #expect(renderForTest(markdown).links.map(\.label) == ["grep", "sed", "grep"])
    }

    @Test func labelsAreEscaped() {
        #expect(
            html(#"[[Page|\<script\>alert("x")\</script\> &amp; co]]"#)
                == "<p><a class=\"wikilink\" href=\"Page.html\">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co</a></p>\n"
        )
        #expect(
            html("[[Page|&lt;img src=x onerror=alert(1)&gt;]]")
                == "<p><a class=\"wikilink\" href=\"Page.html\">&lt;img src=x onerror=alert(1)&gt;</a></p>\n")
    }

    @Test func rawHTMLInsideBracketsIsNotALink() {
        #expect(
            html("[[Page|<script>alert(1)</script>]]")
                == "<p>[[Page|<!-- raw HTML omitted -->alert(1)<!-- raw HTML omitted -->]]</p>\n")
    }

    @Test func hrefsAndTitlesAreEscaped() {
        let result = MarkdownRenderer().render("[[a\"b>c<'&]]") { _ in
            ResolvedLink(href: "x\"y<z>'&\u{0}.html", exists: false)
        }
        #expect(
            result.html
                == "<p><a class=\"wikilink missing\" href=\"x&quot;y&lt;z&gt;&#39;&amp;\u{FFFD}.html\" title=\"Page “a&quot;b&gt;c&lt;&#39;&amp;” does not exist yet\">a&quot;b&gt;c&lt;'&amp;</a></p>\n"
        )
    }

    @Test func hrefsWithASchemeAreMadeRelative() {
        let result = MarkdownRenderer().render("[[x]]") { _ in ResolvedLink(href: "javascript:alert(1)", exists: true) }
        #expect(result.html == "<p><a class=\"wikilink\" href=\"./javascript:alert(1)\">x</a></p>\n")
    }

    @Test func linksInHeadingsAndEmphasis() {
        let result = renderForTest("## See [[Page|the page]]\n\n*[[a]]* **x [[b]]**")
        #expect(
            result.html
                == "<h2 id=\"see-the-page\">See <a class=\"wikilink\" href=\"Page.html\">the page</a></h2>\n<p><em><a class=\"wikilink\" href=\"a.html\">a</a></em> <strong>x <a class=\"wikilink\" href=\"b.html\">b</a></strong></p>\n"
        )
        #expect(result.headings.map(\.text) == ["See the page"])
    }

    @Test func embedsOutsideAWikiAreMissing() {
        #expect(
            html("![[Page]] ![[image.png|alt]] x![[Page#Part]]")
                == "<p><a class=\"wikilink missing\" href=\"Page.html\" title=\"Page “Page” does not exist yet\">Page</a> "
                + "<span class=\"embed missing\" title=\"Attachment “image.png” does not exist\">alt</span> "
                + "x<a class=\"wikilink missing\" href=\"Page.html#part\" title=\"Page “Page” does not exist yet\">Page#Part</a></p>\n"
        )
        #expect(renderForTest("![[Page]]").links.map(\.isEmbed) == [true])
        #expect(html("![[grep]]\n\n[grep]: grep.md\n") == "<p>![<a href=\"grep.md\">grep</a>]</p>\n")
    }

    @Test func escapedExclamationMarkIsNotAnEmbed() {
        #expect(
            html(#"\![[Page]] &#33;[[Page]]"#)
                == "<p>!<a class=\"wikilink\" href=\"Page.html\">Page</a> !<a class=\"wikilink\" href=\"Page.html\">Page</a></p>\n"
        )
    }

    @Test func lineNumbers() {
        let markdown = """
            # [[One]]

            text [[Two]] and [[Three]]
            more
            [[Four]]\\
            [[Five]]

            [ref]: /url
            [[Six]]

            > quote
            > [[Seven]] `a
            b` [[Eight]]
            """
        #expect(renderForTest(markdown).links.map(\.line) == [1, 3, 3, 5, 6, 9, 12, 13])
    }

    @Test func windowsLineEndings() {
        #expect(renderForTest("a\r\n[[B]]\r\n\r\n[[C]]\r").links.map(\.line) == [2, 4])
    }

    @Test func everyLinkIsReported() {
        let result = renderForTest("[[A]] [[B|b]] [[C#x]] [[#y]] [[Missing D]]")
        #expect(
            result.links.map(\.target) == [
                WikilinkTarget(title: PageTitle("A"), fragment: nil),
                WikilinkTarget(title: PageTitle("B"), fragment: nil),
                WikilinkTarget(title: PageTitle("C"), fragment: "x"),
                WikilinkTarget(title: nil, fragment: "y"),
                WikilinkTarget(title: PageTitle("Missing D"), fragment: nil),
            ])
        #expect(result.links.map(\.label) == ["A", "b", "C#x", "#y", "Missing D"])
    }

    @Test func targetsCompareExactly() {
        #expect(
            WikilinkTarget(title: nil, fragment: "Caf\u{E9}") != WikilinkTarget(title: nil, fragment: "Cafe\u{301}"))
        #expect(
            Set([
                WikilinkTarget(title: nil, fragment: "Caf\u{E9}"), WikilinkTarget(title: nil, fragment: "Cafe\u{301}"),
            ]).count == 2)
    }

    /// The outline (whose links write no HTML and are not resolved) finds what the rendering
    /// finds, the same links on the same lines and the same headings, in every case that edits
    /// the tree: links in headings, labels, reference links read as wikilinks, escapes, lists.
    @Test(arguments: [MarkdownOptions(), MarkdownOptions(linkStyle: .gollum), MarkdownOptions(camelCaseLinks: true)])
    func outlineFindsWhatRenderingFinds(options: MarkdownOptions) {
        let markdown = """
            # About [[Sync Client|the client]] and [[Missing page]]

            See [[grep]], [[grep|the tool]] and \\[[not a link]] and `[[code]]`.
            A line with [[A]][[B]] [[[C]]] and [[#Local heading]], WikiWord too.

            - item [[List item|label]]
              - nested [[Nested#Part]]

            ## [[grep]] again

            [grep]: grep.md "Grep"
            """
        let renderer = MarkdownRenderer(options: options)
        let rendered = renderer.render(markdown, of: nil, resolve: testResolve, embeds: NoTestEmbeds())
        let outline = renderer.outline(markdown, of: nil, resolve: testResolve, embeds: NoTestEmbeds())
        let describe = { (links: [WikilinkOccurrence]) in
            links.map { "\($0.target.title?.text ?? "")#\($0.target.fragment ?? "")|\($0.label)@\($0.line)" }
        }
        #expect(rendered.links.count >= 10)
        #expect(describe(outline.links) == describe(rendered.links))
        #expect(outline.headings.map(\.text) == rendered.headings.map(\.text))
        #expect(outline.headings.map(\.id) == rendered.headings.map(\.id))
    }
}

/// No page has a body to embed, and no attachment.
private struct NoTestEmbeds: EmbedSource {
    func markdown(ofPage title: PageTitle) -> String? { nil }
    func attachment(named name: String, ofPage page: PageTitle?) -> EmbeddedAttachment? { nil }
}
