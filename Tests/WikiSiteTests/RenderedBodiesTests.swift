import Foundation
import TemporaryFolders
import Testing

@testable import WikiPages
@testable import WikiSite

/// Bodies kept between the two passes: in memory up to the budget, in the scratch file past it,
/// each handed back once, exactly.
@Suite struct RenderedBodiesTests {
    static let bodies = (0..<40).map { position in
        "<p>Body \(position): caf\u{E9}, \u{65E5}\u{672C}, 😀</p>\n" + String(repeating: "x", count: position * 37)
    }

    @Test func bodiesPastTheBudgetComeBackFromTheScratchFile() throws {
        let folder = try TemporaryFolder()
        let spilled = try #require(SpilledBodies(inFolder: folder.path("")))
        let kept = RenderedBodies(budget: 300, spillingInto: spilled)
        #expect(kept.hasRoom(forMarkdownOf: 50_000_000))
        DispatchQueue.concurrentPerform(iterations: Self.bodies.count) { position in
            kept.keep(Self.bodies[position], forPageAt: position)
        }
        // The scratch file is gone from the folder as soon as it is open.
        #expect(folder.files().isEmpty)
        for (position, body) in Self.bodies.enumerated().reversed() {
            #expect(kept.take(forPageAt: position)?.isExactly(body) == true, "page \(position)")
            #expect(kept.take(forPageAt: position) == nil)
        }
    }

    @Test func withoutAScratchFileBodiesPastTheBudgetAreNotKept() {
        let kept = RenderedBodies(budget: 300)
        for (position, body) in Self.bodies.enumerated() { kept.keep(body, forPageAt: position) }
        let taken = Self.bodies.indices.filter { kept.take(forPageAt: $0) != nil }
        #expect(!taken.isEmpty && taken.count < Self.bodies.count)
        #expect(!kept.hasRoom(forMarkdownOf: 1_000))
    }

    @Test func noScratchFileWhereNoneCanBeMade() throws {
        let folder = try TemporaryFolder()
        #expect(SpilledBodies(inFolder: folder.path("missing/folder")) == nil)
    }
}
