import Testing
import WikiSVG

/// `SVGSanitizer` on SVGs that try to run or load something, and on ordinary drawings.
@Suite struct SVGSanitizerTests {
    private static let open =
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">"

    private func cleaned(_ text: String) throws -> String {
        String(decoding: try SVGSanitizer.clean(Array(text.utf8)), as: UTF8.self)
    }

    private func cleanedBody(_ body: String) throws -> String {
        let text = try cleaned(Self.open + body + "</svg>")
        #expect(text.hasPrefix(Self.open) && text.hasSuffix("</svg>"))
        return String(text.dropFirst(Self.open.count).dropLast("</svg>".count))
    }

    @Test func aScriptIsRemovedWithItsText() throws {
        #expect(try cleanedBody("<script>alert(1)</script><rect width=\"1\"/>") == "<rect width=\"1\"></rect>")
    }

    @Test func anOnloadAttributeIsRemoved() throws {
        let text = try cleaned("<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\" width=\"2\"></svg>")
        #expect(!text.contains("onload") && !text.contains("alert"))
        #expect(text.contains("width=\"2\""))
    }

    @Test func aForeignObjectIsRemovedWithItsHTML() throws {
        let body =
            "<foreignObject><div xmlns=\"http://www.w3.org/1999/xhtml\"><img src=\"x\" onerror=\"alert(1)\"/></div>"
            + "</foreignObject>"
        #expect(try cleanedBody(body) == "")
    }

    @Test(arguments: ["https://evil.example/a.svg#x", "other.svg#x", " #x", "//evil.example/x"])
    func anExternalReferenceIsRemoved(href: String) throws {
        #expect(try cleanedBody("<use href=\"\(href)\" xlink:href=\"\(href)\"/>") == "<use></use>")
    }

    @Test func aLocalReferenceIsKept() throws {
        #expect(try cleanedBody("<use xlink:href=\"#a\" href=\"#b\"/>") == "<use href=\"#b\" xlink:href=\"#a\"></use>")
    }

    @Test(arguments: ["#cjavascript:", "#a:b", "#x javascript:alert(1)"])
    func aFragmentWithAColonNamesNoIDAndIsRemoved(href: String) throws {
        #expect(try cleanedBody("<use href=\"\(href)\" xlink:href=\"\(href)\"/>") == "<use></use>")
    }

    @Test func aRasterImageWhoseDataHoldsAColonIsRemoved() throws {
        let href = "data:image/gif;base64,PHNjcmljavascript:gxKTw="
        #expect(try cleanedBody("<image href=\"\(href)\"/>") == "<image></image>")
    }

    @Test func aJavascriptURLIsRemovedFromLinksAndAnimations() throws {
        let body =
            "<a xlink:href=\"javascript:alert(1)\"><circle r=\"1\"/></a>"
            + "<set attributeName=\"href\" to=\"javascript:alert(1)\"/><rect fill=\"url(javascript:alert(1))\"/>"
        #expect(try cleanedBody(body) == "<circle r=\"1\"></circle><rect></rect>")
    }

