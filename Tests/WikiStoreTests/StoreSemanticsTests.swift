import SplitMix64
import Testing
import WikiDocuments
import WikiSources
import WikiStore

@Suite struct StoreRevisionTests {
    @Test func theSameRevisionTwiceChangesNothing() throws {
        let fixture = try StoreFixture()
        let first = try fixture.importDocuments(#"{"_id":"a","_rev":"1-x","n":1}"#)
        #expect(first.added == 1 && first.updated == 0 && first.unchanged == 0)
        #expect(first.sequenceBefore == 0 && first.sequenceAfter == 1)

        // The same revision, even with another body (a revision is immutable): the first is kept.
        let second = try fixture.importDocuments(#"{"_id":"a","_rev":"1-x","n":2}"#, #"{"_id":"a","_rev":"1-x"}"#)
        #expect(second.added == 0 && second.updated == 0 && second.unchanged == 2)
        #expect(!second.changedStore && second.sequenceAfter == 1)
        let change = try #require(try fixture.change(of: "a"))
        #expect(change.sequence == 1)
        #expect(change.winner.body["n"] == .number("1"))
    }

    @Test func aNewerGenerationReplacesTheLeaf() throws {
        let fixture = try StoreFixture()
        try fixture.importDocuments(#"{"_id":"a","_rev":"1-x","v":"old"}"#)
        let summary = try fixture.importDocuments(#"{"_id":"a","_rev":"3-y","v":"new"}"#)
        #expect(summary.updated == 1 && summary.conflictsCreated == 0)
        let change = try #require(try fixture.change(of: "a"))
        #expect(revisions(change.leaves) == ["3-y"])
        #expect(change.winner.body["v"] == .string("new"))
        #expect(change.conflicts.isEmpty)
        #expect(change.sequence == 2)
    }

    @Test func anOlderGenerationChangesNothing() throws {
        let fixture = try StoreFixture()
        try fixture.importDocuments(#"{"_id":"a","_rev":"2-y"}"#)
        let summary = try fixture.importDocuments(#"{"_id":"a","_rev":"1-x"}"#)
        #expect(summary.unchanged == 1 && !summary.changedStore)
        #expect(revisions(try #require(try fixture.change(of: "a")).leaves) == ["2-y"])
    }

    @Test(arguments: [false, true])
    func aDifferentRevisionAtTheSameGenerationIsAConflict(reversed: Bool) throws {
        let fixture = try StoreFixture()
        let older = #"{"_id":"a","_rev":"2-aaa","by":"one"}"#
        let newer = #"{"_id":"a","_rev":"2-bbb","by":"two"}"#
        try fixture.importDocuments(reversed ? newer : older)
        let summary = try fixture.importDocuments(reversed ? older : newer)
        #expect(summary.updated == 1 && summary.conflictsCreated == 1)
        let change = try #require(try fixture.change(of: "a"))
        // CouchDB's winner: the greater hash in byte order, whichever came first.
        #expect(change.winner.revisionText == "2-bbb")
        #expect(change.winner.body["by"] == .string("two"))
        #expect(revisions(change.otherLeaves) == ["2-aaa"])
        #expect(change.conflicts.map(\.description) == ["2-aaa"])
    }

    @Test func aNewerGenerationReplacesEveryLeafItSupersedes() throws {
        let fixture = try StoreFixture()
        try fixture.importDocuments(#"{"_id":"a","_rev":"2-aaa"}"#, #"{"_id":"a","_rev":"2-bbb"}"#)
        try fixture.importDocuments(#"{"_id":"a","_rev":"3-ccc"}"#)
        let change = try #require(try fixture.change(of: "a"))
        #expect(revisions(change.leaves) == ["3-ccc"])
        #expect(change.conflicts.isEmpty)
    }

    @Test func aLiveLeafBeatsADeletedOne() throws {
        let fixture = try StoreFixture()
        try fixture.importDocuments(
            #"{"_id":"a","_rev":"2-zzz","_deleted":true}"#, #"{"_id":"a","_rev":"2-aaa","live":true}"#)
        let change = try #require(try fixture.change(of: "a"))
        #expect(change.winner.revisionText == "2-aaa" && !change.winner.isDeleted)
        #expect(revisions(change.otherLeaves) == ["2-zzz"])
        // A deleted leaf is a resolved conflict, not a conflict.
        #expect(change.conflicts.isEmpty)
    }

    @Test func theConflictsABodyNamesAreKept() throws {
        let fixture = try StoreFixture()
        let summary = try fixture.importDocuments(#"{"_id":"a","_rev":"2-aaa","_conflicts":["2-bbb","1-old","junk"]}"#)
        #expect(summary.conflictsCreated == 2)
        var change = try #require(try fixture.change(of: "a"))
        #expect(change.conflicts.map(\.description) == ["2-bbb", "1-old"])
        #expect(change.winner.body["_conflicts"] == .array([.string("2-bbb"), .string("1-old"), .string("junk")]))

        // A named leaf is kept whatever its generation; its body, when it comes, is a leaf.
        try fixture.importDocuments(#"{"_id":"a","_rev":"1-old","kept":true}"#)
        change = try #require(try fixture.change(of: "a"))
        #expect(revisions(change.leaves) == ["2-aaa", "1-old"])
        #expect(change.conflicts.map(\.description) == ["2-bbb", "1-old"])

        // A newer generation that names nothing replaces the leaves and what they named.
        try fixture.importDocuments(#"{"_id":"a","_rev":"3-ccc"}"#)
        change = try #require(try fixture.change(of: "a"))
        #expect(revisions(change.leaves) == ["3-ccc"])
        #expect(change.conflicts.isEmpty)
    }

    @Test func tombstonesAreKeptAndCanBeUndeleted() throws {
        let fixture = try StoreFixture()
        try fixture.importDocuments(#"{"_id":"a","_rev":"1-x","v":1}"#)
        try fixture.importDump(
            #"{"total_rows":1,"rows":[{"id":"a","key":"a","value":{"rev":"2-y","deleted":true},"doc":null}]}"#)
        var change = try #require(try fixture.change(of: "a"))
        #expect(change.winner.isDeleted && change.winner.revisionText == "2-y")
        #expect(change.sequence == 2)
        #expect(try fixture.store.documentCount() == 1)

        try fixture.importDocuments(#"{"_id":"a","_rev":"3-z","v":3}"#)
        change = try #require(try fixture.change(of: "a"))
        #expect(!change.winner.isDeleted && change.winner.body["v"] == .number("3"))
    }

    @Test func identityIsExact() throws {
        let fixture = try StoreFixture()
        let summary = try fixture.importDocuments(
            #"{"_id":"w:Café","_rev":"1-a"}"#, #"{"_id":"w:Cafe\u0301","_rev":"1-a"}"#,
            #"{"_id":"w:café","_rev":"1-a"}"#, #"{"_id":"w:Café","_rev":"01-a"}"#)
        // `01-a` is the revision `1-a`: CouchDB reads generations as numbers.
        #expect(summary.added == 3 && summary.unchanged == 1)
        let ids = try fixture.changes().changes.map(\.documentID)
        #expect(ids.count == 3)
        #expect(ids.contains { $0.isExactly("w:Cafe\u{301}") } && ids.contains { $0.isExactly("w:Café") })
    }

    @Test func bodiesComeBackExactly() throws {
        let fixture = try StoreFixture()
        let text = #"{"z":1.50,"_id":"a","a":[true,null,{"x":"\u0000\n\"é"}],"_rev":"1-x","a":-0}"#
        try fixture.importDocuments(text)
        let change = try #require(try fixture.change(of: "a"))
        #expect(change.winner.body == (try JSONParser.parse(text)).objectValue)
    }

    @Test func invalidTextIsRemembered() throws {
        let fixture = try StoreFixture()
        let bytes = Array(#"[{"_id":"a","_rev":"1-x","t":"bad "#.utf8) + [0xFF] + Array(#""}]"#.utf8)
        let path = try fixture.write(bytes: bytes, name: "invalid.json")
        _ = try fixture.store.importDocuments(from: DumpSource(path: path))
        let change = try #require(try fixture.change(of: "a"))
        #expect(change.winner.hadInvalidText)
        #expect(change.winner.origin.description.contains("invalid.json:1"))
    }

    @Test func documentsWithoutARevisionAreRefused() throws {
        let fixture = try StoreFixture()
        let summary = try fixture.importDump(
            """
            [{"_id":"no-rev","type":"page"},
            {"_id":"bad-rev","_rev":"x"},
            {"_id":"ok","_rev":"1-a"},
            {"_rev":"1-a"}]
            """)
        #expect(summary.added == 1)
        #expect(summary.refused.map { $0.documentID ?? "-" } == ["no-rev", "bad-rev", "-"])
        #expect(summary.refused[0].reason.contains("no _rev"))
        #expect(summary.refused[1].reason.contains("N-hash"))
        #expect(try fixture.store.documentCount() == 1)
    }
}

@Suite struct StoreChangesFeedTests {
    @Test func eachDocumentAppearsOnceAtItsLatestSequence() throws {
        let fixture = try StoreFixture()
        try fixture.importDocuments(
            #"{"_id":"a","_rev":"1-a"}"#, #"{"_id":"b","_rev":"1-b"}"#, #"{"_id":"c","_rev":"1-c"}"#)
        try fixture.importDocuments(#"{"_id":"a","_rev":"2-a"}"#, #"{"_id":"d","_rev":"1-d"}"#)

        let all = try fixture.changes()
        #expect(all.changes.map(\.documentID) == ["b", "c", "a", "d"])
        #expect(all.changes.map(\.sequence) == [2, 3, 4, 5])
        #expect(all.sequence == 5)

        let since3 = try fixture.changes(since: 3)
        #expect(since3.changes.map(\.documentID) == ["a", "d"])
        #expect(try fixture.changes(since: 5).changes.isEmpty)
        #expect(try fixture.changes(since: 5).sequence == 5)
    }

    @Test func sequencesIncreaseStrictlyWithEveryChange() throws {
        let fixture = try StoreFixture()
        var last = 0
        for generation in 1...5 {
            let summary = try fixture.importDocuments(
                #"{"_id":"a","_rev":"\#(generation)-a"}"#, #"{"_id":"b\#(generation)","_rev":"1-b"}"#)
            #expect(summary.sequenceBefore == last)
            #expect(summary.sequenceAfter == last + 2)
            last = summary.sequenceAfter
        }
        let sequences = try fixture.changes().changes.map(\.sequence)
        #expect(sequences == sequences.sorted() && Set(sequences).count == sequences.count)
        #expect(try fixture.store.currentSequence() == last)
    }

    @Test func aReadingResumesFromItsCheckpoint() throws {
        let fixture = try StoreFixture()
        try fixture.importDocuments(
            #"{"_id":"a","_rev":"1-a"}"#, #"{"_id":"b","_rev":"2-x"}"#, #"{"_id":"b","_rev":"2-y"}"#)
        let source = StoreSource(path: fixture.store.path)
        var delivered: [String] = []
        let first = try source.read(after: nil) { delivered.append("\($0.id) \($0.revisionText ?? "")") }
        #expect(first.scope == .everything && first.form == "a wikisite store")
        // A document in conflict delivers every leaf, one after the other, the winner first.
        #expect(delivered == ["a 1-a", "b 2-y", "b 2-x"])
        #expect(first.documentCount == 3)
        let checkpoint = try #require(first.checkpoint)

        try fixture.importDocuments(#"{"_id":"c","_rev":"1-c"}"#)
        delivered = []
        let second = try source.read(after: checkpoint) { delivered.append($0.id) }
        #expect(second.scope == .changes(after: checkpoint))
        #expect(delivered == ["c"])
        #expect(second.checkpoint != checkpoint)

        // A checkpoint of another store reads everything.
        let other = try StoreFixture()
        delivered = []
        let foreign = try source.read(after: other.store.checkpoint(at: 1)) { delivered.append($0.id) }
        #expect(foreign.scope == .everything && delivered.count == 4)
        #expect(fixture.store.sequence(resuming: SourceCheckpoint(.number("1"))) == nil)
    }
}

@Suite struct StoreTransactionTests {
    @Test func aMalformedDumpImportsNothing() throws {
        let fixture = try StoreFixture()
        try fixture.importDocuments(#"{"_id":"a","_rev":"1-a","v":1}"#)
        let before = try leafFingerprints(of: fixture.store)

        let truncated = """
            {"docs":[
            {"_id":"a","_rev":"2-a","v":2},
            {"_id":"new","_rev":"1-n"},
            {"_id":"cut","_rev":
            """
        #expect(throws: DumpError.self) { try fixture.importDump(truncated) }
        #expect(try leafFingerprints(of: fixture.store) == before)
        #expect(try fixture.store.currentSequence() == 1)
        #expect(try fixture.store.documentCount() == 1)
    }

    @Test func aMissingDumpImportsNothing() throws {
        let fixture = try StoreFixture()
        #expect(throws: DumpFileError.self) {
            try fixture.store.importDocuments(from: DumpSource(path: fixture.path("absent.json")))
        }
        #expect(try fixture.store.currentSequence() == 0)
    }
}

@Suite struct StoreOrderTests {
    /// Whatever the order and however the revisions are split into dumps, the leaves are the
    /// revisions at the highest generation, and the winner is CouchDB's among them.
    @Test(arguments: 1...20)
    func theLeavesDoNotDependOnTheOrderOfImports(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let fixture = try StoreFixture()
        var imported: [(text: String, deleted: Bool)] = []
        for generation in 1...3 {
            for hash in ["a", "b", "c"] where Bool.random(using: &random) {
                imported.append(("\(generation)-\(hash)", Bool.random(using: &random)))
            }
        }
        if imported.isEmpty { imported.append(("1-a", false)) }
        imported.shuffle(using: &random)
        var remaining = imported[...]
        while !remaining.isEmpty {
            let count = Int.random(in: 1...remaining.count, using: &random)
            try fixture.importDump(
                "["
                    + remaining.prefix(count).map { #"{"_id":"d","_rev":"\#($0.text)","_deleted":\#($0.deleted)}"# }
                    .joined(separator: ",") + "]")
            remaining = remaining.dropFirst(count)
        }
        let highest = imported.compactMap { Revision($0.text)?.generation }.max()
        let expected = imported.filter { Revision($0.text)?.generation == highest }
        let winner = try #require(
            expected.max {
                RevisionOrder.loses(
                    Revision($0.text)!, deleted: $0.deleted, to: Revision($1.text)!, deleted: $1.deleted)
            })
        let change = try #require(try fixture.change(of: "d"))
        #expect(Set(revisions(change.leaves)) == Set(expected.map(\.text)), "seed \(seed)")
        #expect(change.winner.revisionText == winner.text, "seed \(seed)")
        #expect(change.sequence == (try fixture.store.currentSequence()))
    }
}
