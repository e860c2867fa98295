import HeapModule

extension Sequence where Element: Comparable {
    /// The `count` smallest elements, in ascending order (all of them when there are fewer).
    /// Only `count` elements are kept at a time, in a heap whose top is the greatest of them: the
    /// first entries of a list of a whole wiki cost one comparison a page, not a sort of them all.
    func smallest(_ count: Int) -> [Element] {
        guard count > 0 else { return [] }
        var kept = Heap<Element>()
        for element in self {
            if kept.count < count {
                kept.insert(element)
            } else if element < kept.max! {
                kept.replaceMax(with: element)
            }
        }
        return kept.unordered.sorted()
    }
}
