extension PurseChaosRunner {
    /// Draws every submission's plan from `seed`: the same seed gives the same plans (which faults, in
    /// which order, on which cards), so a failing run reproduces with `sdk purse chaos --seed`.
    package func plans(seed: UInt64) -> [Plan] {
        var random = PurseChaosRandom(seed: seed)
        return plans(using: &random)
    }
}

/// SplitMix64, seeded: the chaos plans' reproducible source. (The tests have their own copy in
/// `TestSupport`, which a tool cannot link.)
struct PurseChaosRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