    @Test func aDataURLIsKeptOnlyForARasterImage() throws {
        let body =
            "<image href=\"data:text/html;base64,PHNjcmlwdD4=\"/><image href=\"data:image/svg+xml,&lt;svg/&gt;\"/>"
            + "<image href=\"data:image/png;base64,iVBO\"/><use href=\"data:image/png;base64,iVBO\"/>"
        #expect(
            try cleanedBody(body)
                == "<image></image><image></image><image href=\"data:image/png;base64,iVBO\"></image><use></use>")
    }

    @Test func aStyleThatLoadsSomethingIsRemovedAndASafeOneKept() throws {
        let body =
            "<style>@import url(x.css);</style><style>rect { fill: url(https://e.example/p) }</style>"
            + "<style>rect { fill: url( '#g') }</style><rect style=\"fill: url(http://e.example)\" fill=\"red\"/>"
        #expect(try cleanedBody(body) == "<style>rect { fill: url( '#g') }</style><rect fill=\"red\"></rect>")
    }

    @Test func elementsOfOtherNamespacesAreRemoved() throws {
        let body =
            "<ink:data xmlns:ink=\"http://www.inkscape.org/namespaces/inkscape\"><rect/></ink:data>"
            + "<g xmlns:l=\"http://evil.example/\"><use l:href=\"#a\"/></g>"
        #expect(try cleanedBody(body) == "<g><use></use></g>")
    }

    @Test func anEntityBombIsRefusedOrLeftSmall() {
        var declarations = "<!ENTITY a0 \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\">"
        for level in 1...12 {
            declarations += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 16) + "\">"
        }
        let bomb = "<?xml version=\"1.0\"?><!DOCTYPE svg [\(declarations)]>\(Self.open)<text>&a12;</text></svg>"
        let result = try? SVGSanitizer.clean(Array(bomb.utf8))
        #expect(result.map { $0.count <= SVGSanitizer.outputLimit(forInputOf: bomb.utf8.count) } ?? true)
    }

    @Test func processingInstructionsAndCommentsAreDropped() throws {
        let text = "<?xml version=\"1.0\"?><?empty?><?x data?>\(Self.open)<!-- note --><?y?><g/></svg>"
        #expect(try cleaned(text) == Self.open + "<g></g></svg>")
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        #expect(throws: SVGRefusal("it is not UTF-8 text")) { try SVGSanitizer.clean([0x3C, 0xFF, 0x3E]) }
    }

    @Test func anExternalEntityIsNeverRead() throws {
        let text =
            "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
            + "\(Self.open)<text>&x;</text></svg>"
        let result = try? cleaned(text)
        #expect(result.map { !$0.contains("root:") } ?? true)
    }

    @Test func illustratorsEntityForTheNamespaceStillWorks() throws {
        let text =
            "<!DOCTYPE svg [<!ENTITY ns_svg \"http://www.w3.org/2000/svg\">]>"
            + "<svg xmlns=\"&ns_svg;\"><rect width=\"1\"/></svg>"
        #expect(try cleaned(text) == Self.open + "<rect width=\"1\"></rect></svg>")
    }

    @Test(arguments: [
        "<svg><rect", "not xml at all", "<svg></svg><svg></svg>", "", "<svg><use p:href=\"#a\" href=\"#b\"/></svg>",
    ])
    func malformedXMLIsRefused(text: String) {
        #expect(throws: SVGRefusal.self) { try SVGSanitizer.clean(Array(text.utf8)) }
    }

    @Test func aDocumentWhoseRootIsNotSVGIsRefused() {
        let html = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><script>alert(1)</script></html>"
        #expect(
            throws: SVGRefusal(
                "its root element is <html> in the namespace http://www.w3.org/1999/xhtml, not an SVG <svg>")
        ) {
            try SVGSanitizer.clean(Array(html.utf8))
        }
    }

    @Test func aBenignDrawingKeepsItsShapesTextAndReferences() throws {
        let body =
            "<title>Plan &amp; &lt;map&gt;</title><defs><linearGradient id=\"g\"><stop offset=\"0\" stop-color=\"#f00\"/>"
            + "</linearGradient></defs><rect x=\"1\" fill=\"url(#g)\" transform=\"rotate(3)\"/>"
            + "<text xml:space=\"preserve\" font-size=\"3\">a &quot;b&quot; <tspan dy=\"1\">c</tspan></text>"
        #expect(
            try cleanedBody(body)
                == "<title>Plan &amp; &lt;map&gt;</title><defs><linearGradient id=\"g\"><stop offset=\"0\" "
                + "stop-color=\"#f00\"></stop></linearGradient></defs><rect fill=\"url(#g)\" transform=\"rotate(3)\" "
                + "x=\"1\"></rect><text font-size=\"3\" xml:space=\"preserve\">a \"b\" <tspan dy=\"1\">c</tspan></text>"
        )
    }

    @Test func textAndAttributesAreEscapedAnew() throws {
        let body = "<text id=\"a&quot;b&#10;c\"><![CDATA[</text><script>x</script>]]></text>"
        #expect(
            try cleanedBody(body) == "<text id=\"a&quot;b&#10;c\">&lt;/text&gt;&lt;script&gt;x&lt;/script&gt;</text>")
    }

    @Test func aLinkIsRemovedButWhatItDrawsIsKept() throws {
        #expect(try cleanedBody("<a href=\"https://e.example\"><rect/></a>") == "<rect></rect>")
    }

    @Test func cleaningIsIdempotent() throws {
        let once = try cleaned(Self.open + "<g fill=\"red\"><text>x &amp; y</text><style>a{}</style></g></svg>")
        #expect(try cleaned(once) == once)
    }
}
