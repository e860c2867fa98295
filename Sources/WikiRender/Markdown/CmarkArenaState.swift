#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a `CmarkArena` is: its current chunk, its last small block, its chunks and large
/// blocks, which the C allocator functions read and move.
///
/// A chunk starts with the address of the chunk made before it. A small block is its size (a
/// 64-bit word), then its bytes, at an address aligned as malloc aligns (16). A large block is
/// a malloc block of its own that starts with `LargeHeader`, then the size word with its top
/// bit set.
struct CmarkArenaState {
    /// The bytes of a small block, at most: a larger one is a malloc block of its own.
    static let largeBlockLimit = 2048
    /// The size of the first chunk; each next one is twice the size of the one before, up to
    /// `largestChunk` (kept under glibc's threshold for mapping a block on its own).
    private static let firstChunk = 4096
    private static let largestChunk = 64 * 1024
    /// The size word's bit that marks a large block.
    private static let largeFlag: UInt64 = 1 << 63
    /// How blocks are aligned, as malloc aligns them.
    private static let alignment = 16

    /// The key of the thread-specific value that names the current arena (`withCurrent`).
    static let currentKey: pthread_key_t = {
        var key = pthread_key_t()
        guard pthread_key_create(&key, nil) == 0 else { fatalError("no thread-specific key for cmark's arena") }
        return key
    }()

    /// Where the next small block's size word goes, and where the current chunk ends.
    private var next: UnsafeMutableRawPointer
    private var end: UnsafeMutableRawPointer
    /// The last small block, which can grow in place.
    private var last: UnsafeMutableRawPointer?
    /// The chunk made last, which leads to the others.
    private var chunks: UnsafeMutableRawPointer?
    private var nextChunkSize = Self.firstChunk
    /// The first of the large blocks, linked both ways.
    private var largeBlocks: UnsafeMutablePointer<LargeHeader>?

    /// What comes before a large block's size word: the arena it belongs to and its neighbours.
    struct LargeHeader {
        var arena: UnsafeMutablePointer<CmarkArenaState>
        var previous: UnsafeMutablePointer<LargeHeader>?
        var next: UnsafeMutablePointer<LargeHeader>?
    }

    /// The bytes before a large block's contents: its header, then its size word, rounded up
    /// to the alignment.
    private static let largePrefix =
        (MemoryLayout<LargeHeader>.stride + 8 + alignment - 1) / alignment * alignment

    /// An arena with its first chunk.
    init() {
        let chunk = Self.newChunk(size: Self.firstChunk, after: nil)
        chunks = chunk
        next = chunk + Self.alignment - 8
        end = chunk + Self.firstChunk
        nextChunkSize = Self.firstChunk * 2
    }

    // MARK: The C allocator

    /// cmark's `calloc`: zeroed bytes in the current arena.
    static func allocateZeroed(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer? {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: size)
        guard !overflow else { return nil }
        let arena = current()
        guard bytes <= largeBlockLimit else { return allocateLarge(bytes, zeroed: true, in: arena) }
        let block = arena.pointee.allocateSmall(bytes)
        block.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        return block
    }

    /// cmark's `realloc`: `block` (nil: none) with room for `size` bytes, its bytes kept.
    static func reallocate(_ block: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
        guard let block else { return allocate(size, in: current()) }
        let word = sizeWord(of: block)
        if word & largeFlag != 0 { return reallocateLarge(block, size) }
        let arena = current()
        if let resized = arena.pointee.resizeLast(block, to: size) { return resized }
        let oldSize = Int(word)
        if size <= oldSize { return block }
        let moved = allocate(size, in: arena)
        moved.copyMemory(from: block, byteCount: oldSize)
        return moved
    }

    /// cmark's `free`: frees a large block, leaves a small one to the arena's release (taking
    /// back even the last one saves no memory worth the cost of finding the current arena).
    static func release(_ block: UnsafeMutableRawPointer?) {
        guard let block else { return }
        if sizeWord(of: block) & largeFlag != 0 {
            let header = (block - largePrefix).assumingMemoryBound(to: LargeHeader.self)
            header.pointee.arena.pointee.unlink(header)
            free(header)
        }
    }

    /// Frees every chunk and large block.
    mutating func releaseAll() {
        while let chunk = chunks {
            chunks = chunk.load(as: UnsafeMutableRawPointer?.self)
            free(chunk)
        }
        while let header = largeBlocks {
            largeBlocks = header.pointee.next
            free(header)
        }
        last = nil
    }

    // MARK: Private

