import Testing
import WikiDocuments

@testable import WikiModel

@Suite struct PagesTests {
    typealias T = TestDocuments

    @Test func pagesAreSortedByTitleInByteOrder() {
        let database = T.database([
            T.wiki("w"), T.page("w", "b"), T.page("w", "Z"), T.page("w", "é"), T.page("w", "a"), T.page("w", "B"),
        ])
        #expect(database.titles(inWiki: "w") == ["B", "Z", "a", "b", "é"])
    }

    @Test func pagesStayInTheirWiki() {
        let database = T.database([T.wiki("w"), T.wiki("v"), T.page("w", "A"), T.page("v", "B")])
        #expect(database.titles(inWiki: "w") == ["A"])
        #expect(database.titles(inWiki: "v") == ["B"])
        #expect(database.page(inWiki: "v", titled: T.title("A")) == nil)
        #expect(database.pages(inWiki: "nope").isEmpty)
        #expect(database.wiki("nope") == nil)
    }

    @Test func draftsAreKeptApart() throws {
        let database = T.database([
            T.wiki("w"),
            T.page("w", "Public"),
            T.page("w", "Secret", markdown: "not yet", [("draft", .bool(true))]),
            T.page("w", "Explicit", [("draft", .bool(false))]),
        ])
        #expect(database.titles(inWiki: "w") == ["Explicit", "Public"])
        #expect(database.page(inWiki: "w", titled: T.title("Secret")) == nil)
        let draft = try #require(database.drafts(inWiki: "w").first)
        #expect(draft.isDraft)
        #expect(draft.markdown == "not yet")
        #expect(database.drafts(inWiki: "w").count == 1)
    }

    @Test func includedDraftsArePagesThatKeepTheirMark() throws {
        let database = T.database(
            [
                T.wiki("w"),
                T.page("w", "Public"),
                T.page("w", "Secret", markdown: "not yet", [("draft", .bool(true))]),
                T.page("w", "Another", [("draft", .bool(true))]),
            ], includesDrafts: true)
        #expect(database.includesDrafts)
        #expect(database.titles(inWiki: "w") == ["Another", "Public", "Secret"])
        let draft = try #require(database.page(inWiki: "w", titled: T.title("Secret")))
        #expect(draft.isDraft)
        #expect(draft.markdown == "not yet")
        #expect(database.page(inWiki: "w", titled: T.title("Public"))?.isDraft == false)
        #expect(database.publishedTitles(inWiki: "w").position(of: T.title("Secret")) == 2)
        #expect(database.drafts(inWiki: "w").isEmpty)
        #expect(!T.database([T.wiki("w")]).includesDrafts)
    }

    @Test func anIncludedDraftNeverTakesThePlaceOfAPublishedPage() {
        let database = T.database(
            [
                T.wiki("w"), T.page("w", "Sync_Client", [("draft", .bool(true))]), T.page("w", "Sync Client"),
                T.page("w", "Sync  Client", [("draft", .bool(true))]),
            ], includesDrafts: true)
        #expect(database.pages(inWiki: "w").map(\.documentID) == ["w:Sync Client"])
        #expect(database.drafts(inWiki: "w").map(\.documentID) == ["w:Sync  Client"])
        #expect(database.skipped.map(\.documentID) == ["w:Sync_Client"])
    }

    @Test func lookupUsesTheNormalizedTitle() {
        let database = T.database([T.wiki("w"), T.page("w", "Sync_Client")])
        #expect(database.page(inWiki: "w", titled: T.title("Sync Client"))?.documentID == "w:Sync_Client")
        #expect(database.page(inWiki: "w", titled: T.title(" sync client")) == nil)
    }

    @Test func composedAndDecomposedTitlesAreTwoPages() {
        let database = T.database([
            T.wiki("w"), T.page("w", "Caf\u{E9}", markdown: "nfc"), T.page("w", "Cafe\u{301}", markdown: "nfd"),
        ])
        #expect(database.pages(inWiki: "w").count == 2)
        #expect(database.page(inWiki: "w", titled: T.title("Caf\u{E9}"))?.markdown == "nfc")
        #expect(database.page(inWiki: "w", titled: T.title("Cafe\u{301}"))?.markdown == "nfd")
        #expect(database.skipped.isEmpty)
    }

