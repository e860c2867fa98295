import SplitMix64
import Testing
import WikiDocuments

/// A script-safe JSON string reads back as the text it was made from, and holds none of the
/// characters that could end a `<script>` element or a line of JavaScript.
@Suite struct ScriptSafeJSONTests {
    static let alphabet: [Unicode.Scalar] = Array(
        "ab<>&\"\\/\u{0}\u{1F}\n\u{2027}\u{2028}\u{2029}\u{202A}é日😀</script>".unicodeScalars)

    @Test func randomTextsRoundTripWithoutTheCharactersOfMarkup() throws {
        var random = SplitMix64(seed: 2028)
        for _ in 0..<2000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<24, using: &random) {
                text.append(Self.alphabet.randomElement(using: &random)!)
            }
            let string = String(text)
            let literal = ScriptSafeJSON.string(string)
            #expect(!literal.unicodeScalars.contains { "<>&\u{2028}\u{2029}".unicodeScalars.contains($0) })
            #expect(try JSONParser.parse(Array(literal.utf8)) == .string(string), "\(string.debugDescription)")
        }
    }

    @Test func aLiteralAppendedAfterOtherBytesIsTheStringsLiteral() {
        for text in ["Café \"x\"", "a</b>&\u{2028}\u{2029}", "", "\u{2027}\u{202A}"] {
            var bytes = Array("[1,".utf8)
            ScriptSafeJSON.append(text, to: &bytes)
            #expect(bytes == Array(("[1," + ScriptSafeJSON.string(text)).utf8), "\(text.debugDescription)")
        }
    }

    @Test func plainTextIsItsJSONLiteral() {
        #expect(ScriptSafeJSON.string("Café \"x\"") == "\"Café \\\"x\\\"\"")
        #expect(ScriptSafeJSON.string("a</b>&\u{2028}") == "\"a\\u003c/b\\u003e\\u0026\\u2028\"")
    }
}