    /// The arena `withCurrent` names on this thread.
    private static func current() -> UnsafeMutablePointer<CmarkArenaState> {
        guard let current = pthread_getspecific(currentKey) else {
            fatalError("cmark allocated outside a document's arena")
        }
        return current.assumingMemoryBound(to: CmarkArenaState.self)
    }

    private static func sizeWord(of block: UnsafeMutableRawPointer) -> UInt64 {
        block.load(fromByteOffset: -8, as: UInt64.self)
    }

    /// The bytes a small block of `size` bytes takes with its size word, so that the next
    /// block is aligned too.
    private static func footprint(_ size: Int) -> Int {
        (size + 8 + alignment - 1) / alignment * alignment
    }

    private static func allocate(_ size: Int, in arena: UnsafeMutablePointer<Self>) -> UnsafeMutableRawPointer {
        size <= largeBlockLimit ? arena.pointee.allocateSmall(size) : allocateLarge(size, zeroed: false, in: arena)
    }

    private mutating func allocateSmall(_ size: Int) -> UnsafeMutableRawPointer {
        let footprint = Self.footprint(size)
        if end - next < footprint {
            let chunkSize = max(nextChunkSize, footprint + Self.alignment)
            nextChunkSize = min(nextChunkSize * 2, Self.largestChunk)
            let chunk = Self.newChunk(size: chunkSize, after: chunks)
            chunks = chunk
            // The first size word right before an aligned address, as every next one.
            next = chunk + Self.alignment - 8
            end = chunk + chunkSize
        }
        let word = next
        word.storeBytes(of: UInt64(size), as: UInt64.self)
        next = word + footprint
        last = word + 8
        return word + 8
    }

    /// A malloc block of `size` bytes that starts with the address of `previous`.
    private static func newChunk(size: Int, after previous: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
        guard let chunk = malloc(size) else { fatalError("cmark's arena could not allocate a chunk") }
        chunk.storeBytes(of: previous, as: UnsafeMutableRawPointer?.self)
        return chunk
    }

    /// `block` with room for `size` bytes, grown or shrunk in place, when it is the last small
    /// block and its chunk has room; nil otherwise.
    private mutating func resizeLast(_ block: UnsafeMutableRawPointer, to size: Int) -> UnsafeMutableRawPointer? {
        guard block == last, size <= Self.largeBlockLimit else { return nil }
        let word = block - 8
        let footprint = Self.footprint(size)
        guard end - word >= footprint else { return nil }
        word.storeBytes(of: UInt64(size), as: UInt64.self)
        next = word + footprint
        return block
    }

    private static func allocateLarge(
        _ size: Int, zeroed: Bool, in arena: UnsafeMutablePointer<Self>
    ) -> UnsafeMutableRawPointer {
        let bytes = largePrefix + size
        guard let raw = zeroed ? calloc(1, bytes) : malloc(bytes) else {
            fatalError("cmark's arena could not allocate \(size) bytes")
        }
        let header = raw.assumingMemoryBound(to: LargeHeader.self)
        header.initialize(to: LargeHeader(arena: arena, previous: nil, next: nil))
        arena.pointee.link(header, size: size)
        return raw + largePrefix
    }

    private static func reallocateLarge(_ block: UnsafeMutableRawPointer, _ size: Int) -> UnsafeMutableRawPointer? {
        let header = (block - largePrefix).assumingMemoryBound(to: LargeHeader.self)
        let arena = header.pointee.arena
        arena.pointee.unlink(header)
        guard let raw = realloc(header, largePrefix + size) else {
            fatalError("cmark's arena could not allocate \(size) bytes")
        }
        arena.pointee.link(raw.assumingMemoryBound(to: LargeHeader.self), size: size)
        return raw + largePrefix
    }

    /// Puts the large block `header` first in the list, its size word set to `size`.
    private mutating func link(_ header: UnsafeMutablePointer<LargeHeader>, size: Int) {
        header.pointee.previous = nil
        header.pointee.next = largeBlocks
        largeBlocks?.pointee.previous = header
        largeBlocks = header
        (UnsafeMutableRawPointer(header) + Self.largePrefix - 8).storeBytes(
            of: UInt64(size) | Self.largeFlag, as: UInt64.self)
    }

    private mutating func unlink(_ header: UnsafeMutablePointer<LargeHeader>) {
        if let previous = header.pointee.previous {
            previous.pointee.next = header.pointee.next
        } else {
            largeBlocks = header.pointee.next
        }
        header.pointee.next?.pointee.previous = header.pointee.previous
    }
}
