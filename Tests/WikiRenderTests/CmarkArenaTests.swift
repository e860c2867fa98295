import CCmark
import SplitMix64
import Testing

@testable import WikiRender

/// `CmarkArena` as cmark's allocator: what `calloc`, `realloc` and `free` promise, for small
/// blocks bumped out of chunks and for large ones of their own.
@Suite("cmark's arena")
struct CmarkArenaTests {
    /// The three allocator functions of `arena`, called as cmark calls them.
    struct Allocator {
        let mem: cmark_mem

        func calloc(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer {
            guard let block = mem.calloc?(count, size) else { fatalError("no block") }
            return block
        }

        func realloc(_ block: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer {
            guard let moved = mem.realloc?(block, size) else { fatalError("no block") }
            return moved
        }

        func free(_ block: UnsafeMutableRawPointer?) {
            mem.free?(block)
        }
    }

    func withAllocator(_ body: (Allocator) -> Void) {
        let arena = CmarkArena()
        arena.withCurrent { body(Allocator(mem: arena.mem.pointee)) }
    }

    func fill(_ block: UnsafeMutableRawPointer, _ count: Int, from seed: UInt8) {
        for offset in 0..<count {
            block.storeBytes(of: seed &+ UInt8(truncatingIfNeeded: offset), toByteOffset: offset, as: UInt8.self)
        }
    }

    func holds(_ block: UnsafeMutableRawPointer, _ count: Int, from seed: UInt8) -> Bool {
        (0..<count).allSatisfy {
            block.load(fromByteOffset: $0, as: UInt8.self) == seed &+ UInt8(truncatingIfNeeded: $0)
        }
    }

    func isZero(_ block: UnsafeMutableRawPointer, _ count: Int) -> Bool {
        (0..<count).allSatisfy { block.load(fromByteOffset: $0, as: UInt8.self) == 0 }
    }

    @Test(arguments: [1, 24, 100, 2048, 2049, 100_000])
    func callocZeroesMemoryThatWasWrittenBefore(size: Int) {
        withAllocator { allocator in
            let first = allocator.realloc(nil, size + 64)
            fill(first, size + 64, from: 0xA5)
            // Shrunk in place, the last block leaves its written bytes to the next one.
            _ = allocator.realloc(first, 1)
            let zeroed = allocator.calloc(1, size)
            #expect(isZero(zeroed, size))
            let counted = allocator.calloc(size, 3)
            #expect(isZero(counted, size * 3))
        }
    }

    @Test func blocksAreAlignedAsMallocAlignsAndDoNotOverlap() {
        withAllocator { allocator in
            var blocks: [(UnsafeMutableRawPointer, Int)] = []
            var random = SplitMix64(seed: 7)
            for index in 0..<2000 {
                let size = Int(random.next() % 300) + 1
                let block = allocator.calloc(1, size)
                #expect(UInt(bitPattern: block) % 16 == 0)
                fill(block, size, from: UInt8(truncatingIfNeeded: index))
                blocks.append((block, size))
            }
            for (index, (block, size)) in blocks.enumerated() {
                #expect(holds(block, size, from: UInt8(truncatingIfNeeded: index)))
            }
        }
    }

    @Test func reallocKeepsTheBytesWhetherItGrowsInPlaceOrMoves() {
        withAllocator { allocator in
            var block = allocator.realloc(nil, 10)
            fill(block, 10, from: 1)
            block = allocator.realloc(block, 200)
            #expect(holds(block, 10, from: 1))
            fill(block, 200, from: 2)
            let other = allocator.calloc(1, 40)
            fill(other, 40, from: 3)
            // No longer the last block: it moves.
            let moved = allocator.realloc(block, 1500)
            #expect(holds(moved, 200, from: 2))
            #expect(holds(other, 40, from: 3))
            // Past the limit of a small block, then larger still.
            let large = allocator.realloc(moved, 5000)
            #expect(holds(large, 200, from: 2))
            fill(large, 5000, from: 4)
            let larger = allocator.realloc(large, 3_000_000)
            #expect(holds(larger, 5000, from: 4))
            let shrunk = allocator.realloc(larger, 100)
            #expect(holds(shrunk, 100, from: 4))
            allocator.free(shrunk)
        }
    }

    @Test func largeBlocksAreFreedAndReallocatedOnTheirOwn() {
        withAllocator { allocator in
            var blocks: [UnsafeMutableRawPointer] = []
            for index in 0..<20 {
                let block = allocator.calloc(1, 10_000 + index)
                #expect(isZero(block, 10_000 + index))
                fill(block, 10_000 + index, from: UInt8(index))
                blocks.append(block)
            }
            for index in stride(from: 0, to: 20, by: 2) {
                allocator.free(blocks[index])
            }
            for index in stride(from: 1, to: 20, by: 2) {
                let grown = allocator.realloc(blocks[index], 1_000_000)
                #expect(holds(grown, 10_000 + index, from: UInt8(index)))
                blocks[index] = grown
            }
            for index in stride(from: 1, to: 20, by: 4) {
                allocator.free(blocks[index])
            }
        }
    }

    @Test func documentsThatInterleaveOnAThreadEachAllocateInTheirOwn() {
        let outer = CmarkArena()
        let inner = CmarkArena()
        outer.withCurrent {
            let before = outer.mem.pointee.calloc?(1, 8)
            inner.withCurrent {
                #expect(inner.mem.pointee.realloc?(nil, 8) != nil)
            }
            let after = outer.mem.pointee.calloc?(1, 8)
            #expect(before.map { $0 + 16 } == after)
        }
    }

    @Test func aTreeRendersTheSameWithNodesTakenInFromOtherDocuments() {
        #expect(
            renderForTest("| a | b |\n| - | - |\n| *x* | [y](z) |\n\nNote[^1].\n\n[^1]: **bold** `code`\n").html
                .contains("<td><em>x</em></td>"))
    }
}
