import Foundation
import Testing
import WikiDocuments
import WikiSources

/// A dump read again and compared with the ledger of an earlier reading: only the entries whose
/// bytes changed are parsed, and what it delivers is what a whole reading holds of the documents
/// they touch.
@Suite struct DumpComparisonTests {
    /// The page of `Forms`, edited.
    static let editedPage = ##"{"_id":"w1:Page","_rev":"3-e","type":"page","wiki_id":"w1","markdown":"# Hello"}"##

    /// `text` with the page of `Forms` edited.
    static func edited(_ text: String) -> String {
        text.replacingOccurrences(of: Forms.page, with: editedPage)
    }

    /// A dump of `text` in `folder`, its whole reading, and the documents that reading delivered.
    func wholeReading(_ text: String, in folder: TemporaryFolder) throws -> (DumpSource, SourceReading, [Document]) {
        let source = DumpSource(path: try folder.write(text, to: "dump.json"))
        var documents: [Document] = []
        let reading = try source.read(after: nil) { documents.append($0) }
        return (source, reading, documents)
    }

    /// Compares `source` with `ledger`, asking for `ids`: the reading and what it delivered.
    func compare(
        _ source: DumpSource, with ledger: DumpLedger, thenDocuments ids: [String] = [], limit: Int = 64
    ) throws -> (ComparedDumpReading, [Document])? {
        var documents: [Document] = []
        guard
            let comparison = try source.read(
                comparedWith: ledger, thenDocuments: ids, limit: limit, { documents.append($0) })
        else { return nil }
        return (comparison, documents)
    }

    /// A document as JSON text, to compare documents whole.
    func text(_ document: Document) -> String {
        JSONWriter.text(.object(document.body))
    }

    @Test(arguments: Forms.all)
    func theLedgerNamesEveryEntryInOrder(format: DumpFormat, dump: String) throws {
        let folder = try TemporaryFolder()
        let (_, reading, _) = try wholeReading(dump, in: folder)
        let ledger = try #require(reading.ledger?.dump)
        #expect(ledger.entries.map(\.documentID) == ["w1", "w1:Page", "w1:Gone"])
        #expect(Set(ledger.entries.map(\.digest)).count == 3)
        #expect(DumpLedger(encoded: ledger.encoded) == ledger)
    }

