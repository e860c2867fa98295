import WikiPages
import WikiRender

/// The term shards of a wiki's search index as the build state keeps them: their keys in order,
/// with their sizes. The fast path finds from it the shard a term is in and what a prefix
/// weighs, without reading a shard.
package struct StoredShardLayout {
    /// The keys, sorted: lowercase hexadecimal, so those starting with a prefix are together.
    let keys: [String]
    /// Each shard's size (`SearchShard.size`), by key.
    let sizes: [String: Int]

    init(_ stored: [(key: String, size: Int)]) {
        keys = stored.map(\.key).sorted()
        sizes = Dictionary(stored.map { ($0.key, $0.size) }) { first, _ in first }
    }

    /// The keys starting with `prefix`: those at or after it and before `prefix` + "g", no
    /// hexadecimal digit coming after "f".
    func keys(withPrefix prefix: String) -> ArraySlice<String> {
        keys[firstIndex(notBelow: prefix)..<firstIndex(notBelow: prefix + "g")]
    }

    /// Whether the prefix `key` is cut: a longer key starts with it.
    func isCut(_ key: String) -> Bool {
        keys(withPrefix: key).contains { $0 != key }
    }

    /// What the terms of the prefix `key` weigh: the sizes of the shards under it.
    func size(under key: String) -> Int {
        keys(withPrefix: key).reduce(0) { $0 + sizes[$1, default: 0] }
    }

    /// The key of the shard `term` is in, or goes in, and the length of its prefix in letters:
    /// the first prefix of the term that is not cut.
    func shard(of term: String) -> (key: String, depth: Int) {
        let length = term.unicodeScalars.count
        var depth = 1
        while true {
            let key = SearchTerms.shardKey(of: term, length: depth)
            if depth >= length || depth >= SearchShardCut.longestKey || !isCut(key) { return (key, depth) }
            depth += 1
        }
    }

    /// The first index whose key is not below `bound`.
    private func firstIndex(notBelow bound: String) -> Int {
        var (low, high) = (0, keys.count)
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < bound { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
