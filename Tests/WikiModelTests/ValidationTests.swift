import Testing
import WikiDocuments

@testable import WikiModel

@Suite struct ValidationTests {
    typealias T = TestDocuments

    @Test func readsWikiFields() throws {
        let database = T.database([
            T.wiki(
                "5737529525067657", rev: "3-9f2c", title: "Mobile Dev",
                [
                    ("owner_id", .string("snej")), ("members", .array([.string("jchris"), .string("mschoch")])),
                    ("markdown", .string("Notes of the **mobile** team.")),
                    ("created_at", .string("2012-12-09T06:05:55.031Z")),
                    ("updated_at", .string("2012-12-16T01:33:01.909Z")),
                ])
        ])
        let wiki = try #require(database.wiki("5737529525067657"))
        #expect(wiki.title == "Mobile Dev")
        #expect(wiki.ownerID == "snej")
        #expect(wiki.members == ["jchris", "mschoch"])
        #expect(wiki.markdown == "Notes of the **mobile** team.")
        #expect(wiki.createdAt?.display == "2012-12-09 06:05 UTC")
        #expect(wiki.updatedAt?.display == "2012-12-16 01:33 UTC")
        #expect(wiki.revision.description == "3-9f2c")
        #expect(wiki.origin == T.origin)
    }

    @Test func wikiDefaults() throws {
        let database = T.database([
            T.document("w", [("type", .string("wiki"))]),
            T.document("v", [("type", .string("wiki")), ("title", .string(" ")), ("owner_id", .null)]),
        ])
        #expect(database.wiki("w")?.title == "w")
        #expect(database.wiki("w")?.members == [])
        #expect(database.wiki("w")?.markdown == "")
        #expect(database.wiki("v")?.title == "v")
        #expect(database.wiki("v")?.ownerID == nil)
    }

    @Test func readsPageFields() throws {
        let database = T.database([
            T.wiki("w"),
            T.page(
                "w", "C++: Notes", markdown: "# Notes",
                [
                    ("updated_by", .string("jchris")), ("draft", .bool(false)),
                    ("created_at", .string("2012-12-09T06:05:55Z")), ("updated_at", .string("2012-12-10T06:05:55Z")),
                ]),
        ])
        let page = try #require(database.page(inWiki: "w", titled: T.title("C++: Notes")))
        #expect(page.documentID == "w:C++: Notes")
        #expect(page.wikiID == "w")
        #expect(page.title.text == "C++: Notes")
        #expect(page.markdown == "# Notes")
        #expect(page.updatedBy == "jchris")
        #expect(!page.isDraft)
        #expect(page.createdAt?.display == "2012-12-09 06:05 UTC")
        #expect(page.updatedAt?.display == "2012-12-10 06:05 UTC")
    }

    @Test func titleIsWhatFollowsTheFirstColon() throws {
        let database = T.database([T.wiki("w"), T.page("w", "a:b:c")])
        #expect(database.titles(inWiki: "w") == ["a:b:c"])
    }

    @Test func ignoresQuietlyWhatIsNotContent() {
        let database = T.database([
            T.wiki("w"),
            T.document("_design/app", rev: "1-a", [("views", .object(JSONObject()))]),
            T.document("_local/checkpoint", rev: "0-1"),
            T.document("_local/other", rev: nil),
            T.document("user:1", [("type", .string("user"))]),
            T.document("untyped"),
            T.document("numbered", [("type", .number("3"))]),
            T.document("norev", rev: nil, [("type", .string("user"))]),
            T.document("w:Gone", rev: "1-a", deleted: true),
            T.document("deletedWiki", rev: "2-a", deleted: true),
            T.page("deletedWiki", "Orphan"),
            T.page("deletedWiki", "", [("wiki_id", .number("1"))]),
        ])
        #expect(database.skipped.map(\.description) == [])
        var expected = IgnoredDocuments()
        expected.machinery = 3
        expected.otherTypes = 4
        expected.tombstones = 2
        expected.pagesOfDeletedWikis = 2
        #expect(database.ignored == expected)
        #expect(database.wikis.map(\.id) == ["w"])
    }

