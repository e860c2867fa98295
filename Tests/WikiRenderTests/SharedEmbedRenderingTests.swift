import Testing
import WikiModel
import WikiRender

/// `TestEmbeds` whose texts share their embeds' renderings in `scope`.
private struct SharingEmbeds: EmbedSource {
    let pages: TestEmbeds
    let renderingScope: EmbedRenderingScope?

    func markdown(ofPage title: PageTitle) -> String? { pages.markdown(ofPage: title) }

    func attachment(named name: String, ofPage page: PageTitle?) -> EmbeddedAttachment? {
        pages.attachment(named: name, ofPage: page)
    }
}

@Suite("Shared embed renderings")
struct SharedEmbedRenderingTests {
    /// Renders `files` (title, Markdown) in order with one set of shared renderings, and each
    /// alone with none, and expects the same HTML: a reused rendering is what a clean render
    /// makes. Returns the shared renderings, for a second round.
    @discardableResult
    private func expectCleanRenders(
        _ files: [(String, String)], _ pages: TestEmbeds, sharing renderings: EmbedRenderings = EmbedRenderings(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> EmbedRenderings {
        let renderer = MarkdownRenderer()
        let shared = SharingEmbeds(pages: pages, renderingScope: EmbedRenderingScope(renderings: renderings, name: "w"))
        for (title, markdown) in files {
            let page = PageTitle(title)
            let clean = renderer.render(markdown, of: page, resolve: testResolve, embeds: pages).html
            let reused = renderer.render(markdown, of: page, resolve: testResolve, embeds: shared).html
            #expect(reused == clean, "file \(title)", sourceLocation: sourceLocation)
        }
        return renderings
    }

    @Test func aPageEmbeddedInManyFilesRendersAsACleanRenderWould() {
        let pages = TestEmbeds(
            pages: ["B": "# B\n\nintro [[#Part]] ![[pic.png]]\n\n## Part\n\npart ![[C]]", "C": "c **bold**"],
            attachments: ["B": ["pic.png": "image/png"]])
        let files = [("A1", "![[B]]"), ("A2", "x\n![[B]]\ny\n\n![[B#Part]]"), ("A3", "![[B#Part]] ![[B#Nope]]")]
        let renderings = expectCleanRenders(files, pages)
        expectCleanRenders(files, pages, sharing: renderings)
    }

    @Test func aSectionThePageDoesNotHaveIsMissingAsInACleanRender() {
        let pages = TestEmbeds(pages: ["B": "# B\n\n## Part\n\ntext ^blk\n\n- item ^li\n- other\n"])
        let sections = "![[B#Nope]]\n\n![[B#^blk]]\n\n![[B#^li]]\n\n![[B#^none]]\n\n![[B#part]]\n\n![[B#B]]"
        expectCleanRenders([("A1", "![[B#Part]]"), ("A2", sections), ("A3", "x ![[B#Nope]] ![[B]]")], pages)
    }

    @Test func aPageEmbeddedAtAnotherDepthRendersAsACleanRenderWould() {
        let pages = TestEmbeds(pages: ["B": "b ![[C]]", "C": "c ![[D]]", "D": "d ![[E]]", "E": "EEE"])
        expectCleanRenders([("A1", "![[B]]"), ("A2", "![[C]]"), ("A3", "![[D]] ![[B]]")], pages)
    }

    @Test func aRenderingIsNotReusedInAFileItWouldShowInsideItself() {
        let pages = TestEmbeds(pages: ["B": "b ![[C]]", "C": "c", "D": "d ![[B]]"])
        expectCleanRenders([("A", "![[B]]"), ("C", "![[B]]"), ("E", "![[D]]"), ("B", "![[D]]")], pages)
    }

    @Test func footnotesOfAnEmbeddedPageKeepTheirIdsInEachFile() {
        let pages = TestEmbeds(pages: ["B": "b[^1]\n\n[^1]: note", "C": "c"])
        expectCleanRenders([("A1", "![[B]]"), ("A2", "![[C]]\n\n![[B]]"), ("A3", "![[B]]\n\n![[B]]")], pages)
    }

    @Test func theLimitOfEmbeddedPagesCutsAReusedRenderingAsACleanRenderWould() {
        let many = { (title: String) in String(repeating: "![[\(title)]]\n\n", count: 11) }
        let pages = TestEmbeds(pages: ["B": many("C"), "C": many("D"), "D": "d"])
        expectCleanRenders([("A1", "![[B]]"), ("A2", many("B")), ("A3", "![[C]]\n\n" + many("B"))], pages)
    }
}