    @Test(arguments: Forms.all)
    func aDumpAsItWasDeliversOnlyTheDocumentsAskedFor(format: DumpFormat, dump: String) throws {
        let folder = try TemporaryFolder()
        let (source, reading, whole) = try wholeReading(dump, in: folder)
        let (comparison, delivered) = try #require(
            try compare(source, with: reading.ledger!.dump!, thenDocuments: ["w1"]))
        #expect(comparison.reading.documentCount == 0)
        #expect(comparison.newEntryCount == 0 && comparison.goneEntryCount == 0)
        #expect(comparison.reading.ledger == reading.ledger)
        #expect(comparison.reading.checkpoint == reading.checkpoint)
        #expect(delivered.map(text) == [text(whole[0])])
    }

    @Test(arguments: Forms.all)
    func anEditedEntryDeliversItsDocumentAsAWholeReadingDoes(format: DumpFormat, dump: String) throws {
        let folder = try TemporaryFolder()
        let (source, before, _) = try wholeReading(dump, in: folder)
        let (_, after, whole) = try wholeReading(Self.edited(dump), in: folder)
        let (comparison, delivered) = try #require(
            try compare(source, with: before.ledger!.dump!, thenDocuments: ["w1"]))
        #expect(comparison.reading.documentCount == 1)
        #expect(comparison.newEntryCount == 1 && comparison.goneEntryCount == 1)
        #expect(delivered.map(\.id) == ["w1:Page", "w1"])
        #expect(delivered.map(text) == [text(whole[1]), text(whole[0])])
        #expect(comparison.reading.ledger == after.ledger)
    }

    @Test func aDocumentNoLongerInTheDumpComesAsATombstone() throws {
        let folder = try TemporaryFolder()
        let (source, before, _) = try wholeReading(Forms.bulkDocs, in: folder)
        _ = try folder.write(Forms.bulkDocs.replacingOccurrences(of: Forms.page + ",", with: ""), to: "dump.json")
        let (comparison, delivered) = try #require(try compare(source, with: before.ledger!.dump!))
        #expect(comparison.newEntryCount == 0 && comparison.goneEntryCount == 1)
        #expect(delivered.map(\.id) == ["w1:Page"])
        #expect(delivered.first?.isDeleted == true)
        #expect(delivered.first?.revisionText == nil)
    }

    @Test func aNewDocumentIsDelivered() throws {
        let folder = try TemporaryFolder()
        let (source, before, _) = try wholeReading(Forms.bulkDocs, in: folder)
        let added = #"{"_id":"w1:New","_rev":"1-n","type":"page","wiki_id":"w1","markdown":"new"}"#
        _ = try folder.write(Forms.bulkDocs.replacingOccurrences(of: "\n]}", with: ",\n\(added)\n]}"), to: "dump.json")
        let (comparison, delivered) = try #require(try compare(source, with: before.ledger!.dump!))
        #expect(comparison.newEntryCount == 1 && comparison.goneEntryCount == 0)
        #expect(delivered.map(\.id) == ["w1:New"])
    }

    @Test func everyLeafOfAChangedDocumentIsDelivered() throws {
        let folder = try TemporaryFolder()
        let leaf = ##"{"_id":"w1:Page","_rev":"2-c","type":"page","wiki_id":"w1","markdown":"# Other"}"##
        let dump = Forms.bulkDocs.replacingOccurrences(of: Forms.page + ",", with: Forms.page + ",\n" + leaf + ",")
        let (source, before, _) = try wholeReading(dump, in: folder)
        let (_, _, whole) = try wholeReading(Self.edited(dump), in: folder)
        let (comparison, delivered) = try #require(try compare(source, with: before.ledger!.dump!))
        #expect(comparison.reading.documentCount == 2)
        #expect(delivered.map(text) == [text(whole[1]), text(whole[2])])
        #expect(delivered.map(\.revisionText) == ["3-e", "2-c"])
    }

    @Test func entriesOutOfTheLedgersOrderCannotBeCompared() throws {
        let folder = try TemporaryFolder()
        let (source, before, _) = try wholeReading(Forms.documentArray, in: folder)
        _ = try folder.write("[\n\(Forms.page),\n\(Forms.wiki)\n]", to: "dump.json")
        #expect(try compare(source, with: before.ledger!.dump!) == nil)
        // The same entry twice is out of order too.
        _ = try folder.write("[\n\(Forms.wiki),\n\(Forms.page),\n\(Forms.page)\n]", to: "dump.json")
        #expect(try compare(source, with: before.ledger!.dump!) == nil)
    }

    @Test func moreChangedEntriesThanTheLimitCannotBeCompared() throws {
        let folder = try TemporaryFolder()
        let (source, before, _) = try wholeReading(Forms.allDocs, in: folder)
        _ = try folder.write(Self.edited(Forms.allDocs), to: "dump.json")
        #expect(try compare(source, with: before.ledger!.dump!, limit: 0) == nil)
        #expect(try compare(source, with: before.ledger!.dump!, limit: 1) != nil)
    }

    @Test func entriesThatAreNotDocumentsAreRejectedAgainAndLeftOutOfTheLedger() throws {
        let folder = try TemporaryFolder()
        let dump = "[\n\(Forms.wiki),\n{\"no\":\"id\"},\n\(Forms.page)\n]"
        let (source, before, _) = try wholeReading(dump, in: folder)
        #expect(before.rejected.count == 1)
        #expect(before.ledger?.dump?.entries.map(\.documentID) == ["w1", "w1:Page"])
        let (comparison, delivered) = try #require(try compare(source, with: before.ledger!.dump!))
        #expect(comparison.reading.rejected.map(\.reason) == before.rejected.map(\.reason))
        #expect(delivered.isEmpty)
    }

    @Test func documentsAreReadAgainOnlyFromTheBytesCompared() throws {
        let folder = try TemporaryFolder()
        let (source, before, whole) = try wholeReading(Forms.couchbackup, in: folder)
        let (comparison, _) = try #require(try compare(source, with: before.ledger!.dump!))
        let again = try #require(try comparison.documents(["w1:Page", "w1:Gone"]))
        #expect(again.map(text) == [text(whole[1]), text(whole[2])])
        #expect(try comparison.documents(["w1:Missing"])?.isEmpty == true)
        _ = try folder.write(Self.edited(Forms.couchbackup), to: "dump.json")
        #expect(try comparison.documents(["w1:Page"]) == nil)
        // Entries of other documents stay where they were: those can still be read.
        #expect(try comparison.documents(["w1"])?.map(\.id) == ["w1"])
    }

    @Test func aLedgerDecodesOnlyWhole() throws {
        let folder = try TemporaryFolder()
        let (_, reading, _) = try wholeReading(
            Forms.bulkDocs.replacingOccurrences(of: "w1:Page", with: "w1:Pâge ✓"), in: folder)
        let encoded = try #require(reading.ledger).encoded
        #expect(DumpLedger(encoded: encoded)?.entries.map(\.documentID) == ["w1", "w1:Pâge ✓", "w1:Gone"])
        #expect(DumpLedger(encoded: Array(encoded.dropLast())) == nil)
        #expect(DumpLedger(encoded: Array(encoded.dropFirst())) == nil)
        #expect(DumpLedger(encoded: []) == nil)
    }
}

/// A dump that is a pipe is read once, whole: nothing compares it or probes it first.
@Suite struct PipedDumpTests {
    @Test func aPipeIsNotComparedWithALedger() throws {
        let folder = try TemporaryFolder()
        let (_, reading, _) = try DumpComparisonTests().wholeReading(Forms.changes, in: folder)
        let fifo = folder.path + "/pipe.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opening the pipe to read it would wait for a writer: nil comes before that.
        let comparison = try DumpSource(path: fifo).read(
            comparedWith: reading.ledger!.dump!, thenDocuments: [], limit: 64, { _ in })
        #expect(comparison == nil)
    }

    @Test func aPipeIsReadWholeAfterItsOwnLastSequence() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/pipe.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo) {
                handle.write(Data(Forms.changes.utf8))
                try? handle.close()
            }
        }
        writer.start()
        var ids: [String] = []
        let reading = try DumpSource(path: fifo).read(after: SourceCheckpoint(.string("3-g1AAAC"))) {
            ids.append($0.id)
        }
        #expect(reading.scope == .everything)
        #expect(ids == ["w1", "w1:Page", "w1:Gone"])
    }
}
