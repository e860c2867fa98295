import Testing
import WikiDocuments

@testable import WikiServe

@Suite("The live-reload script in HTML responses")
struct LiveReloadInjectionTests {
    let injection = LiveReloadInjection(sitePath: "wiki/Page.html", buildError: nil)

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func theScriptGoesJustBeforeTheLastBodyEnd() {
        let page = text(injection.inserted(into: Array("<html><body><p>x</p></body></html>".utf8)))
        #expect(page.hasPrefix("<html><body><p>x</p><script>window.wikisiteLive="))
        #expect(page.hasSuffix("</script></body></html>"))
        #expect(page.contains("EventSource(\"/_wikisite/events\")"))
    }

    @Test func theBodyEndIsFoundInAnyLetterCase() {
        let page = text(injection.inserted(into: Array("<BODY>a</Body>".utf8)))
        #expect(page.hasPrefix("<BODY>a<script>"))
        #expect(page.hasSuffix("</script></Body>"))
    }

    @Test func aPageWithoutBodyEndGetsTheScriptAtItsEnd() {
        let page = text(injection.inserted(into: Array("<p>fragment</p>".utf8)))
        #expect(page.hasPrefix("<p>fragment</p><script>"))
    }

    @Test func aBuildErrorCannotCloseTheScriptElement() {
        let hostile = LiveReloadInjection(
            sitePath: "w/</script><script>alert(1)</script>.html",
            buildError: "page.mustache:3: </script><img src=x onerror=alert(1)>")
        let markup = hostile.markup
        #expect(!markup.contains("</script><script>alert"))
        #expect(!markup.contains("<img"))
        #expect(markup.contains("\\u003c/script\\u003e\\u003cimg"))
    }

    @Test func onlyHTMLFilesGetTheScript() {
        #expect(ContentType.isHTML("wiki/Page.html"))
        #expect(!ContentType.isHTML("style.css"))
        #expect(!ContentType.isHTML("wiki/feed.xml"))
        #expect(!ContentType.isHTML("wiki/_attachments/a.svg"))
    }

    @Test func contentTypesFollowTheExtension() {
        #expect(ContentType.of("style.css") == "text/css; charset=utf-8")
        #expect(ContentType.of("a/b.PNG") == "image/png")
        #expect(ContentType.of("sitemap.xml") == "application/xml")
        #expect(ContentType.of("no-extension") == "application/octet-stream")
    }

    @Test func theNotFoundPageEscapesWhatWasAskedFor() {
        let html = NotFoundPage(requested: "/<script>alert(1)</script>", stylesheet: nil).html
        #expect(!html.contains("<script>"))
        #expect(html.contains("/&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    /// A combining mark after `<` or `"` makes one `Character` of both: escaping by characters
    /// would let the `<` through.
    @Test func aCombiningMarkCannotHideAnAngleBracketFromTheNotFoundPage() {
        let html = NotFoundPage(requested: "/<\u{301}b onmouseover=x>\"\u{301}", stylesheet: nil).html
        #expect(html.contains("/&lt;\u{301}b onmouseover=x&gt;&quot;\u{301}"))
        #expect(!html.contains("<\u{301}"))
    }

    /// A script-safe literal is JSON that reads back as the text, and holds none of the
    /// characters that could end a script or a line of it.
    @Test(arguments: ["", "plain", "</script>&<!--", "\u{2028}\u{2029}", "quote \" slash \\ tab \t nul \u{0}", "é 😀"])
    func aScriptSafeLiteralReadsBackAsItsText(text: String) throws {
        let literal = ScriptSafeJSON.string(text)
        #expect(!literal.unicodeScalars.contains { "<>&\u{2028}\u{2029}".unicodeScalars.contains($0) })
        #expect(try JSONParser.parse(Array(literal.utf8)) == .string(text))
    }
}
