import Testing
import WikiDocuments
import WikiSources

/// What reading a dump gave.
struct ReadResult {
    var documents: [Document] = []
    var summary: DumpSummary

    var ids: [String] { documents.map(\.id) }
}

/// Reads `text` as a dump called `name`.
func read(_ text: String, name: String = "dump.json") throws -> ReadResult {
    try read(bytes: Array(text.utf8), name: name)
}

/// Reads `bytes` as a dump called `name`.
func read(bytes: [UInt8], name: String = "dump.json") throws -> ReadResult {
    var documents: [Document] = []
    let summary = try DumpReader.read(bytes: bytes, name: name) { documents.append($0) }
    return ReadResult(documents: documents, summary: summary)
}

/// The error reading `text` throws.
func readError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> DumpError? {
    #expect(throws: DumpError.self, sourceLocation: sourceLocation) { try read(text) }
}

/// The same three documents (a wiki, a page, a tombstone) in every form.
enum Forms {
    static let wiki = #"{"_id":"w1","_rev":"1-a","type":"wiki","title":"Wiki"}"#
    static let page = ##"{"_id":"w1:Page","_rev":"2-b","type":"page","wiki_id":"w1","markdown":"# Hi"}"##

    static let allDocs = """
        {"total_rows":3,"offset":0,"rows":[
        {"id":"w1","key":"w1","value":{"rev":"1-a"},"doc":\(wiki)},
        {"id":"w1:Page","key":"w1:Page","value":{"rev":"2-b"},"doc":\(page)},
        {"id":"w1:Gone","key":"w1:Gone","value":{"rev":"3-c","deleted":true},"doc":null}
        ]}
        """
    static let changes = """
        {"results":[
        {"seq":"1-g1AAAA","id":"w1","changes":[{"rev":"1-a"}],"doc":\(wiki)},
        {"seq":"2-g1AAAB","id":"w1:Page","changes":[{"rev":"2-b"}],"doc":\(page)},
        {"seq":"3-g1AAAC","id":"w1:Gone","changes":[{"rev":"3-c"}],"deleted":true}
        ],
        "last_seq":"3-g1AAAC","pending":0}
        """
    static let continuous = """
        {"seq":1,"id":"w1","changes":[{"rev":"1-a"}],"doc":\(wiki)}

        {"seq":2,"id":"w1:Page","changes":[{"rev":"2-b"}],"doc":\(page)}
        {"seq":3,"id":"w1:Gone","changes":[{"rev":"3-c"}],"deleted":true}

        {"last_seq":3}

        """
    static let couchbackup = """
        [\(wiki),\(page)]
        [{"_id":"w1:Gone","_rev":"3-c","_deleted":true}]

        """
    static let bulkDocs = """
        {"docs":[
        \(wiki),
        \(page),
        {"_id":"w1:Gone","_rev":"3-c","_deleted":true}
        ]}
        """
    static let documentArray = """
        [
        \(wiki),
        \(page),
        {"_id":"w1:Gone","_rev":"3-c","_deleted":true}
        ]
        """

    static let all: [(DumpFormat, String)] = [
        (.allDocs, allDocs), (.changes, changes), (.continuousChanges, continuous),
        (.couchbackup, couchbackup), (.bulkDocs, bulkDocs), (.documentArray, documentArray),
    ]
}

@Suite struct DumpFormTests {
    @Test(arguments: Forms.all)
    func everyFormGivesTheSameDocuments(format: DumpFormat, text: String) throws {
        let result = try read(text)
        #expect(result.summary.format == format)
        #expect(result.summary.documentCount == 3)
        #expect(result.summary.rejected.isEmpty)
        #expect(result.ids == ["w1", "w1:Page", "w1:Gone"])
        #expect(result.documents.map(\.revisionText) == ["1-a", "2-b", "3-c"])
        #expect(result.documents.map(\.isDeleted) == [false, false, true])
        #expect(result.documents[1].body["markdown"] == .string("# Hi"))
        #expect(result.documents[0].body["title"] == .string("Wiki"))
        #expect(result.documents.allSatisfy { !$0.hadInvalidText })
        let tombstone = result.documents[2]
        #expect(tombstone.body["_id"] == .string("w1:Gone"))
        #expect(tombstone.body["_deleted"] == .bool(true))
        #expect(tombstone.revision == Revision("3-c"))
    }

