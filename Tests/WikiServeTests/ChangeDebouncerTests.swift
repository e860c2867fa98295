import Synchronization
import Testing

@testable import WikiServe

@Suite("Changes gathered into bursts")
struct ChangeDebouncerTests {
    @Test func aBurstOf500ChangesGivesAtMostThreeBuilds() async {
        let debouncer = ChangeDebouncer()
        let bursts = Mutex<[[String]]>([])
        let consumer = Task {
            await debouncer.forEachBurst { changes in bursts.withLock { $0.append(changes) } }
        }
        for index in 0..<500 { debouncer.note("file \(index).md") }
        while !bursts.withLock({ $0.joined().contains("file 499.md") }) { await Task.yield() }
        debouncer.finish()
        await consumer.value
        let gathered = bursts.withLock { $0 }
        #expect(gathered.count <= 3)
        #expect(gathered.joined().count == 500)
    }

    @Test func changesDuringABuildMakeTheNextBurst() async {
        let debouncer = ChangeDebouncer(quiet: .milliseconds(1))
        let bursts = Mutex<[[String]]>([])
        let consumer = Task {
            await debouncer.forEachBurst { changes in
                if changes == ["first"] { debouncer.note("during") }
                bursts.withLock { $0.append(changes) }
            }
        }
        debouncer.note("first")
        while bursts.withLock({ $0.count < 2 }) { await Task.yield() }
        debouncer.finish()
        await consumer.value
        #expect(bursts.withLock { $0 } == [["first"], ["during"]])
    }

    @Test func aSingleSaveIsBuiltAfterTheShortSettleNotTheLongQuiet() async {
        let debouncer = ChangeDebouncer(quiet: .seconds(3600), settle: .milliseconds(1))
        let bursts = Mutex<[[String]]>([])
        let consumer = Task {
            await debouncer.forEachBurst { changes in bursts.withLock { $0.append(changes) } }
        }
        debouncer.note("notes/Install.md")
        debouncer.note("notes/Install.md")
        while bursts.withLock({ $0.isEmpty }) { await Task.yield() }
        debouncer.finish()
        await consumer.value
        #expect(bursts.withLock { $0 } == [["notes/Install.md", "notes/Install.md"]])
    }

    @Test func aSecondThingChangedMakesTheBurstWaitTheLongQuiet() async throws {
        let debouncer = ChangeDebouncer(quiet: .seconds(3600), settle: .milliseconds(1))
        let bursts = Mutex<[[String]]>([])
        let consumer = Task {
            await debouncer.forEachBurst { changes in bursts.withLock { $0.append(changes) } }
        }
        debouncer.note("a.md")
        debouncer.note("b.md")
        try await Task.sleep(for: .milliseconds(50))
        #expect(bursts.withLock { $0 }.isEmpty)
        consumer.cancel()
        debouncer.finish()
        await consumer.value
    }
}
