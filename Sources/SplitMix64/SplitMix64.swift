/// SplitMix64 (Steele, Lea and Flood, 2014): 64 random bits a call, a function of the seed alone
/// on every platform and Swift version (the standard library's own generators may change between
/// releases). What the benchmark corpus and the randomized tests draw from, so that a seed always
/// replays the same corpus or the same failing case.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
