import Synchronization
import Testing

@testable import WikiServe

@Suite("Build events sent to every open stream")
struct EventBroadcasterTests {
    @Test func everyOneOf100StreamsReceivesTheEvent() async {
        let broadcaster = EventBroadcaster()
        let subscriptions = (0..<100).map { _ in broadcaster.subscribe() }
        #expect(broadcaster.streamCount == 100)
        broadcaster.send(.built(written: ["w/Page.html"], removed: []))
        for subscription in subscriptions {
            var iterator = subscription.events.makeAsyncIterator()
            let event = await iterator.next()
            #expect(event?.contains("\"written\":[\"w/Page.html\"]") == true)
        }
    }

    @Test func aClientThatNeverReadsIsDroppedAndDoesNotBlockTheOthers() async {
        let broadcaster = EventBroadcaster(bufferLimit: 4)
        let dropped = Atomic<Int>(0)
        let stuck = broadcaster.subscribe { dropped.add(1, ordering: .relaxed) }
        let reader = broadcaster.subscribe()
        let received = Atomic<Int>(0)
        let readTask = Task {
            for await _ in reader.events { received.add(1, ordering: .relaxed) }
        }
        for index in 0..<20 {
            broadcaster.send(.built(written: ["p\(index).html"], removed: []))
            while received.load(ordering: .relaxed) <= index { await Task.yield() }
        }
        #expect(dropped.load(ordering: .relaxed) == 1)
        #expect(broadcaster.streamCount == 1)
        broadcaster.finishAll()
        await readTask.value
        #expect(received.load(ordering: .relaxed) == 20)
        var stuckEvents = 0
        for await _ in stuck.events { stuckEvents += 1 }
        #expect(stuckEvents == 4)
    }

    @Test func aStreamThatEndsIsForgotten() {
        let broadcaster = EventBroadcaster()
        let subscription = broadcaster.subscribe()
        subscription.end()
        #expect(broadcaster.streamCount == 0)
    }

    @Test func aBuildThatChangedNothingIsNoNews() {
        #expect(!BuildEvent.built(written: [], removed: []).isNews)
        #expect(BuildEvent.built(written: [], removed: ["a.html"]).isNews)
        #expect(BuildEvent.failed(message: "error: x").isNews)
    }

    @Test func aFailedBuildIsAnErrorEventWithItsMessage() {
        let text = BuildEvent.failed(message: "error: page.mustache:3: bad").serverSentEvent
        #expect(text == "event: error\ndata: {\"message\":\"error: page.mustache:3: bad\"}\n\n")
    }
}
