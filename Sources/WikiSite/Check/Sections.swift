import WikiConfiguration
import WikiDocuments
import WikiPages
import WikiRender

/// The places of a page a link's fragment can land on: its headings' ids and its Obsidian
/// block ids.
struct Sections {
    let headings: [Heading]
    let blockIDs: [String]

    /// A page with neither (a page whose outline is unknown).
    init() {
        headings = []
        blockIDs = []
    }

    /// The headings and block ids of `outline`.
    init(_ outline: PageOutline) {
        headings = outline.headings
        blockIDs = outline.blockIDs
    }

    /// What a link to `fragment` misses, as a finding's category and the name of the part
    /// (`heading`, `block`); nil when the page has it. `^id` names a block, anything else a
    /// heading by its text.
    func missing(_ fragment: String) -> (category: CheckCategory, part: String)? {
        if let blockID = WikilinkTarget(title: nil, fragment: fragment).blockID {
            return blockIDs.contains { $0.isExactly(blockID) } ? nil : (.missingBlock, "block")
        }
        let id = HeadingSlug.slug(fragment)
        return headings.contains { $0.id.isExactly(id) } ? nil : (.missingHeading, "heading")
    }
}
