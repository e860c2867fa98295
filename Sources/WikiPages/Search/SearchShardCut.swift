import WikiRender

/// How a wiki's terms are cut into term shards, by size: a function of the terms and their
/// postings alone, so that a clean build and an incremental one cut them the same way.
///
/// The terms starting with one letter make a shard, unless their postings weigh more than
/// `budget` bytes: then that prefix is cut into the prefixes one letter longer, each cut again
/// by the same rule, down to `longestKey` letters. A term no longer than a prefix that is cut
/// stays in the shard of the prefix itself. A shard is named by its prefix's key
/// (`SearchTerms.shardKey(of:length:)`); a term is in the shard of the longest key that is a
/// prefix of it.
package struct SearchShardCut: Sendable, Equatable {
    /// The budget of a build: 32 KB, about 8 KB gzip-compressed. A query loads one shard a word,
    /// and an edit rewrites the shards of the words it changes: small shards keep both cheap.
    static let standardBudget = 32 * 1024
    /// The longest prefix a shard is named by, in letters: a prefix this long is never cut.
    package static let longestKey = 8

    /// The most a prefix's terms may weigh, in bytes, before it is cut.
    let budget: Int

    /// Shards of about `budget` bytes each.
    package init(budget: Int = Self.standardBudget) {
        self.budget = budget
    }

    /// How the terms of the shards are split into parts: a term weighing more than half the
    /// budget is written in parts, best first, so that a first query loads a common word's best
    /// postings alone.
    package var parts: SearchTermParts {
        SearchTermParts(threshold: budget / 2)
    }

    /// The terms of each shard, by key, of the terms `sizes` weighs, which all start with the
    /// same `depth - 1` letters: the cut is a function of the terms' sizes alone, so the fast
    /// path cuts a prefix again from what its shards weigh, without a split term's postings.
    package func members(of sizes: [(term: String, size: Int)], depth: Int = 1) -> [String: [String]] {
        var shards: [String: [String]] = [:]
        let groups = Dictionary(grouping: sizes) { SearchTerms.shardKey(of: $0.term, length: depth) }
        for (key, members) in groups {
            place(members, key: key, depth: depth, into: &shards)
        }
        return shards
    }

    /// Whether the prefix `depth` letters long whose terms weigh `size` bytes is cut.
    package func cuts(size: Int, depth: Int) -> Bool {
        size > budget && depth < Self.longestKey
    }

    /// Puts `members`, the terms of the prefix `key`, `depth` letters long, into `shards`.
    private func place(
        _ members: [(term: String, size: Int)], key: String, depth: Int, into shards: inout [String: [String]]
    ) {
        guard cuts(size: members.reduce(0) { $0 + $1.size }, depth: depth) else {
            shards[key] = members.map(\.term)
            return
        }
        let own = members.filter { $0.term.unicodeScalars.count <= depth }
        if !own.isEmpty { shards[key] = own.map(\.term) }
        let longer = members.filter { $0.term.unicodeScalars.count > depth }
        shards.merge(self.members(of: longer, depth: depth + 1)) { first, _ in first }
    }
}
