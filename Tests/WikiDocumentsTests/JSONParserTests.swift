import SplitMix64
import Testing
import WikiDocuments

/// Parses `text` as a whole JSON text.
private func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try JSONParser.parse(text)
}

/// Parses raw bytes and reports whether invalid text was replaced.
private func parseReportingReplacement(_ bytes: [UInt8]) throws -> (value: JSONValue, replaced: Bool) {
    try bytes.withUnsafeBytes { buffer in
        var parser = JSONParser(bytes: buffer)
        let value = try parser.parseValue()
        return (value, parser.replacedInvalidText)
    }
}

/// The error parsing `text` throws.
private func parseError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONParseError? {
    #expect(throws: JSONParseError.self, sourceLocation: sourceLocation) { try parse(text) }
}

/// A JSON string literal for `string`, escaping what JSON requires and, with `escapingAll`,
/// every non-ASCII scalar too (as `\uXXXX`, surrogate pairs beyond the BMP).
private func jsonLiteral(_ string: String, escapingAll: Bool = false) -> String {
    func unicodeEscape(_ unit: UInt32) -> String {
        let hex = String(unit, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
    var result = "\""
    for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case _ where scalar.value < 0x20: result += unicodeEscape(scalar.value)
        case _ where escapingAll && scalar.value > 0xFFFF:
            let value = scalar.value - 0x10000
            result += unicodeEscape(0xD800 + (value >> 10)) + unicodeEscape(0xDC00 + (value & 0x3FF))
        case _ where escapingAll && scalar.value > 0x7F: result += unicodeEscape(scalar.value)
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

@Suite struct JSONParserValueTests {
    @Test func scalars() throws {
        #expect(try parse("null") == .null)
        #expect(try parse("true") == .bool(true))
        #expect(try parse(" false ") == .bool(false))
        #expect(try parse(#""hi""#) == .string("hi"))
        #expect(try parse(#""""#) == .string(""))
    }

    @Test func containersKeepOrderAndDuplicates() throws {
        let value = try parse(#"{"b": [1, {"c": null}], "a": {}, "b": [], "e": []}"#)
        let object = try #require(value.objectValue)
        #expect(object.members.map(\.key) == ["b", "a", "b", "e"])
        #expect(object["b"] == .array([]))
        #expect(object.members[0].value == .array([.number("1"), .object(JSONObject([("c", .null)]))]))
        #expect(object["a"] == .object(JSONObject()))
    }

    @Test(arguments: [
        "0", "-0", "7", "-12", "3.25", "-0.5", "1e9", "1E9", "1e+9", "1e-9", "2.5E-3", "1e400",
        "123456789012345678901234567890", "0.000000000000000000001",
    ])
    func numbersKeepTheirText(text: String) throws {
        #expect(try parse(text) == .number(text))
        #expect(try parse("[\(text)]") == .array([.number(text)]))
    }

    @Test(arguments: [
        ("01", 1, "invalid number: a number cannot start with 0"),
        ("-01", 1, "invalid number: a number cannot start with 0"),
        ("1.x", 3, "invalid number: expected a digit after the decimal point"),
        ("-a", 2, "invalid number: expected a digit after '-'"),
        ("1ex", 3, "invalid number: expected a digit after the exponent"),
        ("1.5.2", 4, "invalid number: unexpected '.' in a number"),
        ("2x", 2, "invalid number: unexpected 'x' in a number"),
        ("[1-2]", 3, "invalid number: unexpected '-' in a number"),
        ("+1", 1, "expected a JSON value, found '+'"),
        (".5", 1, "expected a JSON value, found '.'"),
    ])
    func invalidNumbers(text: String, column: Int, message: String) throws {
        let error = try #require(parseError(text))
        #expect(error.message == message)
        #expect(error.line == 1)
        #expect(error.column == column)
        #expect(!error.isTruncation)
    }

    @Test(arguments: [
        "-", "1.", "1e", "1e+", "[1.", "tru", "nul", #""abc"#, #""\"#, #""\u12"#, "[", "{", #"{"a""#, #"{"a":"#,
    ])
    func truncatedInputIsReportedAtTheEnd(text: String) throws {
        let error = try #require(parseError(text))
        #expect(error.isTruncation)
        #expect(error.byteOffset == text.utf8.count)
        #expect(error.message == "unexpected end of input: the JSON text is truncated")
    }

    @Test func emptyInputIsTruncated() throws {
        let error = try #require(parseError(""))
        #expect(error.isTruncation)
        #expect((error.line, error.column, error.byteOffset) == (1, 1, 0))
        let blank = try #require(parseError("  \n "))
        #expect((blank.line, blank.column, blank.byteOffset) == (2, 2, 4))
    }

    @Test func invalidLiterals() throws {
        #expect(try #require(parseError("trux")).message == "invalid literal: expected true")
        #expect(try #require(parseError("[nul1]")).message == "invalid literal: expected null")
        #expect(try #require(parseError("[fals]")).column == 2)
    }

    @Test func trailingDataAfterTheValue() throws {
        let error = try #require(parseError("{} x"))
        #expect(error.message == "unexpected 'x' after the end of the JSON value")
        #expect(error.column == 4)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number("1")]))
    }
}

@Suite struct JSONParserStringTests {
    @Test func simpleEscapes() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
    }

    @Test func unicodeEscapes() throws {
        #expect(try parse(#""caf\u00e9 \u00E9""#) == .string("café é"))
        #expect(try parse(#""\u20ac\u0041""#) == .string("€A"))
        #expect(try parse(#""\ud83d\ude00!""#) == .string("😀!"))
    }

    @Test func nulIsAnOrdinaryCharacter() throws {
        let value = try parse(#""a\u0000b""#)
        #expect(value.stringValue?.unicodeScalars.map(\.value) == [0x61, 0, 0x62])
    }

    @Test(arguments: [
        (#""\ud800""#, "\u{FFFD}"),
        (#""\udc00x""#, "\u{FFFD}x"),
        (#""\ud800\u0041""#, "\u{FFFD}A"),
        (#""\ud800\ud800""#, "\u{FFFD}\u{FFFD}"),
        (#""a\ud83db""#, "a\u{FFFD}b"),
    ])
    func loneSurrogatesAreReplaced(text: String, expected: String) throws {
        let (value, replaced) = try parseReportingReplacement(Array(text.utf8))
        #expect(value.stringValue?.isExactly(expected) == true)
        #expect(replaced)
    }

    @Test func invalidUTF8IsReplacedAndReported() throws {
        let raw: [UInt8] = [0x22, 0x61, 0xFF, 0x62, 0xC3, 0x22]
        let (value, replaced) = try parseReportingReplacement(raw)
        #expect(value.stringValue?.isExactly("a\u{FFFD}b\u{FFFD}") == true)
        #expect(replaced)

        let escaped: [UInt8] = Array(#""\n"#.utf8) + [0xE2, 0x82] + Array(#"\t""#.utf8)
        let (escapedValue, escapedReplaced) = try parseReportingReplacement(escaped)
        #expect(escapedValue.stringValue?.isExactly("\n\u{FFFD}\t") == true)
        #expect(escapedReplaced)

        let key: [UInt8] = [0x7B, 0x22, 0xF0, 0x22, 0x3A, 0x31, 0x7D]
        let (object, keyReplaced) = try parseReportingReplacement(key)
        #expect(object.objectValue?.members.first?.key.isExactly("\u{FFFD}") == true)
        #expect(keyReplaced)
    }

    @Test func validTextIsNotReported() throws {
        let (value, replaced) = try parseReportingReplacement(Array(#"["Café", "\u00e9", "日本", "😀"]"#.utf8))
        #expect(value.arrayValue?.count == 4)
        #expect(!replaced)
    }

    @Test func normalizationFormsArePreservedExactly() throws {
        let composed = "Caf\u{E9}"
        let decomposed = "Cafe\u{301}"
        let value = try parse("[\(jsonLiteral(composed)), \(jsonLiteral(decomposed))]")
        let strings = try #require(value.arrayValue).compactMap(\.stringValue)
        #expect(strings[0].isExactly(composed))
        #expect(strings[1].isExactly(decomposed))
        #expect(!strings[0].isExactly(strings[1]))
    }

    @Test func invalidEscape() throws {
        let error = try #require(parseError(#"["ok", "a\x"]"#))
        #expect(error.message.hasPrefix("invalid escape \\'x' in a string"))
        #expect(error.column == 10)
        let hex = try #require(parseError(#""\u12G4""#))
        #expect(hex.message == "invalid \\u escape in a string: expected four hexadecimal digits")
        #expect(hex.column == 2)
    }

    @Test func rawControlCharacters() throws {
        let newline = try #require(parseError("{\"a\": \"one\ntwo\"}"))
        #expect(newline.message.hasPrefix("unescaped control character U+000A in a string"))
        #expect(newline.message.contains("closing quote missing"))
        #expect((newline.line, newline.column, newline.byteOffset) == (1, 11, 10))
        let tab = try #require(parseError("\"a\tb\""))
        #expect(tab.message == "unescaped control character U+0009 in a string: write it as an escape (\\u0009)")
    }

    /// Every length and every position of a special character, to exercise the word-at-a-time scan.
    @Test func stringsOfEveryShape() throws {
        let specials = ["\"", "\\", "\n", "\u{1}", "é", "😀", "\u{7F}"]
        for length in 0..<40 {
            let plain = String(repeating: "x", count: length)
            #expect(try parse(jsonLiteral(plain)) == .string(plain))
            for position in 0...length {
                for special in specials {
                    var text = plain
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: position))
                    let parsed = try parse(jsonLiteral(text))
                    #expect(parsed.stringValue?.isExactly(text) == true, "\(length) \(position) \(special)")
                }
            }
        }
    }
}

@Suite struct JSONParserLongStringTests {
    /// Long strings mixing plain runs, escapes and non-ASCII text, written raw and fully escaped:
    /// buffers grow, words straddle escapes, and the text must come back exactly.
    @Test func randomLongStringsRoundTrip() throws {
        let pieces = [
            "a", "plain text run ", "\n", "\"", "\\", "\t", "\u{1}", "é", "日本語", "😀", "/", "\u{7F}", "\u{FFFF}",
        ]
        var generator = SplitMix64(seed: 2024)
        for round in 0..<150 {
            let length = Int.random(in: 0..<3_000, using: &generator)
            var text = ""
            for _ in 0..<length { text += pieces.randomElement(using: &generator)! }
            for escapingAll in [false, true] {
                let literal = jsonLiteral(text, escapingAll: escapingAll)
                let (value, replaced) = try parseReportingReplacement(Array("[\(literal), 1]".utf8))
                let parsed = try #require(value.arrayValue?.first?.stringValue)
                #expect(parsed.isExactly(text), "round \(round), escaping all: \(escapingAll)")
                #expect(!replaced)
            }
        }
    }

    @Test func invalidBytesInsideLongEscapedStrings() throws {
        let run = Array(String(repeating: "abc\\n", count: 2_000).utf8)
        let bytes = [0x22] + run + [0xFF] + run + Array(#"\ud800""#.utf8)
        let (value, replaced) = try parseReportingReplacement(bytes)
        let expected =
            String(repeating: "abc\n", count: 2_000) + "\u{FFFD}" + String(repeating: "abc\n", count: 2_000)
            + "\u{FFFD}"
        #expect(value.stringValue?.isExactly(expected) == true)
        #expect(replaced)
    }

    @Test func truncatedAndBrokenLongStrings() throws {
        let long = "\"" + String(repeating: "x\\ty", count: 3_000)
        let truncated = try #require(parseError(long))
        #expect(truncated.isTruncation)
        #expect(truncated.byteOffset == long.utf8.count)
        let broken = try #require(parseError(long + "\n\""))
        #expect(broken.message.hasPrefix("unescaped control character U+000A"))
        #expect(broken.byteOffset == long.utf8.count)
    }
}

@Suite struct JSONParserErrorTests {
    @Test(arguments: [
        (#"{"a":1 "b":2}"#, 8, "expected ',' or '}' after an object member, found '\"'"),
        ("[1 2]", 4, "expected ',' or ']' after an array element, found '2'"),
        (#"{"a" 1}"#, 6, "expected ':' after the object key \"a\", found '1'"),
        ("{1:2}", 2, "expected a string key in an object, found '1'"),
        ("[1,]", 4, "expected a value after ',', found ']' (JSON does not allow trailing commas)"),
        (#"{"a":1,}"#, 8, "expected a string key after ',', found '}' (JSON does not allow trailing commas)"),
        ("[,1]", 2, "expected a JSON value, found ','"),
        ("x", 1, "expected a JSON value, found 'x'"),
        ("[1}", 3, "expected ',' or ']' after an array element, found '}'"),
    ])
    func structuralErrors(text: String, column: Int, message: String) throws {
        let error = try #require(parseError(text))
        #expect(error.message == message)
        #expect(error.column == column)
        #expect(error.byteOffset == column - 1)
    }

    @Test func positionsCountLinesAndScalars() throws {
        let text = "{\r\n  \"café\": \"日本\",\n  \"b\": [1, 2,, 3]\n}"
        let error = try #require(parseError(text))
        #expect(error.line == 3)
        #expect(error.column == 14)
        let lineThree = text.utf8.count - "  \"b\": [1, 2,, 3]\n}".utf8.count
        #expect(error.byteOffset == lineThree + 13)
        #expect(error.description == "3:14 (byte \(error.byteOffset)): expected a JSON value, found ','")

        let afterUnicode = try #require(parseError("[\"日本\" 1]"))
        #expect(afterUnicode.column == 7)
        #expect(afterUnicode.byteOffset == 10)
    }

    @Test func nestingIsLimited() throws {
        let limit = JSONParser.defaultMaximumDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(try parse(deepest).arrayValue != nil)

        let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        let error = try #require(parseError(tooDeep))
        #expect(error.message == "nesting deeper than 512 levels of arrays and objects")
        #expect(error.column == limit + 1)

        let objects = String(repeating: #"{"a":"#, count: 100_000)
        #expect(try #require(parseError(objects)).message.hasPrefix("nesting deeper than"))
        #expect(throws: JSONParseError.self) { try JSONParser.parse("[[[1]]]", maximumDepth: 2) }
        #expect(try JSONParser.parse("[[1]]", maximumDepth: 2) == .array([.array([.number("1")])]))
    }
}

@Suite struct JSONParserWalkingTests {
    @Test func walksATopLevelArrayElementByElement() throws {
        let text = "[\n {\"n\": 1},\n \"two\",\n [3]\n]\n{\"next\": true}"
        try Array(text.utf8).withUnsafeBytes { buffer in
            var parser = JSONParser(bytes: buffer)
            try parser.beginArray()
            var elements: [(line: Int, value: JSONValue)] = []
            while try parser.nextElement() {
                let line = parser.line
                elements.append((line, try parser.parseValue()))
            }
            #expect(elements.map(\.line) == [2, 3, 4])
            #expect(elements[1].value == .string("two"))
            parser.skipWhitespace()
            #expect(parser.line == 6)
            #expect(parser.peek() == UInt8(ascii: "{"))
            try parser.beginObject()
            #expect(try parser.nextKey() == "next")
            #expect(try parser.parseValue() == .bool(true))
            #expect(try parser.nextKey() == nil)
            parser.skipWhitespace()
            #expect(parser.isAtEnd)
        }
    }

    @Test func emptyContainersAndErrors() throws {
        try Array("{} [] [1 {".utf8).withUnsafeBytes { buffer in
            var parser = JSONParser(bytes: buffer)
            try parser.beginObject()
            #expect(try parser.nextKey() == nil)
            try parser.beginArray()
            #expect(try parser.nextElement() == false)
            try parser.beginArray()
            #expect(try parser.nextElement())
            #expect(try parser.parseValue() == .number("1"))
            let error = #expect(throws: JSONParseError.self) { try parser.nextElement() }
            #expect(error?.message == "expected ',' or ']' after an array element, found '{'")
            #expect(throws: JSONParseError.self) { try parser.beginArray() }
        }
    }

    @Test func aCopyRewinds() throws {
        try Array(#"{"a": 1} 2"#.utf8).withUnsafeBytes { buffer in
            var parser = JSONParser(bytes: buffer)
            let start = parser
            try parser.beginObject()
            #expect(try parser.nextKey() == "a")
            parser = start
            #expect(try parser.parseValue() == .object(JSONObject([("a", .number("1"))])))
            #expect(try parser.parseValue() == .number("2"))
        }
    }
}

/// `skipValue()` moves past a value to where `parseValue()` ends it, or refuses and stays put, so
/// a reader can parse the values it skipped later, from a copy of the parser, on other cores.
@Suite struct JSONParserSkipTests {
    /// Where `parseValue()` and `skipValue()` leave a parser over `text`, each from the start
    /// (nil for the skip when it refuses).
    func ends(_ text: String) -> (parsed: (offset: Int, line: Int)?, skipped: (offset: Int, line: Int)?) {
        Array(text.utf8).withUnsafeBytes { buffer in
            var parsing = JSONParser(bytes: buffer)
            let parsed = (try? parsing.parseValue()).map { _ in (parsing.offset, parsing.line) }
            var skipping = JSONParser(bytes: buffer)
            let skipped = skipping.skipValue() ? (skipping.offset, skipping.line) : nil
            if skipped == nil { #expect(skipping.offset == 0 && skipping.line == 1, "a refusal stays put") }
            return (parsed, skipped)
        }
    }

    @Test(arguments: [
        "0", "-12.5e3 ,", "true]", "null}", #""a \"quoted\" \\ string""#, "  \n [1, {\"a\": [\"]\", \"}\"]}, 2] x",
        "{\"k\":\n  {\"n\": [\n[[]]]}}\n,", #"{"\\": "\\\\", "x": "\u00e9\ud83d\ude00"}"#, "[\"é 😀\", -0.0, 1E+2]",
    ])
    func validValuesEndWhereTheParserEndsThem(text: String) {
        let (parsed, skipped) = ends(text)
        #expect(parsed != nil)
        #expect(skipped?.offset == parsed?.offset)
        #expect(skipped?.line == parsed?.line)
    }

    @Test(arguments: [
        "", "   ", "[1, 2", "{\"a\": \"unterminated}", "\"line\nbreak\"", "\"tab\tinside\"", "]", "}", ",",
        "[\"\\", "\u{1}", "\"escaped \\\nbreak\"", "[\"escaped \\\u{1} control\"]",
    ])
    func brokenValuesAreRefused(text: String) {
        #expect(ends(text).skipped == nil)
    }

    @Test func tooDeepIsRefusedAsTheParserRefusesIt() {
        let deep =
            String(repeating: "[", count: JSONParser.defaultMaximumDepth + 1)
            + String(repeating: "]", count: JSONParser.defaultMaximumDepth + 1)
        let (parsed, skipped) = ends(deep)
        #expect(parsed == nil && skipped == nil)
        let allowed = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        #expect(ends(allowed).skipped?.offset == 20)
    }

    /// Random values as `JSONWriter` writes them, with whitespace and line breaks between tokens.
    @Test func randomValuesEndWhereTheParserEndsThem() {
        var random = SplitMix64(seed: 20_261_124)
        for _ in 0..<2_000 {
            let text = Self.randomValue(&random, depth: 0) + (Bool.random(using: &random) ? "\n, " : "]")
            let (parsed, skipped) = ends(text)
            #expect(parsed != nil, "\(text)")
            #expect(skipped?.offset == parsed?.offset && skipped?.line == parsed?.line, "\(text)")
        }
    }

    static func randomValue(_ random: inout SplitMix64, depth: Int) -> String {
        let space = ["", " ", "\n", "\t", "\r\n  "][Int.random(in: 0..<5, using: &random)]
        let strings = ["", "a", "é", "\"", "\\", "}", "]", "{[", "😀", "line\nbreak", "\u{1}", "x,y:z"]
        switch Int.random(in: 0..<(depth < 4 ? 6 : 3), using: &random) {
        case 0: return space + JSONWriter.text(.string(strings.randomElement(using: &random)!))
        case 1: return space + ["0", "-1.5", "2e10", "true", "false", "null"].randomElement(using: &random)!
        case 2: return space + JSONWriter.text(.number(String(Int.random(in: -999...999, using: &random))))
        case 3:
            let count = Int.random(in: 0..<4, using: &random)
            let elements = (0..<count).map { _ in randomValue(&random, depth: depth + 1) + space }
            return space + "[" + elements.joined(separator: ",") + space + "]"
        default:
            let count = Int.random(in: 0..<4, using: &random)
            let members = (0..<count).map { _ in
                space + JSONWriter.text(.string(strings.randomElement(using: &random)!)) + space + ":"
                    + randomValue(&random, depth: depth + 1)
            }
            return space + "{" + members.joined(separator: ",") + space + "}"
        }
    }
}
