import Testing
import WikiDocuments
import WikiSources

@Suite struct MalformedDumpTests {
    @Test func truncatedDumpsNameTheEnd() throws {
        let full = Forms.allDocs
        for cut in [1, 10, full.utf8.count / 2, full.utf8.count - 1] {
            let text = String(decoding: Array(full.utf8)[..<cut], as: UTF8.self)
            let error = try #require(readError(text))
            #expect(error.message == "unexpected end of file: the dump is truncated", "cut at \(cut)")
            #expect(error.byteOffset == cut)
        }
    }

    @Test func truncatedErrorPosition() throws {
        let text = "[\n{\"_id\":\"a\"},\n{\"_id\":\"b\",\"t\":\"ab"
        let error = try #require(readError(text))
        #expect(error.path == "dump.json")
        #expect((error.line, error.column, error.byteOffset) == (3, 19, text.utf8.count))
        #expect(error.description == "dump.json:3:19 (byte 33): unexpected end of file: the dump is truncated")
    }

    @Test func documentsBeforeTheBreakWereHandedOver() throws {
        var ids: [String] = []
        #expect(throws: DumpError.self) {
            try DumpReader.read(bytes: Array(#"[{"_id":"a"},{"_id":"b"},{"_id""#.utf8), name: "d") { ids.append($0.id) }
        }
        #expect(ids == ["a", "b"])
    }

    @Test func emptyFiles() throws {
        for text in ["", "   \n\n  "] {
            let error = try #require(readError(text))
            #expect(error.message.hasPrefix("the file is empty; wikisite reads {\"rows\":[…]}"))
            #expect(error.byteOffset == text.utf8.count)
        }
    }

    @Test func notJSON() throws {
        let error = try #require(readError("hello, world"))
        #expect(error.message.hasPrefix("this is not a CouchDB dump: it starts with 'h', not an object or an array;"))
        #expect((error.line, error.column, error.byteOffset) == (1, 1, 0))

        let number = try #require(readError("\n  42"))
        #expect((number.line, number.column) == (2, 3))
    }

    @Test func wrongShapeListsTheAcceptedForms() throws {
        let error = try #require(readError(#"{"foo":1}"#))
        #expect(error.message.hasPrefix(#"this object is not a dump: it has no "rows", "results" or "docs" member;"#))
        for format in DumpFormat.allCases {
            #expect(error.message.contains(format.shape))
        }
        #expect((error.line, error.column, error.byteOffset) == (1, 1, 0))
        #expect(readError("{}")?.message.hasPrefix("this object is not a dump") == true)
    }

    @Test func helpfulMessagesForCommonMistakes() throws {
        let single = try #require(readError(#"{"_id":"a","type":"page"}"#))
        #expect(single.message.hasPrefix("this is a single document, not a dump"))
        let singleWithID = try #require(readError(#"{"_id":"a","id":"x","doc":"y"}"#))
        #expect(singleWithID.message.hasPrefix("this is a single document, not a dump"))

        let couchError = try #require(readError(#"{"error":"unauthorized","reason":"Name or password is incorrect."}"#))
        #expect(
            couchError.message
                == "this is a CouchDB error response, not a dump: unauthorized: Name or password is incorrect.")

        let feedError = try #require(
            readError(
                "{\"seq\":1,\"id\":\"a\",\"changes\":[],\"doc\":{\"_id\":\"a\"}}\n{\"error\":\"timeout\",\"reason\":\"gone\"}"
            ))
        #expect(feedError.message == "the feed reports an error instead of a change: timeout: gone")
        #expect(feedError.line == 2)
    }

    @Test func dumpsMadeWithoutIncludeDocs() throws {
        let allDocs =
            "{\"total_rows\":1,\"offset\":0,\"rows\":[\n  {\"id\":\"a\",\"key\":\"a\",\"value\":{\"rev\":\"1-a\"}}\n]}"
        let error = try #require(readError(allDocs))
        #expect(error.message == #"the row for "a" has no "doc": was this dump made with include_docs=true?"#)
        #expect((error.line, error.column) == (2, 3))

        let changes = #"{"results":[{"seq":1,"id":"b","changes":[{"rev":"1-b"}]}],"last_seq":1}"#
        #expect(
            readError(changes)?.message
                == #"the change for "b" has no "doc": was this dump made with include_docs=true?"#)

        let feed = #"{"seq":1,"id":"c","changes":[{"rev":"1-c"}]}"#
        #expect(readError(feed)?.message.hasSuffix("was this dump made with include_docs=true?") == true)
    }

    @Test func containersOfTheWrongType() throws {
        #expect(readError(#"{"rows":{}}"#)?.message == #""rows" must be an array, found an object"#)
        #expect(readError(#"{"results":"x"}"#)?.message == #""results" must be an array, found a string"#)
        #expect(readError(#"{"rows":[1]}"#)?.message == #"each row of "rows" must be an object, found a number"#)
        #expect(
            readError(#"{"results":[[]]}"#)?.message == #"each entry of "results" must be an object, found an array"#)
        #expect(
            readError(#"{"results":[{"foo":1}]}"#)?.message
                == #"expected a change ({"seq","id","changes","doc"}) in "results""#)
        #expect(
            readError(#"{"rows":[],"docs":[]}"#)?.message.hasPrefix(#"a second list of documents ("docs")"#) == true)
    }

    @Test func dataAfterTheDump() throws {
        let afterObject = try #require(readError("{\"docs\":[]}\n{\"docs\":[]}"))
        #expect(afterObject.message == "unexpected '{' after the end of the dump's top-level object")
        #expect((afterObject.line, afterObject.column) == (2, 1))

        let afterArray = try #require(readError("[{\"_id\":\"a\"}] x"))
        #expect(afterArray.message.hasPrefix("found 'x' after the array of documents"))
        #expect(afterArray.column == 15)

        let objectAfterArray = try #require(readError("[{\"_id\":\"a\"}]\n{\"_id\":\"b\"}"))
        #expect(
            objectAfterArray.message.hasPrefix(
                "found an object after the array of documents: a plain array is the whole dump"))
        #expect(objectAfterArray.line == 2)

        let couchbackup = try #require(readError("[]\n[]\n{\"x\":1}"))
        #expect(
            couchbackup.message
                == "expected a JSON array of documents on each line of a couchbackup file, found an object")
        #expect(couchbackup.line == 3)

        let feed = try #require(readError("{\"seq\":1,\"id\":\"a\",\"changes\":[],\"doc\":{\"_id\":\"a\"}}\n[1]"))
        #expect(feed.message == "each line of a continuous _changes feed must be a JSON object, found an array")
    }

    @Test func syntaxErrorsInsideDocuments() throws {
        let text = "{\"docs\":[\n{\"_id\":\"a\",\n \"n\": 01}]}"
        let error = try #require(readError(text))
        #expect(error.message == "invalid number: a number cannot start with 0")
        #expect((error.line, error.column, error.byteOffset) == (3, 7, 28))

        let missingComma = try #require(readError("[\n{\"_id\":\"a\"}\n{\"_id\":\"b\"}]"))
        #expect(missingComma.message == "expected ',' or ']' after an array element, found '{'")
        #expect((missingComma.line, missingComma.column) == (3, 1))
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = "[{\"_id\":\"a\",\"x\":" + String(repeating: "[", count: 100_000)
        let error = try #require(readError(deep))
        #expect(error.message == "nesting deeper than 512 levels of arrays and objects")

        let fine =
            "[{\"_id\":\"a\",\"x\":" + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "}]"
        #expect(try read(fine).ids == ["a"])
    }

    @Test func byteOrderMark() throws {
        let result = try read(bytes: [0xEF, 0xBB, 0xBF] + Array(Forms.bulkDocs.utf8))
        #expect(result.summary.format == .bulkDocs)
        #expect(result.summary.documentCount == 3)
    }
}