    @Test(arguments: Forms.all)
    func detectionIgnoresTheFileName(format: DumpFormat, text: String) throws {
        for name in ["dump.json", "changes.ndjson", "backup.jsonl", "all_docs.json", "x.txt", "noextension"] {
            #expect(try read(text, name: name).summary.format == format)
        }
    }

    @Test func sequencesAreKeptAsTheyCame() throws {
        #expect(try read(Forms.changes).summary.lastSequence == .string("3-g1AAAC"))
        #expect(try read(Forms.continuous).summary.lastSequence == .number("3"))
        #expect(try read(Forms.allDocs).summary.lastSequence == nil)
        #expect(try read(Forms.couchbackup).summary.lastSequence == nil)

        let big = #"{"results":[{"seq":123456789012345678901234567890,"id":"a","changes":[],"doc":{"_id":"a"}}]}"#
        #expect(try read(big).summary.lastSequence == .number("123456789012345678901234567890"))
        let feedWithoutEnd = #"{"seq":"7-x","id":"a","changes":[],"doc":{"_id":"a"}}"#
        #expect(try read(feedWithoutEnd).summary.lastSequence == .string("7-x"))
    }

    @Test func membersInAnyOrder() throws {
        let allDocs = """
            {"rows":[{"doc":{"_rev":"1-a","_id":"a"},"value":{"rev":"1-a"},"key":"a","id":"a"}],
             "offset":0,"total_rows":1}
            """
        let result = try read(allDocs)
        #expect(result.summary.format == .allDocs)
        #expect(result.ids == ["a"])

        let changes = """
            {"last_seq":"9-z","results":[{"doc":{"_id":"a"},"changes":[{"rev":"1-a"}],"id":"a","seq":"1-x"}]}
            """
        let changesResult = try read(changes)
        #expect(changesResult.summary.format == .changes)
        #expect(changesResult.summary.lastSequence == .string("9-z"))

        let continuous = """
            {"doc":{"_id":"a","_rev":"1-a"},"id":"a","seq":1,"changes":[{"rev":"1-a"}]}
            {"changes":[{"rev":"2-b"}],"deleted":true,"id":"b","seq":2}
            """
        let continuousResult = try read(continuous)
        #expect(continuousResult.summary.format == .continuousChanges)
        #expect(continuousResult.ids == ["a", "b"])
        #expect(continuousResult.documents[1].isDeleted)

        let metadataFirst = #"{"offset":0,"update_seq":"5-x","total_rows":0,"rows":[]}"#
        #expect(try read(metadataFirst).summary.format == .allDocs)
    }

    @Test func heartbeatsAndLineEndings() throws {
        let feed =
            "\n\n{\"seq\":1,\"id\":\"a\",\"changes\":[],\"doc\":{\"_id\":\"a\"}}\r\n\r\n\n"
            + "{\"seq\":2,\"id\":\"b\",\"changes\":[],\"doc\":{\"_id\":\"b\"}}\n\n\n{\"last_seq\":2}\n\n"
        let result = try read(feed)
        #expect(result.summary.format == .continuousChanges)
        #expect(result.ids == ["a", "b"])
        #expect(result.documents.map(\.origin.line) == [3, 6])
        #expect(result.summary.lastSequence == .number("2"))
    }

    @Test func aFeedWithNoChange() throws {
        let result = try read("{\"last_seq\":\"0\",\"pending\":0}\n")
        #expect(result.summary.format == .continuousChanges)
        #expect(result.summary.documentCount == 0)
        #expect(result.summary.lastSequence == .string("0"))
    }

    @Test func emptyLists() throws {
        #expect(try read("[]").summary.format == .documentArray)
        #expect(try read(#"{"docs":[]}"#).summary.format == .bulkDocs)
        #expect(try read(#"{"total_rows":0,"offset":0,"rows":[]}"#).summary.documentCount == 0)
        #expect(try read(#"{"results":[],"last_seq":0}"#).summary.lastSequence == .number("0"))
    }

    @Test func couchbackupWithAHeaderLine() throws {
        let text = """
            {"name":"@cloudant/couchbackup","version":"2.11.0","mode":"full","attachments":false}
            [{"_id":"a","_rev":"1-a"},{"_id":"b","_rev":"1-b"}]
            [{"_id":"c","_rev":"1-c"}]
            """
        let result = try read(text)
        #expect(result.summary.format == .couchbackup)
        #expect(result.ids == ["a", "b", "c"])
        #expect(result.documents.map(\.origin.line) == [2, 2, 3])

        let headerAndOneLine = """
            {"name":"@cloudant/couchbackup","version":"2.11.0","mode":"shallow"}
            [{"_id":"a"}]
            """
        #expect(try read(headerAndOneLine).summary.format == .couchbackup)
    }