    @Test func collidingTitlesKeepTheOneSpelledNormalized() {
        let database = T.database([
            T.wiki("w"), T.page("w", "Sync_Client"), T.page("w", "Sync Client"), T.page("w", " Sync Client"),
        ])
        #expect(database.pages(inWiki: "w").map(\.documentID) == ["w:Sync Client"])
        let reason =
            "its title normalizes to \"Sync Client\", like that of page \"w:Sync Client\", which takes precedence"
        #expect(database.skipReason("w:Sync_Client") == reason)
        #expect(database.skipReason("w: Sync Client") == reason)
    }

    @Test func collidingTitlesWithoutANormalSpellingKeepTheSmallestID() {
        let database = T.database([T.wiki("w"), T.page("w", "a_b"), T.page("w", "a  b"), T.page("w", "a__b")])
        #expect(database.pages(inWiki: "w").map(\.documentID) == ["w:a  b"])
        #expect(database.skipped.map(\.documentID) == ["w:a__b", "w:a_b"])
    }

    @Test func draftsCollideOnlyWithDrafts() {
        let database = T.database([
            T.wiki("w"), T.page("w", "Sync_Client"), T.page("w", "Sync Client", [("draft", .bool(true))]),
        ])
        #expect(database.pages(inWiki: "w").map(\.documentID) == ["w:Sync_Client"])
        #expect(database.drafts(inWiki: "w").map(\.documentID) == ["w:Sync Client"])
        #expect(database.skipped.isEmpty)
    }

    @Test func fileNamesThatShareAHashClash() {
        var claims = FileNameClaims<String>()
        #expect(claims.claim(FileName(text: "Apple~aaaaaaaaaa", hash: 0), by: "first") == nil)
        #expect(claims.claim(FileName(text: "apple~aaaaaaaaaa", hash: 0), by: "second") == "first")
        #expect(claims.claim(FileName(text: "apple", hash: nil), by: "third") == nil)
        #expect(claims.claim(FileName(text: "apple", hash: nil), by: "fourth") == nil, "unhashed names are unique")
        #expect(claims.claim(FileName(text: "Apple~aaaaaaaaab", hash: 1), by: "fifth") == nil)
    }

    @Test func fileNamesOfOrdinaryTitlesCarryTheirHash() {
        #expect(FileName.page(TestDocuments.title("Sync Client")).hash == StableHash.fnv1a64("Sync Client".utf8) >> 14)
        #expect(FileName.page(TestDocuments.title("sync client")).hash == nil)
        #expect(FileName.wiki("a b").text.hasPrefix("a_b~"))
    }

    /// Two titles whose names share their 50-bit hash (found by a cycle search on FNV-1a):
    /// the smaller title keeps the file, the other is skipped with a warning.
    static let collidingTitles = ("Tjd5ri7mrs4", "Tlny4pqhcij")