    @Test(
        arguments: [
            // Revisions.
            (
                T.document("w:A", rev: nil, [("type", .string("page"))]),
                "it has no \"_rev\"; every document needs a revision (\"N-hash\") to pick a winner"
            ),
            (
                T.document("w:A", rev: "abc", [("type", .string("page"))]),
                "its \"_rev\" \"abc\" is not of the form N-hash (a positive generation, a dash, a hash)"
            ),
            (
                T.document("w:A", rev: "0-a", deleted: true),
                "its \"_rev\" \"0-a\" is not of the form N-hash (a positive generation, a dash, a hash)"
            ),
            // Wiki documents.
            (T.wiki(""), "its _id is empty; a wiki needs an _id to be published"),
            (
                T.wiki("a:b"),
                "its _id contains a colon, which a wiki's _id never does (a colon separates a page's wiki from its title)"
            ),
            (T.wiki("a\u{0}b"), "its _id contains control characters"),
            (
                T.document("x", [("type", .string("wiki")), ("title", .number("5"))]),
                "field \"title\" is a number, expected a string"
            ),
            (
                T.wiki("x", [("members", .string("jchris"))]),
                "field \"members\" is a string, expected an array of strings"
            ),
            (
                T.wiki("x", [("members", .array([.string("a"), .null]))]),
                "field \"members\" holds null at index 1, expected an array of strings"
            ),
            (T.wiki("x", [("owner_id", .object(JSONObject()))]), "field \"owner_id\" is an object, expected a string"),
            (T.wiki("x", [("markdown", .bool(true))]), "field \"markdown\" is a boolean, expected a string"),
            (
                T.wiki("x", [("created_at", .number("1355033155"))]),
                "field \"created_at\" is a number, expected a string"
            ),
            (
                T.wiki("x", [("updated_at", .string("yesterday"))]),
                "field \"updated_at\" is \"yesterday\", expected an ISO 8601 timestamp such as \"2012-12-09T06:05:55.031Z\""
            ),
            // Page documents.
            (
                T.document("nocolon", [("type", .string("page"))]),
                "its _id has no colon; a page's _id is its wiki's _id, a colon, and its title (\"123:Sync Client\")"
            ),
            (T.page("", "Title"), "its _id starts with a colon: the wiki part is empty"),
            (T.page("w", ""), "its title is empty: nothing follows the colon in its _id"),
            (T.page("w", " _ "), "its title \" _ \" holds nothing but spaces and underscores"),
            (T.page("w", "Tab\there"), "its title contains control characters"),
            (T.page("w", "Esc\u{1B}[2J"), "its title contains control characters"),
            (T.page("w", "Del\u{7F}"), "its title contains control characters"),
            (T.page("w", "C1\u{9B}"), "its title contains control characters"),
            (
                T.document("w:A", [("type", .string("page"))]),
                "field \"wiki_id\" is missing; it must repeat the wiki part of the _id, \"w\""
            ),
            (
                T.page("w", "A", [("wiki_id", .string("v"))]),
                "field \"wiki_id\" is \"v\", but its _id puts it in wiki \"w\""
            ),
            (
                T.page("w", "A", [("wiki_id", .number("7"))]),
                "field \"wiki_id\" is a number, expected a string (the wiki part of the _id, \"w\")"
            ),
            (T.page("w", "A", [("markdown", .array([]))]), "field \"markdown\" is an array, expected a string"),
            (
                T.page("w", "A", [("draft", .string("yes"))]),
                "field \"draft\" is a string, expected a boolean (true or false)"
            ),
            (T.page("w", "A", [("updated_by", .number("1"))]), "field \"updated_by\" is a number, expected a string"),
            (
                T.page("w", "A", [("updated_at", .string("2012-12-09"))]),
                "field \"updated_at\" is \"2012-12-09\", expected an ISO 8601 timestamp such as \"2012-12-09T06:05:55.031Z\""
            ),
            (T.page("123", "A"), "its wiki \"123\" has no wiki document"),
            (T.page("a:b", "A"), "its wiki \"a\" has no wiki document"),
            (T.page("bad", "A"), "its wiki \"bad\" is not published: the wiki document was skipped"),
            (T.page("comment", "A"), "its wiki \"comment\" has no wiki document"),
        ] as [(Document, String)])
    func skipsWithAReason(_ document: Document, _ reason: String) throws {
        let database = T.database([
            T.wiki("w"),
            T.wiki("bad", [("members", .string("x"))]),
            T.document("comment", [("type", .string("comment"))]),
            document,
        ])
        let skipped = try #require(database.skipped.first { $0.documentID.isExactly(document.id) })
        #expect(skipped.reason == reason)
        #expect(skipped.origin == T.origin)
        #expect(database.pages(inWiki: "w").isEmpty)
        #expect(database.wikis.map(\.id) == ["w"])
    }

