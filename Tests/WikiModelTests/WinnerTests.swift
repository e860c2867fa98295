import Testing
import WikiDocuments

@testable import WikiModel

@Suite struct WinnerTests {
    typealias T = TestDocuments

    @Test func higherGenerationIsALaterEdit() {
        let database = T.database([
            T.wiki("w"),
            T.page("w", "Home", rev: "2-b", markdown: "new"),
            T.page("w", "Home", rev: "1-z", markdown: "old"),
        ])
        let page = database.page(inWiki: "w", titled: T.title("Home"))
        #expect(page?.markdown == "new")
        #expect(page?.revision.description == "2-b")
        #expect(database.conflicts.isEmpty)
    }

    @Test func sameGenerationIsAConflictWonByTheGreaterHash() throws {
        let database = T.database([
            T.wiki("w"),
            T.page("w", "Home", rev: "3-b", markdown: "b"),
            T.page("w", "Home", rev: "3-c", markdown: "c"),
            T.page("w", "Home", rev: "3-a", markdown: "a"),
        ])
        #expect(database.page(inWiki: "w", titled: T.title("Home"))?.markdown == "c")
        let conflict = try #require(database.conflicts.first)
        #expect(database.conflicts.count == 1)
        #expect(conflict.documentID == "w:Home")
        #expect(conflict.winner.description == "3-c")
        #expect(conflict.losers.map(\.description) == ["3-b", "3-a"])
        #expect(conflict.description == "\"w:Home\": winner 3-c, losing 3-b, 3-a")
    }

    @Test func hashesCompareInByteOrder() {
        let database = T.database([
            T.wiki("w"),
            T.page("w", "Home", rev: "1-Z", markdown: "upper"),
            T.page("w", "Home", rev: "1-a", markdown: "lower"),
            T.page("w", "Home", rev: "1-\u{E9}", markdown: "composed"),
            T.page("w", "Home", rev: "1-e\u{301}", markdown: "decomposed"),
        ])
        #expect(database.page(inWiki: "w", titled: T.title("Home"))?.markdown == "composed")
        #expect(database.conflicts.first?.losers.map(\.description) == ["1-e\u{301}", "1-a", "1-Z"])
    }

    @Test func liveLeafBeatsDeletedLeafOfTheSameGeneration() {
        let database = T.database([
            T.wiki("w"),
            T.document("w:Home", rev: "2-z", deleted: true),
            T.page("w", "Home", rev: "2-a", markdown: "alive"),
        ])
        #expect(database.page(inWiki: "w", titled: T.title("Home"))?.markdown == "alive")
        #expect(database.conflicts.isEmpty, "a deleted leaf is a resolved conflict, not a conflict")
    }

    @Test func laterDeletionRemovesThePage() {
        let database = T.database([
            T.wiki("w"),
            T.page("w", "Home", rev: "1-a"),
            T.page("w", "Gone", rev: "1-a"),
            T.document("w:Gone", rev: "2-b", deleted: true),
        ])
        #expect(database.titles(inWiki: "w") == ["Home"])
        #expect(database.ignored.tombstones == 1)
        #expect(database.skipped.isEmpty)
    }

    @Test func liveRevisionAfterDeletionRevivesThePage() {
        let database = T.database([
            T.wiki("w"),
            T.page("w", "Back", rev: "3-c", markdown: "revived"),
            T.document("w:Back", rev: "2-b", deleted: true),
        ])
        #expect(database.page(inWiki: "w", titled: T.title("Back"))?.markdown == "revived")
    }

    @Test func conflictsFieldMakesADocumentConflictedAlone() throws {
        let database = T.database([
            T.wiki("w"),
            T.page("w", "Home", rev: "4-d", [("_conflicts", .array([.string("4-a"), .string("3-x"), .number("7")]))]),
        ])
        #expect(database.page(inWiki: "w", titled: T.title("Home"))?.revision.description == "4-d")
        let conflict = try #require(database.conflicts.first)
        #expect(conflict.winner.description == "4-d")
        #expect(conflict.losers.map(\.description) == ["4-a", "3-x"])
    }

