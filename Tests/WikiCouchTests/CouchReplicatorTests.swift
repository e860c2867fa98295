import Foundation
import TemporaryFolders
import Testing
import WikiDocuments
import WikiSources
import WikiStore

@testable import WikiCouch

@Suite("Pulling into the embedded store")
struct CouchReplicatorTests {
    @Test(
        "a pull copies every leaf, keeps its checkpoint, and the next pull resumes there",
        arguments: [
            FakeCouchDatabase.SequenceStyle.integer, .opaque,
        ])
    func pullThenResume(style: FakeCouchDatabase.SequenceStyle) throws {
        let folder = try TemporaryFolder()
        let server = try CouchTestServer(Fixture.database(style))
        defer { server.stop() }
        let store = try DocumentStore.openOrCreate(path: folder.path("store.sqlite"))
        let replicator = CouchReplicator(
            source: try CouchSource(url: server.url(user: "u", password: "pw"), options: Fixture.fastOptions()),
            store: store)

        let first = try replicator.pull(following: false)

        let database = server.database
        #expect(try Fixture.leaves(of: store) == Fixture.leaves(of: database))
        let end = SourceCheckpoint(database.sequenceValue(database.updateSequence))
        #expect(first.endCheckpoint == end)
        #expect(first.startCheckpoint == nil)
        #expect(first.added == database.entries.count)
        #expect(try RemoteCheckpoints(store: store).checkpoint(forRemote: "http://127.0.0.1:\(server.port)/db") == end)

        let again = try replicator.pull(following: false)
        #expect(again.changes == 0 && again.added == 0 && again.updated == 0)
        #expect(try store.currentSequence() == first.added + first.updated)

        server.update { database in
            database.edit(Fixture.page("w1:Page 5", "2-55"))
            database.addLeaf(Fixture.page("w1:Page 6", "1-66"))
        }
        let sincesBefore = Fixture.sinceParameters(server).count
        let third = try replicator.pull(following: false)

        #expect(third.startCheckpoint == end)
        #expect(third.changes == 2 && third.updated == 2)
        #expect(Fixture.sinceParameters(server)[sincesBefore] == ChangesFeed.queryText(end.value))
        #expect(try Fixture.leaves(of: store) == Fixture.leaves(of: server.database))
    }

    @Test("a pull that fails keeps what it imported; the next one resumes without skipping or repeating")
    func resumesAfterFailure() throws {
        let folder = try TemporaryFolder()
        let database = Fixture.database(.opaque)
        let server = try CouchTestServer(database)
        defer { server.stop() }
        server.inject(
            .status(500, error: "internal_server_error", reason: "disk"), path: "/db/_changes", skip: 2, times: 3)
        let store = try DocumentStore.openOrCreate(path: folder.path("store.sqlite"))
        let replicator = CouchReplicator(
            source: try CouchSource(url: server.url(), options: Fixture.fastOptions(attempts: 3)), store: store)

        #expect(throws: CouchError.self) { try replicator.pull(following: false) }

        let saved = try RemoteCheckpoints(store: store).checkpoint(forRemote: replicator.source.name)
        // Two batches of 3 changes were imported.
        let firstSix = database.changes(after: 0).prefix(6).flatMap { id, entry in
            entry.leaves.map { "\(id.value) \($0.revision)" }
        }
        #expect(try Fixture.leaves(of: store) == firstSix.sorted(by: Fixture.bytewise))
        let sinces = Fixture.sinceParameters(server)
        #expect(saved.map { ChangesFeed.queryText($0.value) } == sinces.last!)

        let resumed = try replicator.pull(following: false)

        #expect(resumed.startCheckpoint == saved)
        #expect(resumed.unchanged == 0)
        #expect(try Fixture.leaves(of: store) == Fixture.leaves(of: database))
        #expect(try store.currentSequence() == Fixture.leaves(of: database).count)
    }

    @Test("following the feed imports changes as they come, through a stall, until stopped")
    func follows() throws {
        let folder = try TemporaryFolder()
        let server = try CouchTestServer(Fixture.database(.integer))
        defer { server.stop() }
        let initialChanges = server.database.entries.count
        // The first longpoll stalls (no heartbeat): it is retried from the same sequence.
        server.inject(.stall, path: "/db/_changes", query: ["feed": "longpoll"])
        let log = RetryLog()
        var options = Fixture.fastOptions()
        options.onRetry = log.handler
        let store = try DocumentStore.openOrCreate(path: folder.path("store.sqlite"))
        let replicator = CouchReplicator(source: try CouchSource(url: server.url(), options: options), store: store)
        let stop = StopSignal()
        let newChange = DispatchSemaphore(value: 0)
        let result = Locked<Result<PullSummary, any Error>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            let summary = Result {
                try replicator.pull(following: true, stop: stop) { progress in
                    if progress.total.changes > initialChanges { newChange.signal() }
                }
            }
            result.withLock { $0 = summary }
            finished.signal()
        }
        thread.start()

        try waitUntil { log.retries.count == 1 }
        try waitUntil { server.requests.filter { $0.query["feed"] == "longpoll" }.count == 2 }
        server.update { $0.addLeaf(Fixture.page("w1:Live", "1-77")) }
        #expect(newChange.wait(timeout: .now() + 10) == .success)
        stop.stop()
        #expect(finished.wait(timeout: .now() + 10) == .success)

        let summary = try #require(try result.value?.get())
        #expect(summary.wasStopped)
        #expect(summary.changes == initialChanges + 1)
        #expect(log.retries.map(\.fault) == ["the server sent nothing for 400 ms"])
        #expect(try Fixture.leaves(of: store) == Fixture.leaves(of: server.database))
        #expect(try Fixture.leaves(of: store).contains("w1:Live 1-77"))
        let longpolls = server.requests.filter { $0.query["feed"] == "longpoll" }
        #expect(longpolls[0].query["since"] == longpolls[1].query["since"])
        #expect(longpolls.allSatisfy { $0.query["heartbeat"] == "100" })
    }

    /// Waits until `condition` holds, for at most 10 seconds.
    private func waitUntil(_ condition: () -> Bool) throws {
        let deadline = Date(timeIntervalSinceNow: 10)
        while !condition() {
            guard Date() < deadline else { throw TimedOut() }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    private struct TimedOut: Error {}
}