    @Test func invalidTextInTheIDSkips() {
        let database = T.database([
            T.wiki("w"),
            T.document(
                "w:Caf\u{FFFD}", [("type", .string("page")), ("wiki_id", .string("w"))], hadInvalidText: true),
            T.document("w\u{FFFD}", [("type", .string("wiki"))], hadInvalidText: true),
            T.document(
                "w:Fine",
                [("type", .string("page")), ("wiki_id", .string("w")), ("markdown", .string("bad \u{FFFD}"))],
                hadInvalidText: true),
            T.page("w", "Real \u{FFFD} in the title"),
        ])
        let reason =
            "its _id held invalid text (bad UTF-8 or a lone surrogate), read as U+FFFD; fix the _id in the database"
        #expect(database.skipReason("w:Caf\u{FFFD}") == reason)
        #expect(database.skipReason("w\u{FFFD}") == reason)
        #expect(database.titles(inWiki: "w") == ["Fine", "Real \u{FFFD} in the title"])
    }

    @Test func badRevisionIsReportedOncePerRevisionText() {
        let database = T.database([
            T.wiki("w"),
            T.document("w:A", rev: "x", [("type", .string("page"))]),
            T.document("w:A", rev: "x", [("type", .string("page"))]),
            T.document("w:A", rev: "y", [("type", .string("page"))]),
            T.page("w", "A", rev: "2-a"),
        ])
        #expect(database.skipped.map(\.reason).count == 2)
        #expect(database.titles(inWiki: "w") == ["A"], "the valid revision is still published")
    }

    @Test func skippedAreSortedAndQuoted() {
        let database = T.database([
            T.wiki("w"),
            T.page("w", "b\u{1B}]0;pwned\u{7}", [("draft", .number("1"))]),
            T.page("w", "a", [("draft", .number("1"))]),
            T.page("w", "B", [("draft", .number("1"))]),
        ])
        #expect(database.skipped.map(\.documentID) == ["w:B", "w:a", "w:b\u{1B}]0;pwned\u{7}"])
        #expect(
            database.skipped.last?.description
                == "test.json:1: \"w:b\\u{1B}]0;pwned\\u{7}\": its title contains control characters")
    }

    @Test func messagesQuoteDocumentText() {
        #expect(MessageText.quoted("plain") == "\"plain\"")
        #expect(MessageText.quoted("say \"hi\" \\ bye") == "\"say \\\"hi\\\" \\\\ bye\"")
        #expect(MessageText.quoted("\u{1B}[31mred\u{7}\u{9B}") == "\"\\u{1B}[31mred\\u{7}\\u{9B}\"")
        #expect(MessageText.quoted("abc\u{202E}txt.exe") == "\"abc\\u{202E}txt.exe\"")
        #expect(MessageText.quoted("Café 日本") == "\"Café 日本\"")
        #expect(MessageText.quoted(String(repeating: "x", count: 100), limit: 5) == "\"xxxxx…\"")
    }

    @Test func wikiOfAnotherTypeIsNotAWiki() {
        let database = T.database([T.document("w", [("type", .string("page")), ("wiki_id", .string("w"))])])
        #expect(database.skipReason("w")?.hasPrefix("its _id has no colon") == true)
    }
}
