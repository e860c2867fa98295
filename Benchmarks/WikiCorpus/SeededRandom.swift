import SplitMix64

/// The corpus's draws, all from `SplitMix64`, whose output depends on the seed alone, on every
/// platform and Swift version. The standard library's random APIs are not used on purpose: their
/// algorithms may change between releases, and the corpus must not.
struct SeededRandom {
    private var generator: SplitMix64

    /// A generator starting from `seed`.
    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// A generator for one item (a page) of a corpus: independent of every other item's, so
    /// that changing one page changes nothing else.
    init(seed: UInt64, item: Int, variant: Int = 0) {
        var mixer = SplitMix64(seed: seed ^ 0x5EED_0F_C0_4B_05)
        let base = mixer.next()
        generator = SplitMix64(
            seed: base ^ (UInt64(truncatingIfNeeded: item) &* 0xD1B5_4A32_D192_ED03)
                ^ (UInt64(truncatingIfNeeded: variant) &* 0x8CB9_2BA7_2F3D_8DD7))
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        generator.next()
    }

    /// A number in `0..<bound` (`bound` > 0), by multiplying and keeping the high word (Lemire);
    /// the bias, below `bound / 2^64`, does not matter here.
    mutating func below(_ bound: Int) -> Int {
        Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `range`.
    mutating func inRange(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// True `percent` times in a hundred.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// One element of `list` (not empty).
    mutating func pick<Element>(_ list: [Element]) -> Element {
        list[below(list.count)]
    }

    /// A number in `0..<bound` drawn more often near 0: `bound · u³` for a uniform `u`, so that a
    /// few pages are linked to by many others, as in a real wiki.
    mutating func skewed(below bound: Int) -> Int {
        let uniform = Double(next() >> 11) / Double(1 << 53)
        return min(bound - 1, Int(Double(bound) * uniform * uniform * uniform))
    }
}
