import Foundation
import GRDB
import Testing
import WikiDocuments
import WikiStore

/// A body another program wrote into the store is read as a `String` of the column would be:
/// invalid UTF-8 becomes U+FFFD, and the text ends at a NUL byte.
@Suite struct StoredBodyTests {
    /// Replaces the body of every leaf of `fixture`'s store with `bytes`, as another program could.
    func overwriteBodies(of fixture: StoreFixture, with bytes: [UInt8]) throws {
        let database = try DatabaseQueue(path: fixture.path("store.sqlite"))
        try database.write { db in
            try db.execute(
                sql: "UPDATE leaf SET body = CAST(? AS TEXT)", arguments: [Data(bytes)])
        }
    }

    @Test func invalidTextIsReadAndExportedAsReplacementCharacters() throws {
        let fixture = try StoreFixture()
        try fixture.importDocuments(#"{"_id":"w:P","_rev":"1-a","type":"page","markdown":"ab"}"#)
        try overwriteBodies(
            of: fixture,
            with: Array(#"{"_id":"w:P","_rev":"1-a","type":"page","markdown":"a"#.utf8) + [0xFF] + Array(#"b"}"#.utf8))
        let change = try #require(try fixture.change(of: "w:P"))
        #expect(change.winner.body["markdown"] == .string("a\u{FFFD}b"))

        var bytes: [UInt8] = []
        _ = try fixture.store.export(.allDocs) { bytes += $0 }
        let dump = try #require(String(validating: bytes, as: UTF8.self))
        #expect(dump.contains("a\u{FFFD}b"))
    }

    @Test func aBodyEndsAtANulByte() throws {
        let fixture = try StoreFixture()
        try fixture.importDocuments(#"{"_id":"w:P","_rev":"1-a","type":"page","markdown":"ab"}"#)
        try overwriteBodies(
            of: fixture,
            with: Array(#"{"_id":"w:P","_rev":"1-a","type":"page","markdown":"cd"}"#.utf8) + [0] + Array("garbage".utf8)
        )
        let change = try #require(try fixture.change(of: "w:P"))
        #expect(change.winner.body["markdown"] == .string("cd"))
    }

    /// Documents are parsed in batches on every core; the feed still hands them on one at a time
    /// in sequence order, and a body that does not parse stops it where it is, after the documents
    /// before it.
    @Test func theFeedKeepsItsOrderAndStopsAtABrokenBody() throws {
        let fixture = try StoreFixture()
        let count = 700
        let documents = (0..<count).map { #"{"_id":"w:P\#($0)","_rev":"1-a","type":"page","markdown":"\#($0)"}"# }
        try fixture.importDump("{\"docs\":[\n" + documents.joined(separator: ",\n") + "\n]}")
        var seen: [String] = []
        _ = try fixture.store.changes(since: 0) { seen.append($0.documentID) }
        #expect(seen == (0..<count).map { "w:P\($0)" })

        let database = try DatabaseQueue(path: fixture.path("store.sqlite"))
        try database.write { db in
            try db.execute(
                sql: "UPDATE leaf SET body = '[1]' WHERE document = (SELECT number FROM document WHERE id = 'w:P400')")
        }
        seen = []
        #expect(throws: (any Error).self) { _ = try fixture.store.changes(since: 0) { seen.append($0.documentID) } }
        #expect(seen == (0..<400).map { "w:P\($0)" })
    }
}