    @Test func originsNameTheFileAndTheLineWhereTheDocumentStarts() throws {
        let text = """
            {
              "total_rows": 2,
              "rows": [
                {
                  "id": "a",
                  "value": {"rev": "1-a"},
                  "doc": {
                    "_id": "a",
                    "_rev": "1-a"
                  }
                },
                {"id": "b", "value": {"rev": "2-b", "deleted": true}, "doc": null}
              ]
            }
            """
        let result = try read(text, name: "dumps/site.json")
        #expect(
            result.documents.map(\.origin) == [
                DocumentOrigin(source: "dumps/site.json", line: 7),
                DocumentOrigin(source: "dumps/site.json", line: 12),
            ])
        #expect(result.documents[0].origin.description == "dumps/site.json:7")

        let array = try read("[{\"_id\":\"a\"},\n\n  {\"_id\":\"b\"}, {\"_id\":\"c\"}\n]")
        #expect(array.documents.map(\.origin.line) == [1, 3, 3])
    }
}

@Suite struct TombstoneTests {
    @Test func allDocsDeletedRowsAndErrorRows() throws {
        let text = """
            {"total_rows":4,"offset":0,"rows":[
            {"id":"gone","key":"gone","value":{"rev":"2-x","deleted":true},"doc":null},
            {"id":"err","key":"err","value":{"rev":"5-e"},"error":"deleted"},
            {"key":"missing","error":"not_found"},
            {"id":"live","key":"live","value":{"rev":"1-l","deleted":true},"doc":{"_id":"live","_rev":"1-l","_deleted":true}}
            ]}
            """
        let result = try read(text)
        #expect(result.ids == ["gone", "err", "live"])
        #expect(result.documents.allSatisfy { $0.isDeleted })
        #expect(result.documents.map(\.revisionText) == ["2-x", "5-e", "1-l"])
        #expect(
            result.documents[0].body
                == JSONObject([("_id", .string("gone")), ("_rev", .string("2-x")), ("_deleted", .bool(true))]))
        #expect(result.documents.map(\.origin.line) == [2, 3, 5])
        #expect(result.summary.rejected.count == 1)
        let rejected = try #require(result.summary.rejected.first)
        #expect(rejected.documentID == "missing")
        #expect(rejected.origin.line == 4)
        #expect(rejected.reason == "the row reports an error (not_found) instead of a document")
    }

    @Test func changesDeletedWithAndWithoutDocument() throws {
        let text = """
            {"results":[
            {"seq":1,"id":"a","changes":[{"rev":"2-a"}],"deleted":true},
            {"seq":2,"id":"b","changes":[{"rev":"3-b"}],"deleted":true,"doc":null},
            {"seq":3,"id":"c","changes":[{"rev":"4-c"}],"deleted":true,"doc":{"_id":"c","_rev":"4-c","_deleted":true}},
            {"seq":4,"id":"d","changes":[{"rev":"5-d"}],"deleted":true,"doc":{"_id":"d","_rev":"5-d"}}
            ],"last_seq":4}
            """
        let result = try read(text)
        #expect(result.ids == ["a", "b", "c", "d"])
        #expect(result.documents.allSatisfy { $0.isDeleted })
        #expect(result.documents.map(\.revisionText) == ["2-a", "3-b", "4-c", "5-d"])
    }

    @Test func aDeletedRowWithoutIDIsRejected() throws {
        let result = try read(#"{"results":[{"seq":1,"changes":[{"rev":"2-a"}],"deleted":true}]}"#)
        #expect(result.documents.isEmpty)
        #expect(result.summary.rejected.map(\.reason) == [#"the change of a deleted document has no "id""#])
    }

    @Test func bulkDeletedDocument() throws {
        let result = try read(#"{"docs":[{"_id":"a","_rev":"2-a","_deleted":true},{"_id":"b","_deleted":false}]}"#)
        #expect(result.documents.map(\.isDeleted) == [true, false])
    }
}

@Suite struct RejectedEntryTests {
    @Test func documentsWithoutAUsableID() throws {
        let text = """
            [
            {"_id":"good"},
            {"title":"no id"},
            {"_id":42},
            {"_id":""},
            "a string",
            null,
            [1]
            ]
            """
        let result = try read(text, name: "d.json")
        #expect(result.ids == ["good"])
        #expect(result.summary.documentCount == 1)
        #expect(
            result.summary.rejected.map(\.reason) == [
                "the document has no _id",
                "the document's _id is a number, not a string",
                "the document's _id is empty",
                "the document is a string, not an object",
                "the document is null, not an object",
                "the document is an array, not an object",
            ])
        #expect(result.summary.rejected.map(\.origin.line) == [3, 4, 5, 6, 7, 8])
        #expect(result.summary.rejected[0].description == "d.json:3: the document has no _id")
    }

    @Test func rowsNameTheIDTheyGave() throws {
        let text =
            #"{"rows":[{"id":"x","value":{"rev":"1-a"},"doc":{"_rev":"1-a"}},{"id":"y","value":{"rev":"1-b"},"doc":null}]}"#
        let rejected = try read(text).summary.rejected
        #expect(rejected.map(\.documentID) == ["x", "y"])
        #expect(
            rejected.map(\.reason) == [
                "the document has no _id", #"the row has a null "doc" but is not marked deleted"#,
            ])
        #expect(rejected[0].description == #"dump.json:1: "x": the document has no _id"#)
    }

    @Test func revisionsAndDeletionFlagsOfTheWrongType() throws {
        let result = try read(#"[{"_id":"a","_rev":3},{"_id":"b","_rev":"1-x","_deleted":"yes"},{"_id":"c"}]"#)
        #expect(result.documents.map(\.revisionText) == [nil, "1-x", nil])
        #expect(result.documents.map(\.isDeleted) == [false, false, false])
        #expect(result.documents[0].body["_rev"] == .number("3"))
    }

    @Test func machineryIsPassedOnForTheModelToDecide() throws {
        let result = try read(#"[{"_id":"_design/app"},{"_id":"_local/x"}]"#)
        #expect(result.documents.map(\.isMachinery) == [true, true])
    }
}

@Suite struct InvalidTextTests {
    @Test func invalidUTF8IsReplacedAndFlaggedOnThatDocumentOnly() throws {
        let bytes =
            Array(#"[{"_id":"a","markdown":"ok"},{"_id":"b","markdown":"bad "#.utf8) + [0xFF, 0xFE]
            + Array(#""},{"_id":"c"}]"#.utf8)
        let result = try read(bytes: bytes)
        #expect(result.documents.map(\.hadInvalidText) == [false, true, false])
        #expect(result.documents[1].body["markdown"]?.stringValue?.isExactly("bad \u{FFFD}\u{FFFD}") == true)
    }

    @Test func loneSurrogatesInEveryForm() throws {
        let doc = #"{"_id":"a","title":"x\ud800y"}"#
        let texts = [
            "[\(doc)]", #"{"docs":[\#(doc)]}"#,
            #"{"rows":[{"id":"a","value":{"rev":"1-a"},"doc":\#(doc)}]}"#,
            #"{"results":[{"seq":1,"id":"a","changes":[],"doc":\#(doc)}]}"#,
            #"{"seq":1,"id":"a","changes":[],"doc":\#(doc)}"#,
        ]
        for text in texts {
            let document = try #require(try read(text).documents.first)
            #expect(document.hadInvalidText)
            #expect(document.body["title"]?.stringValue?.isExactly("x\u{FFFD}y") == true)
        }
    }

    @Test func invalidIDsAreReplacedToo() throws {
        let bytes = Array(#"[{"_id":"a"#.utf8) + [0xC0] + Array(#""}]"#.utf8)
        let document = try #require(try read(bytes: bytes).documents.first)
        #expect(document.id.isExactly("a\u{FFFD}"))
        #expect(document.hadInvalidText)
    }
}

@Suite struct ConsumerTests {
    struct Stop: Error, Equatable {}

    @Test func anErrorFromTheConsumerStopsReadingAndComesOutUnchanged() throws {
        var seen: [String] = []
        #expect(throws: Stop()) {
            try DumpReader.read(bytes: Array(Forms.documentArray.utf8), name: "d") { document in
                seen.append(document.id)
                if seen.count == 2 { throw Stop() }
            }
        }
        #expect(seen == ["w1", "w1:Page"])
    }

    @Test func readsFromARawBuffer() throws {
        let bytes = Array(Forms.bulkDocs.utf8)
        var count = 0
        let summary = try bytes.withUnsafeBytes { buffer in
            try DumpReader.read(bytes: buffer, name: "raw") { _ in count += 1 }
        }
        #expect(summary.format == .bulkDocs)
        #expect(count == 3)
    }
}

/// The reader walks past documents and parses them a batch at a time on every core; what it
/// hands on, and the first error it reports, are those of a reading one document at a time.
@Suite struct DumpBatchTests {
    /// An `_all_docs` dump of `count` pages, one row a line; `row(i)` may replace a row.
    static func allDocs(_ count: Int, row: (Int) -> String? = { _ in nil }) -> [UInt8] {
        var text = "{\"total_rows\":\(count),\"rows\":[\n"
        for index in 0..<count {
            let id = "w:Page \(index)"
            text +=
                row(index)
                ?? #"{"id":"\#(id)","key":"\#(id)","value":{"rev":"1-a"},"doc":{"_id":"\#(id)","_rev":"1-a","type":"page","markdown":"Text\n\#(index)"}}"#
            text += index == count - 1 ? "\n" : ",\n"
        }
        return Array((text + "]}\n").utf8)
    }

    @Test func documentsComeInTheOrderOfTheDumpWithTheirLines() throws {
        let count = 1_000
        let result = try read(bytes: Self.allDocs(count))
        #expect(result.ids == (0..<count).map { "w:Page \($0)" })
        #expect(result.documents.map(\.origin.line) == (0..<count).map { $0 + 2 })
        #expect(result.documents[700].body["markdown"] == .string("Text\n700"))
        #expect(result.summary.documentCount == count)
    }

    /// Invalid text is reported for the document that holds it, whether in the document or in
    /// the other members of its row, and for no other.
    @Test func invalidTextIsTheFlagOfItsOwnDocument() throws {
        var bytes = Self.allDocs(600)
        let inDocument = Array(#""markdown":"Text\n300""#.utf8)
        let inRowKey = Array(#""key":"w:Page 450""#.utf8)
        func replace(_ pattern: [UInt8], with replacement: [UInt8]) {
            let start = (0...(bytes.count - pattern.count)).first {
                bytes[$0..<$0 + pattern.count].elementsEqual(pattern)
            }!
            bytes.replaceSubrange(start..<start + pattern.count, with: replacement)
        }
        replace(inDocument, with: Array(#""markdown":"Text"#.utf8) + [0xFF] + Array(#"300""#.utf8))
        replace(inRowKey, with: Array(#""key":"w:Page"#.utf8) + [0xC3] + Array(#"450""#.utf8))
        let result = try read(bytes: bytes)
        #expect(result.documents.indices.filter { result.documents[$0].hadInvalidText } == [300, 450])
    }

    /// A document that is valid JSON in its brackets but not inside (`1x`) is walked past; the
    /// walk then stops at a later broken row. The error is the document's, the first of the dump,
    /// and the documents before it were handed on, as when the dump is read one at a time.
    @Test func theFirstErrorOfTheDumpIsReported() throws {
        let bytes = Self.allDocs(400) { index in
            switch index {
            case 10: #"{"id":"w:Page 10","value":{"rev":"1-a"},"doc":{"_id":"w:Page 10","markdown":1x}}"#
            case 300: "5"
            default: nil
            }
        }
        var handed: [String] = []
        let error = #expect(throws: DumpError.self) {
            try DumpReader.read(bytes: bytes, name: "dump.json") { handed.append($0.id) }
        }
        #expect(error?.line == 12)
        #expect(
            error?.message.contains("1x") == true || error?.message.contains("'x'") == true,
            "\(String(describing: error))")
        #expect(handed == (0..<10).map { "w:Page \($0)" })
    }

    /// A document that cannot be walked past (a line break in a string) is parsed at once, for
    /// the parser's own error.
    @Test func aDocumentThatCannotBeWalkedPastGivesTheParsersError() throws {
        let bytes = Self.allDocs(50) { index in
            index == 20 ? "{\"id\":\"w:Page 20\",\"doc\":{\"_id\":\"w:Page 20\",\"markdown\":\"a\nb\"}}" : nil
        }
        let error = #expect(throws: DumpError.self) { try read(bytes: bytes) }
        #expect(error?.line == 22)
        #expect(error?.message.contains("control character U+000A") == true, "\(String(describing: error))")
    }
}
