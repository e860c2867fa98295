import Testing
import WikiModel
import WikiRender

/// The pages and attachments of a wiki for a test (shared by the embed suites): `pages` by
/// title; `attachments` by page title, then name, giving the content type. An attachment's
/// href is `<page>.files/<name>`.
struct TestEmbeds: EmbedSource {
    var pages: [String: String] = [:]
    var attachments: [String: [String: String]] = [:]

    func markdown(ofPage title: PageTitle) -> String? { pages[title.text] }

    func attachment(named name: String, ofPage page: PageTitle?) -> EmbeddedAttachment? {
        guard let page, let type = attachments[page.text]?[name] else { return nil }
        return EmbeddedAttachment(href: page.text + ".files/" + name, contentType: type)
    }
}

@Suite("Embeds")
struct EmbedRenderingTests {
    private func render(
        _ markdown: String, page: String? = "Home", _ embeds: TestEmbeds, allowRawHTML: Bool = false
    ) -> RenderedMarkdown {
        MarkdownRenderer(options: MarkdownOptions(allowRawHTML: allowRawHTML))
            .render(markdown, of: page.flatMap(PageTitle.init), resolve: testResolve, embeds: embeds)
    }

    private func frame(_ href: String, _ label: String, _ body: String) -> String {
        "<div class=\"embed\">\n<p class=\"embed-source\"><a class=\"wikilink\" href=\"\(href)\">\(label)</a></p>\n"
            + body + "</div>\n"
    }

    @Test func pageEmbedShowsTheBodyWithALinkToIt() {
        let result = render("![[Other page]]", TestEmbeds(pages: ["Other page": "Hello **world**"]))
        #expect(result.html == frame("Other_page.html", "Other page", "<p>Hello <strong>world</strong></p>\n"))
        #expect(result.links.count == 1)
        #expect(result.links[0].isEmbed)
        #expect(result.links[0].target == WikilinkTarget(title: PageTitle("Other page"), fragment: nil))
    }

    @Test func theTitleHeadingOfAWholePageIsLeftToTheFrame() {
        let embeds = TestEmbeds(pages: ["B": "# B\n\nbody\n\n# B\n", "C": "# Not C\n\nbody\n"])
        #expect(render("![[B]]", embeds).html == frame("B.html", "B", "<p>body</p>\n<h1>B</h1>\n"))
        #expect(render("![[C]]", embeds).html == frame("C.html", "C", "<h1>Not C</h1>\n<p>body</p>\n"))
        #expect(render("![[B#B]]", embeds).html == frame("B.html#b", "B#B", "<h1>B</h1>\n<p>body</p>\n"))
    }

    @Test func embedInTheMiddleOfAParagraphCutsIt() {
        let result = render("before\n![[B|the B page]]\nafter", TestEmbeds(pages: ["B": "b"]))
        #expect(result.html == "<p>before</p>\n" + frame("B.html", "the B page", "<p>b</p>\n") + "<p>after</p>\n")
    }

