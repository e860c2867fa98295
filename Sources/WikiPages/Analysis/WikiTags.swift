import WikiDocuments
import WikiModel

/// The tags of a wiki's published pages: each tag with the pages it is on, in the order of the
/// tags index, a nested tag under its parent.
///
/// A page is on a tag when it writes the tag or a tag nested under it: a page tagged
/// `#project/wiki` is on `project/wiki` and on `project`. A tag is shown in the form most of
/// its pages write (`Wiki` or `wiki`), the first in byte order among equals, so the choice
/// depends on the pages alone, never on their order.
package struct WikiTags: Sendable {
    /// One tag of the index.
    struct Entry: Sendable {
        /// The tag as it is shown.
        let tag: WikiTag
        /// The positions of its pages in the analysis' pages, in title order.
        let pages: [Int32]
        /// How many of the tags it is nested under are tags: 0 for a tag at the top.
        let level: Int
    }

    /// Every tag, parents before the tags nested under them, each level in byte order of keys.
    let entries: [Entry]

    /// The tags of `outlines`, the outline of the page at each position (in title order).
    init(outlines: [PageOutline]) {
        var pagesByKey: [String: [Int32]] = [:]
        var formsByKey: [String: [String: Int]] = [:]
        for (position, outline) in outlines.enumerated() {
            for tag in Self.memberships(of: outline) {
                pagesByKey[tag.key, default: []].append(Int32(position))
                formsByKey[tag.key, default: [:]][tag.text, default: 0] += 1
            }
        }
        let keys = pagesByKey.keys.sorted { Self.precedesInIndex($0, $1) }
        entries = keys.map { key in
            let tag = Self.shownTag(formsByKey[key]!)
            return Entry(tag: tag, pages: pagesByKey[key]!, level: tag.ancestors.count)
        }
    }

    /// The tags the page of `outline` is on, each once, in the form the page writes it first:
    /// the tags it writes and those they are nested under.
    package static func memberships(of outline: PageOutline) -> [WikiTag] {
        var seen: Set<String> = []
        var tags: [WikiTag] = []
        for written in outline.tags {
            for tag in written.ancestors + [written] where seen.insert(tag.key).inserted { tags.append(tag) }
        }
        return tags
    }

    /// The tag as shown, given how many pages write it in each form.
    package static func shownTag(_ forms: [String: Int]) -> WikiTag {
        WikiTag(shownForm(forms))!
    }

    /// The form written by the most pages, the first in byte order among equals.
    private static func shownForm(_ forms: [String: Int]) -> String {
        forms.max { left, right in
            left.value != right.value ? left.value < right.value : Self.bytesPrecede(right.key, left.key)
        }!.key
    }

    /// The order of the index: by the parts between slashes, each in byte order, so that a
    /// parent comes right before the tags nested under it (`a`, `a/b`, `a-b`).
    package static func precedesInIndex(_ left: String, _ right: String) -> Bool {
        let leftParts = left.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        let rightParts = right.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        return leftParts.lexicographicallyPrecedes(rightParts) { $0.lexicographicallyPrecedes($1) }
    }

    private static func bytesPrecede(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }
}
