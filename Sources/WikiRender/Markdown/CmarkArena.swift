import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The memory of one parsed document (and of the texts parsed to be moved into its tree, a
/// table's cells, its footnotes), given to cmark as its allocator and released at once when
/// the last document holding it goes: cmark need not walk the tree to free each node and string.
///
/// cmark's allocator (`cmark_mem`) is three C functions that are given no context: `calloc`
/// and `realloc(nil, …)` cannot tell from their arguments whose memory they allocate. The arena
/// they allocate in is the one `withCurrent` names on the calling thread for the length of one
/// synchronous call into cmark. Documents used in turn on one thread (a page and what is
/// parsed on the side: an entity, a line of a table) each name their own around each call,
/// and a call into C is never suspended or moved to another thread, so no other document's
/// call comes in between.
///
/// Small blocks (up to `largeBlockLimit` bytes) are bumped out of chunks of growing size, each
/// after a word holding its size so that `realloc` can copy it. Freeing one does nothing;
/// growing or shrinking the last one does it in place. A larger
/// block (a long paragraph's text, the HTML) is a malloc block of its own, linked to the arena:
/// freeing or growing it frees or reallocates it, so a huge page holds about what malloc would.
final class CmarkArena {
    /// The allocator to give cmark for this arena's documents.
    let mem: UnsafeMutablePointer<cmark_mem>
    private let state: UnsafeMutablePointer<CmarkArenaState>

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: CmarkArenaState())
        mem = .allocate(capacity: 1)
        mem.initialize(
            to: cmark_mem(
                calloc: { count, size in CmarkArenaState.allocateZeroed(count, size) },
                realloc: { block, size in CmarkArenaState.reallocate(block, size) },
                free: { block in CmarkArenaState.release(block) }))
    }

    deinit {
        state.pointee.releaseAll()
        state.deinitialize(count: 1)
        state.deallocate()
        mem.deinitialize(count: 1)
        mem.deallocate()
    }

    /// Runs `body`, one or more synchronous calls into cmark, with this arena as the one cmark
    /// allocates in on this thread; the arena named before is named again after.
    func withCurrent<Result>(_ body: () -> Result) -> Result {
        let previous = pthread_getspecific(CmarkArenaState.currentKey)
        pthread_setspecific(CmarkArenaState.currentKey, state)
        defer { pthread_setspecific(CmarkArenaState.currentKey, previous) }
        return body()
    }
}
