import Foundation
import Testing
import WikiDocuments
import WikiSources
import WikiStore

@Suite struct StoreRoundTripTests {
    /// A store with everything a store can hold: live documents, a tombstone with a body, a conflict,
    /// a deleted losing leaf, named conflicts with and without a body, and exact identities.
    private func populatedStore() throws -> StoreFixture {
        let fixture = try StoreFixture()
        try fixture.importDocuments(
            #"{"_id":"w","_rev":"1-w","type":"wiki","title":"Wiki"}"#,
            ##"{"_id":"w:Café","_rev":"2-c","type":"page","wiki_id":"w","markdown":"# Café\n\n[[Cafe\u0301]]"}"##,
            #"{"_id":"w:Cafe\u0301","_rev":"1-d","type":"page","wiki_id":"w","markdown":"NFD"}"#,
            #"{"_id":"w:Split","_rev":"3-aaa","type":"page","wiki_id":"w","markdown":"one"}"#,
            #"{"_id":"w:Split","_rev":"3-bbb","type":"page","wiki_id":"w","markdown":"two"}"#,
            #"{"_id":"w:Split","_rev":"3-zzz","_deleted":true}"#,
            #"{"_id":"w:Named","_rev":"4-top","_conflicts":["2-low","2-gone"],"type":"page","wiki_id":"w"}"#,
            #"{"_id":"w:Named","_rev":"2-low","type":"page","wiki_id":"w","markdown":"low"}"#,
            #"{"_id":"w:Gone","_rev":"2-g","_deleted":true,"reason":"kept with its body"}"#,
            #"{"_id":"_design/app","_rev":"1-v","views":{}}"#)
        return fixture
    }

    @Test(arguments: ExportFormat.allCases)
    func anExportImportsBackIntoTheSameDocuments(format: ExportFormat) throws {
        let fixture = try populatedStore()
        let dump = try export(fixture.store, format)
        let copy = try DocumentStore.openOrCreate(path: fixture.path("copy.sqlite"))
        let summary = try copy.importDocuments(from: DumpSource(path: fixture.write(dump, name: "export.json")))
        #expect(summary.refused.isEmpty && summary.unchanged == 0)
        #expect(try leafFingerprints(of: copy) == (try leafFingerprints(of: fixture.store)))

        var conflicts: [String: [String]] = [:]
        _ = try copy.changes(since: 0) { conflicts[$0.documentID] = $0.conflicts.map(\.description) }
        #expect(conflicts["w:Split"] == ["3-aaa"])
        #expect(conflicts["w:Named"] == ["2-low", "2-gone"])
        // Exporting the copy gives the same dump (all_docs), or the same results in sequence order.
        if format == .allDocs { #expect(try export(copy, format) == dump) }
    }

    @Test func allDocsExportIsByIDOneRowPerLeaf() throws {
        let fixture = try populatedStore()
        let dump = try export(fixture.store, .allDocs)
        let lines = dump.split(separator: "\n").map(String.init)
        #expect(lines.first == #"{"total_rows":10,"offset":0,"rows":["#)
        #expect(lines.last == "]}")
        #expect(lines.count == 12)
        #expect(dump.contains(#"{"id":"w:Gone","key":"w:Gone","value":{"rev":"2-g","deleted":true},"doc":{"#))
        var ids: [String] = []
        var revisions: [String] = []
        let summary = try DumpReader.read(bytes: Array(dump.utf8), name: "export") {
            ids.append($0.id)
            revisions.append($0.revisionText ?? "")
        }
        #expect(summary.format == .allDocs)
        #expect(ids == ids.sorted { $0.precedesInByteOrder($1) })
        let split = zip(ids, revisions).filter { $0.0 == "w:Split" }.map(\.1)
        // The winner first: a live leaf beats a deleted one, then the greater hash.
        #expect(split == ["3-bbb", "3-aaa", "3-zzz"])
    }

    @Test func changesExportCarriesSequences() throws {
        let fixture = try populatedStore()
        let dump = try export(fixture.store, .changes)
        let summary = try DumpReader.read(bytes: Array(dump.utf8), name: "export") { _ in }
        #expect(summary.format == .changes)
        #expect(summary.lastSequence == .number(String(try fixture.store.currentSequence())))
        #expect(summary.documentCount == 10)
    }

    @Test func anEmptyStoreExportsAnEmptyDump() throws {
        let fixture = try StoreFixture()
        #expect(try export(fixture.store, .allDocs) == "{\"total_rows\":0,\"offset\":0,\"rows\":[]}\n")
        #expect(try export(fixture.store, .changes) == "{\"results\":[],\n\"last_seq\":0}\n")
    }

    private func export(_ store: DocumentStore, _ format: ExportFormat) throws -> String {
        var bytes: [UInt8] = []
        _ = try store.export(format) { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}

@Suite struct StoreRecognitionTests {
    @Test func aStoreIsRecognisedByItsContentNotItsName() throws {
        let fixture = try StoreFixture()
        try fixture.importDocuments(#"{"_id":"a","_rev":"1-a"}"#)
        let disguised = fixture.path("looks-like-a-dump.json")
        try FileManager.default.copyItem(atPath: fixture.store.path, toPath: disguised)
        #expect(try DocumentStore.holdsStore(atPath: fixture.store.path))
        #expect(try DocumentStore.holdsStore(atPath: disguised))

        let dump = try fixture.write(#"{"docs":[]}"#, name: "looks-like-a-store.sqlite")
        #expect(try !DocumentStore.holdsStore(atPath: dump))
        #expect(try !DocumentStore.holdsStore(atPath: fixture.write("", name: "empty")))
        #expect(try !DocumentStore.holdsStore(atPath: fixture.path("absent")))
        #expect(try !DocumentStore.holdsStore(atPath: fixture.folder.path))
    }

    @Test func aPipeIsNeverReadToRecogniseIt() throws {
        let fixture = try StoreFixture()
        let pipe = fixture.path("pipe")
        #expect(mkfifo(pipe, 0o600) == 0)
        // Opening a pipe with no writer would block: recognising it must not open it.
        #expect(try !DocumentStore.holdsStore(atPath: pipe))
    }

    @Test func aNewStoreSaysWhatItIsInItsHeader() throws {
        let fixture = try StoreFixture()
        let header = try Data(contentsOf: URL(fileURLWithPath: fixture.store.path)).prefix(100)
        #expect(header.starts(with: Array("SQLite format 3\0".utf8)))
        #expect(Array(header[68..<72]) == Array("wiki".utf8))
    }

    @Test func anotherProgramsDatabaseIsNotAStore() throws {
        let fixture = try StoreFixture()
        // A SQLite database whose application_id is another program's (42).
        var bytes = try Data(contentsOf: URL(fileURLWithPath: fixture.store.path))
        bytes.replaceSubrange(68..<72, with: [0, 0, 0, 42])
        let path = try fixture.write(bytes: Array(bytes), name: "other.sqlite")
        #expect(throws: StoreError.self) { try DocumentStore.holdsStore(atPath: path) }
        do {
            _ = try DocumentStore(path: path)
            Issue.record("opened another program's database as a store")
        } catch let error as StoreError {
            #expect(error.description.contains("not a wikisite store"))
            #expect(error.description.contains("application_id 42"))
        }
        // Nothing was written to it.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func aDumpIsNotAStore() throws {
        let fixture = try StoreFixture()
        let dump = try fixture.write(#"{"docs":[]}"#)
        #expect(throws: StoreError.notAStore(path: dump, reason: "it is not a SQLite database")) {
            try DocumentStore(path: dump)
        }
    }

    @Test func aMissingStoreSaysHowToMakeOne() throws {
        let fixture = try StoreFixture()
        let path = fixture.path("absent.sqlite")
        #expect(throws: StoreError.missing(path: path)) { try DocumentStore(path: path) }
        #expect(StoreError.missing(path: path).description.contains("wikisite import DUMP... --store \(path)"))
        #expect(StoreError.missing(path: DocumentStore.defaultPath).description.contains("`wikisite import DUMP...`"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func openOrCreateMakesTheFolders() throws {
        let fixture = try StoreFixture()
        let path = fixture.path("project/.wikisite/store.sqlite")
        let store = try DocumentStore.openOrCreate(path: path)
        #expect(try store.currentSequence() == 0)
        #expect(try DocumentStore.holdsStore(atPath: path))
    }
}
