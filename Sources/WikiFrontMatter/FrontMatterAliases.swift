import Yams

/// Reads the value of `aliases` (or Obsidian's `alias`) as Obsidian does: a list of titles, one
/// title, or titles separated by commas in one string. A null, in the list or as the value, is
/// no title.
enum FrontMatterAliases {
    /// What a value gives: titles, or the node that is not a title.
    enum Reading {
        /// The titles, untrimmed; empty ones are left for the caller to drop.
        case titles([String])
        /// The value, or the item of the list, that is not a title.
        case invalid(Node)
    }

    /// The titles `value` gives.
    static func read(_ value: Node) -> Reading {
        switch value {
        case .scalar:
            guard value.null == nil, let text = value.scalar?.string else { return .titles([]) }
            return .titles(text.split(separator: ",", omittingEmptySubsequences: true).map(String.init))
        case .sequence(let sequence):
            var titles: [String] = []
            for item in sequence {
                guard item.null == nil else { continue }
                guard let text = item.scalar?.string else { return .invalid(item) }
                titles.append(text)
            }
            return .titles(titles)
        case .mapping:
            return .invalid(value)
        }
    }
}
