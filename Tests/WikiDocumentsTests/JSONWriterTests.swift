import Foundation
import Testing
import WikiDocuments

/// The JSON text the writer makes of the value `text` parses to.
private func rewritten(_ text: String) throws -> String {
    JSONWriter.text(try JSONParser.parse(text))
}

@Suite struct JSONWriterTests {
    @Test func writesCompactTextKeepingOrderDuplicatesAndNumberText() throws {
        let text = #"{ "b": [1, 1.50, -0, 2e+10, true, false, null], "a": {}, "b": [], "c": "x" }"#
        #expect(try rewritten(text) == #"{"b":[1,1.50,-0,2e+10,true,false,null],"a":{},"b":[],"c":"x"}"#)
    }

    @Test func escapesOnlyWhatJSONRequires() {
        let string =
            "quote \" backslash \\ slash / tab \t newline \n return \r bs \u{08} ff \u{0C} nul \u{00} unit \u{1F} del \u{7F}"
        #expect(
            JSONWriter.text(.string(string))
                == #""quote \" backslash \\ slash / tab \t newline \n return \r bs \b ff \f nul \u0000 unit \u001f del "#
                + "\u{7F}\"")
    }

    @Test func writesNonASCIIAsItself() {
        let string = "Café Cafe\u{301} \u{2028} 🐙 日本"
        #expect(JSONWriter.bytes(.string(string)) == Array("\"\(string)\"".utf8))
    }

    @Test(arguments: [
        #"{"_id":"w:Café","_rev":"1-a","list":[[],[{}],{"":""}],"n":-12.5e-3}"#,
        #"["\u0000\u0001\u001e","\ud83d\ude00","a\/b","\u00e9"]"#,
        #"{"a":1,"a":2,"nested":{"deep":[[[["x"]]]]}}"#,
        #""just a string""#,
        "0",
        "null",
    ])
    func roundTripsThroughTheParser(text: String) throws {
        let value = try JSONParser.parse(text)
        let written = JSONWriter.bytes(value)
        #expect(try JSONParser.parse(written) == value)
        // Writing is a fixed point: the text of the re-parsed value is the same text.
        #expect(JSONWriter.bytes(try JSONParser.parse(written)) == written)
    }

    @Test func roundTripsEveryScalarClass() throws {
        var scalars = (0..<0x80).compactMap(Unicode.Scalar.init)
        scalars += [0xA0, 0x7FF, 0x800, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF].compactMap(Unicode.Scalar.init)
        let string = String(String.UnicodeScalarView(scalars))
        let value = JSONValue.object(JSONObject([(string, .string(string))]))
        let parsed = try JSONParser.parse(JSONWriter.bytes(value))
        #expect(parsed == value)
        #expect(parsed.objectValue?.members.first?.key.isExactly(string) == true)
    }

    @Test func roundTripsTheExampleDumps() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
        for name in ["touchwiki.json", "user-guide.json"] {
            let bytes = Array(try Data(contentsOf: examples.appendingPathComponent(name)))
            let value = try JSONParser.parse(bytes)
            #expect(try JSONParser.parse(JSONWriter.bytes(value)) == value, "\(name)")
        }
    }
}
