import Testing

@testable import WikiRender

/// `HTMLTokenizer` state by state, as the HTML standard's tokenizer reads the same bytes.
@Suite("HTML tokenizer")
struct HTMLTokenizerTests {
    func tokens(_ html: String) -> [HTMLToken] {
        HTMLTokenizer.tokens(of: Array(html.utf8))
    }

    func start(_ name: String, _ attributes: [(String, String)] = [], selfClosing: Bool = false) -> HTMLToken {
        .startTag(
            HTMLStartTag(
                name: name, attributes: attributes.map { HTMLStartTag.Attribute(name: $0.0, value: $0.1) },
                isSelfClosing: selfClosing))
    }

    func text(_ text: String) -> HTMLToken {
        .text(Array(text.utf8))
    }

    @Test func textAndTagsAlternate() {
        #expect(
            tokens("<kbd>Ctrl</kbd>+<KBD>C</Kbd>") == [
                start("kbd"), text("Ctrl"), .endTag("kbd"), text("+"), start("kbd"), text("C"), .endTag("kbd"),
            ])
        #expect(tokens("plain & simple") == [text("plain & simple")])
    }

    @Test func aLessThanSignThatOpensNoTagIsText() {
        #expect(tokens("a < b <3 <") == [text("a < b <3 <")])
        #expect(tokens("x </ y") == [text("x "), .ignored])
        #expect(tokens("x </") == [text("x </")])
        #expect(tokens("</>") == [.ignored])
    }

    @Test func tagNamesEndAtWhitespaceSlashOrGreaterThan() {
        #expect(tokens("<br/>") == [start("br", selfClosing: true)])
        #expect(tokens("<br />") == [start("br", selfClosing: true)])
        #expect(tokens("</br>") == [.endTag("br")])
        #expect(tokens("<BR\n>") == [start("br")])
        #expect(tokens("<img\u{0C}src=a>") == [start("img", [("src", "a")])])
    }

    @Test func attributeValuesQuotedUnquotedOrMissing() {
        #expect(
            tokens("<img src=\"a b\" alt='c \"d\"' width=10 height>")
                == [start("img", [("src", "a b"), ("alt", "c \"d\""), ("width", "10"), ("height", "")])])
        #expect(tokens("<img alt = x>") == [start("img", [("alt", "x")])])
        #expect(tokens("<img alt=>") == [start("img", [("alt", "")])])
        #expect(tokens("<img alt=a/>") == [start("img", [("alt", "a/")])])
        #expect(tokens("<img alt=\"a\"width=1>") == [start("img", [("alt", "a"), ("width", "1")])])
    }

    @Test func attributeNamesAreLowercasedAndTheFirstOfTwoWins() {
        #expect(tokens("<IMG SRC=a Src=b>") == [start("img", [("src", "a")])])
        #expect(tokens("<img =a \"b'=c>") == [start("img", [("=a", ""), ("\"b'", "c")])])
        #expect(tokens("<img / alt=a>") == [start("img", [("alt", "a")])])
    }

    @Test func characterReferencesInAttributeValuesAreDecoded() {
        #expect(tokens("<img src=\"java&#x09;script:x\">") == [start("img", [("src", "java\tscript:x")])])
        #expect(tokens("<img src=&#106&#97vascript:x>") == [start("img", [("src", "javascript:x")])])
        #expect(tokens("<img alt=\"&lt;&amp;&eacute;&colon;\">") == [start("img", [("alt", "<&é:")])])
        #expect(
            tokens("<img alt=\"&nope; &copy &#0; &#x110000; &#128;\">") == [
                start("img", [("alt", "&nope; &copy \u{FFFD} \u{FFFD} \u{20AC}")])
            ])
        #expect(tokens("<img alt=\"&#\">") == [start("img", [("alt", "&#")])])
    }

    @Test func aTagCutByTheEndOfTheTextIsIgnored() {
        for cut in ["<img", "<img src", "<img src=", "<img src=\"a", "<img src=a", "<img /", "</kbd"] {
            #expect(tokens("x" + cut) == [text("x"), .ignored], "\(cut)")
        }
    }

    @Test func commentsDoctypesCDATAAndProcessingInstructionsAreIgnored() {
        #expect(tokens("a<!-- <b> -->b") == [text("a"), .ignored, text("b")])
        #expect(tokens("<!-->x<!--->y") == [.ignored, text("x"), .ignored, text("y")])
        #expect(tokens("<!-- a --!>b") == [.ignored, text("b")])
        #expect(tokens("<!-- open") == [.ignored])
        #expect(tokens("<!DOCTYPE html>a") == [.ignored, text("a")])
        #expect(tokens("<![CDATA[ a > <b> ]]>c") == [.ignored, text("c")])
        #expect(tokens("<?php echo 1 ?>d") == [.ignored, text("d")])
        #expect(tokens("<!x>e") == [.ignored, text("e")])
    }

    @Test func rawTextElementsHoldNoTags() {
        #expect(
            tokens("<script>if (a<b) x('</div>')</SCRIPT >z") == [
                start("script"), .rawText(Array("if (a<b) x('</div>')".utf8)), .endTag("script"), text("z"),
            ])
        #expect(
            tokens("<style>a{}</styles></style>") == [
                start("style"), .rawText(Array("a{}</styles>".utf8)), .endTag("style"),
            ])
        #expect(tokens("<title><kbd>") == [start("title"), .rawText(Array("<kbd>".utf8))])
        #expect(tokens("<plaintext></plaintext><b>") == [start("plaintext"), .rawText(Array("</plaintext><b>".utf8))])
    }

    @Test func nulInANameBecomesTheReplacementCharacter() {
        #expect(tokens("<a\0b c\0=\0>") == [start("a\u{FFFD}b", [("c\u{FFFD}", "\u{FFFD}")])])
    }
}
