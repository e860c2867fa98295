import WikiModel

/// The pages of a wiki in alphabetical order (`AlphabeticalKey`), worked out once per wiki:
/// the all-pages list follows it, and every other list of titles (backlinks, orphaned pages,
/// the pages linking to a wanted title) is sorted by it.
package struct AlphabeticalIndex: Sendable {
    /// Positions (in `LinkGraph.pageTitles`), in alphabetical order.
    let order: [Int32]
    /// The letter each entry of `order` is filed under.
    let letters: [String]
    /// The rank of each page (by position) in `order`.
    private let ranks: [Int32]

    /// The alphabetical index of the pages of `graph`.
    package init(_ graph: LinkGraph) {
        let sorted = AlphabeticalOrder.sorted(graph.pageTitles)
        order = sorted.map { Int32($0.position) }
        letters = sorted.map(\.letter)
        var ranks = [Int32](repeating: 0, count: sorted.count)
        for (rank, entry) in sorted.enumerated() { ranks[entry.position] = Int32(rank) }
        self.ranks = ranks
    }

    /// `positions` (of pages) in alphabetical order of their titles.
    func sorted(_ positions: some Sequence<Int32>) -> [Int32] {
        positions.sorted { ranks[Int($0)] < ranks[Int($1)] }
    }

    /// The letters of the list, each once, in order, with the rank of its first page.
    var letterStarts: [(letter: String, rank: Int)] {
        var starts: [(letter: String, rank: Int)] = []
        for (rank, letter) in letters.enumerated() where starts.last.map({ !$0.letter.isExactly(letter) }) ?? true {
            starts.append((letter, rank))
        }
        return starts
    }
}