    @Test func pagesWhoseFileNamesShareAHash() {
        let (first, second) = Self.collidingTitles
        #expect(SitePaths.pageFile(T.title(first)) == "Tjd5ri7mrs4~pyqmjcptd4.html")
        #expect(SitePaths.pageFile(T.title(second)) == "Tlny4pqhcij~pyqmjcptd4.html")
        let database = T.database([T.wiki("w"), T.page("w", second), T.page("w", first), T.page("w", "Other")])
        #expect(database.titles(inWiki: "w") == ["Other", first])
        #expect(
            database.skipReason("w:" + second)
                == "its file name would clash with that of page \"w:Tjd5ri7mrs4\" (the two file names share their "
                + "hash, a rare collision); rename one of them")
    }

    @Test func wikisWhoseFolderNamesShareAHash() {
        let (first, second) = Self.collidingTitles
        let database = T.database([T.wiki(second), T.wiki(first), T.page(second, "A")])
        #expect(database.wikis.map(\.id) == [first])
        #expect(
            database.skipReason(second)
                == "its folder name would clash with that of wiki \"Tjd5ri7mrs4\" (the two file names share their "
                + "hash, a rare collision); give one of them another _id")
        #expect(
            database.skipReason(second + ":A")
                == "its wiki \"Tlny4pqhcij\" is not published: the wiki document was skipped")
    }

    @Test func readsAttachments() throws {
        let attachments: JSONValue = .object(
            JSONObject([
                (
                    "photo.png",
                    .object(JSONObject([("content_type", .string("image/png")), ("data", .string("aGVsbG8="))]))
                ),
                (
                    "big.pdf",
                    .object(
                        JSONObject([
                            ("content_type", .string("application/pdf")), ("stub", .bool(true)),
                            ("length", .number("1234")), ("digest", .string("md5-abc")),
                        ]))
                ),
                ("raw", .object(JSONObject([("data", .string("AQID"))]))),
                ("bad-base64", .object(JSONObject([("data", .string("!!!"))]))),
                ("nothing", .object(JSONObject([("content_type", .string("text/plain"))]))),
                ("not-an-object", .string("x")),
                ("wrong-type", .object(JSONObject([("content_type", .number("1")), ("stub", .bool(true))]))),
                ("bad-length", .object(JSONObject([("stub", .bool(true)), ("length", .number("-1"))]))),
                ("", .object(JSONObject([("stub", .bool(true))]))),
            ]))
        let database = T.database([T.wiki("w"), T.page("w", "A", [("_attachments", attachments)])])
        let page = try #require(database.page(inWiki: "w", titled: T.title("A")))
        #expect(page.attachments.map(\.name) == ["big.pdf", "photo.png", "raw"])
        #expect(page.attachments[0].data == nil)
        #expect(page.attachments[0].contentType == "application/pdf")
        #expect(page.attachments[0].length == 1234)
        #expect(page.attachments[0].digest == "md5-abc")
        #expect(page.attachments[1].data == Array("hello".utf8))
        #expect(page.attachments[2].data == [1, 2, 3])
        #expect(page.attachments[2].contentType == "application/octet-stream")
        #expect(
            database.skippedAttachments.map { "\($0.name ?? "-"): \($0.reason)" } == [
                ": its name is empty",
                "bad-base64: field \"data\" is not valid base64",
                "bad-length: field \"length\" is -1, expected a whole number of bytes",
                "not-an-object: its entry is a string, expected an object",
                "nothing: it has neither \"data\" nor \"stub\": true",
                "wrong-type: field \"content_type\" is a number, expected a string",
            ])
        #expect(database.skipped.isEmpty)
        #expect(
            database.skippedAttachments[1].description
                == "test.json:1: \"w:A\": attachment \"bad-base64\" skipped: field \"data\" is not valid base64")
    }

    @Test func malformedAttachmentsFieldKeepsThePage() throws {
        let database = T.database([T.wiki("w"), T.page("w", "A", [("_attachments", .array([]))])])
        #expect(database.page(inWiki: "w", titled: T.title("A"))?.attachments.isEmpty == true)
        #expect(
            database.skippedAttachments.map(\.description) == [
                "test.json:1: \"w:A\": field \"_attachments\" ignored: it is an array, expected an object"
            ])
    }

    @Test func base64() {
        #expect(Base64.decode("") == [])
        #expect(Base64.decode("Zg==") == Array("f".utf8))
        #expect(Base64.decode("Zg") == Array("f".utf8))
        #expect(Base64.decode("Zm8=") == Array("fo".utf8))
        #expect(Base64.decode("Zm9v") == Array("foo".utf8))
        #expect(Base64.decode("+/+/") == [0xFB, 0xFF, 0xBF])
        #expect(Base64.decode("Zm9v\n") == nil)
        #expect(Base64.decode("Z===") == nil)
        #expect(Base64.decode("Zh==") == nil, "non-zero padding bits")
        #expect(Base64.decode("Zg=") == nil)
        #expect(Base64.decode("-_") == nil)
    }

    /// No quadratic work: 50,000 pages and 5,000 colliding titles build in a few seconds even in
    /// a debug build (quadratic work would take hours). 100,000 pages take about 0.5 s of CPU
    /// in a release build.
    @Test func manyPagesBuildQuickly() {
        var builder = WikiDatabaseBuilder()
        builder.add(T.wiki("w"))
        for index in 0..<50_000 {
            builder.add(T.page("w", "Page \(index)"))
            if index % 10 == 0 { builder.add(T.page("w", "Page_\(index)", rev: "2-b")) }
        }
        let clock = ContinuousClock()
        let start = clock.now
        let database = builder.build()
        let elapsed = clock.now - start
        #expect(database.pages(inWiki: "w").count == 50_000)
        #expect(database.skipped.count == 5_000)
        #expect(database.pages(inWiki: "w").first?.title.text == "Page 0")
        #expect(elapsed < .seconds(60))
    }
}
