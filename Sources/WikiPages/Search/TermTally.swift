#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The distinct terms of one document and a value for each, the terms' UTF-8 kept one after the
/// other in one buffer: counting a page's words makes no string and no dictionary entry a word,
/// and a term is looked up by its bytes in a table of its own (open addressing, FNV-1a).
package struct TermTally<Value> {
    /// The terms' bytes, one after the other.
    private var bytes: [UInt8] = []
    /// Where each term's bytes end in `bytes` (the next one's start).
    private var ends: [Int] = []
    /// Each term's value, in the order the terms came.
    private(set) var values: [Value] = []
    /// Each term's hash, so that the table grows without hashing again.
    private var hashes: [UInt64] = []
    /// The table: a term's number plus one, or 0 for a free slot; its size a power of two.
    private var slots: [Int32]

    /// A tally sized for about `expectedTerms` distinct terms.
    init(expectedTerms: Int) {
        var size = 16
        while size < expectedTerms * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        bytes.reserveCapacity(expectedTerms * 8)
    }

    /// How many distinct terms it holds.
    var count: Int { values.count }

    /// How many bytes its terms take, one after the other.
    var byteCount: Int { bytes.count }

    /// Updates the value of `term` (its UTF-8), which starts as `initial` when the term is new,
    /// and returns the term's number: the order it came in.
    @discardableResult
    mutating func update(_ term: UnsafeBufferPointer<UInt8>, initial: Value, _ change: (inout Value) -> Void) -> Int {
        let hash = Self.hash(term)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if hashes[number] == hash, holds(term, at: number) {
                change(&values[number])
                return number
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(values.count + 1)
        bytes.append(contentsOf: term)
        ends.append(bytes.count)
        hashes.append(hash)
        values.append(initial)
        change(&values[values.count - 1])
        if values.count * 2 > slots.count { grow() }
        return values.count - 1
    }

    /// The terms' numbers in the byte order of their UTF-8. Each term's first eight bytes, as a
    /// big-endian number padded with zeros, settle most comparisons without a `memcmp`.
    func numbersInByteOrder() -> [Int] {
        bytes.withUnsafeBufferPointer { buffer in
            let heads = values.indices.map { number in
                let (start, end) = (start(of: number), ends[number])
                var head: UInt64 = 0
                for index in start..<(start + 8) { head = head << 8 | (index < end ? UInt64(buffer[index]) : 0) }
                return head
            }
            return Array(values.indices).sorted { left, right in
                if heads[left] != heads[right] { return heads[left] < heads[right] }
                let (leftStart, rightStart) = (start(of: left), start(of: right))
                let (leftCount, rightCount) = (ends[left] - leftStart, ends[right] - rightStart)
                let common = min(leftCount, rightCount)
                let order =
                    common == 0 ? 0 : memcmp(buffer.baseAddress! + leftStart, buffer.baseAddress! + rightStart, common)
                return order != 0 ? order < 0 : leftCount < rightCount
            }
        }
    }

    /// Appends the UTF-8 of the term numbered `number` to `output`.
    func appendTerm(_ number: Int, to output: inout [UInt8]) {
        output.append(contentsOf: bytes[start(of: number)..<ends[number]])
    }

    /// The term numbered `number`.
    func term(_ number: Int) -> String {
        String(decoding: bytes[start(of: number)..<ends[number]], as: UTF8.self)
    }

    /// How many bytes the term numbered `number` has.
    func termLength(_ number: Int) -> Int {
        ends[number] - start(of: number)
    }

    private func start(of number: Int) -> Int {
        number == 0 ? 0 : ends[number - 1]
    }

    /// Whether the term numbered `number` is `term`.
    private func holds(_ term: UnsafeBufferPointer<UInt8>, at number: Int) -> Bool {
        let start = start(of: number)
        guard ends[number] - start == term.count else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            term.isEmpty || memcmp(buffer.baseAddress! + start, term.baseAddress!, term.count) == 0
        }
    }

    /// Doubles the table and puts every term in it again.
    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for number in hashes.indices {
            var slot = Int(truncatingIfNeeded: hashes[number]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }

    /// FNV-1a of `bytes`: a function of the bytes alone, which the order of nothing depends on.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