    @Test func sectionEmbedShowsTheSectionOnlyWithoutHeadingIDs() {
        let page = "# B\n\nintro\n\n## Part\n\npart text\n\n### Sub\n\nsub\n\n## Next\n\nnext\n"
        let result = render("# Home\n\n![[B#Part]]", TestEmbeds(pages: ["B": page]))
        #expect(
            result.html
                == "<h1 id=\"home\">Home</h1>\n"
                + frame("B.html#part", "B#Part", "<h2>Part</h2>\n<p>part text</p>\n<h3>Sub</h3>\n<p>sub</p>\n"))
        #expect(result.headings.map(\.text) == ["Home"], "the embedded headings are not the page's")
    }

    @Test func sectionThatDoesNotExistIsMissing() {
        let result = render("![[B#Nope]]", TestEmbeds(pages: ["B": "# Yes\n"]))
        #expect(
            result.html
                == "<p><a class=\"wikilink missing\" href=\"B.html#nope\" title=\"Page “B” has no heading “Nope”\">B#Nope</a></p>\n"
        )
    }

    @Test func missingPageIsShownAsAMissingLink() {
        let result = render("![[Nowhere]]", TestEmbeds())
        #expect(
            result.html
                == "<p><a class=\"wikilink missing\" href=\"Nowhere.html\" title=\"Page “Nowhere” does not exist yet\">Nowhere</a></p>\n"
        )
        #expect(result.links.map(\.isEmbed) == [true])
    }

    @Test func embedsNestAtMostThreeDeep() {
        let embeds = TestEmbeds(pages: ["B": "b ![[C]]", "C": "c ![[D]]", "D": "d ![[E]]", "E": "EEE"])
        let html = render("![[B]]", embeds).html
        #expect(html.contains("<p>b</p>\n<div class=\"embed\">") && html.contains("<p>c</p>"))
        #expect(!html.contains("EEE"))
        #expect(
            html.contains(
                "<p>d <span class=\"embed-note\"><a class=\"wikilink\" href=\"E.html\">E</a> (not shown here: embeds nest at most 3 deep)</span></p>"
            ))
    }

    @Test func cyclesAreCutWithANote() {
        let embeds = TestEmbeds(pages: ["Home": "HOME", "B": "b ![[Home]] ![[B]]"])
        let html = render("![[B]]", embeds).html
        #expect(!html.contains("HOME"))
        let note = " (not shown here: it would show a page inside itself)</span>"
        #expect(html.contains("<span class=\"embed-note\"><a class=\"wikilink\" href=\"Home.html\">Home</a>" + note))
        #expect(html.contains("<span class=\"embed-note\"><a class=\"wikilink\" href=\"B.html\">B</a>" + note))
        #expect(render("![[#Part]]", embeds).html.contains("(not shown here: it would show a page inside itself)"))
    }

    @Test func aFileShowsABoundedNumberOfEmbeddedPages() {
        let many = { (title: String) in String(repeating: "![[\(title)]]\n\n", count: 11) }
        let embeds = TestEmbeds(pages: ["B": many("C"), "C": many("D"), "D": "d"])
        let html = render(many("B"), embeds).html
        #expect(html.components(separatedBy: "<div class=\"embed\">").count - 1 == 100)
        #expect(html.contains("(not shown here: a page shows at most 100 embedded pages)"))
    }

    @Test func embeddedTextLinksToItsOwnHeadingsAndShowsItsOwnAttachments() {
        let embeds = TestEmbeds(
            pages: ["B": "[[#Part]] ![[pic.png]]"], attachments: ["B": ["pic.png": "image/png"]])
        let html = render("![[B]]", embeds).html
        #expect(html.contains("<a class=\"wikilink\" href=\"B.html#part\">#Part</a>"))
        #expect(html.contains("<img class=\"embed\" src=\"B.files/pic.png\" alt=\"pic.png\" />"))
    }

    @Test func imageAttachmentsAreImagesWithTheirAltText() {
        let embeds = TestEmbeds(attachments: ["Home": ["a b.png": "IMAGE/PNG; q=1", "pic.jpg": "image/jpeg"]])
        let result = render("![[a b.png]] and ![[pic.jpg|A \"pic\" & <here]]", embeds)
        #expect(
            result.html
                == "<p><img class=\"embed\" src=\"Home.files/a b.png\" alt=\"a b.png\" /> and "
                + "<img class=\"embed\" src=\"Home.files/pic.jpg\" alt=\"A &quot;pic&quot; &amp; &lt;here\" /></p>\n")
        #expect(result.links.isEmpty, "attachments are not links to pages")
        #expect(
            result.attachments == [
                AttachmentEmbed(name: "a b.png", line: 1), AttachmentEmbed(name: "pic.jpg", line: 1),
            ])
    }

    @Test func aPDFIsALinkTheBrowserOpensAndOtherAttachmentsAreDownloadLinks() {
        let embeds = TestEmbeds(
            attachments: ["Home": ["notes.pdf": "application/pdf", "draw.svgz": "image/svg", "data": "image/"]])
        #expect(
            render("![[notes.pdf]] ![[draw.svgz]] ![[data]]", embeds).html
                == "<p><a class=\"embed-file\" href=\"Home.files/notes.pdf\">notes.pdf</a> "
                + "<a class=\"embed-file\" href=\"Home.files/draw.svgz\" download=\"\">draw.svgz</a> "
                + "<a class=\"embed-file\" href=\"Home.files/data\" download=\"\">data</a></p>\n")
    }

    @Test func aLabelThatIsASizeGivesTheImageItsWidthAndHeight() {
        let embeds = TestEmbeds(attachments: ["Home": ["a.png": "image/png"]])
        #expect(
            render("![[a.png|300]] ![[a.png|300x200]] ![[a.png|A plan|40]] ![[a.png|3x]]", embeds).html
                == "<p><img class=\"embed\" src=\"Home.files/a.png\" alt=\"a.png\" width=\"300\" /> "
                + "<img class=\"embed\" src=\"Home.files/a.png\" alt=\"a.png\" width=\"300\" height=\"200\" /> "
                + "<img class=\"embed\" src=\"Home.files/a.png\" alt=\"A plan\" width=\"40\" /> "
                + "<img class=\"embed\" src=\"Home.files/a.png\" alt=\"3x\" /></p>\n")
    }

    @Test func audioAndVideoArePlayersWithControls() {
        let embeds = TestEmbeds(attachments: ["Home": ["talk.mp3": "audio/mpeg", "clip.mp4": "video/mp4"]])
        #expect(
            render("![[talk.mp3]] ![[clip.mp4|320]]", embeds).html
                == "<p><audio class=\"embed\" src=\"Home.files/talk.mp3\" controls=\"\"></audio> "
                + "<video class=\"embed\" src=\"Home.files/clip.mp4\" controls=\"\" width=\"320\"></video></p>\n")
    }

    @Test func markdownImagesAndLinksToAttachmentsLeadToTheirFiles() {
        let embeds = TestEmbeds(attachments: ["Home": ["img/a b.png": "image/png", "spec.pdf": "application/pdf"]])
        let result = render("![a](img/a%20b.png)\n[spec](spec.pdf#page=2) [other](other.pdf)", embeds)
        #expect(
            result.html
                == "<p><img src=\"Home.files/img/a%20b.png\" alt=\"a\" />\n<a href=\"Home.files/spec.pdf\">spec</a> "
                + "<a href=\"other.pdf\">other</a></p>\n")
        #expect(
            result.attachments == [
                AttachmentEmbed(name: "img/a b.png", line: 1, isLink: true),
                AttachmentEmbed(name: "spec.pdf", line: 2, isLink: true),
            ])
    }

    @Test func aCleanedSVGIsAnImage() {
        let embeds = TestEmbeds(attachments: ["Home": ["draw.svg": "image/svg+xml"]])
        #expect(
            render("![[draw.svg|A plan]]", embeds).html
                == "<p><img class=\"embed\" src=\"Home.files/draw.svg\" alt=\"A plan\" /></p>\n")
    }

    @Test func missingAttachmentIsShownAsMissing() {
        let result = render("![[gone.png|a picture]]", TestEmbeds(pages: ["gone.png": "a page"]))
        #expect(
            result.html
                == "<p><span class=\"embed missing\" title=\"Attachment “gone.png” does not exist\">a picture</span></p>\n"
        )
        #expect(result.attachments == [AttachmentEmbed(name: "gone.png", line: 1)])
        #expect(result.links.isEmpty)
    }

    @Test func embeddedContentCannotInjectScript() {
        let embeds = TestEmbeds(pages: [
            "B": "<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>"
        ])
        let html = render("![[B|1 < 2 & \"3\"]]", embeds).html
        #expect(!html.contains("<script"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("onerror"))
        #expect(html.contains(">1 &lt; 2 &amp; &quot;3&quot;</a></p>"))
    }

    @Test func embedWhereNoBlockCanGoIsALink() {
        let result = render("## See ![[B]]\n\n*and ![[B]]*", TestEmbeds(pages: ["B": "BODY"]))
        #expect(
            result.html
                == "<h2 id=\"see-b\">See <a class=\"wikilink\" href=\"B.html\">B</a></h2>\n"
                + "<p><em>and <a class=\"wikilink\" href=\"B.html\">B</a></em></p>\n")
    }

    @Test func outlineFindsEmbedsWithoutRenderingThem() {
        let embeds = TestEmbeds(pages: ["B": "b"], attachments: ["Home": ["scan": "image/png"]])
        let outline = MarkdownRenderer().outline(
            "![[B#Part]]\n\n![[scan]] ![[lost.gif]]", of: PageTitle("Home"), resolve: testResolve, embeds: embeds)
        #expect(outline.links.map(\.isEmbed) == [true])
        #expect(outline.links[0].target == WikilinkTarget(title: PageTitle("B"), fragment: "Part"))
        #expect(
            outline.attachments == [AttachmentEmbed(name: "scan", line: 3), AttachmentEmbed(name: "lost.gif", line: 3)])
    }

    @Test func escapedEmbedsStayLinks() {
        #expect(
            render(#"\![[B]]"#, TestEmbeds(pages: ["B": "b"])).html
                == "<p>!<a class=\"wikilink\" href=\"B.html\">B</a></p>\n")
    }
}
