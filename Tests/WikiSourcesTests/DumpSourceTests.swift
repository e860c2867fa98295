import Testing
import WikiDocuments
import WikiSources

/// A dump as a source: what a reading after a checkpoint delivers.
@Suite struct DumpSourceTests {
    /// Reads the dump `text` as a source after `checkpoint`, and the IDs it delivered.
    func read(_ text: String, after checkpoint: SourceCheckpoint?) throws -> (SourceReading, [String]) {
        let folder = try TemporaryFolder()
        let source = DumpSource(path: try folder.write(text, to: "dump.json"))
        var ids: [String] = []
        let reading = try source.read(after: checkpoint) { ids.append($0.id) }
        return (reading, ids)
    }

    @Test(arguments: [
        (Forms.changes, JSONValue.string("3-g1AAAC")), (Forms.continuous, JSONValue.number("3")),
    ])
    func afterItsOwnLastSequenceAChangesDumpDeliversNothing(dump: String, last: JSONValue) throws {
        let checkpoint = SourceCheckpoint(last)
        let (reading, ids) = try read(dump, after: checkpoint)
        #expect(ids.isEmpty)
        #expect(reading.scope == .changes(after: checkpoint))
        #expect(reading.documentCount == 0)
        #expect(reading.checkpoint == checkpoint)
    }

    @Test(arguments: [Forms.changes, Forms.continuous])
    func afterAnyOtherCheckpointAChangesDumpDeliversEverything(dump: String) throws {
        // "2" is a sequence the feed went through, but a dump holds no history to resume from.
        for checkpoint in [SourceCheckpoint(.string("2-g1AAAB")), SourceCheckpoint(.number("2"))] {
            let (reading, ids) = try read(dump, after: checkpoint)
            #expect(ids == ["w1", "w1:Page", "w1:Gone"])
            #expect(reading.scope == .everything)
            #expect(reading.documentCount == 3)
        }
    }

    @Test func aDumpWithoutSequencesDeliversEverythingWhateverTheCheckpoint() throws {
        let (reading, ids) = try read(Forms.allDocs, after: SourceCheckpoint(.number("3")))
        #expect(ids == ["w1", "w1:Page", "w1:Gone"])
        #expect(reading.scope == .everything)
        #expect(reading.checkpoint == nil)
    }
}
