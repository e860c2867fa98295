import Foundation
import Testing
import WikiDocuments

@testable import WikiModel

/// The scratch file that keeps pages' Markdown out of memory gives every text back as it was
/// kept, from any thread, and a database built through it is the one built without it.
@Suite struct MarkdownStashTests {
    typealias T = TestDocuments

    static func stash() throws -> MarkdownStash {
        try #require(MarkdownStash(inFolder: FileManager.default.temporaryDirectory.path))
    }

    /// Texts of every size, ASCII or not, some empty; together past the stash's buffer, so some
    /// are read from the file and the last ones from the buffer.
    static let texts: [String] = (0..<700).map { number in
        number % 50 == 0 ? "" : String(repeating: "Zeile \(number) — Straße ✓ 🙂\n", count: number % 200 + 1)
    }

    @Test func everyTextComesBackWithTheDigestAndLengthOfTheSameTextHeld() throws {
        let stash = try Self.stash()
        let kept = Self.texts.map(stash.keep)
        #expect(Self.texts.reduce(0) { $0 + $1.utf8.count } > 1 << 20)
        for (text, markdown) in zip(Self.texts, kept) {
            let held = MarkdownText(text)
            #expect(markdown.text == text)
            #expect(markdown.byteCount == text.utf8.count)
            #expect(markdown.digest == held.digest)
        }
        #expect(MarkdownText("a").digest != MarkdownText("b").digest)
    }

    /// A text of several megabytes goes through the buffer on its own; the texts around it keep
    /// their places.
    @Test func aTextLargerThanTheBufferComesBackWithItsNeighbours() throws {
        let stash = try Self.stash()
        let texts = ["before", String(repeating: "große Seite ", count: 300_000), "after", "# end"]
        let kept = texts.map(stash.keep)
        #expect(kept.map(\.text) == texts)
        #expect(kept[1].byteCount == texts[1].utf8.count)
    }

    /// The bytes read back without a string are those of the text, from the file, from the
    /// buffer, and for a text held in memory.
    @Test func everyTextComesBackAsItsUTF8Bytes() throws {
        let stash = try Self.stash()
        let texts = Self.texts + [String(repeating: "große Seite ", count: 300_000), "last"]
        let kept = texts.map(stash.keep)
        for (text, markdown) in zip(texts, kept) {
            #expect(markdown.withUTF8 { Array($0) } == Array(text.utf8))
            #expect(MarkdownText(text).withUTF8 { Array($0) } == Array(text.utf8))
        }
        let read = Concurrently.map(kept.count) { kept[$0].withUTF8 { Array($0) } }
        #expect(read == texts.map { Array($0.utf8) })
    }

    @Test func textsAreReadBackOnEveryCoreAtOnce() throws {
        let stash = try Self.stash()
        let kept = Self.texts.map(stash.keep)
        let read = Concurrently.map(kept.count) { kept[$0].text }
        #expect(read == Self.texts)
    }

    @Test func theScratchFileNeverShowsInItsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stash = try #require(MarkdownStash(inFolder: folder.path))
        _ = stash.keep("# Title")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #expect(MarkdownStash(inFolder: folder.appendingPathComponent("missing").path) == nil)
    }

    /// Winners, conflicts, drafts, a Markdown that is not a string (refused with the same
    /// reason), a page without Markdown: the database is the same with a stash and without.
    @Test func aDatabaseBuiltThroughAStashIsTheSameAsOneBuiltInMemory() throws {
        let documents =
            [
                T.wiki("w"),
                T.page("w", "Home", rev: "2-b", markdown: "new"),
                T.page("w", "Home", rev: "1-z", markdown: "old"),
                T.page("w", "Split", rev: "3-a", markdown: "a"),
                T.page("w", "Split", rev: "3-c", markdown: "c"),
                T.page("w", "Draft", markdown: "not yet", [("draft", .bool(true))]),
                T.document(
                    "w:Number", [("type", .string("page")), ("wiki_id", .string("w")), ("markdown", .number("42"))]),
                T.document("w:Empty", [("type", .string("page")), ("wiki_id", .string("w"))]),
            ] + Self.texts.enumerated().map { T.page("w", "Page \($0.offset)", markdown: $0.element) }
        var inMemory = WikiDatabaseBuilder()
        var stashed = WikiDatabaseBuilder(stashingMarkdownIn: try Self.stash())
        for document in documents {
            inMemory.add(document)
            stashed.add(document)
        }
        let expected = inMemory.build()
        let database = stashed.build()
        let pages = database.pages(inWiki: "w")
        #expect(pages.map(\.documentID) == expected.pages(inWiki: "w").map(\.documentID))
        #expect(pages.map(\.markdown) == expected.pages(inWiki: "w").map(\.markdown))
        #expect(pages.map(\.markdownText.digest) == expected.pages(inWiki: "w").map(\.markdownText.digest))
        #expect(database.drafts(inWiki: "w").map(\.markdown) == ["not yet"])
        #expect(database.page(inWiki: "w", titled: T.title("Split"))?.markdown == "c")
        #expect(database.page(inWiki: "w", titled: T.title("Empty"))?.markdown == "")
        #expect(database.conflicts.map(\.documentID) == ["w:Split"])
        #expect(database.skipped.map(\.reason) == expected.skipped.map(\.reason))
        #expect(database.skipped.map(\.documentID) == ["w:Number"])
    }

    /// A revision delivered twice (two sources of one database) is stashed once; the second copy
    /// still names its conflicts (`1-z`, an older leaf, is a conflict only because it says so).
    @Test func aRevisionDeliveredAgainIsNotStashedAgain() throws {
        let stash = try Self.stash()
        var builder = WikiDatabaseBuilder(stashingMarkdownIn: stash)
        builder.add(T.wiki("w"))
        builder.add(T.page("w", "Home", rev: "2-b", markdown: "first copy"))
        let once = stash.byteCount
        #expect(once == "first copy".utf8.count)
        builder.add(
            T.page("w", "Home", rev: "2-b", markdown: "second copy", [("_conflicts", .array([.string("1-z")]))]))
        builder.add(T.page("w", "Home", rev: "1-z", markdown: "loser"))
        #expect(stash.byteCount == once + "loser".utf8.count)
        let database = builder.build()
        #expect(database.page(inWiki: "w", titled: T.title("Home"))?.markdown == "first copy")
        #expect(database.conflicts.map(\.documentID) == ["w:Home"])
    }
}