    @Test func conflictsFieldKeepsALowerGenerationLeaf() {
        let database = T.database([
            T.wiki("w"),
            T.page("w", "Home", rev: "2-b", markdown: "two", [("_conflicts", .array([.string("1-a")]))]),
            T.page("w", "Home", rev: "1-a", markdown: "one"),
        ])
        #expect(database.page(inWiki: "w", titled: T.title("Home"))?.markdown == "two")
        #expect(database.conflicts.first?.losers.map(\.description) == ["1-a"])
    }

    @Test func leafNamedOnlyInConflictsCannotWinWithoutABody() {
        let database = T.database([
            T.wiki("w"),
            T.page("w", "Home", rev: "2-b", markdown: "two", [("_conflicts", .array([.string("5-z")]))]),
        ])
        #expect(database.page(inWiki: "w", titled: T.title("Home"))?.markdown == "two")
        #expect(database.conflicts.first?.losers.map(\.description) == ["5-z"])
    }

    @Test func sameRevisionTwiceIsOne() {
        let other = DocumentOrigin(source: "second.json", line: 9)
        let database = T.database([
            T.wiki("w"),
            T.page("w", "Home", rev: "1-a", markdown: "first"),
            T.page("w", "Home", rev: "1-a", markdown: "second", origin: other),
        ])
        #expect(database.pages(inWiki: "w").count == 1)
        #expect(database.page(inWiki: "w", titled: T.title("Home"))?.markdown == "first")
        #expect(database.conflicts.isEmpty)
    }

    @Test func winnerDecidesTheType() {
        let database = T.database([
            T.wiki("w"),
            T.page("w", "Home", rev: "1-a"),
            T.document("w:Home", rev: "2-a", [("type", .string("comment"))]),
            T.document("w:Other", rev: "2-a", [("type", .string("comment"))]),
            T.page("w", "Other", rev: "3-a"),
        ])
        #expect(database.titles(inWiki: "w") == ["Other"])
        #expect(database.ignored.otherTypes == 1)
    }

    @Test func resultDoesNotDependOnInputOrder() {
        let documents = [
            T.wiki("w"), T.wiki("v", title: "V"),
            T.page("w", "B", rev: "1-a"), T.page("w", "B", rev: "1-b"), T.page("w", "A", rev: "2-a"),
            T.page("w", "A", rev: "1-c"), T.page("v", "X"), T.page("w", "a"), T.page("w", "A_"),
            T.document("w:C", rev: "2-x", deleted: true), T.page("w", "C", rev: "1-a"),
        ]
        let forward = T.database(documents)
        let backward = T.database(documents.reversed())
        #expect(forward.wikis.map(\.id) == ["v", "w"])
        #expect(forward.wikis.map(\.id) == backward.wikis.map(\.id))
        for wiki in ["v", "w"] {
            #expect(
                forward.pages(inWiki: wiki).map { "\($0.documentID) \($0.revision)" }
                    == backward.pages(inWiki: wiki).map { "\($0.documentID) \($0.revision)" })
        }
        #expect(forward.skipped.map(\.description) == backward.skipped.map(\.description))
        #expect(forward.conflicts.map(\.description) == backward.conflicts.map(\.description))
    }

    @Test func conflictsAreSortedByID() {
        let database = T.database([
            T.wiki("w"), T.wiki("w", rev: "1-b"),
            T.page("w", "b", rev: "1-a"), T.page("w", "b", rev: "1-b"),
            T.page("w", "B", rev: "1-a"), T.page("w", "B", rev: "1-b"),
        ])
        #expect(database.conflicts.map(\.documentID) == ["w", "w:B", "w:b"])
    }
}
